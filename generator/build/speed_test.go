package build_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/generatortest"
)

// Issue 16: nothing but the page itself stands between a reader and the
// first paint. The stylesheet is inline (every screen's, so client-side
// navigation needs none), and the scripts, which only hydrate a painted
// page, are one file for what every page needs, fetched at low priority.
func TestPagesPaintWithoutWaiting(t *testing.T) {
	dist := gt.Build(t, map[string]string{"stories/a.md": gt.Story("5", "path: /rbi-policy\n")})
	for _, page := range []string{"index.html", "rbi-policy/index.html", "about/index.html", "404.html"} {
		html := gt.Read(t, dist, page)
		head := gt.Between(html, "<head>", "</head>")
		if strings.Contains(html, `rel="stylesheet"`) {
			t.Errorf("%s links a stylesheet", page)
		}
		style := gt.Between(head, "<style>", "</style>")
		for _, sel := range []string{".site-header", ".launch-banner", ".landing-hero", ".search-page", ".toast-region"} {
			if !strings.Contains(style, sel) {
				t.Errorf("%s: the inline style lacks %s", page, sel)
			}
		}
		scripts := regexp.MustCompile(`<script type="module" src="(/assets/entry-client-[A-Z0-9]+\.js)" fetchpriority="low"></script>`).FindAllStringSubmatch(html, -1)
		if len(scripts) != 1 {
			t.Fatalf("%s: want one low-priority module script, got %v", page, scripts)
		}
		preloads := regexp.MustCompile(`<link rel="modulepreload"[^>]*>`).FindAllString(head, -1)
		if len(preloads) != 1 || !strings.Contains(preloads[0], `href="`+scripts[0][1]+`" fetchpriority="low"`) {
			t.Errorf("%s: want the entry alone preloaded at low priority, got %v", page, preloads)
		}
		entry, err := os.ReadFile(filepath.Join(dist, scripts[0][1]))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(entry), "hydrateRoot") {
			t.Errorf("%s: the entry should hold React and hydrate the page", page)
		}
	}
}
