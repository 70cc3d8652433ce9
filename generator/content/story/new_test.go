package story

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNew(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte(good), 0o644) // id 5
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("---\nid: 106\ntitel: broken\n---\n"), 0o644)
	d := Starter{Title: "India's Next Export Push: 5 Ideas", Category: "International Trade", Author: "Nivaran Economy Desk",
		Categories: opt.Categories, Now: time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC), Path: "/export-push"}
	file, err := New(dir, d)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(file) != "indias-next-export-push-5-ideas.md" {
		t.Errorf("file %s", file)
	}
	src, _ := os.ReadFile(file)
	// Every placeholder sentence is an error at its line until replaced.
	s, diags := Parse(file, src, opt)
	want := []string{
		file + `:4: "One to three sentences that tell …" is magazine new's placeholder: replace it with the story's own words (or keep draft: true until then)`,
		file + `:13: "Open with the problem: who is …" is magazine new's placeholder: replace it with the story's own words (or keep draft: true until then)`,
		file + `:17: "Show the policy, firm or place …" is magazine new's placeholder: replace it with the story's own words (or keep draft: true until then)`,
		file + `:19: "End with practical advice for one …" is magazine new's placeholder: replace it with the story's own words (or keep draft: true until then)`,
	}
	diags.Sort()
	if diags.Error() != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s\n%s", diags.Error(), strings.Join(want, "\n"), src)
	}
	// Replaced, the story validates.
	replaced := string(src)
	for _, p := range []string{Placeholders.Introduction, Placeholders.Opening, Placeholders.Evidence, Placeholders.Spotlight} {
		replaced = strings.Replace(replaced, p, "Our own words.", 1)
	}
	if s, diags = Parse(file, []byte(replaced), opt); len(diags) != 0 {
		t.Fatalf("the new story does not validate once written:\n%v", diags.Error())
	}
	if s.ID != 107 || s.PublishedAt.ISO() != "2025-09-04" || s.Path != "/export-push" || !s.Body.Spotlight {
		t.Errorf("new story: id %d date %s path %s spotlight %v", s.ID, s.PublishedAt.ISO(), s.Path, s.Body.Spotlight)
	}
	if _, err := New(dir, d); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("must refuse to overwrite, got %v", err)
	}
	if after, _ := os.ReadFile(file); string(after) != string(src) {
		t.Error("file changed")
	}
	d.Title, d.Category = "Another", "Gardening"
	if _, err := New(dir, d); err == nil || !strings.Contains(err.Error(), `category "Gardening"`) {
		t.Errorf("bad category: %v", err)
	}
}

// Without --path a new story gets a fixed path made from its title; a
// path another story or a screen holds is refused, naming the holder.
func TestNewGivesAFixedPathFromTheTitle(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte(good), 0o644) // path /rbi-policy
	owner := func(p string) string {
		if p == "/about" {
			return "the about page"
		}
		return ""
	}
	d := Starter{Title: "GST Reforms: What Changes for MSMEs", Category: "International Trade", Author: "Nivaran Economy Desk",
		Categories: opt.Categories, Now: time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC), Owner: owner, Draft: true}
	file, err := New(dir, d)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(file)
	s, diags := Parse(file, src, opt)
	if len(diags) != 0 || s.Path != "/gst-reforms-what-changes-for-msmes" || !s.Draft {
		t.Fatalf("path %q, draft %v, %v", s.Path, s.Draft, diags)
	}
	for title, want := range map[string]string{
		"RBI Policy": "the path made from the title: /rbi-policy is already used by " + filepath.Join(dir, "a.md") + "; give another with --path",
		"About":      "the path made from the title: /about is already used by the about page; give another with --path",
	} {
		d.Title = title
		if _, err := New(dir, d); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", title, err, want)
		}
	}
	d.Title, d.Path = "RBI Policy", "/rbi-policy-2025"
	if _, err := New(dir, d); err != nil {
		t.Errorf("--path overrides the title's path: %v", err)
	}
	// Aliases count too, written as a block list as well as in brackets.
	os.WriteFile(filepath.Join(dir, "b.md"), []byte(strings.Replace(good, "id: 5", "id: 50", 1)+"\n"), 0o644)
	b, _ := os.ReadFile(filepath.Join(dir, "b.md"))
	os.WriteFile(filepath.Join(dir, "b.md"), []byte(strings.Replace(string(b), "path: /rbi-policy", "path: /rbi-policy-b\naliases:\n  - /repo-rate\n  - \"/old-rbi\"", 1)), 0o644)
	d.Title, d.Path = "Repo Rate Watch", "/old-rbi"
	if _, err := New(dir, d); err == nil || !strings.Contains(err.Error(), "/old-rbi is already used by "+filepath.Join(dir, "b.md")) {
		t.Errorf("an alias in a block list: %v", err)
	}
	// Also in a file saved on Windows, with a byte-order mark.
	b, _ = os.ReadFile(filepath.Join(dir, "b.md"))
	os.WriteFile(filepath.Join(dir, "b.md"), append([]byte("\xef\xbb\xbf"), bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))...), 0o644)
	if _, err := New(dir, d); err == nil || !strings.Contains(err.Error(), "/old-rbi is already used by "+filepath.Join(dir, "b.md")) {
		t.Errorf("an alias in a block list, CRLF and BOM: %v", err)
	}
}

// A title's apostrophes join their word, and a long title's path is cut
// at a word to at most MaxNewPath characters.
func TestNewPathFromALongTitle(t *testing.T) {
	dir := t.TempDir()
	d := Starter{Title: "India's Fiscal Arithmetic: What the GST Cuts Cost the States and the Centre",
		Category: "International Trade", Author: "Nivaran Economy Desk", Categories: opt.Categories, Now: time.Now()}
	file, err := New(dir, d)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(file)
	const want = "/indias-fiscal-arithmetic-what-the-gst-cuts-cost"
	if filepath.Base(file) != want[1:]+".md" || !strings.Contains(string(src), "\npath: "+want+"\n") || len(want) > MaxNewPath {
		t.Errorf("file %s, path line in:\n%s", file, src)
	}
	for in, want := range map[string]string{"abc-d": "abc-d", "abc-def": "abc", "abcdefgh": "abcde", "ab-cdefgh": "ab", "अबक-डइ": "अबक"} {
		if got := shorten(in, 5); got != want {
			t.Errorf("shorten(%q, 5) = %q, want %q", in, got, want)
		}
	}
}

func TestNextIDEmpty(t *testing.T) {
	if id, err := NextID(t.TempDir()); err != nil || id != 1 {
		t.Errorf("got %d %v", id, err)
	}
}

// A story's address is plain a–z: a title's accents come off, and a title
// in another script asks for --path.
func TestNewPathFromATitleWithAccents(t *testing.T) {
	dir := t.TempDir()
	d := Starter{Title: "Café Economics in Mumbai", Category: "International Trade", Author: "Nivaran Economy Desk",
		Categories: opt.Categories, Now: time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC), Draft: true}
	file, err := New(dir, d)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(file)
	if s, diags := Parse(file, src, opt); len(diags) != 0 || s.Path != "/cafe-economics-in-mumbai" || filepath.Base(file) != "cafe-economics-in-mumbai.md" {
		t.Errorf("%s: path %q, %v", file, s.Path, diags)
	}
	d.Title = "भारत की अर्थव्यवस्था"
	for _, title := range []string{d.Title, "भारत 2047", "RBI की नीति"} {
		d.Title = title
		if _, err := New(dir, d); err == nil || !strings.Contains(err.Error(), "the title is not mostly in letters a–z, which an address is made of: give one with --path") {
			t.Errorf("%s: %v", title, err)
		}
	}
	d.Title = "भारत की अर्थव्यवस्था"
	d.Path = "/bharat-economy"
	if file, err := New(dir, d); err != nil || filepath.Base(file) != "भारत-की-अर्थव्यवस्था.md" {
		t.Errorf("a Hindi title with --path: %s, %v", file, err)
	}
}
