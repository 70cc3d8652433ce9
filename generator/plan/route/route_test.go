package route

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/story"
)

func TestTable(t *testing.T) {
	stories := []*story.Story{
		{File: "b.md", ID: 7, Aliases: []string{"/old"}},
		{File: "a.md", ID: 5, Path: "/rbi-policy"},
	}
	routes, diags := Table(stories, 12)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range routes {
		if r.Kind != Listing {
			arrow := "->"
			if r.Moved() {
				arrow = "=>" // redirects there
			}
			got = append(got, r.Path+arrow+r.Canonical)
		}
	}
	want := "/->/ /about->/about /privacy-policy->/privacy-policy /portal->/portal /thank-you->/thank-you /search->/search /404->/404 /story/404.html->/story/404.html " +
		"/rbi-policy->/rbi-policy /story/5->/rbi-policy /story/7->/story/7 /old=>/story/7"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	routes = routes[len(routes)-4:]
	if routes[1].Indexable() || !routes[0].Indexable() || !routes[2].Indexable() || routes[3].Indexable() {
		t.Error("only canonical, found pages go into the sitemap")
	}
}

func TestReservedPaths(t *testing.T) {
	_, diags := Table([]*story.Story{
		{File: "a.md", ID: 1, Path: "/about"},
		{File: "b.md", ID: 2, Path: "/story/9"},
		{File: "d.md", ID: 4, Path: "/story/4"},
		{File: "e.md", ID: 5, Path: "/five", Aliases: []string{"/Five"}},
		{File: "f.md", ID: 6, Aliases: []string{"/six", "/Six"}},
		{File: "c.md", ID: 3, Path: "/sitemap.xml", Aliases: []string{"/index.html", "/assets/app", "/images", "/stories/page/9", "/Category/x", "/feed.xml", "/404", "/story"}},
	}, 12)
	want := `a.md:1: path: /about is already used by the about page
b.md:1: path: /story/9 is reserved: /story/<id> is each story's own address (this story's is /story/2)
c.md:1: path: /sitemap.xml looks like a file name: a page's path has no dots (the site's own files, such as /sitemap.xml and /feed.xml, have them)
c.md:1: aliases: /index.html looks like a file name: a page's path has no dots (the site's own files, such as /sitemap.xml and /feed.xml, have them)
c.md:1: aliases: /assets/app is reserved: /assets belongs to the site's own pages and files
c.md:1: aliases: /images is reserved: /images belongs to the site's own pages and files
c.md:1: aliases: /stories/page/9 is reserved: /stories belongs to the site's own pages and files
c.md:1: aliases: /Category/x is reserved: /category belongs to the site's own pages and files
c.md:1: aliases: /feed.xml looks like a file name: a page's path has no dots (the site's own files, such as /sitemap.xml and /feed.xml, have them)
c.md:1: aliases: /404 is already used by the site's "page not found" page
c.md:1: aliases: /story is reserved: /story belongs to the site's own pages and files
d.md:1: path: /story/4 is this story's own /story/<id> address already: leave it out
e.md:1: aliases: /Five is this story's path already: leave it out
f.md:1: aliases: /Six is listed twice: leave it out`
	if got := diags.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A story cannot take over another's address, whichever way round.
func TestNoStoryTakesAnothersURL(t *testing.T) {
	old, now := time.Date(2025, 8, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)
	routes, diags := Table([]*story.Story{
		{File: "one.md", ID: 1, FileTime: now, Path: "/rbi"},
		{File: "big.md", ID: 9001, FileTime: old, Path: "/story/1"},
		{File: "two.md", ID: 2, FileTime: now, Aliases: []string{"/RBI"}},
		{File: "three.md", ID: 3, FileTime: old, Aliases: []string{"/rbi"}},
	}, 12)
	want := `big.md:1: path: /story/1 is reserved: /story/<id> is each story's own address (this story's is /story/9001)
one.md:1: path: /rbi is already used by three.md
two.md:1: aliases: /RBI is already used by three.md`
	if got := diags.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, r := range routes {
		if r.Path == "/story/1" && r.Story.ID != 1 {
			t.Error("/story/1 shows another story")
		}
	}
}

func TestFiles(t *testing.T) {
	for in, want := range map[string]string{"/": "index.html", "/404": "404.html", "/rbi-policy": "rbi-policy/index.html", "/story/5": "story/5/index.html"} {
		if got := File(in); got != want {
			t.Errorf("File(%q) = %q", in, got)
		}
	}
}

func TestListings(t *testing.T) {
	var stories []*story.Story
	for i := 1; i <= 5; i++ {
		d, _ := story.ParseDate("2025-08-1" + string(rune('0'+i)))
		cat := "Trade Strategy"
		if i%2 == 0 {
			cat = "Energy & Environment"
		}
		tags := []string{"RBI"}
		if i == 2 {
			tags = []string{"rbi", "Rbi"} // one tag, written three ways; the story counts once
		}
		stories = append(stories, &story.Story{File: "s.md", ID: i, PublishedAt: d, Category: cat, Author: "Ira Venkataraman", Tags: tags})
	}
	routes, diags := Table(stories, 2)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	lists := map[string]*List{}
	for _, r := range routes {
		if r.Kind == Listing {
			lists[r.Path] = r.List
		}
	}
	var ids []int
	for _, s := range lists["/stories"].Stories {
		ids = append(ids, s.ID)
	}
	if len(ids) != 2 || ids[0] != 5 || ids[1] != 4 {
		t.Errorf("archive page 1 should be newest first: %v", ids)
	}
	if l := lists["/stories/page/3"]; l == nil || l.Page != 3 || l.Pages != 3 || len(l.Stories) != 1 || l.Stories[0].ID != 1 {
		t.Errorf("archive page 3: %+v", l)
	}
	if l := lists["/category/energy-environment"]; l == nil || l.Name != "Energy & Environment" || len(l.Stories) != 2 {
		t.Errorf("category page: %+v", l)
	}
	if _, ok := lists["/category/trade-strategy/page/2"]; !ok {
		t.Error("category pagination")
	}
	if _, ok := lists["/author/ira-venkataraman/page/3"]; !ok {
		t.Error("author pages")
	}
	if l := lists["/tag/rbi/page/3"]; l == nil || l.Kind != Tag || l.Name != "RBI" || l.Pages != 3 || len(l.Stories) != 1 || l.Stories[0].ID != 1 {
		t.Errorf("tag pages, paginated, named by the most used spelling: %+v", l)
	}
	if len(lists["/tag/rbi"].Stories) != 2 || lists["/tag/rbi"].Stories[1].ID != 4 {
		t.Error("a story tagged twice the same way is listed once")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Energy & Environment": "energy-environment", "ESG & Sustainable Growth": "esg-sustainable-growth", "Technology": "technology", " Policy & Reform ": "policy-reform"} {
		if got := story.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q", in, got)
		}
	}
}

// The cases frontend/src/navigation.test.ts runs against pageURL too.
func TestURLSharedCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/urls.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct{ Cases [][2]string }
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	for _, c := range vectors.Cases {
		if got := URL(c[0]); got != c[1] {
			t.Errorf("URL(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestDedicatedLayoutOnlyAtCanonicalPath(t *testing.T) {
	routes, diags := Table([]*story.Story{{File: "e.md", ID: 11, Path: "/energy", Aliases: []string{"/energy-long"}, Layout: "energy"}}, 12)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, r := range routes {
		if r.Kind == Story {
			got = append(got, r.Path+":"+r.Layout())
			if r.Moved() {
				t.Errorf("%s shows the generic page, not the dedicated one: it must not redirect there", r.Path)
			}
		}
	}
	if want := "/energy:energy /story/11:story /energy-long:story"; strings.Join(got, " ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, " "), want)
	}
	if (Route{Path: "/", Kind: Home, Canonical: "/"}).Layout() != "" {
		t.Error("only story routes have a layout")
	}
}

// Owner speaks of a story not written yet, which has no id.
func TestOwnerOfAStoryAddress(t *testing.T) {
	if got, want := Owner("/story/5"), "the site (it is reserved: /story/<id> is each story's own address)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := Owner("/about"); !strings.Contains(got, "page") {
		t.Errorf("/about: %q", got)
	}
	if got := Owner("/rbi-policy"); got != "" {
		t.Errorf("/rbi-policy: %q", got)
	}
}

// A path loading refused is not claimed again: one problem, at loading.
func TestRefusedPathIsNotClaimed(t *testing.T) {
	if _, diags := Table([]*story.Story{{File: "a.md", ID: 1, Path: "/", Aliases: []string{"/x/"}}}, 12); len(diags) != 0 {
		t.Errorf("got %v", diags.Error())
	}
}
