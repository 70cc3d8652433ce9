package hostpolicy

import (
	"slices"
	"strings"
	"testing"
)

func directive(csp, name string) []string {
	for d := range strings.SplitSeq(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 && f[0] == name {
			return f[1:]
		}
	}
	return nil
}

func TestCSPCollectorMode(t *testing.T) {
	csp := CSP(Site{FormEndpoints: []string{"/api/forms/launch", "/api/forms/newsletter"}})
	for name, want := range map[string][]string{
		"default-src":     {"'self'"},
		"script-src":      {"'self'"},
		"form-action":     {"'self'"},
		"connect-src":     {"'self'"},
		"object-src":      {"'none'"},
		"frame-ancestors": {"'self'"},
		"frame-src":       EmbedOrigins,
	} {
		if got := directive(csp, name); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if got := directive(csp, "style-src"); !slices.Contains(got, "'unsafe-inline'") {
		t.Errorf("critical CSS may be inlined: style-src %q", got)
	}
	if got := directive(csp, "img-src"); !slices.Contains(got, "https:") {
		t.Errorf("external featured images: img-src %q", got)
	}
	if strings.Contains(csp, "unsafe-eval") || slices.Contains(directive(csp, "script-src"), "'unsafe-inline'") {
		t.Error("no inline or eval'd script")
	}
}

func TestCSPHostedModeAndOptions(t *testing.T) {
	csp := CSP(Site{
		FormEndpoints: []string{"https://forms.example.org/f/launch", "https://forms.example.org/f/news", "https://other.example/x"},
		ScriptHashes:  []string{"sha256-abc="},
		Analytics:     true,
	})
	want := []string{"'self'", "https://forms.example.org", "https://other.example"}
	if got := directive(csp, "form-action"); !slices.Equal(got, want) {
		t.Errorf("form-action %q, want %q", got, want)
	}
	if got := directive(csp, "connect-src"); !slices.Equal(got[:3], want) {
		t.Errorf("connect-src %q", got)
	}
	script := directive(csp, "script-src")
	if !slices.Contains(script, "'sha256-abc='") || !slices.Contains(script, "https://www.googletagmanager.com") {
		t.Errorf("script-src %q", script)
	}
}

func TestHeadersFileRoundTrip(t *testing.T) {
	s := Site{FormEndpoints: []string{"/api/forms/launch"}}
	rules, err := ParseHeaders(Headers(s))
	if err != nil {
		t.Fatal(err)
	}
	page := rules.For("/rbi-policy/")
	if !slices.Equal(page, Security(s)) {
		t.Errorf("a page's headers: %v", page)
	}
	for _, hashed := range []string{"/assets/app-X.js", "/images/social/5-0a1b2c3d.png"} {
		got := rules.For(hashed)
		if !slices.Contains(got, Header{"Cache-Control", Immutable}) || !slices.Contains(got, Header{"Content-Security-Policy", CSP(s)}) {
			t.Errorf("%s: %v", hashed, got)
		}
		if CacheControl(hashed) != Immutable {
			t.Errorf("%s is not served immutable", hashed)
		}
	}
	for _, p := range []string{"/", "/story/5/", "/feed.xml", "/logo.svg", "/search/assets/"} {
		if got := rules.For(p); slices.ContainsFunc(got, func(h Header) bool { return h.Name == "Cache-Control" }) || CacheControl(p) != Revalidate {
			t.Errorf("%s must revalidate: %v", p, got)
		}
	}
	// One header is never set by two rules matching one path (Cloudflare
	// Pages would join the values).
	for _, p := range []string{"/", "/assets/x.js", "/images/x-0a1b2c3d-480.jpg", "/story/5/"} {
		seen := map[string]int{}
		for _, r := range rules {
			if match(r.Pattern, p) {
				for _, h := range r.Headers {
					if seen[h.Name]++; seen[h.Name] > 1 {
						t.Errorf("%s: %s set twice", p, h.Name)
					}
				}
			}
		}
	}
	if _, err := ParseHeaders([]byte("  X-Orphan: 1\n")); err == nil {
		t.Error("a header before any path is an error")
	}
}

func TestRedirectsFile(t *testing.T) {
	rs := []Redirect{{"/story/5", "/rbi-policy/", 301}, {"/old", "/new/", 301}}
	withNote := string(Redirects(rs, true, ""))
	if !strings.Contains(withNote, "# /api/forms/*  https://") || !strings.Contains(withNote, "magazine serve") {
		t.Errorf("collector mode needs the note for hosts:\n%s", withNote)
	}
	if plain := string(Redirects(rs, false, "")); strings.Contains(plain, "/api/forms") {
		t.Errorf("hosted mode needs no forms note:\n%s", plain)
	}
	got := ParseRedirects([]byte(withNote + "/old /elsewhere/ 301\n/splat/* /x 301\n/bad /x 200\n/three /x/ 308\n"))
	want := map[string]Redirect{"/story/5": rs[0], "/old": rs[1], "/three": {"/three", "/x/", 308}}
	if len(got) != len(want) {
		t.Fatalf("parsed %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %v, want %v", k, got[k], v)
		}
	}
}

// The policy a page carries in <meta> is the header's, but the directives
// a meta policy may not hold.
func TestMetaCSP(t *testing.T) {
	s := Site{FormEndpoints: []string{"https://forms.example.org/f/launch"}, ScriptHashes: []string{"sha256-abc="}, Analytics: true, Ads: true}
	header, meta := CSP(s), MetaCSP(s)
	if directive(meta, "frame-ancestors") != nil || directive(header, "frame-ancestors") == nil {
		t.Errorf("frame-ancestors belongs in the header only:\nheader %s\nmeta   %s", header, meta)
	}
	if want := strings.Replace(header, "; frame-ancestors 'self'", "", 1); meta != want {
		t.Errorf("meta policy\n%s\nwant\n%s", meta, want)
	}
}

// Below a base path, the rules match the paths requests will have.
func TestHostFilesBelowABasePath(t *testing.T) {
	s := Site{FormEndpoints: []string{"/api/forms/launch"}, Base: "/magazine"}
	rules, err := ParseHeaders(Headers(s))
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.For("/magazine/rbi-policy/"); !slices.Equal(got, Security(s)) {
		t.Errorf("a page's headers: %v", got)
	}
	for _, hashed := range []string{"/magazine/assets/app-X.js", "/magazine/images/cover/5-0a1b2c3d.svg"} {
		if got := rules.For(hashed); !slices.Contains(got, Header{"Cache-Control", Immutable}) {
			t.Errorf("%s: %v", hashed, got)
		}
	}
	for _, p := range []string{"/", "/rbi-policy/", "/assets/app-X.js", "/magazine-review/"} {
		if got := rules.For(p); len(got) != 0 {
			t.Errorf("%s, outside the site: %v", p, got)
		}
	}
	note := string(Redirects(nil, true, "/magazine"))
	if !strings.Contains(note, "# /magazine/api/forms/*  https://forms.example.org/magazine/api/forms/:splat  200") || strings.Contains(note, " /api/forms/") {
		t.Errorf("the forms note below /magazine/:\n%s", note)
	}
}
