package serve

import (
	"compress/gzip"
	"context"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
)

const csp = "default-src 'self'; object-src 'none'"

func site(t testing.TB) string {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":            "<h1>home</h1>",
		"rbi-policy/index.html": "<h1>rbi</h1>" + strings.Repeat("x", 2000),
		"404.html":              "<h1>404 Page Not Found</h1>",
		"story/404.html":        "<h1>Story Not Found</h1>",
		"assets/app-ABC123.js":  "console.log(1)",
		"_data/rbi-policy.json": `{"page":{}}`,
		"sitemap.xml":           "<urlset/>",
		"range.txt":             "0123456789abcdefghij",
		"_headers":              "/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: " + csp + "\n/assets/*\n  Cache-Control: " + hostpolicy.Immutable + "\n",
		"_redirects":            "# comment\n/story/5 /rbi-policy/ 301\n/old /rbi-policy/ 302\n",
	}
	for name, body := range files {
		write(t, filepath.Join(dir, name), body)
	}
	return dir
}

func write(t testing.TB, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, h http.Handler, path string, hdr map[string]string) *http.Response {
	return do(h, "GET", path, hdr)
}

func do(h http.Handler, method, path string, hdr map[string]string) *http.Response {
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

func TestStaticHostSemantics(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	cases := []struct {
		path   string
		status int
		has    string
	}{
		{"/", 200, "home"},
		{"/rbi-policy/", 200, "rbi"},
		{"/story/abc", 404, "Story Not Found"}, // an unknown story's own 404 page
		{"/story/99999/", 404, "Story Not Found"},
		{"/nope", 404, "404 Page Not Found"},
		{"/stories-x", 404, "404 Page Not Found"},
		{"/../../etc/passwd", 301, "/etc/passwd"}, // the clean path, a 404
		{"/sitemap.xml", 200, "urlset"},
		{"/sitemap.xml/", 404, "404 Page Not Found"},
		{"/404", 404, "404 Page Not Found"},
	}
	for _, c := range cases {
		r := get(t, h, c.path, nil)
		if r.StatusCode != c.status || !strings.Contains(body(r), c.has) {
			t.Errorf("%s: status %d", c.path, r.StatusCode)
		}
	}
	if cc := get(t, h, "/assets/app-ABC123.js", nil).Header.Get("Cache-Control"); cc != hostpolicy.Immutable {
		t.Errorf("hashed assets cache forever, got %q", cc)
	}
	for _, p := range []string{"/rbi-policy/", "/assets/missing.js", "/sitemap.xml"} {
		if cc := get(t, h, p, nil).Header.Get("Cache-Control"); cc != hostpolicy.Revalidate {
			t.Errorf("%s revalidates, got %q", p, cc)
		}
	}
	if ct := get(t, h, "/_data/rbi-policy.json", nil).Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("content type %q", ct)
	}
	if r := do(h, "POST", "/", nil); r.StatusCode != 405 || r.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d", r.StatusCode)
	}
	if r := do(h, "HEAD", "/rbi-policy/", nil); r.StatusCode != 200 || body(r) != "" || r.Header.Get("Content-Length") != "2012" {
		t.Errorf("HEAD: %d, length %s", r.StatusCode, r.Header.Get("Content-Length"))
	}
}

// Pages are served at their folder's address; the other forms redirect
// there, as static hosts do, keeping the query.
func TestTrailingSlashRedirects(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	for from, to := range map[string]string{
		"/rbi-policy":            "/rbi-policy/",
		"/rbi-policy?q=1":        "/rbi-policy/?q=1",
		"/rbi-policy/index.html": "/rbi-policy/",
		"/index.html":            "/",
		"//rbi-policy//":         "/rbi-policy/",
		// Decoded, these clean to /\evil.example and /<tab>/evil.example,
		// which a browser would follow to another host: they go out escaped.
		"/.%2F%5Cevil.example":      "/%5Cevil.example",
		"/%2e/%5cevil.example":      "/%5Cevil.example",
		"/.%2F%09%2Fevil.example":   "/%09/evil.example",
		"/a/../%5C%5Cevil.example/": "/%5C%5Cevil.example/",
	} {
		r := get(t, h, from, nil)
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != to {
			t.Errorf("%s: %d to %q, want 301 to %s", from, r.StatusCode, r.Header.Get("Location"), to)
		}
	}
}

// _redirects and _headers written by the build apply to every answer.
func TestHostFiles(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	for from, want := range map[string]struct {
		status int
		to     string
	}{"/story/5": {301, "/rbi-policy/"}, "/old?x=1": {302, "/rbi-policy/?x=1"}} {
		r := get(t, h, from, nil)
		if r.StatusCode != want.status || r.Header.Get("Location") != want.to {
			t.Errorf("%s: %d to %q", from, r.StatusCode, r.Header.Get("Location"))
		}
	}
	etag := get(t, h, "/rbi-policy/", nil).Header.Get("ETag")
	for _, r := range []*http.Response{get(t, h, "/rbi-policy/", nil), get(t, h, "/nope", nil),
		get(t, h, "/rbi-policy/", map[string]string{"If-None-Match": etag}), get(t, h, "/story/5", nil)} {
		if r.Header.Get("Content-Security-Policy") != csp || r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%d answer lacks the site's headers: %v", r.StatusCode, r.Header)
		}
	}
	for _, p := range []string{"/_headers", "/_redirects"} {
		if r := get(t, h, p, nil); r.StatusCode != 404 {
			t.Errorf("%s is served: %d", p, r.StatusCode)
		}
	}
}

func TestGzipAndETag(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	r := get(t, h, "/rbi-policy/", map[string]string{"Accept-Encoding": "gzip, br"})
	if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("no gzip: %v", r.Header)
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "<h1>rbi</h1>") {
		t.Error("gzip body")
	}
	gzTag := r.Header.Get("ETag")
	idTag := get(t, h, "/rbi-policy/", nil).Header.Get("ETag")
	if gzTag == "" || idTag == "" || gzTag == idTag {
		t.Fatalf("gzip and identity bodies need distinct ETags: %q %q", gzTag, idTag)
	}
	for _, no := range []string{"gzip;q=0", "identity", "br", "gzip;q=0.0"} {
		if r := get(t, h, "/rbi-policy/", map[string]string{"Accept-Encoding": no}); r.Header.Get("Content-Encoding") != "" {
			t.Errorf("Accept-Encoding %q got gzip", no)
		}
	}
	// A revalidation with the other body's tag gets the body it asked for.
	if r := get(t, h, "/rbi-policy/", map[string]string{"If-None-Match": idTag, "Accept-Encoding": "gzip"}); r.StatusCode != 200 || r.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("identity tag revalidating gzip: %d", r.StatusCode)
	}
}

// If-None-Match in every form a cache or browser sends it.
func TestIfNoneMatchForms(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	id := get(t, h, "/rbi-policy/", nil).Header.Get("ETag")
	gz := get(t, h, "/rbi-policy/", map[string]string{"Accept-Encoding": "gzip"}).Header.Get("ETag")
	for _, c := range []struct {
		inm, ae string
		want    int
	}{
		{id, "", 304},
		{"W/" + id, "", 304},             // a CDN weakened it
		{`"other", ` + id, "", 304},      // a list
		{`"a",W/"b",` + gz, "gzip", 304}, // a list, gzip
		{"*", "", 304},                   // any current body
		{`"other"`, "", 200},             // not ours
		{gz, "", 200},                    // the gzip tag does not validate the plain body
		{`W/"` + id[1:], "gzip", 200},    // nor the plain tag the gzip body
		{strings.ToUpper(id), "", 200},   // tags are case-sensitive
	} {
		r := get(t, h, "/rbi-policy/", map[string]string{"If-None-Match": c.inm, "Accept-Encoding": c.ae})
		if r.StatusCode != c.want {
			t.Errorf("If-None-Match %s (Accept-Encoding %q): %d, want %d", c.inm, c.ae, r.StatusCode, c.want)
		}
		if r.StatusCode == 304 {
			if r.Header.Get("Vary") != "Accept-Encoding" || r.Header.Get("ETag") == "" || body(r) != "" {
				t.Errorf("304 needs Vary and ETag, no body: %v", r.Header)
			}
		}
	}
}

func TestRange(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=2-5"})
	if r.StatusCode != 206 || body(r) != "2345" || r.Header.Get("Content-Range") != "bytes 2-5/20" {
		t.Errorf("single range: %d %q", r.StatusCode, r.Header.Get("Content-Range"))
	}
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=-3"}); r.StatusCode != 206 || body(r) != "hij" {
		t.Errorf("suffix range: %d", r.StatusCode)
	}
	r = get(t, h, "/range.txt", map[string]string{"Range": "bytes=0-1,10-11"})
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if r.StatusCode != 206 || mt != "multipart/byteranges" {
		t.Fatalf("multiple ranges: %d %s", r.StatusCode, mt)
	}
	var parts []string
	mr := multipart.NewReader(r.Body, params["boundary"])
	for p, err := mr.NextPart(); err == nil; p, err = mr.NextPart() {
		b, _ := io.ReadAll(p)
		parts = append(parts, string(b))
	}
	if strings.Join(parts, "|") != "01|ab" {
		t.Errorf("parts %q", parts)
	}
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=50-60"}); r.StatusCode != 416 {
		t.Errorf("unsatisfiable range: %d", r.StatusCode)
	}
	// A range is of the plain body, even when gzip is accepted.
	r = get(t, h, "/rbi-policy/", map[string]string{"Range": "bytes=0-11", "Accept-Encoding": "gzip"})
	if r.StatusCode != 206 || body(r) != "<h1>rbi</h1>" || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("range with gzip accepted: %d %v", r.StatusCode, r.Header)
	}
	// If-Range: the range only while the tag still matches.
	tag := get(t, h, "/range.txt", nil).Header.Get("ETag")
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=0-3", "If-Range": tag}); r.StatusCode != 206 || body(r) != "0123" {
		t.Errorf("If-Range current: %d", r.StatusCode)
	}
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=0-3", "If-Range": `"stale"`}); r.StatusCode != 200 || body(r) != "0123456789abcdefghij" {
		t.Errorf("If-Range stale: %d", r.StatusCode)
	}
	// Too many ranges get the whole file, not a multipart answer many
	// times its size.
	many := "bytes=0-0" + strings.Repeat(",1-1", maxRanges)
	if r := get(t, h, "/range.txt", map[string]string{"Range": many}); r.StatusCode != 200 || body(r) != "0123456789abcdefghij" {
		t.Errorf("%d ranges: %d", maxRanges+1, r.StatusCode)
	}
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=0-0" + strings.Repeat(",2-2", maxRanges-1)}); r.StatusCode != 206 {
		t.Errorf("%d ranges: %d", maxRanges, r.StatusCode)
	}
	// The unit in any case; empty list elements are no ranges.
	if r := get(t, h, "/range.txt", map[string]string{"Range": "Bytes=2-5"}); r.StatusCode != 206 || body(r) != "2345" {
		t.Errorf("Bytes=2-5: %d", r.StatusCode)
	}
	if r := get(t, h, "/range.txt", map[string]string{"Range": "bytes=2-5" + strings.Repeat(",", 2*maxRanges)}); r.StatusCode != 206 || body(r) != "2345" {
		t.Errorf("one range among empty elements: %d", r.StatusCode)
	}
	// A unit other than bytes is ignored.
	if r := get(t, h, "/range.txt", map[string]string{"Range": "items=0-1"}); r.StatusCode != 200 || body(r) != "0123456789abcdefghij" {
		t.Errorf("items=0-1: %d", r.StatusCode)
	}
	// Every plain answer says ranges are taken, conditional or not; a
	// gzipped one, which cannot be ranged, does not (as nginx).
	for _, hdr := range []map[string]string{nil, {"If-Modified-Since": "Mon, 02 Jan 2006 15:04:05 GMT"}, {"If-None-Match": `"x"`}} {
		for _, p := range []string{"/range.txt", "/rbi-policy/"} {
			if r := get(t, h, p, hdr); r.Header.Get("Accept-Ranges") != "bytes" {
				t.Errorf("%s %v: Accept-Ranges %q", p, hdr, r.Header.Get("Accept-Ranges"))
			}
			gz := map[string]string{"Accept-Encoding": "gzip"}
			maps.Copy(gz, hdr)
			if r := get(t, h, p, gz); r.Header.Get("Content-Encoding") == "gzip" && r.Header.Get("Accept-Ranges") != "" {
				t.Errorf("%s %v: a gzip body with Accept-Ranges %q", p, gz, r.Header.Get("Accept-Ranges"))
			}
		}
	}
}

// A failed If-Match or If-Unmodified-Since is a 412 without a body, and
// says so: not the length of the page it does not send.
func TestPreconditionFailed(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(Handler(site(t)))
	defer srv.Close()
	for _, hdr := range []map[string]string{
		{"If-Match": `"nope"`},
		{"If-Match": `"nope"`, "Accept-Encoding": "gzip"},
		{"If-Unmodified-Since": "Mon, 02 Jan 2006 15:04:05 GMT"},
	} {
		req, _ := http.NewRequest("GET", srv.URL+"/rbi-policy/", nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusPreconditionFailed || err != nil || len(b) != 0 || res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%v: %d, %d bytes, %v; %v", hdr, res.StatusCode, len(b), err, res.Header)
		}
	}
}

// Accept-Encoding's q-values: gzip refused is refused whatever * says, and
// Q is q.
func TestAcceptsGzip(t *testing.T) {
	for v, want := range map[string]bool{
		"gzip": true, "gzip;q=0": false, "gzip;Q=0": false, "gzip; q=0.000": false, "gzip;q=0.001": true,
		"*": true, "*;q=0": false, "*;q=0.5, gzip;q=0": false, "gzip;q=0, *": false, "*;q=0, gzip": true,
		"br, deflate": false, "GZIP": true, "identity": false,
	} {
		if got := acceptsGzip([]string{v}); got != want {
			t.Errorf("%q: %v, want %v", v, got, want)
		}
	}
}

// Nothing hidden and nothing reached through a symlink is served, wherever
// the link points.
func TestDotfilesAndSymlinks(t *testing.T) {
	t.Parallel()
	dir := site(t)
	outside := t.TempDir()
	write(t, filepath.Join(outside, "secret.txt"), "secret")
	write(t, filepath.Join(outside, "index.html"), "secret page")
	write(t, filepath.Join(dir, ".env"), "TOKEN=secret")
	write(t, filepath.Join(dir, ".git", "config"), "secret")
	write(t, filepath.Join(dir, "about", ".draft.html"), "secret")
	write(t, filepath.Join(dir, ".dist.building-1", "index.html"), "secret")
	for link, target := range map[string]string{
		"passwd.txt":        "/etc/passwd",
		"secret.txt":        filepath.Join(outside, "secret.txt"),
		"elsewhere":         outside,
		"copy.xml":          filepath.Join(dir, "sitemap.xml"), // inside dist, still a link
		"rbi-link":          filepath.Join(dir, "rbi-policy"),
		"assets/escape.js":  "../../" + filepath.Base(outside) + "/secret.txt",
		"rbi-policy/x.html": "../index.html",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	h := Handler(dir)
	for _, p := range []string{"/.env", "/.git/config", "/about/.draft.html", "/.dist.building-1/", "/%2eenv",
		"/passwd.txt", "/secret.txt", "/elsewhere/secret.txt", "/elsewhere/", "/elsewhere", "/copy.xml",
		"/rbi-link/", "/rbi-link", "/assets/escape.js", "/rbi-policy/x.html"} {
		r := get(t, h, p, nil)
		if b := body(r); r.StatusCode != 404 || strings.Contains(b, "secret") || strings.Contains(b, "root:") {
			t.Errorf("%s: %d %q", p, r.StatusCode, b)
		}
	}
	// The real files are served as ever.
	if r := get(t, h, "/sitemap.xml", nil); r.StatusCode != 200 {
		t.Errorf("sitemap: %d", r.StatusCode)
	}
}

// A file replaced on disk (a new build) is served anew, and a file that
// became a symlink is no longer served, within recheckEvery.
func TestNoticesChanges(t *testing.T) {
	t.Parallel()
	dir := site(t)
	h := Handler(dir)
	if b := body(get(t, h, "/sitemap.xml", nil)); b != "<urlset/>" {
		t.Fatal(b)
	}
	p := filepath.Join(dir, "sitemap.xml")
	write(t, p+".new", "<urlset>new</urlset>")
	time.Sleep(recheckEvery + 50*time.Millisecond) // files are looked at again after recheckEvery
	if err := os.Rename(p+".new", p); err != nil {
		t.Fatal(err)
	}
	if b := body(get(t, h, "/sitemap.xml", nil)); b != "<urlset>new</urlset>" {
		t.Errorf("stale body %q", b)
	}
	os.Remove(p)
	os.Symlink("/etc/hostname", p)
	time.Sleep(recheckEvery + 50*time.Millisecond)
	if r := get(t, h, "/sitemap.xml", nil); r.StatusCode != 404 {
		t.Errorf("a file turned symlink is served: %d", r.StatusCode)
	}
}

// A .gz made beside a file (gzip -k) is sent as it is.
func TestPrecompressedSibling(t *testing.T) {
	t.Parallel()
	dir := site(t)
	page := filepath.Join(dir, "rbi-policy", "index.html")
	f, _ := os.Create(page + ".gz")
	zw, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	io.WriteString(zw, "<h1>from the .gz</h1>"+strings.Repeat("y", 2000))
	zw.Close()
	f.Close()
	r := get(t, Handler(dir), "/rbi-policy/", map[string]string{"Accept-Encoding": "gzip"})
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); !strings.HasPrefix(string(b), "<h1>from the .gz</h1>") {
		t.Errorf("the .gz beside the page was not used")
	}
}

func TestDevFS(t *testing.T) {
	t.Parallel()
	h := FS(os.DirFS(site(t)), "", func(b []byte) []byte { return append(b, "<script>dev</script>"...) })
	r := get(t, h, "/rbi-policy/", nil)
	if b := body(r); r.StatusCode != 200 || !strings.HasSuffix(b, "<script>dev</script>") {
		t.Errorf("dev page: %d", r.StatusCode)
	}
	if r.Header.Get("Content-Security-Policy") != "" {
		t.Error("the dev server's inline script would be blocked by the site's CSP")
	}
	if r := get(t, h, "/_headers", nil); r.StatusCode != 404 {
		t.Errorf("dev serves _headers: %d", r.StatusCode)
	}
}

func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- ListenAndServe(ctx, "127.0.0.1:0", Handler(site(t)), func(a string) { addr <- a }) }()
	a := <-addr
	res, err := http.Get("http://" + a + "/")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("serve: %v", err)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("did not shut down")
	}
}
