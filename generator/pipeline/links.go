package pipeline

import (
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/linkcheck"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/diag"
)

// brokenLink reports a broken link where an editor can fix it: on a
// story's page, at each line of the story file that holds the link;
// otherwise (a link the site's own pages make) at the page. base is the
// site's base path, which the build put before the story's site paths.
func brokenLink(p linkcheck.Problem, s *story.Story, base string, held story.Held) diag.List {
	if s == nil {
		return diag.List{{File: p.Page, Message: "broken link " + p.Href}}
	}
	href := p.Href
	if base != "" && strings.HasPrefix(href, base+"/") {
		href = href[len(base):]
	}
	why := heldAt(held, href)
	if why == "" {
		why = "no page or file of the site has that address"
	}
	var out diag.List
	for _, at := range linesOf(s.File, href) {
		out = append(out, diag.Diagnostic{File: s.File, Line: at.line, Message: "broken link " + at.written + ": " + why})
	}
	return out
}

// heldAt says which story the build leaves out has the address href, and
// why, or returns "": such a link works once that story is published.
func heldAt(held story.Held, href string) string {
	path := strings.ToLower(strings.TrimSuffix(bareOf(href), "/"))
	for _, list := range [][]*story.Story{held.Drafts, held.Scheduled} {
		for _, h := range list {
			for _, p := range append([]string{story.StoryPath(h.ID), h.Path}, h.Aliases...) {
				if p == "" || strings.ToLower(p) != path {
					continue
				}
				if h.Draft {
					return "it is the address of " + h.File + ", a draft (draft: true), not published yet"
				}
				return "it is the address of " + h.File + ", scheduled for " + h.PublishedAt.Format("2006-01-02 15:04 MST") + ": link to it once it is out"
			}
		}
	}
	return ""
}

// writtenAt is a line of a story holding a link, as written there.
type writtenAt struct {
	line    int
	written string
}

// linesOf is the lines of file holding href (or, failing that on a line,
// href without its query and fragment, or without the trailing slash the
// build gives links to pages: markdown's pageLinks), each with the link as
// written there; line 0 and href when none holds it.
func linesOf(file, href string) []writtenAt {
	data, err := os.ReadFile(file)
	if err != nil {
		return []writtenAt{{0, href}}
	}
	// Line breaks as the story was read with (story.normalise).
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	bare := bareOf(href)
	unslashed := strings.TrimSuffix(bare, "/")
	whole := strings.Replace(href, bare, unslashed, 1)
	// The link as the page has it, or as written without the slash; failing
	// those, without its query and fragment (loose: a # or ? may follow).
	type form struct {
		find, written string
		loose         bool
	}
	forms := []form{{href, href, false}, {whole, whole, false}, {bare, href, true}, {unslashed, whole, true}}
	// As written, a link may differ from the page's: /café is /caf%C3%A9,
	// </a b> is /a%20b, and /a\_b is /a_b.
	for _, f := range forms[:4] {
		find, err1 := url.PathUnescape(f.find)
		written, err2 := url.PathUnescape(f.written)
		if err1 == nil && err2 == nil && find != f.find {
			forms = append(forms, form{find, written, f.loose})
		}
	}
	// Every line holding it as a whole; failing any, loosely.
	for _, loose := range []bool{false, true} {
		var at []writtenAt
		for i, l := range lines {
			plain := strings.ReplaceAll(l, "\\", "")
			for _, f := range forms {
				if f.loose == loose && f.find != "" && (holds(l, f.find, loose) || holds(plain, f.find, loose)) {
					at = append(at, writtenAt{i + 1, f.written})
					break
				}
			}
		}
		if at != nil {
			return at
		}
	}
	return []writtenAt{{0, href}}
}

// checkHeld checks the links of the stories this build does not publish
// but an editor will: those held back until their date, as if published
// now, against this build's files and the pages they will add (their own,
// a listing only they fill), as a broken one would otherwise first fail
// the unattended build of the day they go out; and those left out for
// their problems, so that their broken links come in the same round.
// Drafts are work in progress and are not checked.
func checkHeld(src *source, names []string) diag.List {
	held := src.held.Scheduled
	if len(held) == 0 && len(src.left) == 0 {
		return nil
	}
	routes, _ := route.Table(append(slices.Clone(src.stories), held...), src.cfg.PerPage)
	names = slices.Clone(names)
	at := map[*story.Story]string{}
	for _, r := range routes {
		names = append(names, route.File(r.Path))
		if r.Story != nil && !r.IsAlias() {
			at[r.Story] = route.File(r.Path)
		}
	}
	for _, s := range src.left {
		at[s] = route.File(s.CanonicalPath()) // its address, were it published
	}
	var html func(blocks []markdown.Block, out [][]byte) [][]byte
	html = func(blocks []markdown.Block, out [][]byte) [][]byte {
		for _, bl := range blocks {
			out = html(bl.Children, append(out, []byte(bl.HTML)))
		}
		return out
	}
	checker := linkcheck.NewChecker(names, src.cfg.BaseURL)
	var diags diag.List
	// One story at a time: two left out at one address (a copied story)
	// keep their own links.
	for _, s := range append(held, src.left...) {
		if err := src.spill.Restore(s); err != nil {
			diags.Add(s.File, 0, 0, "%v", err)
		}
		for _, pr := range checker.Check(map[string][][]byte{at[s]: html(s.Body.Blocks, nil)}) {
			diags = append(diags, brokenLink(pr, s, src.cfg.BasePath, src.held)...)
		}
	}
	return diags
}

// holds reports whether a line of Markdown holds link as a whole address:
// [a](/x), [a](/x "t"), </x>, [a]: /x, not /x as part of /xy (nor, unless
// loose, of /x#part).
func holds(line, link string, loose bool) bool {
	ends := ") >\"'\t"
	if loose {
		ends += "#?"
	}
	for i := strings.Index(line, link); i >= 0; {
		end := i + len(link)
		if end == len(line) || strings.IndexByte(ends, line[end]) >= 0 {
			return true
		}
		next := strings.Index(line[i+1:], link)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// bareOf is an address without its fragment and query.
func bareOf(href string) string { return strings.SplitN(strings.SplitN(href, "#", 2)[0], "?", 2)[0] }
