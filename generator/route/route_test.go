package route

import (
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/story"
)

func TestTable(t *testing.T) {
	stories := []*story.Story{
		{File: "b.md", ID: 7, Aliases: []string{"/old"}},
		{File: "a.md", ID: 5, Path: "/rbi-policy"},
	}
	routes, diags := Table(stories)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range routes {
		got = append(got, r.Path+"->"+r.Canonical)
	}
	want := "/->/ /about->/about /privacy-policy->/privacy-policy /portal->/portal /404->/404 " +
		"/rbi-policy->/rbi-policy /story/5->/rbi-policy /story/7->/story/7 /old->/story/7"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	if routes[6].Indexable() || !routes[5].Indexable() || routes[4].Indexable() {
		t.Error("only canonical, found pages go into the sitemap")
	}
}

func TestReservedPaths(t *testing.T) {
	_, diags := Table([]*story.Story{
		{File: "a.md", ID: 1, Path: "/about"},
		{File: "b.md", ID: 2, Path: "/story/9"},
	})
	got := diags.Error()
	for _, want := range []string{"a.md:1: path /about is already used by the about page", "b.md:1: path /story/9: /story/ paths are reserved for story ids"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestFiles(t *testing.T) {
	for in, want := range map[string]string{"/": "index.html", "/404": "404.html", "/rbi-policy": "rbi-policy/index.html", "/story/5": "story/5/index.html"} {
		if got := File(in); got != want {
			t.Errorf("File(%q) = %q", in, got)
		}
	}
	if DataFile("/") != "_data/index.json" || DataFile("/story/5") != "_data/story/5.json" {
		t.Error("DataFile")
	}
}
