package search_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
)

// The search page links to /category/<slug>; route names those pages. An
// external test package, so search itself never depends on route.
func TestCategorySlug(t *testing.T) {
	data, err := os.ReadFile("testdata/slugs.json") // frontend/src/search/tokens.test.ts reads it too
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		in, want := c[0], c[1]
		if got := story.Slug(in); got != want {
			t.Errorf("story.Slug(%q) = %q, want %q", in, got, want)
		}
		if got := route.CategoryPath(in); got != "/category/"+story.Slug(in) {
			t.Errorf("route.CategoryPath(%q) = %q, story.Slug = %q: category links would break", in, got, story.Slug(in))
		}
	}
}
