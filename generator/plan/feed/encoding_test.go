package feed

import (
	"bytes"
	"encoding/xml"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
)

// The feed as encoding/xml writes it from these types: RSS must write the
// same bytes.
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

func encodedRSS(cfg *site.Config, ch Channel, stories []*story.Story) []byte {
	stories = newest(stories, Limit)
	c := channel{
		Title: ch.Title, Link: cfg.Abs(route.URL(ch.Link)), Description: ch.Description, Language: cfg.Language,
		Self: atomLink{Href: cfg.Abs(ch.Self), Rel: "self", Type: "application/rss+xml"},
	}
	if len(stories) > 0 {
		c.LastBuildDate = stories[0].PublishedAt.Format(time.RFC1123Z)
	}
	for _, s := range stories {
		url := cfg.Abs(route.URL(s.CanonicalPath()))
		c.Items = append(c.Items, item{Title: s.Title, Link: url, GUID: guid{IsPermaLink: true, Value: url},
			Description: s.Introduction, PubDate: s.PublishedAt.Format(time.RFC1123Z), Category: s.Category, Creator: s.Byline()})
	}
	return encode(rss{Version: "2.0", Atom: "http://www.w3.org/2005/Atom", DC: "http://purl.org/dc/elements/1.1/", Channel: c})
}

func TestRSSIsWhatEncodingXMLWrites(t *testing.T) {
	cfg := config(t)
	odd := mk(t, 3, "2025-08-14", "")
	odd.Title, odd.Introduction, odd.Author = "A & B <\"quoted\"> 'it'\tतीन\r\n", "", ""
	for _, c := range []struct {
		ch      Channel
		stories []*story.Story
	}{
		{Channel{Title: "Empty", Link: "/", Self: "/feed.xml"}, nil},
		{Channel{Title: "T & <t>", Description: "D \"d\"", Link: "/tag/a-b", Self: "/tag/a-b/feed.xml?x=1&y='2'"},
			[]*story.Story{mk(t, 1, "2025-08-12", "Technology"), mk(t, 2, "2025-08-13", "Economic Policy"), odd}},
	} {
		if got, want := RSS(cfg, c.ch, c.stories), encodedRSS(cfg, c.ch, c.stories); !bytes.Equal(got, want) {
			t.Errorf("RSS:\n%s\nencoding/xml:\n%s", got, want)
		}
	}
	empty := *cfg
	empty.Language = ""
	if got, want := RSS(&empty, Channel{}, nil), encodedRSS(&empty, Channel{}, nil); !bytes.Equal(got, want) {
		t.Errorf("RSS:\n%s\nencoding/xml:\n%s", got, want)
	}
}
