package serve

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
)

// A site built for https://example.org/magazine/ is served below
// /magazine/, as a host serving it there does: its host files name the
// paths with /magazine in front, as the build writes them; the host's
// other paths are not the site's.
func TestServedBelowABasePath(t *testing.T) {
	t.Parallel()
	dir := site(t)
	write(t, filepath.Join(dir, "_headers"), string(hostpolicy.Headers(hostpolicy.Site{Base: "/magazine"})))
	write(t, filepath.Join(dir, "_redirects"), "/magazine/old /magazine/rbi-policy/ 301\n")
	write(t, filepath.Join(dir, ".env"), "TOKEN=secret")
	h := HandlerAt(dir, "/magazine")
	security := hostpolicy.Security(hostpolicy.Site{Base: "/magazine"})

	for path, want := range map[string]string{
		"/magazine/":                     "<h1>home</h1>",
		"/magazine/rbi-policy/":          "<h1>rbi</h1>",
		"/magazine/assets/app-ABC123.js": "console.log(1)",
	} {
		r := get(t, h, path, nil)
		if b := body(r); r.StatusCode != 200 || !strings.HasPrefix(b, want) {
			t.Errorf("%s: %d %.20q, want %q", path, r.StatusCode, b, want)
		}
		cache := hostpolicy.Revalidate
		if strings.Contains(path, "/assets/") {
			cache = hostpolicy.Immutable
		}
		if got := r.Header.Get("Cache-Control"); got != cache {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, cache)
		}
		if got := r.Header.Get("Content-Security-Policy"); got != security[2].Value {
			t.Errorf("%s: the site's headers are missing: %v", path, r.Header)
		}
	}
	for from, to := range map[string]string{
		"/magazine":              "/magazine/",
		"/magazine?q=rbi":        "/magazine/?q=rbi",
		"/magazine/rbi-policy":   "/magazine/rbi-policy/",
		"/magazine/old":          "/magazine/rbi-policy/",
		"/magazine//rbi-policy/": "/magazine/rbi-policy/",
	} {
		r := get(t, h, from, nil)
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != to {
			t.Errorf("%s: %d to %q, want a 301 to %s", from, r.StatusCode, r.Header.Get("Location"), to)
		}
	}
	for _, path := range []string{"/magazine/nope", "/magazine/.env", "/magazine/_headers", "/magazine/_redirects"} {
		r := get(t, h, path, nil)
		if b := body(r); r.StatusCode != 404 || b != "<h1>404 Page Not Found</h1>" {
			t.Errorf("%s: %d %q, want the site's 404.html", path, r.StatusCode, b)
		}
	}
	// Outside the base path: not found, pointing at the site, whatever file has that name below it.
	for _, path := range []string{"/", "/rbi-policy/", "/assets/app-ABC123.js", "/magazine-review/", "/old"} {
		r := get(t, h, path, nil)
		if b := body(r); r.StatusCode != 404 || !strings.Contains(b, `<a href="/magazine/">`) || r.Header.Get("Cache-Control") != hostpolicy.Revalidate {
			t.Errorf("%s: %d %q %v, want a 404 naming /magazine/", path, r.StatusCode, b, r.Header)
		}
	}
}

// The form collector below the base path sees its own paths, and its
// redirect to a page of the site lands below the base path.
func TestBelowPrefixesRedirects(t *testing.T) {
	t.Parallel()
	var seen string
	forms := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.URL.Path
		if r.URL.Path == "/api/forms/newsletter" {
			http.Redirect(w, r, "/thank-you/?form=newsletter", http.StatusSeeOther)
			return
		}
		http.Redirect(w, r, "https://elsewhere.example/x", http.StatusFound)
	})
	h := Mount(HandlerAt(site(t), "/magazine"), "/magazine/api/forms/", Below("/magazine", forms))
	r := do(h, "POST", "/magazine/api/forms/newsletter", nil)
	if seen != "/api/forms/newsletter" || r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/magazine/thank-you/?form=newsletter" {
		t.Errorf("collector saw %q, answered %d to %q", seen, r.StatusCode, r.Header.Get("Location"))
	}
	if r := do(h, "POST", "/magazine/api/forms/other", nil); r.Header.Get("Location") != "https://elsewhere.example/x" {
		t.Errorf("an absolute redirect changed: %q", r.Header.Get("Location"))
	}
	seen = ""
	if r := do(h, "POST", "/api/forms/newsletter", nil); seen != "" || r.StatusCode == http.StatusSeeOther {
		t.Errorf("a post outside the base path reached the collector: %d", r.StatusCode)
	}
	// A post to an unclean path of the collector is sent on, its method kept.
	if r := do(h, "POST", "/magazine/api/forms//newsletter?x=1", nil); r.StatusCode != http.StatusPermanentRedirect || r.Header.Get("Location") != "/magazine/api/forms/newsletter?x=1" {
		t.Errorf("a post to /magazine/api/forms//newsletter: %d to %q", r.StatusCode, r.Header.Get("Location"))
	}
	// The base path percent-encoded is the same path: the collector's.
	seen = ""
	if r := do(h, "POST", "/%6dagazine/api/forms/newsletter", nil); seen != "/api/forms/newsletter" || r.StatusCode != http.StatusSeeOther {
		t.Errorf("/%%6dagazine/api/forms/newsletter: collector saw %q, answered %d", seen, r.StatusCode)
	}
}
