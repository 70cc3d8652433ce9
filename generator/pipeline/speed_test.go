package pipeline_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// Issue 16: nothing but the page and its stylesheet stands between a
// reader and the first paint. Every page links the one stylesheet of the
// site (cached after the first page; issue 33: inlined, it was a quarter of
// a large site's bytes) and inlines none; the scripts, which only hydrate a
// painted page, are fetched once it is painted.
func TestPagesPaintWithoutWaiting(t *testing.T) {
	t.Parallel()
	dist := gt.Build(t, map[string]string{"stories/a.md": gt.Story("5", "path: /rbi-policy\n")})
	var sheet string
	for _, page := range []string{"index.html", "rbi-policy/index.html", "about/index.html", "404.html"} {
		html := gt.Read(t, dist, page)
		head := gt.Between(html, "<head>", "</head>")
		links := regexp.MustCompile(`<link rel="stylesheet" href="(/assets/entry-client-[A-Z0-9]+\.css)">`).FindAllStringSubmatch(html, -1)
		if len(links) != 1 || !strings.Contains(head, links[0][0]) || strings.Contains(html, "<style") {
			t.Fatalf("%s: want the stylesheet linked once in the head and no inline style, got %v", page, links)
		}
		if sheet == "" {
			sheet = links[0][1]
		} else if links[0][1] != sheet {
			t.Errorf("%s links %s; other pages link %s", page, links[0][1], sheet)
		}
		if whole := gt.Read(t, dist, sheet[1:]); !strings.Contains(whole, ".site-header{") || !strings.Contains(whole, ".landing-hero") {
			t.Errorf("%s: the stylesheet lacks the site's rules", sheet)
		}
		// One small boot script, which fetches the entry after the page and
		// its first pictures are painted; nothing preloads the entry, or it
		// would share the connection with the LCP picture.
		scripts := regexp.MustCompile(`<script[^>]*src=[^>]*>`).FindAllString(html, -1)
		boot := regexp.MustCompile(`^<script type="module" src="(/assets/boot-[A-Z0-9]+\.js)">$`).FindStringSubmatch(strings.Join(scripts, ""))
		if boot == nil {
			t.Fatalf("%s: want one boot module script, got %v", page, scripts)
		}
		if strings.Contains(head, "modulepreload") || regexp.MustCompile(`entry-client-[A-Z0-9]+\.js`).MatchString(html) {
			t.Errorf("%s: the page names the entry, so it is fetched before first paint", page)
		}
		loader, err := os.ReadFile(filepath.Join(dist, boot[1]))
		if err != nil {
			t.Fatal(err)
		}
		if len(loader) > 1024 || strings.Contains(string(loader), ".css") {
			t.Errorf("%s: the boot script (%d bytes) should only load the entry:\n%s", page, len(loader), loader)
		}
		m := regexp.MustCompile(`import\("(/assets/entry-client-[A-Z0-9]+\.js)"\)`).FindSubmatch(loader)
		if m == nil {
			t.Fatalf("%s: the boot script loads no entry:\n%s", page, loader)
		}
		entry, err := os.ReadFile(filepath.Join(dist, string(m[1])))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(entry), "hydrateRoot") {
			t.Errorf("%s: the entry should hold React and hydrate the page", page)
		}
	}
}
