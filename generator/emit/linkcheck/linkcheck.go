// Package linkcheck finds broken internal links in a built site: every
// a[href], img[src] and srcset, script[src], the link[href]s a page depends
// on and its same-origin og:image, resolved the way a static host resolves
// clean URLs (/x -> x or x.html, /x/ -> x/index.html).
package linkcheck

import (
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/nivaran/magazine/generator/util/parallel"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Problem is one broken link on one page.
type Problem struct {
	Page string // HTML file, relative to the site root, e.g. "about/index.html"
	Href string // the reference as written in the page
	Want string // the working form of a link to a page written without its trailing slash
}

func (p Problem) String() string {
	if p.Want != "" {
		return p.Page + ": link " + p.Href + " should be " + p.Want + " (pages are served at their folder's address)"
	}
	return p.Page + ": broken link " + p.Href
}

// Check reads the built site in dir and reports every broken internal link,
// sorted by page, in page order within a page. baseURL is the site's origin
// (site.Config.BaseURL): absolute links to it are checked, links to any other
// host are not. The error is for a folder that cannot be read.
func Check(dir, baseURL string) ([]Problem, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return check(names, baseURL, func(name string) ([][]byte, error) {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		return [][]byte{src}, err
	})
}

// Checker checks pages a batch at a time against a set of files known in
// advance, so a build can check its pages as it makes them.
type Checker struct{ site *site }

// NewChecker knows every file of the site (slash-separated, relative to its root).
func NewChecker(names []string, baseURL string) *Checker {
	return &Checker{site: newSite(names, baseURL)}
}

// Check checks the given pages (HTML files by path), in parallel. A page
// may come in parts (a page and its shell) that each hold whole tags.
func (c *Checker) Check(pages map[string][][]byte) []Problem {
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	problems, _ := c.site.check(names, func(name string) ([][]byte, error) { return pages[name], nil })
	return problems
}

// CheckFiles is Check over files held in memory, keyed by slash-separated
// path relative to the site root. A page with nil content counts as existing
// but is not read (an incremental build did not change it).
func CheckFiles(files map[string][]byte, baseURL string) []Problem {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	problems, _ := check(names, baseURL, func(name string) ([][]byte, error) {
		if files[name] == nil {
			return nil, nil
		}
		return [][]byte{files[name]}, nil
	})
	return problems
}

func check(names []string, baseURL string, read func(string) ([][]byte, error)) ([]Problem, error) {
	return newSite(names, baseURL).check(names, read)
}

// check reads and checks every HTML file among names.
func (site *site) check(names []string, read func(string) ([][]byte, error)) ([]Problem, error) {
	var pages []string
	for _, n := range names {
		if strings.HasSuffix(n, ".html") {
			pages = append(pages, n)
		}
	}
	slices.Sort(pages)
	perPage := make([][]Problem, len(pages))
	errs := make([]error, len(pages))
	parallel.For(len(pages), func(i int) error {
		src, err := read(pages[i])
		switch {
		case err != nil:
			errs[i] = err
		case src != nil:
			perPage[i] = site.checkPage(pages[i], src)
		}
		return nil
	})
	var out []Problem
	for _, ps := range perPage {
		out = append(out, ps...)
	}
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// site is what links are checked against: the files that exist and the origin.
type site struct {
	files  map[string]bool
	origin *url.URL // nil when no baseURL was given
	prefix string   // the base URL's path, for a site served below the root: its pages' links carry it
	rooted sync.Map // href starting with "/" -> bool: the same answer on every page
}

func newSite(names []string, baseURL string) *site {
	s := &site{files: make(map[string]bool, len(names))}
	for _, n := range names {
		s.files[n] = true
	}
	if u, err := url.Parse(baseURL); err == nil && u.Host != "" {
		s.origin = u
		s.prefix = strings.TrimRight(u.Path, "/")
	}
	return s
}

func (s *site) checkPage(page string, parts [][]byte) []Problem {
	base := &url.URL{Path: s.prefix + pageURL(page)}
	var out []Problem
	var seen map[string]bool // broken links reported on this page
	check := func(ref string) {
		if seen[ref] || s.existsFrom(base, ref) {
			return
		}
		ref = strings.Clone(ref) // it points into the page (see startTags)
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[ref] = true
		pr := Problem{Page: page, Href: ref}
		if slashed := withSlash(ref); slashed != ref && s.existsFrom(base, slashed) {
			pr.Want = slashed
		}
		out = append(out, pr)
	}
	visit := func(tok html.Token) {
		if tok.DataAtom == atom.Base {
			// <base href> changes how every later relative link resolves.
			if href := strings.TrimSpace(attr(tok, "href")); href != "" {
				if u, err := url.Parse(strings.Clone(href)); err == nil {
					base = base.ResolveReference(u)
				}
			}
			return
		}
		references(tok, check)
	}
	for _, src := range parts {
		startTags(src, referring, visit)
	}
	return out
}

// referring are the elements that may hold a reference (see references).
var referring = map[atom.Atom]bool{
	atom.Base: true, atom.A: true, atom.Area: true, atom.Img: true, atom.Source: true,
	atom.Script: true, atom.Iframe: true, atom.Audio: true, atom.Video: true,
	atom.Link: true, atom.Meta: true,
}

// references calls ref with each URL a tag makes the browser follow or fetch.
func references(tok html.Token, ref func(string)) {
	add := func(name string) {
		for _, a := range tok.Attr {
			if a.Namespace == "" && a.Key == name {
				ref(a.Val)
			}
		}
	}
	switch tok.DataAtom {
	case atom.A, atom.Area:
		add("href")
	case atom.Img, atom.Source:
		add("src")
		for _, a := range tok.Attr {
			if a.Key == "srcset" {
				for _, u := range srcset(a.Val) {
					ref(u)
				}
			}
		}
	case atom.Script, atom.Iframe, atom.Audio:
		add("src")
	case atom.Video:
		add("src")
		add("poster")
	case atom.Link:
		if followedRel(attr(tok, "rel")) {
			add("href")
		}
	case atom.Meta:
		// Share images and URLs are absolute; only same-origin ones are checked.
		switch attr(tok, "property") + attr(tok, "name") {
		case "og:image", "og:url", "twitter:image":
			add("content")
		}
	}
}

// followedRel: link relations whose target the page needs or declares as
// its own (canonical, feeds). preconnect and dns-prefetch name hosts, not files.
func followedRel(rel string) bool {
	for _, r := range strings.Fields(strings.ToLower(rel)) {
		switch r {
		case "icon", "apple-touch-icon", "stylesheet", "modulepreload", "preload", "canonical", "alternate", "manifest":
			return true
		}
	}
	return false
}

func attr(tok html.Token, key string) string {
	for _, a := range tok.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// srcset extracts the URLs of an image candidate list ("a.jpg 1x, b.jpg 2x"),
// following the HTML parsing rules: a URL runs to whitespace and may itself
// contain commas; trailing commas end a candidate with no descriptor.
func srcset(v string) []string {
	var urls []string
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	for i := 0; i < len(v); {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u := v[start:i]
		if u == "" {
			break
		}
		if trimmed := strings.TrimRight(u, ","); trimmed != u {
			urls = append(urls, trimmed)
			continue
		}
		urls = append(urls, u)
		// Skip the descriptors up to the next comma outside parentheses.
		depth := 0
		for ; i < len(v); i++ {
			if v[i] == '(' {
				depth++
			} else if v[i] == ')' && depth > 0 {
				depth--
			} else if v[i] == ',' && depth == 0 {
				break
			}
		}
	}
	return urls
}

// pageURL is the clean URL a file is served at: about/index.html at /about/,
// index.html at /. Relative links resolve against it as a browser would.
func pageURL(file string) string {
	return "/" + strings.TrimSuffix(strings.TrimSuffix(file, ".html"), "index")
}

// withSlash is href with a slash after its path, before any query or fragment.
func withSlash(href string) string {
	end := strings.IndexAny(href, "?#")
	if end < 0 {
		end = len(href)
	}
	if end == 0 || href[end-1] == '/' {
		return href
	}
	return href[:end] + "/" + href[end:]
}

// existsFrom is exists, remembered for links that mean the same on every
// page (the header's, the footer's, the assets'), which are most of them.
func (s *site) existsFrom(base *url.URL, href string) bool {
	if base.Host != "" || !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
		return s.exists(base, href)
	}
	if ok, known := s.rooted.Load(href); known {
		return ok.(bool)
	}
	ok := s.exists(base, href)
	s.rooted.Store(strings.Clone(href), ok) // href points into a page (see startTags)
	return ok
}

// exists resolves href against the page and says whether it points at a
// file of the site. Links it cannot check (other hosts, mailto:, tel:,
// javascript:, data:, a #fragment on the same page) count as existing.
func (s *site) exists(base *url.URL, href string) bool {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") {
		return true
	}
	u, err := url.Parse(href)
	if err != nil {
		return false
	}
	r := base.ResolveReference(u)
	if r.Scheme != "" && r.Scheme != "http" && r.Scheme != "https" {
		return true
	}
	p := r.Path
	if r.Host != "" {
		if s.origin == nil || !strings.EqualFold(r.Host, s.origin.Host) {
			return true
		}
		if s.prefix != "" && p != s.prefix && !strings.HasPrefix(p, s.prefix+"/") {
			return true // same host, but outside this site
		}
	} else if s.prefix != "" && !strings.HasPrefix(p, s.prefix+"/") {
		return false // a path of the host outside the site, which is served below prefix
	}
	p = strings.TrimPrefix(p, s.prefix)
	// The query (e.g. /search?q=gst) and fragment do not choose the file.
	return s.file(p)
}

// file mirrors magazine serve and common static hosts: /x is x or x.html,
// /x/ is x/index.html. A link to a folder's page without the slash would
// reach it only through a redirect, so it counts as broken (see route.URL).
func (s *site) file(p string) bool {
	rel := strings.TrimPrefix(path.Clean("/"+p), "/")
	if rel == "" {
		return s.files["index.html"]
	}
	if strings.HasSuffix(p, "/") {
		return s.files[rel+"/index.html"]
	}
	return s.files[rel] || s.files[rel+".html"]
}
