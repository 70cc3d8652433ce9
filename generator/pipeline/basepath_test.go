package pipeline_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// A site built for https://test.example/magazine/ (a GitHub Pages project
// site, say) works when served there: every address a file of it gives
// the browser to follow or fetch, and every rule of its host files, is
// below /magazine/; absolute URLs are below the base URL, its path once.
// Page data and the search index name pages by their site paths (routes),
// which the browser puts below the base path (frontend/src/sitepath.ts;
// e2e/subpath.spec.ts clicks through such a build under nginx).
func TestSubPathSite(t *testing.T) {
	t.Parallel()
	dist := gt.Build(t, subPathSite(t, "https://test.example/magazine/"))
	problems, seen := scanBelow(t, dist, "/magazine", "https://test.example/magazine/")
	for _, p := range problems {
		t.Error(p)
	}
	// The scan looked at every kind of reference.
	for _, kind := range []string{"a", "img", "srcset", "script", "link", "form", "meta", "import", "xml", "redirect", "header", "robots"} {
		if seen[kind] == 0 {
			t.Errorf("the scan found no %s reference: it no longer covers them (%v)", kind, seen)
		}
	}
	page := gt.Read(t, dist, "rbi-policy/index.html")
	for _, want := range []string{
		`<link rel="icon" href="/magazine/favicon.svg"`,
		`href="/magazine/stories/"`, // the story's own link to the archive
		`href="/magazine/story/7/"`,
		`<link data-h rel="canonical" href="https://test.example/magazine/rbi-policy/">`,
		`<script type="module" src="/magazine/assets/boot-`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("/magazine/rbi-policy/ lacks %s", want)
		}
	}
	if !regexp.MustCompile(`<img src="/magazine/images/[^"]+" srcset="/magazine/images/[^" ]+ 480w, /magazine/images/`).MatchString(page) {
		t.Error("the body's figure is not below /magazine/")
	}
	var data struct {
		Site struct{ BasePath, BaseURL string }
	}
	if err := json.Unmarshal(gt.PageData(t, dist, "rbi-policy/index.html"), &data); err != nil || data.Site.BasePath != "/magazine" || data.Site.BaseURL != "https://test.example/magazine" {
		t.Errorf("page data's site: %+v (%v)", data.Site, err)
	}
	alias := gt.Read(t, dist, "old-rbi/index.html")
	if !strings.Contains(alias, `content="0; url=/magazine/rbi-policy/"`) || !strings.Contains(alias, `href="https://test.example/magazine/rbi-policy/"`) {
		t.Errorf("the alias page:\n%s", alias)
	}
	for _, want := range []string{"/magazine/old-rbi /magazine/rbi-policy/ 301", "/magazine/old-rbi/ /magazine/rbi-policy/ 301", "# /magazine/api/forms/*  https://"} {
		if !strings.Contains(gt.Read(t, dist, "_redirects"), want) {
			t.Errorf("_redirects lacks %q", want)
		}
	}
}

// The scan finds what a site built for the root would get wrong below
// /magazine/: it can fail.
func TestSubPathScanFindsRootAddresses(t *testing.T) {
	t.Parallel()
	dist := gt.Build(t, subPathSite(t, "https://test.example/"))
	problems, _ := scanBelow(t, dist, "/magazine", "https://test.example/magazine/")
	kinds := map[string]bool{}
	for _, p := range problems {
		file, _, _ := strings.Cut(p, ":")
		if ext := path.Ext(file); ext != "" {
			file = ext[1:]
		}
		kinds[file] = true
	}
	for _, k := range []string{"html", "js", "xml", "_redirects", "_headers", "txt"} {
		if !kinds[k] {
			t.Errorf("no problem found in a .%s file of a site built for the root: %v", k, problems)
		}
	}
}

// A broken link in a story of a site below a path is reported at its
// line, as written.
func TestSubPathBrokenLinkAtItsLine(t *testing.T) {
	t.Parallel()
	files := subPathSite(t, "https://test.example/magazine/")
	files["stories/c.md"] = strings.Replace(gt.Story("8", ""), "Body of story 8.", "Body of story 8.\n\nSee [the report](/no-such-report).", 1)
	o := gt.Options(t, files)
	_, err := pipeline.Run(o)
	want := filepath.Join(o.Stories, "c.md") + ":12: broken link /no-such-report: no page or file of the site has that address"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// subPathSite is a small site with every kind of address: a story with a
// fixed path, an alias, tags, a photo and a figure, links to pages and a
// note; another with cover art; collector-mode forms.
func subPathSite(t *testing.T, baseURL string) map[string]string {
	return map[string]string{
		"site.yaml": strings.Replace(gt.Site, "baseURL: https://test.example\n", "baseURL: "+baseURL+"\n", 1),
		"stories/a.md": `---
id: 5
title: "The RBI's Pause"
introduction: "Intro of story five."
author: "Nivaran Economy Desk"
publishedAt: 2025-08-15
category: "Economic Policy"
path: /rbi-policy
aliases: [/old-rbi]
tags: ["RBI", "Rates"]
featuredImage: images/photo.png
imageAlt: "A chart"
---

See [the archive](/stories) and [story seven](/story/7), or the [feed](/feed.xml).[^1]

![Containers at a port](images/port.png "Boxes — Credit: Nivaran")

**Solution Spotlight:** Act.

[^1]: The [about page](/about), 2025.
`,
		"stories/b.md":             gt.Story("7", "tags: [\"RBI\"]\n"),
		"stories/images/photo.png": pngBytes(t, 800, 450),
		"stories/images/port.png":  pngBytes(t, 800, 450),
	}
}

// scanBelow checks every file of the site in dist for addresses outside
// base (the base path) and baseURL, returning the problems as
// "file: what" and how many references of each kind it looked at.
func scanBelow(t *testing.T, dist, base, baseURL string) (problems []string, seen map[string]int) {
	t.Helper()
	seen = map[string]int{}
	host := baseURL[:strings.Index(baseURL[len("https://"):], "/")+len("https://")]
	check := func(file, kind, ref string) {
		seen[kind]++
		ref = strings.TrimSpace(ref)
		switch {
		case strings.HasPrefix(ref, "#"), strings.HasPrefix(ref, "mailto:"), strings.HasPrefix(ref, "data:"):
		case strings.HasPrefix(ref, "//"):
			problems = append(problems, fmt.Sprintf("%s: %s %s leaves the site's scheme", file, kind, ref))
		case strings.HasPrefix(ref, "/"):
			if !strings.HasPrefix(ref, base+"/") {
				problems = append(problems, fmt.Sprintf("%s: %s %s is outside %s/", file, kind, ref, base))
			}
		case strings.HasPrefix(ref, host+"/") || ref == host:
			if !strings.HasPrefix(ref, baseURL) {
				problems = append(problems, fmt.Sprintf("%s: %s %s is outside %s", file, kind, ref, baseURL))
			}
			if strings.Contains(ref, base+base+"/") {
				problems = append(problems, fmt.Sprintf("%s: %s %s has the base path twice", file, kind, ref))
			}
		case strings.Contains(ref, "://"):
		default:
			problems = append(problems, fmt.Sprintf("%s: %s %q is relative", file, kind, ref))
		}
	}
	err := filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dist, p)
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasSuffix(rel, ".html"):
			scanHTML(rel, data, check)
		case strings.HasSuffix(rel, ".css"):
			for _, m := range cssURL.FindAllSubmatch(data, -1) {
				check(rel, "url", string(m[1]))
			}
		case strings.HasSuffix(rel, ".js"):
			for _, m := range jsImport.FindAllSubmatch(data, -1) {
				check(rel, "import", string(m[1]))
			}
			// The bundle names its own files below /assets/: any such
			// literal is a reference between them.
			for _, m := range jsAsset.FindAll(data, -1) {
				check(rel, "asset", string(m[1:len(m)-1]))
			}
		case strings.HasSuffix(rel, ".xml"):
			scanXML(rel, data, check)
		case strings.HasSuffix(rel, ".json"):
			scanJSON(rel, data, check)
		case rel == "_redirects":
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) == 3 && !strings.HasPrefix(f[0], "#") {
					check(rel, "redirect", f[0])
					check(rel, "redirect", f[1])
				}
			}
		case rel == "_headers":
			for _, line := range strings.Split(string(data), "\n") {
				if line != "" && line[0] != ' ' && line[0] != '#' {
					check(rel, "header", line)
				}
			}
		case rel == "robots.txt":
			for _, line := range strings.Split(string(data), "\n") {
				if name, v, ok := strings.Cut(line, ": "); ok && name != "User-agent" {
					check(rel, "robots", v)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(problems)
	return slices.Compact(problems), seen
}

var (
	cssURL   = regexp.MustCompile(`url\(\s*["']?([^"')]+)`)
	jsImport = regexp.MustCompile(`(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)"(\.{0,2}/[^"]*)"`) // a bundle imports by path
	jsAsset  = regexp.MustCompile(`"/assets/[^"]*"`)
)

// scanHTML checks every address a page's elements make the browser follow
// or fetch, its inline styles, and the URLs of its structured data.
func scanHTML(file string, data []byte, check func(file, kind, ref string)) {
	z := html.NewTokenizer(bytes.NewReader(data))
	inStyle, inLD := false, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.TextToken:
			switch {
			case inStyle:
				for _, m := range cssURL.FindAllSubmatch(z.Text(), -1) {
					check(file, "url", string(m[1]))
				}
			case inLD:
				scanJSON(file, z.Text(), check)
			}
		case html.EndTagToken:
			inStyle, inLD = false, false
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Key] = a.Val
			}
			inStyle = tok.Data == "style"
			inLD = tok.Data == "script" && attr["type"] == "application/ld+json"
			for _, key := range []string{"href", "src", "action", "poster", "formaction"} {
				if v, ok := attr[key]; ok {
					kind := tok.Data
					if key == "action" {
						kind = "form"
					}
					check(file, kind, v)
				}
			}
			if v, ok := attr["srcset"]; ok {
				for _, c := range strings.Split(v, ",") {
					check(file, "srcset", strings.Fields(c)[0])
				}
			}
			if tok.Data == "meta" {
				switch {
				case strings.EqualFold(attr["http-equiv"], "refresh"):
					_, to, _ := strings.Cut(attr["content"], "url=")
					check(file, "meta", to)
				case attr["property"] == "og:url", attr["property"] == "og:image", attr["name"] == "twitter:image":
					check(file, "meta", attr["content"])
				}
			}
		}
	}
}

// scanXML checks every address in a feed or sitemap: an element's text
// or an attribute that is one (namespaces aside).
func scanXML(file string, data []byte, check func(file, kind, ref string)) {
	d := xml.NewDecoder(bytes.NewReader(data))
	isRef := func(s string) bool { return strings.HasPrefix(s, "/") || strings.Contains(s, "://") }
	for {
		tok, err := d.Token()
		if err != nil {
			if err != io.EOF {
				check(file, "xml", "unreadable: "+err.Error())
			}
			return
		}
		switch x := tok.(type) {
		case xml.StartElement:
			for _, a := range x.Attr {
				if a.Name.Space != "xmlns" && a.Name.Local != "xmlns" && isRef(a.Value) {
					check(file, "xml", a.Value)
				}
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(x)); isRef(s) {
				check(file, "xml", s)
			}
		}
	}
}

// scanJSON checks the URLs in JSON (structured data, the search index):
// absolute ones must be the site's below its base URL, and a site path is
// only a search result's page (its "p"), which the browser puts below the
// base path.
func scanJSON(file string, data []byte, check func(file, kind, ref string)) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		check(file, "json", "unreadable: "+err.Error())
		return
	}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(key, e)
			}
		case string:
			if strings.Contains(x, "://") && !strings.HasPrefix(x, "https://schema.org") {
				check(file, "json", x)
			} else if strings.HasPrefix(x, "/") && key != "p" {
				check(file, "json", x)
			}
		}
	}
	walk("", v)
}
