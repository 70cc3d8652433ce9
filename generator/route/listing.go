package route

import (
	"sort"
	"strconv"

	"github.com/nivaran/magazine/generator/story"
)

// List is one page of a story listing: the archive, a category or an author.
type List struct {
	Kind    string // "archive", "category" or "author"
	Name    string // the category or author; empty for the archive
	Base    string // path of page 1, e.g. /category/trade-strategy
	Page    int    // 1-based
	Pages   int
	Stories []*story.Story // this page's stories, newest first
}

// Title names the listing: the category or author, or "All Stories".
func (l *List) Title() string {
	if l.Kind == "archive" {
		return "All Stories"
	}
	return l.Name
}

// PagePath is the path of page n of a listing.
func PagePath(base string, n int) string {
	if n <= 1 {
		return base
	}
	return base + "/page/" + strconv.Itoa(n)
}

// CategoryPath and AuthorPath are where a category's and a byline's stories are listed.
func CategoryPath(category string) string { return "/category/" + story.Slug(category) }
func AuthorPath(author string) string     { return "/author/" + story.Slug(author) }

// listings pages the archive, each category in use and each author.
func listings(stories []*story.Story, perPage int) []Route {
	sorted := append([]*story.Story(nil), stories...)
	story.Newest(sorted)
	byCategory, byAuthor := map[string][]*story.Story{}, map[string][]*story.Story{}
	for _, s := range sorted {
		byCategory[s.Category] = append(byCategory[s.Category], s)
		byAuthor[s.Author] = append(byAuthor[s.Author], s)
	}
	routes := paged("archive", "", "/stories", sorted, perPage)
	for _, group := range []struct {
		kind  string
		items map[string][]*story.Story
		path  func(string) string
	}{{"category", byCategory, CategoryPath}, {"author", byAuthor, AuthorPath}} {
		names := make([]string, 0, len(group.items))
		for n := range group.items {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			routes = append(routes, paged(group.kind, n, group.path(n), group.items[n], perPage)...)
		}
	}
	return routes
}

func paged(kind, name, base string, stories []*story.Story, perPage int) []Route {
	pages := max(1, (len(stories)+perPage-1)/perPage)
	routes := make([]Route, 0, pages)
	for n := 1; n <= pages; n++ {
		from, to := (n-1)*perPage, min(n*perPage, len(stories))
		p := PagePath(base, n)
		routes = append(routes, Route{Path: p, Canonical: p, Kind: Listing, List: &List{
			Kind: kind, Name: name, Base: base, Page: n, Pages: pages, Stories: stories[from:to],
		}})
	}
	return routes
}
