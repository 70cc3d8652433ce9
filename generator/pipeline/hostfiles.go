package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"strings"

	"golang.org/x/net/html"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/plan/route"
)

// hostFiles are _headers and _redirects for Netlify and Cloudflare Pages
// (and `magazine serve`, which reads them back). An alias of a story that
// shows the story's own page redirects permanently to the story's address
// (route.Moved); /story/<id> never does, being a whole page.
func hostFiles(cfg *site.Config, routes []route.Route, policy hostpolicy.Site) map[string][]byte {
	var redirects []hostpolicy.Redirect
	for _, r := range routes {
		if !r.Moved() {
			continue
		}
		to := cfg.WithBase(route.URL(r.Canonical))
		// Hosts match the path as requested; both forms of the old address move.
		redirects = append(redirects, hostpolicy.Redirect{From: cfg.WithBase(r.Path), To: to, Status: 301},
			hostpolicy.Redirect{From: cfg.WithBase(route.URL(r.Path)), To: to, Status: 301})
	}
	return map[string][]byte{
		hostpolicy.HeadersFile:   hostpolicy.Headers(policy),
		hostpolicy.RedirectsFile: hostpolicy.Redirects(redirects, cfg.Forms.NeedsCollector(), cfg.BasePath),
	}
}

// sitePolicy is what the site's headers, and the policy in each page,
// depend on: scriptHashes are those of the shell's inline scripts.
func sitePolicy(cfg *site.Config, scriptHashes []string) hostpolicy.Site {
	f := cfg.Forms
	return hostpolicy.Site{FormEndpoints: []string{f.Launch, f.Editorial, f.Partnership, f.Newsletter},
		Analytics: strings.TrimSpace(cfg.AnalyticsID) != "", Ads: cfg.AdPublisherID != "", ScriptHashes: scriptHashes, Base: cfg.BasePath}
}

// aliasPage stands at an old address of a story for hosts that do not read
// _redirects: it names the story's address as canonical and sends the
// browser there at once, without script.
var aliasPage = template.Must(template.New("alias").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="{{.Canonical}}">
<meta http-equiv="refresh" content="0; url={{.To}}">
</head>
<body>
<p>This story has moved to <a href="{{.To}}">{{.Canonical}}</a>.</p>
</body>
</html>
`))

func aliasHTML(cfg *site.Config, canonical, title string) ([]byte, error) {
	var b bytes.Buffer
	to := route.URL(canonical)
	err := aliasPage.Execute(&b, struct{ Lang, Title, Canonical, To string }{cfg.Language, title, cfg.Abs(to), cfg.WithBase(to)})
	return b.Bytes(), err
}

// inlineScriptHashes are the CSP hashes ('sha256-…') of the inline scripts
// a browser would run in page, skipping data blocks (JSON, JSON-LD).
func inlineScriptHashes(page []byte) []string {
	var hashes []string
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return hashes
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "script" {
				continue
			}
			executable := true
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "src":
					executable = false
				case "type":
					t := strings.ToLower(strings.TrimSpace(string(v)))
					executable = executable && (t == "" || t == "module" || t == "text/javascript" || t == "application/javascript")
				}
			}
			if z.Next() == html.TextToken && executable {
				sum := sha256.Sum256(z.Raw())
				hashes = append(hashes, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
			}
		}
	}
}
