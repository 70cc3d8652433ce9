package hostpolicy_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/server/serve"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/hosttest"
)

// The nginx and Caddy recipes of docs/deploying.md, run as written against the real
// servers from Debian, and `magazine serve`, all pass the same checks of a
// built site: pages, clean addresses, 404.html, redirects of old addresses,
// caching, the security headers of this package and precompressed files.

// testSite builds a small site with a fixed path and an alias.
func testSite(t *testing.T) string {
	t.Helper()
	dist := gt.Build(t, map[string]string{
		"stories/a.md": gt.Story("5", "path: /rbi-policy\n"),
		"stories/b.md": gt.Story("7", "aliases: [/old-seven]\ntags: [RBI]\n"),
	})
	// A precompressed page that differs from what compressing on the fly
	// would give, and a dotfile that must stay hidden.
	page := gt.Read(t, dist, "rbi-policy/index.html")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, page+"<!-- precompressed -->")
	zw.Close()
	for name, data := range map[string][]byte{"rbi-policy/index.html.gz": gz.Bytes(), ".env": []byte("TOKEN=secret")} {
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dist
}

// policy is what the sample site.yaml (collector mode) gives, as the recipes
// in docs/deploying.md assume: the forms post to the collector, and the shell's inline
// script (templates/page.html) runs by its hash.
func policy(t *testing.T, dist string) hostpolicy.Site {
	var hashes []string
	for _, m := range regexp.MustCompile(`<script>([^<]*)</script>`).FindAllStringSubmatch(gt.Read(t, dist, "index.html"), -1) {
		sum := sha256.Sum256([]byte(m[1]))
		hashes = append(hashes, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
	}
	return hostpolicy.Site{FormEndpoints: []string{"/api/forms/launch"}, ScriptHashes: hashes}
}

func checkHost(t *testing.T, base, dist string) {
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       10 * time.Second,
	}
	get := func(path string, hdr ...string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	security := hostpolicy.Security(policy(t, dist))
	secure := func(path string, res *http.Response) {
		for _, h := range security {
			if got := res.Header.Values(h.Name); len(got) != 1 || got[0] != h.Value {
				t.Errorf("%s: %s = %q, want %q", path, h.Name, got, h.Value)
			}
		}
	}
	assets, _ := filepath.Glob(filepath.Join(dist, "assets", "entry-client-*.js"))
	if len(assets) == 0 {
		t.Fatal("no entry chunk in the build")
	}
	asset := "/assets/" + filepath.Base(assets[0])
	cards, _ := filepath.Glob(filepath.Join(dist, "images", "social", "5-*.png"))
	if len(cards) == 0 {
		t.Fatal("no sharing card in the build")
	}
	card := "/images/social/" + filepath.Base(cards[0])

	// /story/5/ is the whole generic page of the story at /rbi-policy/ (SPEC.md).
	for path, file := range map[string]string{"/": "index.html", "/rbi-policy/": "rbi-policy/index.html", "/story/7/": "story/7/index.html", "/story/5/": "story/5/index.html", asset: "assets/" + filepath.Base(assets[0]), card: card[1:]} {
		res, body := get(path)
		if res.StatusCode != 200 || body != gt.Read(t, dist, file) {
			t.Errorf("%s: %d, or not %s", path, res.StatusCode, file)
			continue
		}
		secure(path, res)
		want := hostpolicy.Revalidate
		if path == asset || path == card {
			want = hostpolicy.Immutable
		}
		if cc := res.Header.Get("Cache-Control"); cc != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, cc, want)
		}
	}
	// Old addresses move as _redirects says (301); a folder's address
	// without its slash moves permanently too (301 or 308).
	// The query goes along, and no "?" is left when there is none.
	for from, to := range map[string]string{
		"/rbi-policy": "/rbi-policy/", "/story/7": "/story/7/", "/story/5": "/story/5/",
		"/rbi-policy?utm=x": "/rbi-policy/?utm=x", "/search?q=rbi": "/search/?q=rbi",
		"/old-seven": "/story/7/", "/old-seven/": "/story/7/", "/old-seven?utm=x": "/story/7/?utm=x",
	} {
		res, _ := get(from)
		loc := strings.TrimPrefix(res.Header.Get("Location"), base)
		fromPath, _, _ := strings.Cut(from, "?")
		alias := !strings.HasPrefix(to, fromPath+"/")
		permanent := res.StatusCode == http.StatusMovedPermanently || !alias && res.StatusCode == http.StatusPermanentRedirect
		if !permanent || loc != to {
			t.Errorf("%s: %d to %q, want a permanent redirect to %s", from, res.StatusCode, res.Header.Get("Location"), to)
		}
	}
	// Folders without a page of their own are not found either (not a
	// host's 403), and a missing asset is not cached as if it were one.
	notFound := gt.Read(t, dist, "404.html")
	for _, dir := range []string{"story", "tag", "category", "author"} {
		if st, err := os.Stat(filepath.Join(dist, dir)); err != nil || !st.IsDir() {
			t.Fatalf("the test site has no folder /%s/", dir)
		}
		if _, err := os.Stat(filepath.Join(dist, dir, "index.html")); err == nil {
			t.Fatalf("the test site has a page at /%s/", dir)
		}
	}
	storyNotFound := gt.Read(t, dist, "story/404.html") // an unknown story's (route.StoryNotFound)
	for _, path := range []string{"/nope", "/story/999", "/story/not-a-number", "/.env", "/_headers", "/_redirects",
		"/story/", "/tag/", "/category/", "/author/", "/assets/", "/assets/entry-client-MISSING.js", "/images/social/99-0a1b2c3d.png"} {
		res, body := get(path)
		want, file := notFound, "404.html"
		if strings.HasPrefix(path, "/story/") {
			want, file = storyNotFound, "story/404.html"
		}
		if res.StatusCode != 404 || body != want {
			t.Errorf("%s: %d, want 404 with %s (%d bytes)", path, res.StatusCode, file, len(body))
			continue
		}
		secure(path, res)
		if cc := res.Header.Values("Cache-Control"); len(cc) != 1 || cc[0] != hostpolicy.Revalidate {
			t.Errorf("%s: 404 with Cache-Control %q, want %q", path, cc, hostpolicy.Revalidate)
		}
	}
	// Browsers ask for /favicon.ico whatever the page links to.
	if res, body := get("/favicon.ico"); res.StatusCode != 200 || body != gt.Read(t, dist, "favicon.ico") ||
		!strings.HasPrefix(body, "\x00\x00\x01\x00") || !iconType[res.Header.Get("Content-Type")] {
		t.Errorf("/favicon.ico: %d %q, want the build's icon", res.StatusCode, res.Header.Get("Content-Type"))
	}
	// gzip_static: the .gz beside the page, as it is.
	res, body := get("/rbi-policy/", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("/rbi-policy/ with gzip: %v", res.Header)
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !strings.HasSuffix(string(plain), "<!-- precompressed -->") {
		t.Error("the .gz beside the page was not sent")
	}
	if res, _ := get("/", "Accept-Encoding", "gzip"); res.Header.Get("Content-Encoding") != "gzip" {
		t.Error("/ is not compressed")
	}
}

// iconType are the names an .ico goes by: nginx's mime.types and Go's say
// image/x-icon, the IANA registration image/vnd.microsoft.icon.
var iconType = map[string]bool{"image/x-icon": true, "image/vnd.microsoft.icon": true}

func TestMagazineServe(t *testing.T) {
	dist := testSite(t)
	ctx, stop := context.WithCancel(context.Background())
	addr, done := make(chan string, 1), make(chan error, 1)
	go func() {
		done <- serve.ListenAndServe(ctx, "127.0.0.1:0", serve.Handler(dist), func(a string) { addr <- a })
	}()
	defer func() { stop(); <-done }()
	checkHost(t, "http://"+<-addr, dist)
}

func TestNginxRecipe(t *testing.T) {
	dist := testSite(t)
	checkHost(t, hosttest.Nginx.Serve(t, dist), dist)
}

func TestCaddyRecipe(t *testing.T) {
	dist := testSite(t)
	checkHost(t, hosttest.Caddy.Serve(t, dist), dist)
}

// A site without old addresses (no alias, or only those of dedicated
// layouts, which are pages) still starts under each recipe: Caddy refuses
// to import an empty file.
func TestRecipesWithoutRedirects(t *testing.T) {
	dist := gt.Build(t, map[string]string{"stories/a.md": gt.Story("5", "path: /rbi-policy\n")})
	for _, s := range []hosttest.Server{hosttest.Nginx, hosttest.Caddy} {
		t.Run(s.Bin, func(t *testing.T) {
			res, err := http.Get(s.Serve(t, dist) + "/rbi-policy/")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("/rbi-policy/: %d", res.StatusCode)
			}
		})
	}
}
