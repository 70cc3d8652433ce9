package search_test

import (
	"testing"

	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/story"
)

// The search page links to /category/<slug>; route names those pages. An
// external test package, so search itself never depends on route.
func TestCategorySlug(t *testing.T) {
	for in, want := range map[string]string{
		"Energy & Environment":                "energy-environment",
		"Technology & Digital Transformation": "technology-digital-transformation",
		"ESG & Sustainable Growth":            "esg-sustainable-growth",
		"Economic Policy":                     "economic-policy",
		"  Policy / Reform  ":                 "policy-reform",
		"Technology":                          "technology",
		"R&D 2025":                            "r-d-2025",
		"Ünïcode Café":                        "ünïcode-café",
		"--":                                  "",
	} {
		if got := story.Slug(in); got != want {
			t.Errorf("story.Slug(%q) = %q, want %q", in, got, want)
		}
		if got := route.CategoryPath(in); got != "/category/"+story.Slug(in) {
			t.Errorf("route.CategoryPath(%q) = %q, story.Slug = %q: category links would break", in, got, story.Slug(in))
		}
	}
}
