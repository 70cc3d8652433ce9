package pipeline_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// Issue 16: nothing but the page itself stands between a reader and the
// first paint. The CSS the page's markup uses is inline; the whole
// stylesheet and the scripts, which only hydrate a painted page, are
// fetched once it is painted.
func TestPagesPaintWithoutWaiting(t *testing.T) {
	t.Parallel()
	dist := gt.Build(t, map[string]string{"stories/a.md": gt.Story("5", "path: /rbi-policy\n")})
	for _, page := range []string{"index.html", "rbi-policy/index.html", "about/index.html", "404.html"} {
		html := gt.Read(t, dist, page)
		head := gt.Between(html, "<head>", "</head>")
		if strings.Contains(html, `rel="stylesheet"`) {
			t.Errorf("%s links a stylesheet", page)
		}
		style := gt.Between(head, "<style>", "</style>")
		if !strings.Contains(style, ".site-header{") || !strings.Contains(style, ".site-footer") {
			t.Errorf("%s: the inline style lacks the header's or the footer's rules", page)
		}
		if strings.Contains(style, ".landing-hero") != strings.Contains(html, `class="landing-hero`) {
			t.Errorf("%s: the inline style should hold .landing-hero only where the page has one", page)
		}
		// One small boot script, which fetches the entry after the page and
		// its first pictures are painted; nothing preloads the entry, or it
		// would share the connection with the LCP picture.
		scripts := regexp.MustCompile(`<script[^>]*src=[^>]*>`).FindAllString(html, -1)
		boot := regexp.MustCompile(`^<script type="module" src="(/assets/boot-[A-Z0-9]+\.js)">$`).FindStringSubmatch(strings.Join(scripts, ""))
		if boot == nil {
			t.Fatalf("%s: want one boot module script, got %v", page, scripts)
		}
		if strings.Contains(head, "modulepreload") || strings.Contains(html, "entry-client") {
			t.Errorf("%s: the page names the entry, so it is fetched before first paint", page)
		}
		loader, err := os.ReadFile(filepath.Join(dist, boot[1]))
		if err != nil {
			t.Fatal(err)
		}
		if len(loader) > 1024 {
			t.Errorf("%s: the boot script is %d bytes; it should only load the stylesheet and the entry", page, len(loader))
		}
		css := regexp.MustCompile(`"(/assets/entry-client-[A-Z0-9]+\.css)"`).FindSubmatch(loader)
		if css == nil {
			t.Fatalf("%s: the boot script links no stylesheet:\n%s", page, loader)
		}
		if whole := gt.Read(t, dist, string(css[1])[1:]); len(style) > len(whole)/2 || !strings.Contains(whole, ".landing-hero") {
			t.Errorf("%s: inline CSS %d bytes of a stylesheet of %d", page, len(style), len(whole))
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
