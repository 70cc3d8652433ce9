// Package hostpolicy is the one place that says which headers the published
// site is served with: caching, the security headers and the
// Content-Security-Policy. `magazine build` writes it into dist/_headers,
// `magazine serve` reads it back from there, and the nginx and Caddy
// examples in docs/deploying.md are tested against it, so none of them drift.
package hostpolicy

import (
	"net/url"
	"slices"
	"strings"
)

// Site is what the policy depends on.
type Site struct {
	// FormEndpoints are the forms' endpoints as configured: relative ones
	// post to the built-in collector on the same origin, absolute ones to a
	// hosted form service, whose origin the policy then allows.
	FormEndpoints []string
	Analytics     bool     // an analytics id is set: its tag loads from Google
	Ads           bool     // an ad publisher id is set: the ad script and its frames load
	ScriptHashes  []string // "sha256-…" of every inline executable script the pages carry
	// Base is the site's base path ("/magazine" for a site served below
	// /magazine/, "" at the root): the rules of _headers match below it.
	Base string
}

// Header is one response header.
type Header struct{ Name, Value string }

// Cache-Control values: hashed files never change under their name; every
// other file keeps its name across builds and must be revalidated.
const (
	Immutable  = "public, max-age=31536000, immutable"
	Revalidate = "public, max-age=0, must-revalidate"
)

// HashedFolders hold only files whose names carry a hash of their content:
// the bundle's (assets) and the pictures the build draws (images: a photo's
// sizes, cover art, sharing cards). A story may not take an address there,
// nor frontend/public put a file there.
var HashedFolders = []string{"/assets/", "/images/"}

// CacheControl is the caching for a file found at path.
func CacheControl(path string) string {
	for _, f := range HashedFolders {
		if strings.HasPrefix(path, f) {
			return Immutable
		}
	}
	return Revalidate
}

// EmbedOrigins are the only origins a page may frame: those of the story
// embeds generator/content/markdown makes (YouTube without cookies, Datawrapper,
// Flourish; X posts are links, not frames).
var EmbedOrigins = []string{
	"https://www.youtube-nocookie.com",
	"https://datawrapper.dwcdn.net",
	"https://flo.uri.sh",
}

// Security is the set of security headers every response carries.
func Security(s Site) []Header {
	return []Header{
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"Content-Security-Policy", CSP(s)},
	}
}

// CSP is the Content-Security-Policy the pages pass. Scripts come only from
// the site (inline page data is JSON, which is not script) plus the hashes
// of any inline script; styles may be inline (React's style attributes);
// pictures may be external https images; forms and fetches go
// to the site or to the configured hosted form service.
func CSP(s Site) string { return join(directives(s)) }

// MetaCSP is the policy as each page carries it in a <meta http-equiv>,
// for hosts that send no headers (GitHub Pages, a plain nginx): every
// directive but those a meta policy may not hold (frame-ancestors;
// report-uri and sandbox, which the policy does not use).
func MetaCSP(s Site) string {
	return join(slices.DeleteFunc(directives(s), func(d []string) bool {
		return d[0] == "frame-ancestors" || d[0] == "report-uri" || d[0] == "sandbox"
	}))
}

func join(directives [][]string) string {
	parts := make([]string, len(directives))
	for i, d := range directives {
		parts[i] = strings.Join(d, " ")
	}
	return strings.Join(parts, "; ")
}

func directives(s Site) [][]string {
	forms := formOrigins(s.FormEndpoints)
	script := []string{"'self'"}
	for _, h := range s.ScriptHashes {
		script = append(script, "'"+h+"'")
	}
	connect := append([]string{"'self'"}, forms...)
	frames := slices.Clone(EmbedOrigins)
	if s.Analytics {
		script = append(script, "https://www.googletagmanager.com")
		connect = append(connect, "https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com")
	}
	if s.Ads {
		script = append(script, "https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com")
		connect = append(connect, "https://pagead2.googlesyndication.com")
		frames = append(frames, "https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com", "https://www.google.com")
	}
	return [][]string{
		{"default-src", "'self'"},
		append([]string{"script-src"}, script...),
		{"style-src", "'self'", "'unsafe-inline'"},
		{"img-src", "'self'", "data:", "https:"},
		{"font-src", "'self'"},
		append([]string{"connect-src"}, connect...),
		append([]string{"frame-src"}, frames...),
		append([]string{"form-action", "'self'"}, forms...),
		{"frame-ancestors", "'self'"},
		{"base-uri", "'self'"},
		{"object-src", "'none'"},
	}
}

// formOrigins are the distinct origins of the absolute form endpoints.
func formOrigins(endpoints []string) []string {
	var out []string
	for _, e := range endpoints {
		u, err := url.Parse(e)
		if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
			continue
		}
		if o := u.Scheme + "://" + u.Host; !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}
