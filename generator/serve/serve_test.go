package serve

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func site(t *testing.T) string {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":            "<h1>home</h1>",
		"rbi-policy/index.html": "<h1>rbi</h1>" + strings.Repeat("x", 2000),
		"404.html":              "<h1>404 Page Not Found</h1>",
		"assets/app-ABC123.js":  "console.log(1)",
		"_data/rbi-policy.json": `{"page":{}}`,
		"sitemap.xml":           "<urlset/>",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	return dir
}

func get(t *testing.T, h http.Handler, path string, hdr map[string]string) *http.Response {
	req := httptest.NewRequest("GET", path, nil)
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
	h := Handler(site(t))
	cases := []struct {
		path   string
		status int
		has    string
	}{
		{"/", 200, "home"},
		{"/rbi-policy", 200, "rbi"},
		{"/rbi-policy/", 200, "rbi"},
		{"/story/abc", 404, "404 Page Not Found"},
		{"/nope", 404, "404 Page Not Found"},
		{"/../../etc/passwd", 404, "404 Page Not Found"},
		{"/sitemap.xml", 200, "urlset"},
	}
	for _, c := range cases {
		r := get(t, h, c.path, nil)
		if r.StatusCode != c.status || !strings.Contains(body(r), c.has) {
			t.Errorf("%s: status %d", c.path, r.StatusCode)
		}
	}
	if cc := get(t, h, "/assets/app-ABC123.js", nil).Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("hashed assets cache forever, got %q", cc)
	}
	if cc := get(t, h, "/rbi-policy", nil).Header.Get("Cache-Control"); !strings.Contains(cc, "must-revalidate") {
		t.Errorf("HTML revalidates, got %q", cc)
	}
	if ct := get(t, h, "/_data/rbi-policy.json", nil).Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("content type %q", ct)
	}
}

func TestGzipAndETag(t *testing.T) {
	h := Handler(site(t))
	r := get(t, h, "/rbi-policy", map[string]string{"Accept-Encoding": "gzip, br"})
	if r.Header.Get("Content-Encoding") != "gzip" {
		t.Fatal("no gzip")
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "<h1>rbi</h1>") {
		t.Error("gzip body")
	}
	etag := r.Header.Get("ETag")
	if r2 := get(t, h, "/rbi-policy", map[string]string{"If-None-Match": etag}); r2.StatusCode != 304 {
		t.Errorf("revalidation: %d", r2.StatusCode)
	}
}

func TestGracefulShutdown(t *testing.T) {
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
