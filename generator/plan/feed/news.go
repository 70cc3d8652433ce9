package feed

import (
	"encoding/xml"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
)

// NewsWindow is how far back the News sitemap reaches: Google News reads
// only articles published in the last two days.
const NewsWindow = 48 * time.Hour

// newsLimit is Google's cap on URLs in one News sitemap.
const newsLimit = 1000

type urlset struct {
	XMLName xml.Name  `xml:"urlset"`
	NS      string    `xml:"xmlns,attr"`
	News    string    `xml:"xmlns:news,attr"`
	URLs    []newsURL `xml:"url"`
}

type newsURL struct {
	Loc  string `xml:"loc"`
	News news   `xml:"news:news"`
}

type news struct {
	Publication publication `xml:"news:publication"`
	Date        string      `xml:"news:publication_date"`
	Title       string      `xml:"news:title"`
}

type publication struct {
	Name     string `xml:"news:name"`
	Language string `xml:"news:language"`
}

// NewsSitemap renders news-sitemap.xml: the stories published in the two
// days up to now (the build's reference time, passed in so a build is
// reproducible), newest first. Stories dated after now are left out.
func NewsSitemap(cfg *site.Config, stories []*story.Story, now time.Time) []byte {
	set := urlset{
		NS:   "http://www.sitemaps.org/schemas/sitemap/0.9",
		News: "http://www.google.com/schemas/sitemap-news/0.9",
		URLs: []newsURL{},
	}
	for _, s := range newest(stories, len(stories)) {
		age := now.Sub(s.PublishedAt.Time)
		if age < 0 || age > NewsWindow {
			continue
		}
		set.URLs = append(set.URLs, newsURL{
			Loc: cfg.Abs(route.URL(s.CanonicalPath())),
			News: news{
				Publication: publication{Name: cfg.Magazine(), Language: newsLanguage(cfg.Language)},
				Date:        s.PublishedAt.ISO(),
				Title:       s.Title,
			},
		})
		if len(set.URLs) == newsLimit {
			break
		}
	}
	return encode(set)
}

// newsLanguage is a language as Google's news sitemaps take it: the ISO 639
// code alone ("en" for en-IN), but for the two Chinese scripts they name.
func newsLanguage(tag string) string {
	lang := strings.ToLower(tag)
	if lang == "zh-cn" || lang == "zh-tw" {
		return lang
	}
	lang, _, _ = strings.Cut(lang, "-")
	return lang
}
