package feed

import (
	"encoding/xml"
	"slices"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/story"
)

type parsedNews struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc  string `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 loc"`
		News struct {
			Name     string `xml:"http://www.google.com/schemas/sitemap-news/0.9 publication>name"`
			Language string `xml:"http://www.google.com/schemas/sitemap-news/0.9 publication>language"`
			Date     string `xml:"http://www.google.com/schemas/sitemap-news/0.9 publication_date"`
			Title    string `xml:"http://www.google.com/schemas/sitemap-news/0.9 title"`
		} `xml:"http://www.google.com/schemas/sitemap-news/0.9 news"`
	} `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 url"`
}

func TestNewsSitemap(t *testing.T) {
	cfg := config(t)
	now := time.Date(2025, 9, 3, 12, 0, 0, 0, time.UTC)
	inToday := mk(t, 1, "2025-09-03", "Technology")
	inToday.Path = "/india-chip-ambition-blueprint-dominance"
	inToday.Title = "Chips & Ambition"
	in36h := mk(t, 2, "2025-09-02", "Technology")
	in47h := mk(t, 3, "2025-09-01T13:00:00Z", "Technology")
	out60h := mk(t, 4, "2025-09-01", "Technology")
	future := mk(t, 5, "2025-09-04", "Technology")
	raw := NewsSitemap(cfg, []*story.Story{out60h, in47h, future, inToday, in36h}, now)

	var got parsedNews
	if err := xml.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	var locs []string
	for _, u := range got.URLs {
		locs = append(locs, u.Loc)
		if u.News.Name != "Nivaran Magazine" || u.News.Language != "en" || u.News.Title == "" || u.News.Date == "" {
			t.Errorf("news entry for %s = %+v", u.Loc, u.News)
		}
	}
	want := []string{
		"https://nivaran.example/india-chip-ambition-blueprint-dominance/",
		"https://nivaran.example/story/2/",
		"https://nivaran.example/story/3/",
	}
	if !slices.Equal(locs, want) {
		t.Fatalf("locs = %v, want %v", locs, want)
	}
	if got.URLs[0].News.Title != "Chips & Ambition" || got.URLs[0].News.Date != "2025-09-03" || got.URLs[2].News.Date != "2025-09-01T13:00:00Z" {
		t.Errorf("entries = %+v", got.URLs)
	}
}

func TestNewsSitemapEmpty(t *testing.T) {
	raw := NewsSitemap(config(t), []*story.Story{mk(t, 1, "2025-01-01", "Technology")}, time.Date(2025, 9, 3, 0, 0, 0, 0, time.UTC))
	var got parsedNews
	if err := xml.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if len(got.URLs) != 0 {
		t.Errorf("old stories listed: %+v", got.URLs)
	}
}

// Google's news sitemaps take the ISO 639 code, with a region only for Chinese.
func TestNewsLanguage(t *testing.T) {
	for tag, want := range map[string]string{"en-IN": "en", "hi": "hi", "en": "en", "zh-TW": "zh-tw", "zh-CN": "zh-cn", "zh-Hant-HK": "zh"} {
		if got := newsLanguage(tag); got != want {
			t.Errorf("%s: %s, want %s", tag, got, want)
		}
	}
}
