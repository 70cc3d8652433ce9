package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
)

// The benchmarks compare with Hugo on stories of the shape: about
// 1,200 words, five categories, sixteen authors.
func TestShape(t *testing.T) {
	words := len(strings.Fields(string(Story(7))))
	if words < 1100 || words > 1350 {
		t.Errorf("story has %d words, want about 1,200", words)
	}
	cats, auth := map[string]bool{}, map[string]bool{}
	for i := range 80 {
		s := string(storyWith(i, Generated))
		if strings.Contains(s, "featuredImage") {
			t.Fatalf("story %d names a featuredImage; generated pictures need none", i)
		}
		cats[field(s, "category: ")], auth[field(s, "author: ")] = true, true
	}
	if len(cats) != 5 || len(auth) != 16 {
		t.Errorf("%d categories and %d authors, want 5 and 16", len(cats), len(auth))
	}
}

func field(s, key string) string {
	i := strings.Index(s, key)
	return s[i : i+strings.IndexByte(s[i:], '\n')]
}

// The synthetic site accepts its stories: every author and category is
// declared, so a benchmark times a build, not an error report.
func TestSiteAcceptsTheStories(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "site.yaml"), []byte(Site), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := site.LoadFiles([]string{filepath.Join(dir, "site.yaml")}, time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Pictures{External, Generated} {
		stories := filepath.Join(dir, fmt.Sprint("stories-", p))
		if err := WriteWith(stories, 40, p); err != nil {
			t.Fatal(err)
		}
		if _, diags := story.LoadDir(stories, story.Options{Categories: cfg.Categories, Authors: cfg.AuthorNames(), Location: cfg.Location}); len(diags) > 0 {
			t.Fatal(diags)
		}
	}
}
