package linkcheck

import (
	"slices"
	"strings"
	"testing"
)

func TestCheckFixture(t *testing.T) {
	problems, err := Check("testdata/site", "https://nivaran.example")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		"about/index.html: broken link team",
		"index.html: broken link /favicon.svg",
		"index.html: broken link https://nivaran.example/images/missing.jpg",
		"index.html: link /about should be /about/ (pages are served at their folder's address)",
		"index.html: broken link /missing",
		"index.html: broken link https://nivaran.example/gone",
		"index.html: broken link /images/b.jpg",
		"rbi-policy.html: broken link /images/broken%20name.jpg",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCheckMissingFolder(t *testing.T) {
	if _, err := Check("testdata/no-such-site", "https://nivaran.example"); err == nil {
		t.Error("no error for a missing folder")
	}
}

func TestCheckFiles(t *testing.T) {
	files := map[string][]byte{
		"index.html":            []byte(`<a href="/a/">a</a><a href="/a?x=1">a, no slash</a>`),
		"a/index.html":          []byte(`<a href="/">home</a>`),
		"docs/guide/index.html": []byte(`<base href="/docs/"><a href="guide/">ok</a><a href="faq">missing</a>`),
		"sub/x.html": []byte(`<link rel="modulepreload" href="/assets/chunk.js">` +
			`<link rel="dns-prefetch" href="/not-checked">` +
			`<script src="/assets/app.js"></script>`),
		"assets/app.js": nil,
	}
	got := CheckFiles(files, "https://nivaran.example")
	want := []Problem{
		{Page: "docs/guide/index.html", Href: "faq"},
		{Page: "index.html", Href: "/a?x=1", Want: "/a/?x=1"},
		{Page: "sub/x.html", Href: "/assets/chunk.js"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// A page in parts is checked as the page they make: a <base> in one part
// applies to the links of the next, and each broken link is reported once.
func TestCheckerPagesInParts(t *testing.T) {
	c := NewChecker([]string{"index.html", "docs/a/index.html"}, "")
	got := c.Check(map[string][][]byte{"index.html": {
		[]byte(`<head><base href="/docs/"><style>`), []byte(`a>b{}`), []byte(`</style></head><body>`),
		[]byte(`<a href="a/">ok</a><a href="b/">gone</a>`), nil, []byte(`<a href="b/">again</a></body>`),
	}})
	if want := []Problem{{Page: "index.html", Href: "b/"}}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// The scanner reads links in the page's bytes without copying them; what
// a check reports is its own, whatever becomes of those bytes after it.
func TestProblemsOutliveThePage(t *testing.T) {
	c := NewChecker([]string{"index.html", "about/index.html"}, "")
	page := []byte(`<a href="/about">about</a><img src="/gone.jpg" srcset="/gone-480.jpg 480w">`)
	got := c.Check(map[string][][]byte{"index.html": {page}})
	for i := range page {
		page[i] = 'x'
	}
	want := []Problem{{Page: "index.html", Href: "/about", Want: "/about/"},
		{Page: "index.html", Href: "/gone.jpg"}, {Page: "index.html", Href: "/gone-480.jpg"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// A site served below /mag/ links its pages and files there: a path of the
// host outside it (a link that forgot the base path) is broken; an absolute
// URL of the host outside it is another site's.
func TestSiteBelowTheRoot(t *testing.T) {
	files := map[string][]byte{
		"index.html": []byte(`<a href="https://host.example/mag/about/">in</a>` +
			`<a href="https://host.example/mag/gone">in, missing</a>` +
			`<a href="https://host.example/other/x">same host, another site</a>` +
			`<a href="/mag/about/">in</a><a href="/mag/">home</a><a href="about/">relative</a>` +
			`<img src="/mag/images/a.jpg" srcset="/mag/images/a.jpg 1x, /images/a.jpg 2x">` +
			`<a href="/about/">escapes the site</a><a href="/mag/about">no slash</a><a href="/mag">the site without its slash</a>`),
		"about/index.html": []byte(`<a href="../">up</a><a href="/mag/story/">gone</a>`),
		"images/a.jpg":     nil,
	}
	got := CheckFiles(files, "https://host.example/mag/")
	want := []Problem{
		{Page: "about/index.html", Href: "/mag/story/"},
		{Page: "index.html", Href: "https://host.example/mag/gone"},
		{Page: "index.html", Href: "/images/a.jpg"},
		{Page: "index.html", Href: "/about/"},
		{Page: "index.html", Href: "/mag/about", Want: "/mag/about/"},
		{Page: "index.html", Href: "/mag", Want: "/mag/"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestWithoutBaseURLAbsoluteLinksAreExternal(t *testing.T) {
	files := map[string][]byte{"index.html": []byte(`<a href="https://nivaran.example/gone">x</a><a href="/gone">y</a>`)}
	got := CheckFiles(files, "")
	if want := []Problem{{Page: "index.html", Href: "/gone"}}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSrcset(t *testing.T) {
	for in, want := range map[string][]string{
		"a.jpg":                    {"a.jpg"},
		"a.jpg 1x, b.jpg 2x":       {"a.jpg", "b.jpg"},
		" a.jpg 600w,b.jpg 1200w ": {"a.jpg", "b.jpg"},
		"a.jpg, b.jpg":             {"a.jpg", "b.jpg"},
		// A comma inside a URL belongs to it, as browsers parse srcset.
		"a.jpg,b.jpg 2x":                 {"a.jpg,b.jpg"},
		"/img/x,y.jpg 1x, /img/z.jpg 2x": {"/img/x,y.jpg", "/img/z.jpg"},
		"":                               nil,
	} {
		if got := srcset(in); !slices.Equal(got, want) {
			t.Errorf("srcset(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPageURL(t *testing.T) {
	for file, want := range map[string]string{
		"index.html":         "/",
		"about/index.html":   "/about/",
		"story/5/index.html": "/story/5/",
		"404.html":           "/404",
		"rbi-policy.html":    "/rbi-policy",
	} {
		if got := pageURL(file); got != want {
			t.Errorf("pageURL(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestInlinePageDataIsNotChecked(t *testing.T) {
	files := map[string][]byte{
		"index.html": []byte(`<a href="/a">a</a><script type="application/json" id="page-data">{"html":"<a href=\"/nowhere\">x</a>"}</script><a href="/b">b</a>`),
		"a.html":     nil,
	}
	got := CheckFiles(files, "")
	if len(got) != 1 || got[0].Href != "/b" {
		t.Fatalf("want only /b (after the data) reported, got %v", got)
	}
}
