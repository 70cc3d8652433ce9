// Package pagedata builds each route's page data: the props the React page
// renders from, on the server and again in the browser when it hydrates.
// Identical input on both sides is what keeps hydration free of mismatches.
package pagedata

import (
	"sort"

	"github.com/nivaran/magazine/generator/markdown"
	"github.com/nivaran/magazine/generator/media"
	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/site"
	"github.com/nivaran/magazine/generator/story"
)

// Page is the JSON a route is rendered from. Its TypeScript twin is
// frontend/src/types.ts (PageData); keep the two in step.
type Page struct {
	Kind    route.Kind `json:"kind"`
	Path    string     `json:"path"` // canonical path
	Site    *Site      `json:"site"`
	Story   *Story     `json:"story,omitempty"`
	Stories []Card     `json:"stories,omitempty"`
}

// Site is what every page needs to know about the magazine.
type Site struct {
	Name        string     `json:"name"`
	Magazine    string     `json:"magazine"`
	Tagline     string     `json:"tagline"`
	BaseURL     string     `json:"baseURL"`
	EditorEmail string     `json:"editorEmail"`
	LaunchDate  string     `json:"launchDate"`
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
	ReadTime     string           `json:"readTime,omitempty"`
	Tags         []string         `json:"tags,omitempty"`
	Image        media.Image      `json:"image"`
	ImageCaption string           `json:"imageCaption,omitempty"`
	ImageOverlay bool             `json:"imageOverlay,omitempty"`
	Layout       string           `json:"layout"`
	BackLabel    string           `json:"backLabel"`
	URL          string           `json:"url"` // absolute canonical URL, for sharing
	Blocks       []markdown.Block `json:"blocks"`
	Extra        story.Extra      `json:"extra"`
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
}

// Builder holds what is shared by every route of one build.
type Builder struct {
	site  *Site
	cfg   *site.Config
	cards []Card // newest first
}

// NewBuilder prepares the site-wide parts once.
func NewBuilder(cfg *site.Config, stories []*story.Story) *Builder {
	b := &Builder{cfg: cfg, site: &Site{
		Name: cfg.Name, Magazine: cfg.Magazine(), Tagline: cfg.Tagline, BaseURL: cfg.BaseURL,
		EditorEmail: cfg.EditorEmail, LaunchDate: cfg.LaunchDate, AdClient: cfg.AdPublisherID,
		AnalyticsID: cfg.AnalyticsID, Forms: cfg.Forms,
	}}
	sorted := append([]*story.Story(nil), stories...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, c := sorted[i].PublishedAt.Time, sorted[j].PublishedAt.Time
		if !a.Equal(c) {
			return a.After(c)
		}
		return sorted[i].ID > sorted[j].ID
	})
	for _, s := range sorted {
		b.cards = append(b.cards, CardOf(s))
	}
	return b
}

// CardOf is a story as a listing shows it, linking to its canonical URL.
func CardOf(s *story.Story) Card {
	return Card{
		ID: s.ID, Title: s.Title, Introduction: s.Introduction, Author: s.Author, Category: s.Category,
		PublishedAt: s.PublishedAt.ISO(), DateLabel: s.PublishedAt.Long(), ReadTime: s.ReadTime,
		Image: media.Featured(s), Href: s.CanonicalPath(),
	}
}

// HomeStories is how many cards the home page lists.
const HomeStories = 12

// For builds one route's page data.
func (b *Builder) For(r route.Route) Page {
	p := Page{Kind: r.Kind, Path: r.Canonical, Site: b.site}
	switch r.Kind {
	case route.Story:
		p.Story = b.story(r)
	case route.Home:
		p.Stories = b.cards[:min(HomeStories, len(b.cards))]
	}
	return p
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
		ReadTime: s.ReadTime, Tags: s.Tags, Image: media.Featured(s), ImageCaption: s.ImageCaption,
		ImageOverlay: s.ImageOverlay, Layout: s.Layout, BackLabel: back, URL: b.cfg.Abs(r.Canonical),
		Blocks: s.Body.Blocks, Extra: s.Extra,
	}
}
