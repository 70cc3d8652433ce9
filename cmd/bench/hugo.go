package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/nivaran/magazine/generator/testkit/synth"
)

// A page template for Hugo: a title and the body, and a list of pages a
// page at a time (20, as paginate says).
const hugoPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>%s</body></html>`

var hugoLayouts = map[string]string{
	"layouts/_default/single.html": fmt.Sprintf(hugoPage, "<article><h1>{{ .Title }}</h1>{{ .Content }}</article>"),
	"layouts/_default/list.html":   fmt.Sprintf(hugoPage, `<ul>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>`),
}

// hugoConfig is one way of building the same stories with Hugo.
type hugoConfig struct {
	key, label, file, toml string
}

// hugoConfigs are the two Hugo builds the table sets magazine against:
// the same kinds of pages it makes (the stories, category, tag and author
// listings 20 a page, their RSS feeds, the home page and a sitemap), and
// the story pages alone, a lighter job than magazine's.
var hugoConfigs = []hugoConfig{
	{"same", "Hugo, same kinds of pages", "same.toml", `baseURL = "https://bench.example/"
title = "Nivaran"
paginate = 20
[taxonomies]
  category = "category"
  tag = "tags"
  author = "author"
`},
	{"pages", "Hugo, story pages only", "pages.toml", `baseURL = "https://bench.example/"
title = "Nivaran"
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
`},
}

// describeHugo says what each Hugo configuration builds, for the report.
func describeHugo() string {
	return "Hugo, same kinds of pages: every story page, category, tag and author listings (paginate = 20),\n" +
		"  an RSS feed for each listing and the home page, the home page and sitemap.xml (Hugo's defaults for RSS and\n" +
		"  sitemap; taxonomies category, tags, author). Hugo, story pages only: disableKinds = home, section, taxonomy,\n" +
		"  term, RSS, sitemap, robotsTXT, 404. Both: a one-line template per kind, no theme, no pictures processed.\n" +
		"magazine builds, for the same story files: story pages (and /story/<id>), category, tag, author and archive\n" +
		"  listings (12 a page), RSS feeds for the home page, each category and tag, sitemap.xml, news-sitemap.xml,\n" +
		"  the search index, the home, about, privacy, portal, search, thank-you and 404 pages, the client bundle."
}

// hugoSite writes a Hugo site whose content is n synthetic stories with
// external pictures, which magazine builds too, and both configurations.
func (b *bench) hugoSite(n int) string {
	site := filepath.Join(b.work, fmt.Sprintf("site-%d", n))
	files := map[string]string{}
	for name, content := range hugoLayouts {
		files[name] = content
	}
	for _, c := range hugoConfigs {
		files[c.file] = c.toml
	}
	for name, content := range files {
		must(os.MkdirAll(filepath.Dir(filepath.Join(site, name)), 0o755))
		must(os.WriteFile(filepath.Join(site, name), []byte(content), 0o644))
	}
	must(synth.Write(filepath.Join(site, "content", "stories"), n))
	return site
}

func (b *bench) hugoBuild(site string, c hugoConfig) measured {
	dir := b.fresh()
	out := filepath.Join(dir, "public")
	m := b.measure(b.hugo, "--quiet", "--source", site, "--config", c.file, "--destination", out, "--cacheDir", filepath.Join(dir, "cache"))
	m.out = out
	return m
}
