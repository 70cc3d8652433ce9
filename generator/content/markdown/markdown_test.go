package markdown

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden converts each testdata/*.md and compares the blocks, the
// problems (line: message) and the search text with testdata/*.golden.
// Rewrite them on purpose with go test ./generator/content/markdown -update.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.md")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := describe(t, src)
			golden := strings.TrimSuffix(file, ".md") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", file, golden, got)
			}
		})
	}
}

func describe(t *testing.T, src []byte) string {
	t.Helper()
	doc, problems := Convert(src, 1)
	for i := range doc.Blocks { // figures show their page markup too
		if f := doc.Blocks[i].Figure; f != nil && f.External() {
			doc.Blocks[i].HTML = FigureHTML(f, Picture{Src: f.Src, Width: f.Width, Height: f.Height})
		} else if f != nil {
			doc.Blocks[i].HTML = FigureHTML(f, Picture{Src: "/" + f.Src, Srcset: "/" + f.Src + " 800w", Width: 800, Height: 450})
		}
	}
	var b strings.Builder
	b.WriteString("-- blocks --\n")
	enc := json.NewEncoder(&b) // unescaped, so the goldens read as HTML
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc.Blocks); err != nil {
		t.Fatal(err)
	}
	b.WriteString("-- problems --\n")
	for _, p := range problems {
		fmt.Fprintf(&b, "%d: %s\n", p.Line, p.Message)
	}
	fmt.Fprintf(&b, "-- text (%d words) --\n%s\n", doc.Words, doc.Text)
	return b.String()
}

func TestWordsAndText(t *testing.T) {
	d, _ := Convert([]byte("**Heading here**\n\nOne two three.\n\n**Solution Spotlight:** Four five."), 1)
	if d.Words != 7 {
		t.Errorf("words = %d (%q)", d.Words, d.Text)
	}
	if strings.Contains(d.Text, "Spotlight") {
		t.Errorf("marker counted as text: %q", d.Text)
	}
	if !d.Spotlight {
		t.Error("spotlight not detected")
	}
}

// The plain text has a character reference as the reader sees it (the
// search index and the spelling check read it), and a bare & as written.
func TestTextReadsCharacterReferences(t *testing.T) {
	d, _ := Convert([]byte("M&amp;A and R&D cost &#8377;5 lakh&nbsp;crore; M&notes stay."), 1)
	if want := "M&A and R&D cost ₹5 lakh\u00a0crore; M&notes stay."; d.Text != want {
		t.Errorf("text %q, want %q", d.Text, want)
	}
	if !strings.Contains(" "+d.Terms+" ", " m&a ") {
		t.Errorf("terms %q lack m&a", d.Terms)
	}
}

func TestLinesCountFromTheFile(t *testing.T) {
	_, problems := Convert([]byte("Text.\n\n<div>x</div>\n"), 9)
	if len(problems) != 1 || problems[0].Line != 11 {
		t.Errorf("got %+v, want one problem at line 11", problems)
	}
}

// A fence that nothing closes turns the rest of the story into code
// (CommonMark), one left open before another block takes in all between,
// and a block's name mistyped shows it as code: each is reported at its
// opening line.
func TestUnclosedFence(t *testing.T) {
	for src, want := range map[string]string{
		"Text.\n\n```text\nabc\n\n**Solution Spotlight:** Act.\n": "3: this ``` block is never closed: end it with a line of ``` (all that follows it would show as code)",
		"Text.\n\n~~~~\nabc\n~~~\n":                               "3: this ~~~~ block is never closed: end it with a line of ~~~~ (all that follows it would show as code)",
		"Text.\n\n```\n":                                          "3: this ``` block is never closed: end it with a line of ``` (all that follows it would show as code)",
		"Text.\n\n```text\nabc\n```\n\nMore.\n":                   "",
		"Text.\n\n````\nabc\n`````  \n":                           "",
		"```\n```":                                                "",
		"- item\n\n  ```\n  code\n  ```\n":                        "",
		// Left open before another block: it runs on to that block's end.
		"Text.\n\n```text\ncode\n\nMore.\n\n```chart\ntype: bar\n---\nA,B\nx,1\n```\n": "3: this block is never closed before line 8, where ```chart starts another: end it with a line of ``` above that (a block of code that shows fences opens with a longer one, ````)",
		"```chart\ntype: bar\n---\nA,B\nx,1\n\nText \"quoted\".\n\n```text\nx\n```\n":  "1: this block is never closed before line 9, where ```text starts another: end it with a line of ``` above that (a block of code that shows fences opens with a longer one, ````)",
		"````markdown\n```chart\nx\n```\n````\n":                                       "",
		"Text.\n\n```text\ncode\n```go\n":                                              "3: this ``` block is never closed: end it with a line of ``` (all that follows it would show as code)",
		// A block's name mistyped.
		"Text.\n\n```charts\ntype: bar\n---\nA,B\nx,1\n```\n": "3: ```charts is not a block: a chart block opens with ```chart",
		"```Figure\nx\n```\n":     "1: ```Figure is not a block: a figure block opens with ```figure",
		"```chrat\nx\n```\n":      "1: ```chrat is not a block: a chart block opens with ```chart",
		"```chart-line\nx\n```\n": "1: ```chart-line is not a block: a chart block opens with ```chart",
		"```figur\nx\n```\n":      "1: ```figur is not a block: a figure block opens with ```figure",
		"```embeds\nx\n```\n":     "1: ```embeds is not a block: an embed block opens with ```embed",
		"```dart\nx\n```\n":       "", // a language two letters from chart
		"```char\nx\n```\n":       "1: ```char is not a block: a chart block opens with ```chart",
	} {
		saysOnly(t, src, want)
	}
}

// A box, pull quote or table caption with nothing in it is reported.
func TestEmptyBlocks(t *testing.T) {
	for src, want := range map[string]string{
		"Text.\n\n> [!NOTE]\n":                        "3: this [!NOTE] box has no text: give it lines starting with > below the marker",
		"Text.\n\n> [!PULLQUOTE]\n":                   "3: this [!PULLQUOTE] box has no text: give it lines starting with > below the marker",
		"Text.\n\n> [!PULLQUOTE] — A. Writer\n":       "3: this [!PULLQUOTE] box has no text: give it lines starting with > below the marker",
		"| a | b |\n|---|---|\n| 1 | 2 |\n\nTable:\n": "5: Table: with nothing after it: give the table's caption (Table: GDP growth by quarter), or remove the line",
		"Text.\n\n> [!TIP] Save early.\n":             "",
		"Text.\n\n> [!NOTE]\n> Body.\n":               "",
	} {
		saysOnly(t, src, want)
	}
}

// saysOnly checks that src's problems are want, one "line: message" a line.
func saysOnly(t *testing.T, src, want string) {
	t.Helper()
	_, problems := Convert([]byte(src), 1)
	var got []string
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%d: %s", p.Line, p.Message))
	}
	if strings.Join(got, "\n") != want {
		t.Errorf("%q:\n got %q\nwant %q", src, got, want)
	}
}

func FuzzConvert(f *testing.F) {
	f.Add("**Solution Spotlight:** x\n\n**y**")
	f.Add("**Solutions Spotlight**\n- a\n")
	f.Add("| a | b |\n|---|--:|\n| 1 | 2 |\n\nTable: x\n")
	f.Add("x[^1]\n\n[^1]: y\n\n> [!NOTE] t\n> z\n\n```chart\ntype: line\n---\na,b\n1,2\n```\n")
	f.Add("```embed\nhttps://youtu.be/aBcDeFgHiJk\n```\n\n![a](images/x.png \"c — Credit: d\")\n")
	f.Fuzz(func(t *testing.T, src string) {
		doc, problems := Convert([]byte(src), 1)
		// Lines end as CommonMark and YAML end them: \n, \r\n or a lone
		// \r (a story reaches Convert with \n only: story.newlines).
		lines := strings.Count(strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n"), "\n") + 2
		for _, p := range problems {
			if p.Line < 1 || p.Line > lines {
				t.Errorf("problem at line %d of a %d-line body: %s", p.Line, lines, p.Message)
			}
		}
		_ = doc
	})
}

// TestEditingGuideExample: the example story in docs/editing.md, which
// shows editors every block, converts without a problem and really has
// every block.
func TestEditingGuideExample(t *testing.T) {
	guide, err := os.ReadFile("../../../docs/editing.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(guide), "\n## Story blocks\n")
	_, rest, ok2 := strings.Cut(rest, "````markdown\n")
	example, _, ok3 := strings.Cut(rest, "````\n")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/editing.md's story-blocks example is missing")
	}
	doc, problems := Convert([]byte(example), 1)
	if len(problems) > 0 {
		t.Fatalf("docs/editing.md's example has problems: %v", problems)
	}
	have := map[string]bool{}
	var walk func([]Block)
	walk = func(bs []Block) {
		for _, b := range bs {
			have[b.Type] = true
			walk(b.Children)
		}
	}
	walk(doc.Blocks)
	for _, want := range []string{"p", "h2", "table", "chart", "figure", "pullquote", "callout", "code", "embed", "spotlight", "notes"} {
		if !have[want] {
			t.Errorf("docs/editing.md's example has no %s block", want)
		}
	}
}

func TestPageLinksGetTheirSlash(t *testing.T) {
	doc, problems := Convert([]byte("See [a](/rbi-policy), [b](/story/5#top), [c](/search?q=gst), [d](/feed.xml), "+
		"[e](/about/), [f](https://example.org/x), [g](//cdn.example/x), [h](#notes), [i](/images/chart.png)."), 1)
	if len(problems) != 0 {
		t.Fatal(problems)
	}
	html := doc.Blocks[0].HTML
	for _, want := range []string{`href="/rbi-policy/"`, `href="/story/5/#top"`, `href="/search/?q=gst"`, `href="/feed.xml"`,
		`href="/about/"`, `href="https://example.org/x"`, `href="//cdn.example/x"`, `href="#notes"`, `href="/images/chart.png"`} {
		if !strings.Contains(html, want) {
			t.Errorf("want %s in %s", want, html)
		}
	}
}

// On a site served below /magazine/, links to the site's paths get the path
// in front, in the text and in the notes; other links stay as written.
func TestPageLinksBelowABasePath(t *testing.T) {
	src := "See [a](/rbi-policy), [b](/story/5#top), [c](/feed.xml), [d](https://example.org/x), [e](//cdn.example/x), " +
		"[f](#notes) and a note.[^1]\n\n- [g](/)\n\n[^1]: The [release](/about), 2025.\n"
	doc, problems := ConvertWith([]byte(src), 1, Settings{Base: "/magazine"})
	if len(problems) != 0 {
		t.Fatal(problems)
	}
	var html strings.Builder
	for _, b := range doc.Blocks {
		html.WriteString(b.HTML)
	}
	for _, want := range []string{`href="/magazine/rbi-policy/"`, `href="/magazine/story/5/#top"`, `href="/magazine/feed.xml"`,
		`href="https://example.org/x"`, `href="//cdn.example/x"`, `href="#notes"`, `href="/magazine/"`, `href="/magazine/about/"`} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("want %s in %s", want, html.String())
		}
	}
	if strings.Contains(html.String(), `href="/magazine/magazine`) {
		t.Errorf("a link got the base path twice: %s", html.String())
	}
	plain, _ := Convert([]byte(src), 1)
	if strings.Contains(plain.Blocks[0].HTML, "/magazine") {
		t.Errorf("without a base path: %s", plain.Blocks[0].HTML)
	}
}
