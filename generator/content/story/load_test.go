package story

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var opt = Options{Categories: []string{"Economic Policy", "International Trade"}}

const good = `---
id: 5
title: "RBI holds"
introduction: "The MPC paused."
author: "Nivaran Economy Desk"
publishedAt: 2025-08-12
category: "Economic Policy"
path: /rbi-policy
tags: ["RBI", "Rates"]
---

First paragraph.

**A Subheading**

Second paragraph.

**Solution Spotlight:** Act now.

- one
- two
`

func TestParseGood(t *testing.T) {
	s, diags := Parse("stories/a.md", []byte(good), opt)
	if len(diags) != 0 {
		t.Fatalf("unexpected diagnostics:\n%v", diags.Error())
	}
	if s.ID != 5 || s.Title != "RBI holds" || s.Path != "/rbi-policy" || s.Layout != "story" {
		t.Fatalf("fields not read: %+v", s)
	}
	if got := s.PublishedAt.ISO(); got != "2025-08-12" {
		t.Errorf("publishedAt = %q", got)
	}
	if s.PublishedAt.Long() != "August 12, 2025" {
		t.Errorf("long date = %q", s.PublishedAt.Long())
	}
	if s.ReadTime != "1 min read" {
		t.Errorf("computed readTime = %q, want 1 min read", s.ReadTime)
	}
	if !s.Body.Spotlight || s.FeaturedImage != "generated" {
		t.Errorf("spotlight %v, image %q", s.Body.Spotlight, s.FeaturedImage)
	}
}

func TestReadTimeFromWords(t *testing.T) {
	body := strings.Repeat("word ", 1100)
	src := strings.Replace(good, "First paragraph.", body, 1)
	s, _ := Parse("a.md", []byte(src), opt)
	if s.ReadTime != "6 min read" { // ~1,110 words at 200 a minute
		t.Errorf("readTime = %q (words %d)", s.ReadTime, s.Body.Words)
	}
}

func TestISODate(t *testing.T) {
	src := strings.Replace(good, "2025-08-12", "2025-08-12T09:30:00+05:30", 1)
	s, diags := Parse("a.md", []byte(src), opt)
	if len(diags) != 0 || s.PublishedAt.ISO() != "2025-08-12T09:30:00+05:30" {
		t.Fatalf("ISO date: %v %q", diags, s.PublishedAt.ISO())
	}
}

// Each broken file yields exactly these diagnostics, at these lines.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, from, to string
		want           []string
	}{
		{"missing title", "title: \"RBI holds\"\n", "", []string{"x.md:1: title is required"}},
		{"empty title", "title: \"RBI holds\"", "title: \"\"", []string{"x.md:3: title must not be empty"}},
		{"blank id", "id: 5", "id:", []string{"x.md:2: id must not be empty"}},
		{"null id", "id: 5", "id: ~", []string{"x.md:2: id must not be empty"}},
		{"blank date", "publishedAt: 2025-08-12", "publishedAt: null", []string{"x.md:6: publishedAt must not be empty"}},
		{"bad date", "publishedAt: 2025-08-12", "publishedAt: 2025-13-01",
			[]string{`x.md:6:14: publishedAt: "2025-13-01" is not a date (want YYYY-MM-DD or an ISO time such as 2025-08-12T09:30:00+05:30)`}},
		{"year one", "publishedAt: 2025-08-12", "publishedAt: 0001-01-01",
			[]string{`x.md:6:14: publishedAt: "0001-01-01" is before 1900: not a date a story was published or updated (a typo?)`}},
		{"unknown key", "tags:", "tgas:", []string{`x.md:9:1: unknown key "tgas" (did you mean "tags"?)`}},
		{"unknown key far", "tags:", "colour:", []string{`x.md:9:1: unknown key "colour"`}},
		{"bad id", "id: 5", "id: five", []string{`x.md:2:5: id: "five" is not a whole number above 0`}},
		{"unknown layout", "path: /rbi-policy", "layout: magazine", []string{`x.md:8: layout: "magazine" is not a layout (want one of story, article, energy, storm, playbook)`}},
		{"bad category", `category: "Economic Policy"`, `category: "Economic Polcy"`, []string{`x.md:7: category: "Economic Polcy" is not one of the site's categories (did you mean "Economic Policy"?)`}},
		{"playbook part elsewhere", "tags:", "heroKicker: \"Summit Kicker\"\ntags:", []string{"x.md:9: heroKicker: only layout: playbook shows it, and this story's layout is story: set layout: playbook, or leave heroKicker out"}},
		{"home path", "path: /rbi-policy", "path: /", []string{`x.md:8:7: path: "/" is the home page: give the story an address of its own (e.g. /rbi-policy)`}},
		{"bad path", "path: /rbi-policy", "path: rbi policy", []string{`x.md:8:7: path: "rbi policy" must start with / and use only letters a–z (no accents), digits, - and _, each part starting with a letter or digit (e.g. /rbi-policy)`}},
		{"path part too long", "path: /rbi-policy", "path: /a/" + strings.Repeat("p", 201), []string{`x.md:8:7: path: "/a/` + strings.Repeat("p", 201) + `": a part between slashes may be at most 200 characters (it is a folder's name)`}},
		{"offset beyond any zone", "publishedAt: 2025-08-12", "publishedAt: 2025-08-12T09:30:00+24:00",
			[]string{`x.md:6:14: publishedAt: "2025-08-12T09:30:00+24:00": +24:00 is no time zone's offset from UTC (they run from -12:00 to +14:00)`}},
		{"title not text", `title: "RBI holds"`, `title: [a, b]`, []string{`x.md:3:8: title: must be text, not a list`}},
		{"bad list item", `tags: ["RBI", "Rates"]`, "corrections:\n  - date: 2025-08-13\n    text: fine\n  - \"just text\"\ntags: [\"RBI\"]",
			[]string{`x.md:12:5: corrections: must be a set of key: value pairs, not a value`}},
		{"bad tag item", `tags: ["RBI", "Rates"]`, "tags:\n  - RBI\n  - [x]", []string{`x.md:11:5: tags: every item must be non-empty text`}},
		{"tag without letters", `tags: ["RBI", "Rates"]`, "tags:\n  - RBI\n  - \"🚀\"", []string{`x.md:11: tags: "🚀" has no letter or digit to make its page's address (/tag/…) from`}},
		{"tag too long", `tags: ["RBI", "Rates"]`, `tags: ["RBI", "` + strings.Repeat("कर", 60) + `"]`, []string{`x.md:9: tags: "` + strings.Repeat("कर", 60) + `" is too long to make its page's address from: at most 200 bytes once written as one (/tag/…)`}},
		{"yaml syntax", `title: "RBI holds"`, `title: "RBI holds`, nil}, // checked below: line only
		{"tags not a list", `tags: ["RBI", "Rates"]`, `tags: RBI`, []string{`x.md:9:7: tags: must be a list, e.g. ["one", "two"]`}},
		{"bad readTime", "tags:", "readTime: soon\ntags:", []string{`x.md:9:11: readTime: "soon" should look like "6 min" or "6 min read"`}},
		{"no body", "\nFirst paragraph.\n\n**A Subheading**\n\nSecond paragraph.\n\n**Solution Spotlight:** Act now.\n\n- one\n- two\n", "\n", []string{"x.md:11: the story has no body text after the front matter"}},
		{"given twice", "tags:", "id: 6\ntags:", []string{"x.md:9:1: id is given twice"}},
		{"given twice after a line separator", "tags:", "heading: \"a\u2028b\"\nid: 6\ntags:", []string{"x.md:10:1: id is given twice"}},
		// Body problems count lines in the whole file, front matter included.
		{"raw html in the body", "Second paragraph.", "Second <b>paragraph</b>.", []string{"x.md:16: raw HTML is not published: <b> — use **bold**"}},
		{"bad chart", "Second paragraph.", "```chart\ntype: pie\ntitle: T\nsource: S\n---\nx,y\na,1\nb,2,3\nc,four\n```",
			[]string{`x.md:17: chart: type "pie" is not a chart type (want line, bar, column or stacked)`,
				`x.md:23: chart: this row has 3 cells; the header has 2 columns (x,y); put a value with commas in quotes: "1,23,456"`,
				`x.md:24: chart: y: "four" is not a number (leave the cell empty where a value is missing)`}},
		{"embed not allowed", "Second paragraph.", "```embed\nhttps://vimeo.com/1\n```", []string{"x.md:17: embed: vimeo.com is not on the embed allow-list (YouTube, Datawrapper, Flourish, X/Twitter posts)"}},
		{"note without definition", "Second paragraph.", "Second[^1] paragraph.", []string{`x.md:16: note [^1] has no definition: add a line "[^1]: the source" (at the end of the story)`}},
		{"external picture without a size", "Second paragraph.", "![Alt](https://x.example/a.jpg)", []string{"x.md:16: an external picture needs its size, which is never fetched: write it as a ```figure block with src, alt, caption, credit, width and height"}},
		{"long meta description", "tags:", "metaDescription: \"" + strings.Repeat("a", 161) + "\"\ntags:", []string{"x.md:9: metaDescription: 161 characters; keep it to 160 so search results show it whole"}},
		// "é" typed as e and an accent counts once, as a reader sees it.
		{"decomposed accents count once", "tags:", "metaDescription: \"" + strings.Repeat("e\u0301", 160) + "\"\ntags:", []string{}},
		{"decomposed accents over the limit", "tags:", "metaDescription: \"" + strings.Repeat("e\u0301", 161) + "\"\ntags:", []string{"x.md:9: metaDescription: 161 characters; keep it to 160 so search results show it whole"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := messages(t, c.from, c.to, opt)
			if c.want == nil { // a YAML error
				if len(got) != 1 || !strings.HasPrefix(got[0], "x.md:3: front matter is not valid YAML") {
					t.Fatalf("got %q", got)
				}
				return
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

func TestNoFrontMatter(t *testing.T) {
	_, diags := Parse("x.md", []byte("just text\n"), opt)
	if len(diags) != 1 || diags[0].String() != "x.md:1:1: the file must start with front matter between two lines of ---" {
		t.Fatalf("got %v", diags)
	}
}

func TestEveryProblemAtOnce(t *testing.T) {
	src := strings.Replace(strings.Replace(good, "tags:", "tgas:", 1), "2025-08-12", "yesterday", 1)
	_, diags := Parse("x.md", []byte(src), opt)
	if len(diags) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", diags)
	}
}

func TestLoadDirDuplicates(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, age time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		os.Chtimes(p, at, at)
		return p
	}
	// b.md is the older file: the clash is a.md's doing, whatever the names.
	a := write("a.md", good, time.Hour)
	b := write("b.md", good, 2*time.Hour)
	c := write("c.md", strings.Replace(good, "id: 5", "id: 7", 1), time.Hour)
	d := write("d.md", strings.Replace(good, "id: 5", "id: 7", 1), time.Hour) // same age: the later name
	stories, diags := LoadDir(dir, opt)
	if len(stories) != 4 {
		t.Fatalf("loaded %d stories", len(stories))
	}
	want := []string{
		a + ":2: id 5 is already used by " + b,
		d + ":2: id 7 is already used by " + c,
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestStructuredFieldsRejectUnknownKeys(t *testing.T) {
	src := strings.Replace(good, "tags:", "playbook:\n  immediate: [\"a\"]\n  later: [\"b\"]\ntags:", 1)
	_, diags := Parse("x.md", []byte(src), opt)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, `unknown key "later"`) {
		t.Fatalf("got %v", diags)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("---\nid: [\n---\nbody"))
	f.Fuzz(func(t *testing.T, src []byte) {
		Parse("f.md", src, opt) // must not panic
	})
}

// Hidden files beside the stories are editors' (Emacs's lock, a link to
// nowhere while a buffer has changes; macOS's ._ files): not stories, and
// never a problem. Nor is a subfolder's file or another extension a story.
func TestHiddenFilesAreNotStories(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "rbi.md"), []byte(good), 0o644)
	os.Symlink("editor@host.1234:1700000000", filepath.Join(dir, ".#rbi.md"))
	os.WriteFile(filepath.Join(dir, "._rbi.md"), []byte("\x00\x05\x16\x07 Mac OS X"), 0o644)
	os.WriteFile(filepath.Join(dir, ".draft.md"), []byte(strings.Replace(good, "id: 5", "id: 6", 1)), 0o644)
	stories, diags := LoadDir(dir, opt)
	if len(diags) > 0 || len(stories) != 1 || filepath.Base(stories[0].File) != "rbi.md" {
		t.Fatalf("%d stories, %v", len(stories), diags)
	}
	if n := Count(dir); n != 1 {
		t.Errorf("Count: %d", n)
	}
	if id, err := NextID(dir); id != 6 || err != nil {
		t.Errorf("NextID: %d, %v", id, err)
	}
}

// A Markdown file that is not read as a story is a problem, not a story
// silently missing from the site: named .MD or .markdown, or in a folder.
func TestMarkdownFilesNotReadAreProblems(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "rbi.md"), []byte(good), 0o644)
	os.WriteFile(filepath.Join(dir, "exports.MD"), []byte(good), 0o644)
	os.WriteFile(filepath.Join(dir, "ports.markdown"), []byte(good), 0o644)
	os.MkdirAll(filepath.Join(dir, "2025", ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, "2025", "gst.md"), []byte(good), 0o644)
	os.WriteFile(filepath.Join(dir, "2025", ".git", "notes.md"), []byte(good), 0o644)
	os.MkdirAll(filepath.Join(dir, "images"), 0o755)
	os.WriteFile(filepath.Join(dir, "images", "chart.png"), []byte("png"), 0o644)
	stories, diags := LoadDir(dir, opt)
	want := []string{
		filepath.Join(dir, "2025", "gst.md") + ": not read: story files go directly in " + dir + ", not in a folder inside it",
		filepath.Join(dir, "exports.MD") + ": not read: a story file's name ends in .md (rename it exports.md)",
		filepath.Join(dir, "ports.markdown") + ": not read: a story file's name ends in .md (rename it ports.md)",
	}
	if len(stories) != 1 || diags.Error() != strings.Join(want, "\n") {
		t.Errorf("%d stories, problems:\n%v\nwant\n%s", len(stories), diags, strings.Join(want, "\n"))
	}
	if files, err := Files(dir); len(files) != 1 || err != nil || Count(dir) != 1 {
		t.Errorf("Files: %v, %v; Count %d", files, err, Count(dir))
	}
}

// A custom visual the frontend does not draw is a mistake, not a silent
// fallback to the generated cover.
func TestUnknownCustomVisual(t *testing.T) {
	src := strings.Replace(good, "tags: [\"RBI\", \"Rates\"]", "tags: [\"RBI\", \"Rates\"]\nfeaturedImage: custom:trade-partnerhsip", 1)
	_, diags := Parse("a.md", []byte(src), opt)
	want := `a.md:10: featuredImage: "custom:trade-partnerhsip" is not a custom visual (want custom:trade-partnership, a picture, an https:// address or generated) (did you mean "custom:trade-partnership"?)`
	if len(diags) != 1 || diags[0].String() != want {
		t.Fatalf("%v\nwant %s", diags, want)
	}
	if _, diags := Parse("a.md", []byte(strings.Replace(src, "partnerhsip", "partnership", 1)), opt); len(diags) > 0 {
		t.Fatal(diags)
	}
}

func TestStoriesFolderThatIsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "stories")
	os.WriteFile(file, []byte(good), 0o644)
	if _, diags := LoadDir(file, opt); len(diags) != 1 || diags[0].String() != file+": is a file: the stories folder must be a folder" {
		t.Fatal(diags)
	}
}

// Front matter left without its closing --- runs on to the next --- of
// the body (a rule): the YAML error says so.
func TestFrontMatterWithoutItsEnd(t *testing.T) {
	for _, first := range []string{"First paragraph.", "In July: a record."} {
		src := strings.Replace(good, "tags: [\"RBI\", \"Rates\"]\n---\n", "tags: [\"RBI\", \"Rates\"]\n", 1) + "\n---\n\nMore.\n"
		src = strings.Replace(src, "First paragraph.", first, 1)
		_, diags := Parse("x.md", []byte(src), opt)
		if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, "(the front matter runs on to the --- at line 22: is the --- that ends it missing?)") {
			t.Fatalf("%s: got %v", first, diags)
		}
	}
	// A blank line between keys is still front matter: no such guess.
	src := strings.Replace(good, "category: \"Economic Policy\"\n", "category: \"Economic Policy\"\n\nauthor: [\n", 1)
	if _, diags := Parse("x.md", []byte(src), opt); len(diags) != 1 || strings.Contains(diags[0].Message, "missing") {
		t.Fatalf("got %v", diags)
	}
}
