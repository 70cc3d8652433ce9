// Package pagedata builds each route's page data: the props the React page
// renders from, on the server and again in the browser when it hydrates.
// Identical input on both sides is what keeps hydration free of mismatches.
//
// frontend/src/types.ts is generated from these types (typescript.go; run
// go generate ./...), and a test fails when it is stale.
package pagedata

//go:generate go run ../../../cmd/gen -root ../../..

import (
	"time"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/page/head"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/related"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/parallel"
)

// RouteData is what client-side navigation reads from the next page (the
// page itself, fetched: frontend/src/navigation.ts): the head to apply and
// the page to render.
type RouteData struct {
	Head head.Head `json:"head"`
	Page Page      `json:"page"`
}

// Page is the JSON a route is rendered from: one shape per kind of page.
// Each kind's own fields sit in an embedded struct that is nil on other
// kinds, so encoding/json writes exactly the fields of the page's kind, and
// TypeScript sees a union on kind (see package tsgen).
type Page struct {
	Kind          route.Kind `json:"kind" ts:"discriminant"`
	Path          string     `json:"path"` // canonical path
	Site          *Site      `json:"site"`
	*StoryFields  `kind:"story"`
	*HomeFields   `kind:"home"`
	*ListFields   `kind:"listing"`
	*SearchFields `kind:"search"`
	*LatestFields `kind:"notfound"`
}

type StoryFields struct {
	Story *Story `json:"story"`
}

type HomeFields struct {
	Home *Home `json:"home"`
}

type ListFields struct {
	List *List `json:"list"`
}

type SearchFields struct {
	Categories []string `json:"categories"` // with stories, for the search page's suggestions
}

// LatestFields are what the 404 page (and the Story Not Found view it
// becomes under /story/) offers instead: the newest stories. 404.html is
// static, so they are baked in when it is built.
type LatestFields struct {
	Latest []Card `json:"latest"`
}

// Home is the home page's sections, chosen in site.yaml.
type Home struct {
	Lead              *Card  `json:"lead,omitempty"`
	Latest            []Card `json:"latest"`
	Featured          []Card `json:"featured"`
	Spotlight         []Card `json:"spotlight"`
	EditorsPick       []Card `json:"editorsPick"`
	EditorsPickTarget string `json:"editorsPickTarget"`
}

// List is one page of a listing.
type List struct {
	Kind        route.ListKind `json:"kind"`
	Title       string         `json:"title"`
	Description string         `json:"description,omitempty"` // an author's bio
	Role        string         `json:"role,omitempty"`
	Photo       *media.Image   `json:"photo,omitempty"` // an author's
	Links       []Link         `json:"links,omitempty"` // an author's profiles elsewhere
	Feed        string         `json:"feed,omitempty"`  // a category's or tag's RSS feed
	Base        string         `json:"base"`
	Page        int            `json:"page"`
	Pages       int            `json:"pages"`
	Cards       []Card         `json:"cards"` // inline, [] (in the markup only: pipeline.cardLists)
}

// Site is what every page needs to know about the magazine.
type Site struct {
	Name        string     `json:"name"`
	Magazine    string     `json:"magazine"`
	Tagline     string     `json:"tagline"`
	BaseURL     string     `json:"baseURL"`
	BasePath    string     `json:"basePath,omitempty"` // "/magazine" below /magazine/, absent at the root: put before every site path (frontend/src/sitepath.ts)
	EditorEmail string     `json:"editorEmail"`
	LaunchDate  string     `json:"launchDate"`
	TimeZone    string     `json:"timeZone"`     // the readers' (site.yaml's timeZone), where the launch countdown counts days
	LaunchOn    bool       `json:"launchNotice"` // false: no launch modal, popup or banner
	AdClient    string     `json:"adClient"`
	AnalyticsID string     `json:"analyticsID"`
	Forms       site.Forms `json:"forms"`
	Sections    []Link     `json:"sections"` // the header's links
}

// Link is a labelled link: a header section, a tag, an author.
type Link struct {
	Label string `json:"label"`
	Href  string `json:"href"`
}

// Layout is a story's page design (story.Layouts).
type Layout string

// Story is a full article.
type Story struct {
	ID           int              `json:"id"`
	Title        string           `json:"title"`
	Heading      string           `json:"heading,omitempty"`
	Introduction string           `json:"introduction"`
	Authors      []Link           `json:"authors"` // each to their author page
	PublishedAt  string           `json:"publishedAt"`
	DateLabel    string           `json:"dateLabel"` // US long form, stable on server and client
	UpdatedAt    string           `json:"updatedAt,omitempty"`
	UpdatedLabel string           `json:"updatedLabel,omitempty"`
	Draft        bool             `json:"draft,omitempty"`
	Scheduled    bool             `json:"scheduled,omitempty"` // dated after the build (a --future build or magazine dev)
	Category     string           `json:"category"`
	CategoryHref string           `json:"categoryHref"`
	ReadTime     string           `json:"readTime,omitempty"`
	Tags         []Link           `json:"tags,omitempty"` // each to its tag page
	Image        media.Image      `json:"image"`
	ImageCaption string           `json:"imageCaption,omitempty"`
	ImageOverlay bool             `json:"imageOverlay,omitempty"`
	Layout       Layout           `json:"layout"`
	BackLabel    string           `json:"backLabel"`
	URL          string           `json:"url"` // absolute canonical URL, for sharing
	Blocks       []markdown.Block `json:"blocks"`
	Embeds       bool             `json:"embeds,omitempty"` // the blocks hold an embed, whose component loads first
	Extra        story.Extra      `json:"extra"`
	Corrections  []Correction     `json:"corrections,omitempty"` // oldest first
	Related      []Card           `json:"related"`               // inline, [] (in the markup only: pipeline.cardLists)
}

// Correction is a dated correction note.
type Correction struct {
	Date      string `json:"date"`
	DateLabel string `json:"dateLabel"`
	Text      string `json:"text"`
}

// Card is a story in a listing. Its id stays on this side: the browser
// keys cards by their address, and reads a listing's cards and a story's
// related stories back from their markup (frontend/src/readpage.ts), which
// has no id.
type Card struct {
	ID           int         `json:"-"`
	Title        string      `json:"title"`
	Introduction string      `json:"introduction"`
	Byline       string      `json:"byline"` // "A and B"
	Category     string      `json:"category"`
	PublishedAt  string      `json:"publishedAt"`
	DateLabel    string      `json:"dateLabel"`
	ReadTime     string      `json:"readTime,omitempty"`
	Image        media.Image `json:"image"`
	Href         string      `json:"href"`
	CategoryHref string      `json:"categoryHref"`
	Draft        bool        `json:"draft,omitempty"`
	Scheduled    bool        `json:"scheduled,omitempty"`
}

// NotFoundLatest is how many stories the 404 page offers.
const NotFoundLatest = 6

// Builder holds what is shared by every route of one build.
type Builder struct {
	site       *Site
	cfg        *site.Config
	lib        *media.Library
	now        time.Time
	newest     []Card
	newestAt   map[*story.Story]int // a story's card in newest: made once, shown by many pages
	byID       map[int]*story.Story
	related    *related.Index
	categories []string // in use, in the site config's order
}

// NewBuilder prepares the site-wide parts once. now is the build's time:
// stories dated after it (in a --future build) are marked as scheduled.
func NewBuilder(cfg *site.Config, lib *media.Library, stories []*story.Story, now time.Time) *Builder {
	b := &Builder{cfg: cfg, lib: lib, now: now, site: &Site{
		Name: cfg.Name, Magazine: cfg.Magazine(), Tagline: cfg.Tagline, BaseURL: cfg.BaseURL, BasePath: cfg.BasePath,
		EditorEmail: cfg.EditorEmail, LaunchDate: cfg.LaunchDate, TimeZone: cfg.TimeZone, LaunchOn: cfg.ShowLaunchNotice(), AdClient: cfg.AdPublisherID,
		AnalyticsID: cfg.AnalyticsID, Forms: cfg.Forms, Sections: sections(cfg),
	}}
	indexed := make(chan struct{})
	go func() { // beside the cards: at 10,000 stories, each is 10-40 ms that magazine dev waits for
		b.related = related.New(stories)
		close(indexed)
	}()
	sorted := append([]*story.Story(nil), stories...)
	story.Newest(sorted)
	b.newest = make([]Card, len(sorted))
	_ = parallel.For(len(sorted), func(i int) error {
		b.newest[i] = b.card(sorted[i])
		return nil
	})
	b.byID = make(map[int]*story.Story, len(sorted))
	b.newestAt = make(map[*story.Story]int, len(sorted))
	used := map[string]bool{}
	for i, s := range sorted {
		used[s.Category] = true
		b.newestAt[s] = i
		b.byID[s.ID] = s
	}
	<-indexed
	for _, c := range cfg.Categories {
		if used[c] {
			b.categories = append(b.categories, c)
		}
	}
	return b
}

func sections(cfg *site.Config) []Link {
	out := make([]Link, len(cfg.Sections))
	for i, s := range cfg.Sections {
		out[i] = Link{Label: s.Label, Href: s.Path}
	}
	return out
}

// card is a story as a listing shows it, linking to its canonical URL.
func (b *Builder) card(s *story.Story) Card {
	return Card{
		ID: s.ID, Title: s.Title, Introduction: s.Introduction, Byline: s.Byline(), Category: s.Category,
		PublishedAt: s.PublishedAt.ISO(), DateLabel: s.PublishedAt.Long(), ReadTime: s.ReadTime,
		Image: b.lib.Featured(s), Href: s.CanonicalPath(), CategoryHref: route.CategoryPath(s.Category),
		Draft: s.Draft, Scheduled: s.PublishedAt.After(b.now),
	}
}

// For builds one route's page data.
func (b *Builder) For(r route.Route) Page {
	p := Page{Kind: r.Kind, Path: r.Canonical, Site: b.site}
	switch r.Kind {
	case route.Story:
		p.StoryFields = &StoryFields{b.story(r)}
	case route.Home:
		p.HomeFields = &HomeFields{b.home()}
	case route.Listing:
		p.ListFields = &ListFields{b.list(r.List)}
	case route.Search:
		p.SearchFields = &SearchFields{nonNil(b.categories)}
	case route.NotFound:
		p.LatestFields = &LatestFields{nonNil(b.newest[:min(NotFoundLatest, len(b.newest))])}
	}
	return p
}

// Related is the index that picks each story's related stories.
func (b *Builder) Related() *related.Index { return b.related }

// Shows is every story whose text a story or listing page shows, in the
// order For reads them (the story, then its related stories; a listing's
// stories), and whether the page shows nothing else but the site, its
// pictures and the route: then the page is a function of these. Other
// pages show site-wide lists (the newest stories, the categories in use).
func (b *Builder) Shows(r route.Route) ([]*story.Story, bool) {
	switch r.Kind {
	case route.Story:
		return append([]*story.Story{r.Story}, b.related.Related(r.Story)...), true
	case route.Listing:
		return r.List.Stories, true
	}
	return nil, false
}

// nonNil keeps an empty list a list ([]) in JSON, as the TypeScript type says.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (b *Builder) pick(ids []int) []Card {
	cards := make([]Card, 0, len(ids))
	for _, id := range ids {
		if s, ok := b.byID[id]; ok {
			c := b.card(s)
			if link, ok := b.cfg.Home.Links[id]; ok {
				c.Href = link
			}
			cards = append(cards, c)
		}
	}
	return cards
}

func (b *Builder) home() *Home {
	h := b.cfg.Home
	out := &Home{Featured: b.pick(h.Featured), Spotlight: b.pick(h.Spotlight), EditorsPick: b.pick(h.EditorsPick), EditorsPickTarget: h.EditorsPickTarget}
	if lead := b.pick([]int{h.Lead}); len(lead) == 1 {
		out.Lead = &lead[0]
	}
	ids := make([]int, 0, min(h.Latest, len(b.newest)))
	for _, c := range b.newest {
		if len(ids) == h.Latest {
			break
		}
		if c.ID != h.Lead {
			ids = append(ids, c.ID)
		}
	}
	out.Latest = b.pick(ids)
	return out
}

func (b *Builder) list(l *route.List) *List {
	out := &List{Kind: l.Kind, Title: l.Title(), Base: l.Base, Page: l.Page, Pages: l.Pages, Cards: b.cards(l.Stories)}
	switch l.Kind {
	case route.Author:
		if a := b.cfg.Author(l.Name); a != nil {
			out.Description, out.Role = a.Bio, a.Role
			for _, link := range a.Links {
				out.Links = append(out.Links, Link{Label: link.Label, Href: link.URL})
			}
			if img, ok := b.lib.Author(a.Name); ok {
				out.Photo = &img
			}
		}
	case route.Category, route.Tag:
		out.Feed = route.FeedPath(l.Base)
	}
	return out
}

func (b *Builder) story(r route.Route) *Story {
	s := r.Story
	back := s.BackLabel
	if back == "" {
		back = "Back to Homepage"
	}
	out := &Story{
		ID: s.ID, Title: s.Title, Heading: s.Heading, Introduction: s.Introduction, Authors: authors(s),
		PublishedAt: s.PublishedAt.ISO(), DateLabel: s.PublishedAt.Long(), Draft: s.Draft, Scheduled: s.PublishedAt.After(b.now),
		Category: s.Category, CategoryHref: route.CategoryPath(s.Category), ReadTime: s.ReadTime, Tags: tags(s),
		Image: b.lib.Featured(s), ImageCaption: s.ImageCaption, ImageOverlay: s.ImageOverlay, Layout: Layout(r.Layout()),
		BackLabel: back, URL: b.cfg.Abs(route.URL(r.Canonical)), Blocks: b.blocks(s.Body.Blocks), Embeds: s.Body.Embeds, Extra: s.Extra,
		Related: b.cards(b.related.Related(s)),
	}
	if m := s.Modified(); !m.IsZero() {
		out.UpdatedAt, out.UpdatedLabel = m.ISO(), m.Long()
	}
	for _, c := range s.Corrections {
		out.Corrections = append(out.Corrections, Correction{Date: c.Date.ISO(), DateLabel: c.Date.Long(), Text: c.Text})
	}
	return out
}

func authors(s *story.Story) []Link {
	names := s.Names()
	out := make([]Link, len(names))
	for i, n := range names {
		out[i] = Link{Label: n, Href: route.AuthorPath(n)}
	}
	return out
}

func tags(s *story.Story) []Link {
	var out []Link
	for _, t := range s.Tags {
		if story.Slug(t) != "" {
			out = append(out, Link{Label: t, Href: route.TagPath(t)})
		}
	}
	return out
}

func (b *Builder) cards(stories []*story.Story) []Card {
	out := make([]Card, len(stories))
	for i, s := range stories {
		if at, ok := b.newestAt[s]; ok {
			out[i] = b.newest[at]
		} else {
			out[i] = b.card(s)
		}
	}
	return out
}

// blocks are a body's blocks with each figure's markup, now that its
// picture is made; the story's own blocks stay as they were parsed.
func (b *Builder) blocks(in []markdown.Block) []markdown.Block {
	out, copied := in, false
	for i, bl := range in {
		if bl.Figure == nil && bl.Children == nil {
			continue
		}
		if !copied {
			out, copied = append([]markdown.Block(nil), in...), true
		}
		if bl.Figure != nil {
			pic := b.lib.Figure(bl.Figure)
			pic.Src, pic.Srcset = b.cfg.WithBase(pic.Src), site.SrcsetWithBase(b.cfg.BasePath, pic.Srcset)
			out[i].HTML = markdown.FigureHTML(bl.Figure, pic)
		}
		out[i].Children = b.blocks(bl.Children)
	}
	return out
}
