// Package pagedata builds each route's page data: the props the React page
// renders from, on the server and again in the browser when it hydrates.
// Identical input on both sides is what keeps hydration free of mismatches.
package pagedata

import (
	"github.com/nivaran/magazine/generator/markdown"
	"github.com/nivaran/magazine/generator/media"
	"github.com/nivaran/magazine/generator/related"
	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/site"
	"github.com/nivaran/magazine/generator/story"
)

// Page is the JSON a route is rendered from. Its TypeScript twin is
// frontend/src/types.ts (PageData); keep the two in step.
type Page struct {
	Kind  route.Kind `json:"kind"`
	Path  string     `json:"path"` // canonical path
	Site  *Site      `json:"site"`
	Story *Story     `json:"story,omitempty"`
	Home  *Home      `json:"home,omitempty"`
	List  *List      `json:"list,omitempty"`
	// Categories with stories, for the search page's suggestions.
	Categories []string `json:"categories,omitempty"`
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
	Kind        string `json:"kind"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"` // an author's bio
	Role        string `json:"role,omitempty"`
	Base        string `json:"base"`
	Page        int    `json:"page"`
	Pages       int    `json:"pages"`
	Cards       []Card `json:"cards"`
}

// Site is what every page needs to know about the magazine.
type Site struct {
	Name        string     `json:"name"`
	Magazine    string     `json:"magazine"`
	Tagline     string     `json:"tagline"`
	BaseURL     string     `json:"baseURL"`
	EditorEmail string     `json:"editorEmail"`
	LaunchDate  string     `json:"launchDate"`
	LaunchOn    bool       `json:"launchNotice"` // false: no launch modal, popup or banner
	AdClient    string     `json:"adClient"`
	AnalyticsID string     `json:"analyticsID"`
	Forms       site.Forms `json:"forms"`
}

// Story is a full article.
type Story struct {
	ID           int              `json:"id"`
	Title        string           `json:"title"`
	Heading      string           `json:"heading,omitempty"`
	Introduction string           `json:"introduction"`
	Author       string           `json:"author"`
	PublishedAt  string           `json:"publishedAt"`
	DateLabel    string           `json:"dateLabel"` // US long form, stable on server and client
	Category     string           `json:"category"`
	CategoryHref string           `json:"categoryHref"`
	AuthorHref   string           `json:"authorHref"`
	ReadTime     string           `json:"readTime,omitempty"`
	Tags         []string         `json:"tags,omitempty"`
	Image        media.Image      `json:"image"`
	ImageCaption string           `json:"imageCaption,omitempty"`
	ImageOverlay bool             `json:"imageOverlay,omitempty"`
	Layout       string           `json:"layout"`
	BackLabel    string           `json:"backLabel"`
	URL          string           `json:"url"` // absolute canonical URL, for sharing
	Blocks       []markdown.Block `json:"blocks"`
	Embeds       bool             `json:"embeds,omitempty"` // the blocks hold an embed, whose component loads first
	Extra        story.Extra      `json:"extra"`
	Related      []Card           `json:"related"`
}

// Card is a story in a listing.
type Card struct {
	ID           int         `json:"id"`
	Title        string      `json:"title"`
	Introduction string      `json:"introduction"`
	Author       string      `json:"author"`
	Category     string      `json:"category"`
	PublishedAt  string      `json:"publishedAt"`
	DateLabel    string      `json:"dateLabel"`
	ReadTime     string      `json:"readTime,omitempty"`
	Image        media.Image `json:"image"`
	Href         string      `json:"href"`
	CategoryHref string      `json:"categoryHref"`
}

// Builder holds what is shared by every route of one build.
type Builder struct {
	site       *Site
	cfg        *site.Config
	lib        *media.Library
	newest     []Card
	byID       map[int]*story.Story
	related    *related.Index
	categories []string // in use, in the site config's order
}

// NewBuilder prepares the site-wide parts once.
func NewBuilder(cfg *site.Config, lib *media.Library, stories []*story.Story) *Builder {
	b := &Builder{cfg: cfg, lib: lib, site: &Site{
		Name: cfg.Name, Magazine: cfg.Magazine(), Tagline: cfg.Tagline, BaseURL: cfg.BaseURL,
		EditorEmail: cfg.EditorEmail, LaunchDate: cfg.LaunchDate, LaunchOn: cfg.ShowLaunchNotice(), AdClient: cfg.AdPublisherID,
		AnalyticsID: cfg.AnalyticsID, Forms: cfg.Forms,
	}}
	b.related = related.New(stories)
	sorted := append([]*story.Story(nil), stories...)
	story.Newest(sorted)
	b.byID = make(map[int]*story.Story, len(sorted))
	used := map[string]bool{}
	for _, s := range sorted {
		used[s.Category] = true
		b.newest = append(b.newest, b.card(s))
		b.byID[s.ID] = s
	}
	for _, c := range cfg.Categories {
		if used[c] {
			b.categories = append(b.categories, c)
		}
	}
	return b
}

// card is a story as a listing shows it, linking to its canonical URL.
func (b *Builder) card(s *story.Story) Card {
	return Card{
		ID: s.ID, Title: s.Title, Introduction: s.Introduction, Author: s.Author, Category: s.Category,
		PublishedAt: s.PublishedAt.ISO(), DateLabel: s.PublishedAt.Long(), ReadTime: s.ReadTime,
		Image: b.lib.Featured(s), Href: s.CanonicalPath(), CategoryHref: route.CategoryPath(s.Category),
	}
}

// For builds one route's page data.
func (b *Builder) For(r route.Route) Page {
	p := Page{Kind: r.Kind, Path: r.Canonical, Site: b.site}
	switch r.Kind {
	case route.Story:
		p.Story = b.story(r)
	case route.Home:
		p.Home = b.home()
	case route.Listing:
		p.List = b.list(r.List)
	case route.Search:
		p.Categories = b.categories
	}
	return p
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
	ids := make([]int, 0, h.Latest)
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
	out := &List{Kind: l.Kind, Title: l.Title(), Base: l.Base, Page: l.Page, Pages: l.Pages}
	if a := b.cfg.Author(l.Name); l.Kind == "author" && a != nil {
		out.Description, out.Role = a.Bio, a.Role
	}
	out.Cards = b.cards(l.Stories)
	return out
}

func (b *Builder) story(r route.Route) *Story {
	s := r.Story
	back := s.BackLabel
	if back == "" {
		back = "Back to Homepage"
	}
	return &Story{
		ID: s.ID, Title: s.Title, Heading: s.Heading, Introduction: s.Introduction, Author: s.Author,
		PublishedAt: s.PublishedAt.ISO(), DateLabel: s.PublishedAt.Long(), Category: s.Category,
		CategoryHref: route.CategoryPath(s.Category), AuthorHref: route.AuthorPath(s.Author), ReadTime: s.ReadTime, Tags: s.Tags, Image: b.lib.Featured(s), ImageCaption: s.ImageCaption,
		ImageOverlay: s.ImageOverlay, Layout: r.Layout(), BackLabel: back, URL: b.cfg.Abs(r.Canonical),
		Blocks: b.blocks(s.Body.Blocks), Embeds: s.Body.Embeds, Extra: s.Extra, Related: b.cards(b.related.Related(s)),
	}
}

func (b *Builder) cards(stories []*story.Story) []Card {
	out := make([]Card, len(stories))
	for i, s := range stories {
		out[i] = b.card(s)
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
			out[i].HTML = markdown.FigureHTML(bl.Figure, b.lib.Figure(bl.Figure))
		}
		out[i].Children = b.blocks(bl.Children)
	}
	return out
}
