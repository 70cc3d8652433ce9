package story

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/site"
)

// TestReadmeStoryExample: the story in the README, the first one an editor
// copies, parses against the magazine's own site.yaml without a problem,
// and so does each alternative its comments offer ("# or authors: […]").
func TestReadmeStoryExample(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(readme), "\n```markdown\n---\n")
	example, _, ok2 := strings.Cut(rest, "\n```\n")
	if !ok || !ok2 {
		t.Fatal("README.md has no ```markdown block that starts with front matter")
	}
	example = "---\n" + example + "\n"
	cfg, err := site.Load("../../../site.yaml", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Categories: cfg.Categories, Authors: cfg.AuthorNames(), Location: cfg.Location}

	// Problems are reported at the README's own lines.
	offset := strings.Count(before, "\n") + 2 // the example's ---, its line 1, is README line offset+1
	parse := func(src string) (*Story, string) {
		s, diags := Parse("README.md", []byte(src), opt)
		for i := range diags {
			diags[i].Line += offset
		}
		return s, diags.Error()
	}
	s, problems := parse(example)
	if problems != "" {
		t.Fatalf("the README's story has problems:\n%s", problems)
	}
	if s.Title == "" || !s.Draft || len(s.Corrections) == 0 || !s.Body.Spotlight {
		t.Errorf("the README's story lost what it shows: title %q, draft %v, %d corrections, spotlight %v",
			s.Title, s.Draft, len(s.Corrections), s.Body.Spotlight)
	}
	if !slices.ContainsFunc(s.Body.Blocks, func(b markdown.Block) bool { return b.Type == "h2" }) {
		t.Error("the README's story has no bold-paragraph subheading")
	}

	lines := strings.Split(example, "\n")
	alternatives := 0
	for i, line := range lines {
		_, alt, ok := strings.Cut(line, "# or ")
		if !ok {
			continue
		}
		key, _, _ := strings.Cut(line, ":")
		label, value, ok := strings.Cut(alt, ": ")
		if !ok {
			t.Errorf("README.md: the alternative %q is not \"key: value\" or \"what: value\"", alt)
			continue
		}
		if slices.Contains(Keys(), label) {
			key = label // another key in place of this one
		}
		variant := slices.Clone(lines)
		variant[i] = key + ": " + strings.TrimSpace(value)
		if _, problems := parse(strings.Join(variant, "\n")); problems != "" {
			t.Errorf("the README's story with %q:\n%s", variant[i], problems)
		}
		alternatives++
	}
	if alternatives == 0 {
		t.Error("the README's story offers no alternatives in its comments (# or …); this test expects some")
	}
}
