// Package route turns the site and its stories into the table of every page
// the magazine publishes: one Route per URL path.
package route

import (
	"sort"
	"strings"

	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/story"
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
}

// Table builds every route: the fixed screens, each story at its canonical
// path, and at /story/<id> and its aliases when those differ. Paths that two
// things claim are reported against the story file.
func Table(stories []*story.Story, perPage int) ([]Route, diag.List) {
	var diags diag.List
	routes := make([]Route, 0, len(static)+2*len(stories))
	owner := map[string]string{} // path -> the screen holding it, or "" for a story
	for _, r := range append(static, listings(stories, perPage)...) {
		r.Canonical = r.Path
		routes = append(routes, r)
		owner[strings.ToLower(r.Path)] = "the " + string(r.Kind) + " page"
	}
	sorted := append([]*story.Story(nil), stories...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	seenID := map[int]bool{}
	for _, s := range sorted {
		if seenID[s.ID] {
			continue // story.CheckUnique reports the duplicate id
		}
		seenID[s.ID] = true
		canonical := s.CanonicalPath()
		paths := []string{canonical}
		if s.Path != "" {
			paths = append(paths, story.StoryPath(s.ID))
		}
		paths = append(paths, s.Aliases...)
		for _, p := range paths {
			key := strings.ToLower(p)
			if by, taken := owner[key]; taken {
				if by != "" { // clashes between story files are story.CheckUnique's to report
					diags.Add(s.File, 1, 0, "path %s is already used by %s", p, by)
				}
				continue
			}
			if reserved := reservedPrefix(key); p != story.StoryPath(s.ID) && reserved != "" {
				diags.Add(s.File, 1, 0, "path %s: paths under %s are reserved", p, reserved)
				continue
			}
			owner[key] = ""
			routes = append(routes, Route{Path: p, Kind: Story, Story: s, Canonical: canonical})
		}
	}
	return routes, diags
}

func reservedPrefix(path string) string {
	for _, p := range []string{"/story/", "/stories/", "/category/", "/author/", "/assets/", "/images/", "/_data/", "/api/"} {
		if strings.HasPrefix(path, p) {
			return p
		}
	}
	return ""
}

// File is where a route's HTML goes in dist/: clean URLs as folders.
func File(path string) string {
	switch path {
	case "/":
		return "index.html"
	case "/404":
		return "404.html"
	}
	return strings.TrimPrefix(path, "/") + "/index.html"
}

// DataFile is where a route's page data goes, fetched on client navigation.
func DataFile(path string) string {
	if path == "/" {
		return "_data/index.json"
	}
	return "_data" + path + ".json"
}
