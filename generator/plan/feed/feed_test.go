package feed

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
)

func config(t *testing.T) *site.Config {
	t.Helper()
	cfg := &site.Config{
		Name: "Nivaran", Tagline: "A Solutions-Focused Business & Economy Magazine",
		Description: "News That Solves.", Language: "en",
		Categories: []string{"Economic Policy", "Energy & Environment", "Technology"},
	}
	if err := cfg.SetBaseURL("https://nivaran.example/"); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func mk(t *testing.T, id int, date, category string) *story.Story {
	t.Helper()
	d, err := story.ParseDate(date)
	if err != nil {
		t.Fatal(err)
	}
	return &story.Story{
		ID: id, Title: fmt.Sprintf("Story %d", id), Introduction: fmt.Sprintf("Intro %d.", id),
		Author: "Nivaran Economy Desk", Category: category, PublishedAt: d,
	}
}

// The feed as a reader parses it, namespaces resolved: a wrong prefix
// declaration leaves Creator or Self empty.
type parsedRSS struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	Channel []struct {
		Title         []string `xml:"title"`
		Description   []string `xml:"description"`
		Language      string   `xml:"language"`
		LastBuildDate string   `xml:"lastBuildDate"`
		// RSS's <link> and Atom's <atom:link> share a local name; they are
		// told apart by the namespace the prefix resolves to.
		Links []struct {
			XMLName xml.Name
			Href    string `xml:"href,attr"`
			Rel     string `xml:"rel,attr"`
			Type    string `xml:"type,attr"`
			Value   string `xml:",chardata"`
		} `xml:"link"`
		Items []parsedItem `xml:"item"`

		Link []string
		Self []selfLink
	} `xml:"channel"`
}

type selfLink struct{ Href, Rel, Type string }

type parsedItem struct {
	Title string `xml:"title"`
	Link  string `xml:"link"`
	GUID  struct {
		IsPermaLink string `xml:"isPermaLink,attr"`
		Value       string `xml:",chardata"`
	} `xml:"guid"`
	Description string `xml:"description"`
	PubDate     string `xml:"pubDate"`
	Category    string `xml:"category"`
	Creator     string `xml:"http://purl.org/dc/elements/1.1/ creator"`
}

// parseRSS parses a feed and checks the RSS 2.0 rules every feed must keep.
func parseRSS(t *testing.T, raw []byte, selfURL string) parsedRSS {
	t.Helper()
	if !strings.HasPrefix(string(raw), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration: %.60s", raw)
	}
	var f parsedRSS
	if err := xml.Unmarshal(raw, &f); err != nil {
		t.Fatalf("not XML: %v\n%s", err, raw)
	}
	if f.Version != "2.0" {
		t.Errorf("rss version = %q, want 2.0", f.Version)
	}
	if len(f.Channel) != 1 {
		t.Fatalf("%d channels, want exactly 1", len(f.Channel))
	}
	ch := &f.Channel[0]
	for _, l := range ch.Links {
		switch l.XMLName.Space {
		case "":
			ch.Link = append(ch.Link, l.Value)
		case "http://www.w3.org/2005/Atom":
			ch.Self = append(ch.Self, selfLink{l.Href, l.Rel, l.Type})
		default:
			t.Errorf("link element in namespace %q", l.XMLName.Space)
		}
	}
	// Required channel elements, each exactly once and not empty.
	for name, v := range map[string][]string{"title": ch.Title, "link": ch.Link, "description": ch.Description} {
		if len(v) != 1 || strings.TrimSpace(v[0]) == "" {
			t.Errorf("channel %s = %q, want one non-empty element", name, v)
		}
	}
	absolute(t, "channel link", ch.Link[0])
	if ch.Language != "en" {
		t.Errorf("language = %q", ch.Language)
	}
	if len(ch.Items) > 0 {
		rfc822(t, "lastBuildDate", ch.LastBuildDate)
	}
	if len(ch.Self) != 1 || ch.Self[0].Href != selfURL || ch.Self[0].Rel != "self" || ch.Self[0].Type != "application/rss+xml" {
		t.Errorf("atom:link = %+v, want rel=self href=%s", ch.Self, selfURL)
	}
	for i, it := range ch.Items {
		if it.Title == "" && it.Description == "" {
			t.Errorf("item %d has neither title nor description", i)
		}
		absolute(t, "item link", it.Link)
		if it.GUID.IsPermaLink != "true" || it.GUID.Value != it.Link {
			t.Errorf("item %d guid = %+v, want the permalink %s", i, it.GUID, it.Link)
		}
		rfc822(t, "pubDate", it.PubDate)
		if it.Category == "" || it.Creator == "" {
			t.Errorf("item %d: category %q, dc:creator %q", i, it.Category, it.Creator)
		}
	}
	return f
}

func absolute(t *testing.T, what, s string) {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host != "nivaran.example" {
		t.Errorf("%s %q is not an absolute URL on the site", what, s)
	}
}

// rfc822 accepts the forms RSS 2.0 allows (RFC 822 with a 2- or 4-digit year).
func rfc822(t *testing.T, what, s string) time.Time {
	t.Helper()
	for _, layout := range []string{time.RFC1123Z, time.RFC1123, time.RFC822Z, time.RFC822} {
		if d, err := time.Parse(layout, s); err == nil {
			return d
		}
	}
	t.Errorf("%s %q is not an RFC 822 date", what, s)
	return time.Time{}
}

func TestRSS(t *testing.T) {
	cfg := config(t)
	a := mk(t, 1, "2025-08-12", "Economic Policy")
	a.Path = "/rbi-policy"
	a.Title = "RBI & the <Repo> Rate"
	b := mk(t, 2, "2025-09-02T09:30:00+05:30", "Technology")
	raw := RSS(cfg, Channel{Title: "Nivaran Magazine", Description: "News That Solves.", Link: "/", Self: "/feed.xml"}, []*story.Story{a, b})
	f := parseRSS(t, raw, "https://nivaran.example/feed.xml")
	ch := f.Channel[0]
	if ch.Link[0] != "https://nivaran.example/" {
		t.Errorf("channel link = %q", ch.Link[0])
	}
	if len(ch.Items) != 2 {
		t.Fatalf("%d items", len(ch.Items))
	}
	got, old := ch.Items[0], ch.Items[1]
	want := parsedItem{Title: "Story 2", Link: "https://nivaran.example/story/2/", Description: "Intro 2.",
		PubDate: "Tue, 02 Sep 2025 09:30:00 +0530", Category: "Technology", Creator: "Nivaran Economy Desk"}
	want.GUID.IsPermaLink, want.GUID.Value = "true", want.Link
	if got != want {
		t.Errorf("newest item =\n%+v\nwant\n%+v", got, want)
	}
	// Fixed paths are the canonical link; markup in titles survives escaping.
	if old.Link != "https://nivaran.example/rbi-policy/" || old.Title != "RBI & the <Repo> Rate" || old.PubDate != "Tue, 12 Aug 2025 00:00:00 +0530" {
		t.Errorf("older item = %+v", old)
	}
	if ch.LastBuildDate != got.PubDate {
		t.Errorf("lastBuildDate = %q, want the newest story's %q", ch.LastBuildDate, got.PubDate)
	}
}

func TestRSSKeepsTheNewest50(t *testing.T) {
	cfg := config(t)
	var stories []*story.Story
	for i := range 60 {
		stories = append(stories, mk(t, i+1, time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format("2006-01-02"), "Technology"))
	}
	slices.Reverse(stories[20:40]) // input order must not matter
	f := parseRSS(t, RSS(cfg, Channel{Title: "T", Description: "D", Link: "/", Self: "/feed.xml"}, stories), "https://nivaran.example/feed.xml")
	items := f.Channel[0].Items
	if len(items) != Limit {
		t.Fatalf("%d items, want %d", len(items), Limit)
	}
	if items[0].Title != "Story 60" || items[Limit-1].Title != "Story 11" {
		t.Errorf("first %q, last %q; want Story 60 and Story 11", items[0].Title, items[Limit-1].Title)
	}
	for i := 1; i < len(items); i++ {
		if !rfc822(t, "pubDate", items[i-1].PubDate).After(rfc822(t, "pubDate", items[i].PubDate)) {
			t.Errorf("item %d is not older than item %d", i, i-1)
		}
	}
}

func TestFiles(t *testing.T) {
	cfg := config(t)
	stories := []*story.Story{
		mk(t, 1, "2025-08-25", "Energy & Environment"),
		mk(t, 2, "2025-08-26", "Technology"),
		mk(t, 3, "2025-08-27", "Energy & Environment"),
	}
	files := Files(cfg, stories)
	var names []string
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	// Economic Policy has no stories, hence no page and no feed.
	want := []string{"category/energy-environment/feed.xml", "category/technology/feed.xml", "feed.xml"}
	if !slices.Equal(names, want) {
		t.Fatalf("files = %v, want %v", names, want)
	}
	all := parseRSS(t, files["feed.xml"], "https://nivaran.example/feed.xml")
	if n := len(all.Channel[0].Items); n != 3 {
		t.Errorf("feed.xml has %d items, want 3", n)
	}
	energy := parseRSS(t, files["category/energy-environment/feed.xml"], "https://nivaran.example/category/energy-environment/feed.xml")
	ch := energy.Channel[0]
	if ch.Link[0] != "https://nivaran.example/category/energy-environment/" || ch.Title[0] != "Energy & Environment | Nivaran Magazine" {
		t.Errorf("energy channel: link %q, title %q", ch.Link[0], ch.Title[0])
	}
	var titles []string
	for _, it := range ch.Items {
		titles = append(titles, it.Title)
	}
	if !slices.Equal(titles, []string{"Story 3", "Story 1"}) {
		t.Errorf("energy items = %v", titles)
	}
}

// A channel with no stories yet is still a valid feed.
func TestRSSEmpty(t *testing.T) {
	f := parseRSS(t, RSS(config(t), Channel{Title: "T", Description: "D", Link: "/category/x", Self: "/category/x/feed.xml"}, nil),
		"https://nivaran.example/category/x/feed.xml")
	if len(f.Channel[0].Items) != 0 || f.Channel[0].LastBuildDate != "" {
		t.Errorf("empty channel = %+v", f.Channel[0])
	}
}

func TestRSSIsReproducible(t *testing.T) {
	cfg := config(t)
	s := []*story.Story{mk(t, 1, "2025-08-25", "Technology"), mk(t, 2, "2025-08-25", "Technology")}
	ch := Channel{Title: "T", Description: "D", Link: "/", Self: "/feed.xml"}
	first := RSS(cfg, ch, s)
	slices.Reverse(s)
	if string(RSS(cfg, ch, s)) != string(first) {
		t.Error("the same stories in another order give a different feed")
	}
}
