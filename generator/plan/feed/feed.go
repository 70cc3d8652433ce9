// Package feed writes the RSS 2.0 feeds (the whole magazine and one per
// category) and the Google News sitemap.
package feed

import (
	"bytes"
	"encoding/xml"
	"slices"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
)

// Limit is how many stories a feed carries, newest first.
const Limit = 50

// Channel describes one feed. Paths are site paths; the feed makes them absolute.
type Channel struct {
	Title       string
	Description string
	Link        string // the HTML page the feed mirrors, e.g. "/" or "/category/technology"
	Self        string // where the feed itself is published, e.g. "/feed.xml"
}

// Files renders feed.xml, category/<slug>/feed.xml for every category that
// has stories and tag/<slug>/feed.xml for every tag (those with a page, at
// route.CategoryPath and route.TagPath), keyed by path relative to dist/.
func Files(cfg *site.Config, stories []*story.Story) map[string][]byte {
	files := map[string][]byte{
		"feed.xml": RSS(cfg, Channel{
			Title:       cfg.Magazine(),
			Description: description(cfg),
			Link:        "/",
			Self:        "/feed.xml",
		}, stories),
	}
	byCategory := map[string][]*story.Story{}
	for _, s := range stories {
		byCategory[s.Category] = append(byCategory[s.Category], s)
	}
	for c, list := range byCategory {
		base := route.CategoryPath(c)
		files[route.FeedPath(base)[1:]] = RSS(cfg, Channel{
			Title:       c + " | " + cfg.Magazine(),
			Description: c + " stories from " + cfg.Magazine() + ": " + cfg.Tagline,
			Link:        base,
			Self:        route.FeedPath(base),
		}, list)
	}
	for t, list := range route.Tags(stories) {
		base := route.TagPath(t)
		files[route.FeedPath(base)[1:]] = RSS(cfg, Channel{
			Title:       t + " | " + cfg.Magazine(),
			Description: "Stories about " + t + " from " + cfg.Magazine() + ": " + cfg.Tagline,
			Link:        base,
			Self:        route.FeedPath(base),
		}, list)
	}
	return files
}

func description(cfg *site.Config) string {
	if cfg.Description != "" {
		return cfg.Description
	}
	return cfg.Tagline
}

type rss struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	Atom    string   `xml:"xmlns:atom,attr"`
	DC      string   `xml:"xmlns:dc,attr"`
	Channel channel  `xml:"channel"`
}

type channel struct {
	Title         string   `xml:"title"`
	Link          string   `xml:"link"`
	Description   string   `xml:"description"`
	Language      string   `xml:"language"`
	LastBuildDate string   `xml:"lastBuildDate,omitempty"`
	Self          atomLink `xml:"atom:link"`
	Items         []item   `xml:"item"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type item struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	GUID        guid   `xml:"guid"`
	Description string `xml:"description"`
	PubDate     string `xml:"pubDate"`
	Category    string `xml:"category,omitempty"`
	Creator     string `xml:"dc:creator,omitempty"`
}

type guid struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

// RSS renders an RSS 2.0 channel of the newest Limit stories. lastBuildDate
// is the newest story's date rather than the clock, so rebuilding unchanged
// content yields identical bytes (and feed readers see nothing new).
func RSS(cfg *site.Config, ch Channel, stories []*story.Story) []byte {
	stories = newest(stories, Limit)
	c := channel{
		Title:       ch.Title,
		Link:        cfg.Abs(route.URL(ch.Link)),
		Description: ch.Description,
		Language:    cfg.Language,
		Self:        atomLink{Href: cfg.Abs(ch.Self), Rel: "self", Type: "application/rss+xml"},
	}
	if len(stories) > 0 {
		c.LastBuildDate = stories[0].PublishedAt.Format(time.RFC1123Z)
	}
	for _, s := range stories {
		url := cfg.Abs(route.URL(s.CanonicalPath()))
		c.Items = append(c.Items, item{
			Title:       s.Title,
			Link:        url,
			GUID:        guid{IsPermaLink: true, Value: url},
			Description: s.Introduction,
			PubDate:     s.PublishedAt.Format(time.RFC1123Z),
			Category:    s.Category,
			Creator:     s.Byline(),
		})
	}
	return encode(rss{
		Version: "2.0",
		Atom:    "http://www.w3.org/2005/Atom",
		DC:      "http://purl.org/dc/elements/1.1/",
		Channel: c,
	})
}

// newest returns up to n stories, newest first.
func newest(stories []*story.Story, n int) []*story.Story {
	sorted := slices.Clone(stories)
	story.Newest(sorted)
	return sorted[:min(n, len(sorted))]
}

func encode(v any) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	// Only the types above are encoded; none can fail.
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	b.WriteString("\n")
	return b.Bytes()
}
