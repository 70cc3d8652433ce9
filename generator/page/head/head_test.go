package head

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

func cfg() *site.Config {
	return &site.Config{Name: "Nivaran", Tagline: "A Solutions-Focused Business & Economy Magazine", Description: "News That Solves.",
		BaseURL: "https://nivaran.example", Language: "en-IN"}
}

func lib() *media.Library {
	l := media.NewLibrary()
	l.Add(5, media.Image{Src: "/images/cover/5-aaaa-1200.jpg", Srcset: "x", Width: 1200, Height: 630, Alt: "Illustration"},
		media.Image{Src: "/images/social/5-bbbb.jpg", Width: 1200, Height: 630, Alt: "Nivaran Magazine: RBI Holds the Repo Rate"})
	l.SetSite(media.Image{Src: "/images/social/0-cccc.jpg", Width: 1200, Height: 630, Alt: "Nivaran Magazine"})
	return l
}

func sample() *story.Story {
	d, _ := story.ParseDate("2025-08-12")
	return &story.Story{
		ID: 5, Title: "RBI Holds the Repo Rate", Path: "/rbi-policy", Author: "Nivaran Economy Desk",
		Introduction: strings.Repeat("The Monetary Policy Committee kept rates unchanged. ", 4),
		PublishedAt:  d, Category: "Economic Policy", FeaturedImage: "generated", Tags: []string{"RBI", "Rates"}, Layout: "story",
	}
}

func TestStoryHeadGolden(t *testing.T) {
	s := sample()
	golden(t, "story.html", For(cfg(), lib(), route.Route{Path: "/story/5", Kind: route.Story, Story: s, Canonical: "/rbi-policy"}).HTML())
}

func TestHandWrittenMetaGolden(t *testing.T) {
	s := sample()
	s.MetaTitle, s.MetaDescription, s.MetaTags = "$1B India Deep Tech Alliance Launches", "A hand-written description.", []string{"deep tech", "venture capital"}
	s.Author, s.Layout = "Ira Venkataraman", "energy"
	golden(t, "story-meta.html", For(cfg(), lib(), route.Route{Path: "/rbi-policy", Kind: route.Story, Story: s, Canonical: "/rbi-policy"}).HTML())
}

func TestHomeHeadGolden(t *testing.T) {
	golden(t, "home.html", For(cfg(), lib(), route.Route{Path: "/", Kind: route.Home, Canonical: "/"}).HTML())
}

func TestDescribe(t *testing.T) {
	short := "Short introduction."
	if Describe(short) != short {
		t.Error("short text must stay whole")
	}
	long := strings.Repeat("abcdefghij", 20)
	if got := Describe(long); got != long[:155]+"..." {
		t.Errorf("got %q", got)
	}
	exact := strings.Repeat("a", 155)
	if Describe(exact) != exact {
		t.Error("155 characters fit without an ellipsis")
	}
}

func TestJSONLDCannotCloseScript(t *testing.T) {
	s := sample()
	s.Title = `</script><script>alert("x")</script>`
	html := For(cfg(), lib(), route.Route{Path: "/rbi-policy", Kind: route.Story, Story: s, Canonical: "/rbi-policy"}).HTML()
	if strings.Contains(html, "<script>alert") || strings.Count(html, "</script>") != 1 {
		t.Fatalf("unsafe head:\n%s", html)
	}
	ld := html[strings.Index(html, `json">`)+6 : strings.LastIndex(html, "</script>")]
	var v struct{ Headline string }
	if err := json.Unmarshal([]byte(ld), &v); err != nil || v.Headline != s.Title {
		t.Fatalf("JSON-LD does not round-trip: %v %q", err, v.Headline)
	}
	if !strings.Contains(html, `content="&lt;/script&gt;&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"`) {
		t.Error("attribute not escaped")
	}
}

// Every page, listed or not, describes itself: search engines and Lighthouse's
// SEO audit read the description of noindex pages too.
func TestEveryPageHasDescription(t *testing.T) {
	for _, k := range []route.Kind{route.About, route.Privacy, route.Portal, route.Thanks, route.Search, route.NotFound} {
		h := For(cfg(), lib(), route.Route{Path: "/x", Kind: k, Canonical: "/x"})
		if !strings.Contains(h.HTML(), `name="description" content="`) {
			t.Errorf("%s page has no description:\n%s", k, h.HTML())
		}
	}
}

// The builder is sized once: size is exact when nothing needs escaping, with
// 64 bytes to spare.
func TestSizeFitsTheHead(t *testing.T) {
	h := Head{Title: "RBI & the repo rate", Elements: []Element{{"meta", [][2]string{{"name", "description"}, {"content", "A \"quoted\" <word>"}}}}, JSONLD: []json.RawMessage{json.RawMessage(`{"@type":"NewsArticle"}`)}}
	plain := Head{Title: "RBI holds", Elements: []Element{{"meta", [][2]string{{"name", "description"}, {"content", "plain"}}}}, JSONLD: h.JSONLD}
	if got, want := len(plain.HTML()), plain.size()-64; got != want {
		t.Errorf("plain head: %d bytes, size says %d", got, want)
	}
	if got := len(h.HTML()); got > h.size() {
		t.Errorf("a head with escapes: %d bytes, more than size's %d", got, h.size())
	}
}

// A desk's byline is an Organization to search engines, in the story's data
// and on its author page; a person's stays a Person.
func TestDeskBylineIsAnOrganization(t *testing.T) {
	c := cfg()
	c.Authors = []site.Author{{Name: "Nivaran Economy Desk", Role: "Desk byline", Organization: true}, {Name: "Ira Venkataraman", Role: "Columnist"}}
	s := sample()
	for author, want := range map[string]string{
		"Nivaran Economy Desk": `{"@type":"Organization","name":"Nivaran Economy Desk","url":"https://nivaran.example/author/nivaran-economy-desk/"}`,
		"Ira Venkataraman":     `{"@type":"Person","name":"Ira Venkataraman","url":"https://nivaran.example/author/ira-venkataraman/"}`,
	} {
		s.Author = author
		if page := For(c, lib(), route.Route{Path: "/rbi-policy", Kind: route.Story, Story: s, Canonical: "/rbi-policy"}).HTML(); !strings.Contains(page, want) {
			t.Errorf("want %s in\n%s", want, page)
		}
	}
	desk := &route.List{Kind: route.Author, Name: "Nivaran Economy Desk", Base: "/author/nivaran-economy-desk", Page: 1, Pages: 1, Stories: []*story.Story{s}}
	page := For(c, lib(), route.Route{Path: desk.Base, Kind: route.Listing, List: desk, Canonical: desk.Base}).HTML()
	if !strings.Contains(page, `"@type":"Organization","name":"Nivaran Economy Desk"`) || !strings.Contains(page, `"parentOrganization":{"@type":"NewsMediaOrganization"`) ||
		strings.Contains(page, "jobTitle") || strings.Contains(page, "worksFor") {
		t.Errorf("the desk's author page:\n%s", page)
	}
}

// No two listing pages share a title or a description: a tag's page is not
// its namesake category's, and page 2 is not page 1.
func TestListingTitlesAndDescriptionsDiffer(t *testing.T) {
	s := sample()
	seen := map[string]string{}
	for _, l := range []*route.List{
		{Kind: route.Category, Name: "Economic Resilience", Base: "/category/economic-resilience", Page: 1, Pages: 1},
		{Kind: route.Tag, Name: "Economic Resilience", Base: "/tag/economic-resilience", Page: 1, Pages: 1},
		{Kind: route.Archive, Base: "/stories", Page: 1, Pages: 3},
		{Kind: route.Archive, Base: "/stories", Page: 2, Pages: 3},
	} {
		l.Stories = []*story.Story{s}
		path := route.PagePath(l.Base, l.Page)
		h := For(cfg(), lib(), route.Route{Path: path, Kind: route.Listing, List: l, Canonical: path})
		desc := regexp.MustCompile(`name="description" content="([^"]*)"`).FindStringSubmatch(h.HTML())[1]
		for _, v := range []string{h.Title, desc} {
			if other, ok := seen[v]; ok {
				t.Errorf("%s and %s share %q", other, path, v)
			}
			seen[v] = path
		}
	}
	if seen["Topic: Economic Resilience | Nivaran Magazine"] != "/tag/economic-resilience" {
		t.Errorf("titles: %v", seen)
	}
}
