package route

import (
	"sort"
	"strconv"

	"github.com/nivaran/magazine/generator/content/story"
)

// ListKind names what a listing lists.
type ListKind string

const (
	Archive  ListKind = "archive"
	Category ListKind = "category"
	Author   ListKind = "author"
	Tag      ListKind = "tag"
)

// ListKinds are every ListKind.
var ListKinds = []ListKind{Archive, Category, Author, Tag}

// List is one page of a story listing: the archive, a category, an author or a tag.
type List struct {
	Kind    ListKind
	Name    string // the category, author or tag; empty for the archive
	Base    string // path of page 1, e.g. /category/trade-strategy
	Page    int    // 1-based
	Pages   int
	Stories []*story.Story // this page's stories, newest first
}

// Title names the listing: the category, author or tag, or "All Stories".
func (l *List) Title() string {
	if l.Kind == Archive {
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

// CategoryPath, AuthorPath and TagPath are where a category's, an author's
// and a tag's stories are listed.
func CategoryPath(category string) string { return "/category/" + story.Slug(category) }
func AuthorPath(author string) string     { return "/author/" + story.Slug(author) }
func TagPath(tag string) string           { return "/tag/" + story.Slug(tag) }

// FeedPath is the RSS feed of a category or tag listing.
func FeedPath(base string) string { return base + "/feed.xml" }

// Tags groups stories by tag, newest first. Tags with the same slug ("RBI",
// "rbi") are one tag, named by its most used spelling
// (on a tie, the one that sorts first: capitals before small letters).
func Tags(stories []*story.Story) map[string][]*story.Story {
	sorted := append([]*story.Story(nil), stories...)
	story.Newest(sorted)
	bySlug := map[string][]*story.Story{}
	uses := map[string]map[string]int{} // slug -> spelling -> stories using it
	slugs := map[string]string{}        // spelling -> slug: a few spellings, each used by many stories
	for _, s := range sorted {
		for _, t := range s.Tags {
			slug, ok := slugs[t]
			if !ok {
				slug = story.Slug(t)
				slugs[t] = slug
			}
			if slug == "" {
				continue
			}
			if uses[slug] == nil {
				uses[slug] = map[string]int{}
			}
			uses[slug][t]++
			if list := bySlug[slug]; len(list) == 0 || list[len(list)-1] != s {
				bySlug[slug] = append(list, s)
			}
		}
	}
	out := make(map[string][]*story.Story, len(bySlug))
	for slug, list := range bySlug {
		name := ""
		for spelling, n := range uses[slug] {
			if best := uses[slug][name]; name == "" || n > best || (n == best && spelling < name) {
				name = spelling
			}
		}
		out[name] = list
	}
	return out
}

// listings pages the archive, each category in use, each author and each tag.
func listings(stories []*story.Story, perPage int) []Route {
	sorted := append([]*story.Story(nil), stories...)
	story.Newest(sorted)
	byCategory, byAuthor := map[string][]*story.Story{}, map[string][]*story.Story{}
	for _, s := range sorted {
		byCategory[s.Category] = append(byCategory[s.Category], s)
		for _, a := range s.Names() {
			byAuthor[a] = append(byAuthor[a], s)
		}
	}
	routes := paged(Archive, "", "/stories", sorted, perPage)
	for _, group := range []struct {
		kind  ListKind
		items map[string][]*story.Story
		path  func(string) string
	}{{Category, byCategory, CategoryPath}, {Author, byAuthor, AuthorPath}, {Tag, Tags(sorted), TagPath}} {
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

func paged(kind ListKind, name, base string, stories []*story.Story, perPage int) []Route {
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
