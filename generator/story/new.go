package story

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Slug makes a URL segment or file name: "Energy & Environment" -> "energy-environment".
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

var idLine = regexp.MustCompile(`(?m)^id:\s*(\d+)\s*$`)

// NextID is one above the highest id in dir's story files. It reads the id
// line directly, so even a file with other mistakes keeps its id taken.
func NextID(dir string) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return 0, err
	}
	highest := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		for _, m := range idLine.FindAllSubmatch(src, -1) {
			if n, err := strconv.Atoi(string(m[1])); err == nil && n > highest {
				highest = n
			}
		}
	}
	return highest + 1, nil
}

// Draft is what `magazine new` needs to start a story.
type Draft struct {
	Title      string
	Category   string
	Path       string // optional fixed path
	Author     string
	Categories []string // the site's, to check Category against
	Now        time.Time
}

// New writes dir/<slug>.md for a new story and returns its path. It never
// overwrites a file.
func New(dir string, d Draft) (string, error) {
	title := strings.TrimSpace(d.Title)
	slug := Slug(title)
	if slug == "" {
		return "", errors.New("the title needs at least one letter or digit")
	}
	if !slices.Contains(d.Categories, d.Category) {
		return "", fmt.Errorf("category %q is not one of the site's categories: %s", d.Category, strings.Join(d.Categories, ", "))
	}
	if d.Path != "" {
		if err := checkPath(d.Path); err != nil {
			return "", fmt.Errorf("--path: %v", err)
		}
	}
	id, err := NextID(dir)
	if err != nil {
		return "", err
	}
	file := filepath.Join(dir, slug+".md")
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: %d\ntitle: %s\nintroduction: %s\nauthor: %s\npublishedAt: %s\ncategory: %s\n",
		id, quote(title), quote("One to three sentences that tell the reader what this story is and why it matters."),
		quote(d.Author), d.Now.Format("2006-01-02"), quote(d.Category))
	if d.Path != "" {
		fmt.Fprintf(&b, "path: %s\n", d.Path)
	}
	b.WriteString("tags: []\nfeaturedImage: generated\n---\n\n")
	b.WriteString("Open with the problem: who is affected, how much, and since when. Attribute every figure to its source.\n\n")
	b.WriteString("**What Is Working**\n\nShow the policy, firm or place that is already solving it, with evidence.\n\n")
	b.WriteString("**Solution Spotlight:** End with practical advice for one named reader: what to do this week, this quarter, this year.\n")
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("%s already exists; choose another title or edit that file", file)
	}
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		os.Remove(file)
		return "", err
	}
	return file, f.Close()
}

func quote(s string) string { return strconv.Quote(s) }
