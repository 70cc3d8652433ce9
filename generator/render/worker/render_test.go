package worker_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/page/pagedata"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/render/bundle"
	"github.com/nivaran/magazine/generator/render/worker"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/ramtmp"
)

// The worker script is bundled once for the package's tests (esbuild takes
// a few hundred milliseconds each time) and removed when they end.
var script struct {
	once sync.Once
	path string
	err  error
}

func TestMain(m *testing.M) {
	os.Exit(ramtmp.Run(m, func() {
		if script.path != "" {
			os.RemoveAll(filepath.Dir(script.path))
		}
	}))
}

func workerScript(t testing.TB) string {
	root := gt.Root(t)
	script.once.Do(func() { script.path, script.err = bundleWorker(root) })
	if script.err != nil {
		t.Fatal(script.err)
	}
	return script.path
}

func bundleWorker(root string) (string, error) {
	b, err := bundle.New(filepath.Join(root, "frontend"))
	if err != nil {
		return "", err
	}
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		return "", err
	}
	// Beside node_modules, which the worker requires packages from.
	dir, err := os.MkdirTemp(filepath.Join(root, "node_modules", ".cache"), "render-test-")
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "worker.cjs")
	return out, os.WriteFile(out, res.Server, 0o644)
}

func start(t testing.TB, n int) *worker.Pool {
	script := workerScript(t)
	pool, err := worker.Start("node", filepath.Dir(script), n)
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.Load(script); err != nil {
		t.Fatal(err)
	}
	return pool
}

// Page data is made from the generator's own types, so it keeps their shape.
var testSite = &pagedata.Site{Name: "Nivaran", Magazine: "Nivaran Magazine", Tagline: "T", Sections: []pagedata.Link{{Label: "Home", Href: "/"}}}

func page(kind route.Kind) []byte {
	p := pagedata.Page{Kind: kind, Path: "/x", Site: testSite}
	if kind == route.NotFound {
		p.LatestFields = &pagedata.LatestFields{Latest: []pagedata.Card{}}
	}
	b, _ := json.Marshal(p)
	return b
}

func storyPage(title, intro, html string) []byte {
	b, _ := json.Marshal(pagedata.Page{Kind: route.Story, Path: "/story/1", Site: testSite, StoryFields: &pagedata.StoryFields{Story: &pagedata.Story{
		ID: 1, Title: title, Introduction: intro, Authors: []pagedata.Link{{Label: "Desk", Href: "/author/desk"}},
		PublishedAt: "2025-08-12", DateLabel: "August 12, 2025", Category: "Economic Policy", Image: media.Image{Src: "/x.svg"},
		Layout: "story", BackLabel: "Back to Homepage", URL: "https://x/story/1", Related: []pagedata.Card{},
		Blocks: []markdown.Block{{Type: "p", HTML: html}},
	}}})
	return b
}

func TestRenderInOrder(t *testing.T) {
	t.Parallel()
	pool := start(t, 2)
	defer pool.Close()
	jobs := []worker.Job{{Path: "/a", Data: page("notfound")}, {Path: "/b", Data: page("privacy")}, {Path: "/c", Data: page("portal")}}
	html, err := pool.Render(jobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html[0], "404 Page Not Found") || !strings.Contains(html[1], "Privacy Policy") || !strings.Contains(html[2], "portal") {
		t.Fatalf("results out of order: %q", html)
	}
	if peak := pool.PeakMemory(); peak < 10<<20 || peak > 4<<30 {
		t.Errorf("a render worker's peak memory: %d bytes", peak)
	}
}

func TestRenderErrorNamesRoute(t *testing.T) {
	t.Parallel()
	pool := start(t, 1)
	defer pool.Close()
	_, err := pool.Render([]worker.Job{{Path: "/broken", Data: []byte(`{"kind":"home"}`)}}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "render /broken: ") {
		t.Fatalf("got %v", err)
	}
}

func TestWorkerCrash(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "crash.cjs")
	os.WriteFile(script, []byte(`console.error("boom: out of memory"); process.exit(3)`), 0o644)
	pool, err := worker.Start("node", dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	pool.Load(script)
	_, err = pool.Render([]worker.Job{{Path: "/rbi-policy", Data: page("home")}}, nil)
	if err == nil || !strings.Contains(err.Error(), "render /rbi-policy: the render worker stopped") || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("got %v", err)
	}
	pool.Close()
}

// A worker runs React's production build and skips loading the extra
// certificates it would never use.
func TestWorkerEnvironment(t *testing.T) {
	t.Setenv("NODE_EXTRA_CA_CERTS", "/etc/ssl/certs/ca-certificates.crt")
	t.Setenv("NODE_ENV", "development")
	dir := t.TempDir()
	script := filepath.Join(dir, "env.cjs")
	os.WriteFile(script, []byte(`process.stdin.once('data', () => {
  const html = JSON.stringify([process.env.NODE_ENV, process.env.NODE_EXTRA_CA_CERTS ?? null]);
  process.stdout.write(JSON.stringify({ id: 0, len: Buffer.byteLength(html) }) + '\n' + html + '\n');
});
process.stdin.resume();`), 0o644)
	pool, err := worker.Start("node", dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	pool.Load(script)
	html, err := pool.Render([]worker.Job{{Path: "/", Data: page("home")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if html[0] != `["production",null]` {
		t.Fatalf("worker environment: %s", html[0])
	}
}

// BenchmarkRenderStory measures one story page through the worker protocol.
func BenchmarkRenderStory(b *testing.B) {
	pool := start(b, 1)
	defer pool.Close()
	data := storyPage("A story", "Intro", strings.Repeat("Words in a paragraph. ", 60))
	jobs := []worker.Job{{Path: "/story/1", Data: data}}
	b.ResetTimer()
	for b.Loop() {
		if _, err := pool.Render(jobs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Pages travel as raw bytes after a length header: multi-byte text and
// newlines inside a page must not shift the next page.
func TestRawHTMLFraming(t *testing.T) {
	t.Parallel()
	pool := start(t, 1)
	defer pool.Close()
	story := func(title string) []byte {
		return storyPage(title, "₹1 lakh crore\nनई पंक्ति", "line one\nline two")
	}
	html, err := pool.Render([]worker.Job{{Path: "/a", Data: story("हिन्दी शीर्षक ₹")}, {Path: "/b", Data: story("Second")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html[0], "हिन्दी शीर्षक ₹") || !strings.Contains(html[0], "line one\nline two") || !strings.Contains(html[1], "Second") {
		t.Fatalf("pages garbled:\n%s\n---\n%s", html[0], html[1])
	}
}

// A page of megabytes of 3- and 4-byte characters arrives whole, and the
// page after it too: the worker reads the requests as Latin-1 (they are
// ASCII) and writes the pages as UTF-8, in chunks of the pipe's size.
func TestBigMultibytePage(t *testing.T) {
	t.Parallel()
	pool := start(t, 1)
	defer pool.Close()
	body := strings.Repeat("नई ₹ 😀 a", 200_000) // 3-, 3- and 4-byte characters: ~3.8 MB of UTF-8
	html, err := pool.Render([]worker.Job{{Path: "/big", Data: storyPage("Big", "i", body)}, {Path: "/next", Data: storyPage("Next", "i", "small")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html[0], body) || !strings.Contains(html[1], "Next") {
		t.Fatalf("big page %d bytes, holds the body: %v; next page: %.200s", len(html[0]), strings.Contains(html[0], body), html[1])
	}
}

// The blocks' HTML is cut out of a request and put back into its page
// (holes.go): it arrives whole, whatever it holds, beside other pages, and a
// page whose data holds a NUL of its own is rendered from its whole data.
func TestBlockHTMLComesBackWhole(t *testing.T) {
	t.Parallel()
	pool := start(t, 1)
	defer pool.Close()
	html := `<strong>“₹1 lakh crore”</strong> &amp; <a href="/story/2">a \ backslash</a> 📈` + "\u2028 line\nbreak"
	jobs := []worker.Job{
		{Path: "/a", Data: storyPage("First", "i", html)},
		{Path: "/b", Data: storyPage("NUL \x00 in the title", "i", html+" second")},
		{Path: "/c", Data: storyPage("Third", "i", "<em>x</em>\x00")},
	}
	pages, err := pool.Render(jobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"<p>" + html + "</p>", "<p>" + html + " second</p>", "<p><em>x</em>\x00</p>"} {
		if !strings.Contains(pages[i], want) {
			t.Errorf("%s: %q lacks %q", jobs[i].Path, pages[i], want)
		}
	}
}

// Only a block's HTML may be named "html" in page data: every string by
// that name is cut out of the request, and the worker sees a placeholder.
func TestOnlyBlocksHoldHTML(t *testing.T) {
	t.Parallel()
	var found []string
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for _, f := range reflect.VisibleFields(ty) {
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == "html" {
				found = append(found, ty.String()+"."+f.Name)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeOf(pagedata.Page{}))
	if want := []string{reflect.TypeOf(markdown.Block{}).String() + ".HTML"}; !reflect.DeepEqual(found, want) {
		t.Fatalf("fields named html in page data: %v, want %v", found, want)
	}
}
