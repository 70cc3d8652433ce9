// Package route turns the site and its stories into the table of every page
// the magazine publishes: one Route per URL path.
package route

import (
	"sort"
	"strings"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/util/diag"
)

// Kind names the screen a route shows; the frontend picks its component by it.
type Kind string

const (
	Home     Kind = "home"
	About    Kind = "about"
	Privacy  Kind = "privacy"
	Portal   Kind = "portal"
	Story    Kind = "story"
	NotFound Kind = "notfound"
	Listing  Kind = "listing"
	Thanks   Kind = "thanks"
	Search   Kind = "search"
)

// Kinds are every Kind, for the TypeScript union of page data.
var Kinds = []Kind{Home, About, Privacy, Portal, Story, NotFound, Listing, Thanks, Search}

// Route is one published URL.
type Route struct {
	Path      string // "/", "/rbi-policy", "/story/5"; NotFound's is "/404"
	Kind      Kind
	Story     *story.Story
	List      *List
	Canonical string // the path search engines should index for this content
}

// IsAlias reports a route that shows another route's story (and canonicalises to it).
func (r Route) IsAlias() bool { return r.Path != r.Canonical }

// Moved reports an alias (an old address the story lists under aliases)
// that shows the very page of its story's own address (a story in the
// generic layout): hosts answer it with a permanent redirect there
// (_redirects), and dist/ keeps a page that sends the reader on. /story/<id>
// is never moved: SPEC.md names it as the generic story page of every
// story, so it is that whole page, canonical to the story's fixed path. An
// alias of a story with a dedicated layout shows the generic story page too.
func (r Route) Moved() bool {
	return r.IsAlias() && r.Path != story.StoryPath(r.Story.ID) &&
		(r.Story.Layout == "" || r.Story.Layout == r.Layout())
}

// Layout is the page design a story route shows: the story's own layout at
// its canonical path, and the generic story page at /story/<id> and its
// aliases, which SPEC.md's route tables list as generic story pages (a
// dedicated article stays one page, at its own path). "" for other routes.
func (r Route) Layout() string {
	switch {
	case r.Story == nil:
		return ""
	case r.IsAlias():
		return "story"
	}
	return r.Story.Layout
}

// Indexable routes go into the sitemap.
func (r Route) Indexable() bool {
	return !r.IsAlias() && r.Kind != NotFound && r.Kind != Thanks && r.Kind != Search
}

var static = []Route{
	{Path: "/", Kind: Home},
	{Path: "/about", Kind: About},
	{Path: "/privacy-policy", Kind: Privacy},
	{Path: "/portal", Kind: Portal},
	{Path: "/thank-you", Kind: Thanks}, // where plain form posts land
	{Path: "/search", Kind: Search},
	{Path: "/404", Kind: NotFound},
	{Path: StoryNotFound, Kind: NotFound},
}

// StoryNotFound is the 404 page of an unknown /story/<id>: "Story Not
// Found" before any script runs, where the host serves it for that folder
// (magazine serve, Cloudflare Pages, the nginx and Caddy recipes); other
// hosts serve /404.html, which the browser turns into it.
const StoryNotFound = "/story/404.html"

// Table builds every route: the fixed screens, each story at its canonical
// path, and at /story/<id> and its aliases when those differ. A path that
// two things claim, or that only the site's own pages and files may use,
// is reported at the story's line; between two stories, at the file
// changed last (story.ByAge), naming the other.
func Table(stories []*story.Story, perPage int) ([]Route, diag.List) {
	var diags diag.List
	routes := make([]Route, 0, len(static)+2*len(stories))
	owner := map[string]string{} // lower-cased path -> what holds it
	for _, r := range append(static, listings(stories, perPage)...) {
		r.Canonical = r.Path
		routes = append(routes, r)
		owner[strings.ToLower(r.Path)] = r.screen()
	}
	granted := map[*story.Story][]string{}
	claimed := map[string]string{} // lower-cased path -> the key of the story that holds it
	seenID := map[int]bool{}
	for _, s := range story.ByAge(stories) {
		type claim struct{ path, key string }
		var claims []claim
		if !seenID[s.ID] { // story.CheckUnique reports a duplicate id; its other addresses are still checked
			claims = append(claims, claim{story.StoryPath(s.ID), "id"})
		}
		seenID[s.ID] = true
		if s.Path != "" {
			claims = append(claims, claim{s.Path, "path"})
		}
		for _, a := range s.Aliases {
			claims = append(claims, claim{a, "aliases"})
		}
		for _, c := range claims {
			if c.key != "id" && !story.ValidPath(c.path) {
				continue // story.Parse said why, at its line
			}
			key := strings.ToLower(c.path)
			if why := reserved(key, s.ID); why != "" {
				diags.Add(s.File, s.Line(c.key), 0, "%s: %s %s", c.key, c.path, why)
			} else if by, taken := owner[key]; taken && by == s.File {
				diags.Add(s.File, s.Line(c.key), 0, "%s: %s %s: leave it out", c.key, c.path, map[string]string{
					"id":      "is this story's own /story/<id> address already",
					"path":    "is this story's path already",
					"aliases": "is listed twice",
				}[claimed[key]])
			} else if taken {
				diags.Add(s.File, s.Line(c.key), 0, "%s: %s is already used by %s", c.key, c.path, by)
			} else {
				owner[key], claimed[key] = s.File, c.key
				granted[s] = append(granted[s], c.path)
			}
		}
	}
	sorted := append([]*story.Story(nil), stories...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for _, s := range sorted {
		paths := granted[s]
		// The canonical path first, then /story/<id>, then the aliases.
		if s.Path != "" && len(paths) > 1 && paths[1] == s.Path {
			paths[0], paths[1] = paths[1], paths[0]
		}
		for _, p := range paths {
			routes = append(routes, Route{Path: p, Kind: Story, Story: s, Canonical: s.CanonicalPath()})
		}
	}
	return routes, diags
}

// screen names a fixed screen or listing as an editor knows it.
func (r Route) screen() string {
	if r.List != nil {
		if r.List.Kind == Archive {
			return "the list of all stories"
		}
		return "the " + r.List.Name + " " + string(r.List.Kind) + " page"
	}
	switch r.Kind {
	case NotFound:
		return "the site's \"page not found\" page"
	case Privacy:
		return "the privacy policy"
	case Thanks:
		return "the thank-you page"
	}
	return "the " + string(r.Kind) + " page"
}

// Owner names the screen holding path, or the rule that reserves it, or
// returns "" when a new story may take it (magazine new asks; Table decides).
func Owner(path string) string {
	key := strings.ToLower(path)
	for _, r := range static {
		if strings.ToLower(r.Path) == key {
			return r.screen()
		}
	}
	if why := reserved(key, 0); why != "" {
		return "the site (it " + why + ")"
	}
	return ""
}

// reserved explains why a story may not have a (lower-cased) path, or
// returns "". Each story owns /story/<its id>; the folders of the site's
// listings and files are the site's; a dot would make a page folder look
// like a file (/sitemap.xml, /feed.xml, /index.html all are, or could be).
func reserved(path string, id int) string {
	if strings.Contains(path, ".") {
		return "looks like a file name: a page's path has no dots (the site's own files, such as /sitemap.xml and /feed.xml, have them)"
	}
	if strings.HasPrefix(path, "/story/") && path != story.StoryPath(id) {
		why := "is reserved: /story/<id> is each story's own address"
		if id == 0 { // a story not written yet (Owner)
			return why
		}
		return why + " (this story's is " + story.StoryPath(id) + ")"
	}
	for _, dir := range siteDirs {
		below := strings.HasPrefix(path, dir) && len(path) > len(dir) && path[len(dir)] == '/'
		if path == dir || below && dir != "/story" {
			return "is reserved: " + dir + " belongs to the site's own pages and files"
		}
	}
	return ""
}

// siteDirs are the folders of the site's own pages and files.
var siteDirs = []string{"/story", "/stories", "/category", "/author", "/tag", "/tags", "/search", "/assets", "/images", "/api"}

// URL is the address a page is served at. Pages are folders in dist/
// (<path>/index.html), and static hosts answer a folder at its address with
// a trailing slash: GitHub Pages, Netlify, Cloudflare Pages, S3 websites,
// Caddy and nginx's try_files $uri/ all redirect /x to /x/. So every link,
// canonical, sitemap entry and og:url uses /x/, and `magazine serve`
// redirects /x to it like those hosts do. (frontend/src/navigation.ts pageURL
// applies the same rule to links; testdata/urls.json holds the cases both test.)
func URL(path string) string {
	if strings.HasSuffix(path, "/") {
		return path
	}
	return path + "/"
}

// File is where a route's HTML goes in dist/: clean URLs as folders.
func File(path string) string {
	switch path {
	case "/":
		return "index.html"
	case "/404":
		return "404.html"
	case StoryNotFound:
		return "story/404.html"
	}
	return strings.TrimPrefix(path, "/") + "/index.html"
}
