package generator

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading = regexp.MustCompile(`^#{1,6}\s+(.+)$`)
	notInSlug = regexp.MustCompile(`[^\p{L}\p{N}_\- ]`)
)

// TestDocsLinks: every relative link between the README and docs/ names a
// file that exists and, after #, a heading in it (GitHub's anchors: lower
// case, punctuation dropped, spaces as hyphens, repeats numbered).
func TestDocsLinks(t *testing.T) {
	docs, _ := filepath.Glob("../docs/*.md")
	checked := 0
	for _, file := range append([]string{"../README.md"}, docs...) {
		for _, target := range links(t, file) {
			checked++
			path, anchor, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), path)
			}
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: link to %s: no such file", file, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(dest, ".md") && !anchors(t, dest)[anchor] {
				t.Errorf("%s: link to %s: %s has no heading with that anchor", file, target, dest)
			}
		}
	}
	if len(docs) == 0 || checked < 10 {
		t.Errorf("found %d docs and %d links: the README links to docs/", len(docs), checked)
	}
}

// links are the relative link targets of a Markdown file, code blocks aside.
func links(t *testing.T, file string) []string {
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(withoutCode(t, file), -1) {
		if !strings.Contains(m[1], "://") && !strings.HasPrefix(m[1], "mailto:") {
			out = append(out, m[1])
		}
	}
	return out
}

func anchors(t *testing.T, file string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(withoutCode(t, file), "\n") {
		m := mdHeading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		slug := strings.ReplaceAll(notInSlug.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), ""), " ", "-")
		a := slug
		for i := 1; out[a]; i++ {
			a = fmt.Sprintf("%s-%d", slug, i)
		}
		out[a] = true
	}
	return out
}

// withoutCode is a Markdown file with its fenced code blocks left out: a
// fence closes only at a line of at least as many backquotes as opened it.
func withoutCode(t *testing.T, file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	open := ""
	for _, line := range strings.Split(string(b), "\n") {
		ticks := line[:len(line)-len(strings.TrimLeft(line, "`"))]
		switch {
		case open == "" && len(ticks) >= 3:
			open = ticks
		case open != "" && len(ticks) >= len(open) && strings.TrimSpace(line) == ticks:
			open = ""
		case open == "":
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
