package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

func nested(prefix string, n int) string { return strings.Repeat(prefix, n) + "x\n" }

// indented nests list items a level a line, each two columns further in.
func indented(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	return b.String()
}

func emphasis(open, close string, n int) string {
	return strings.Repeat(open, n) + "x" + strings.Repeat(close, n) + "\n"
}

// goldmarkDepth is how deep goldmark nests containers (lists, block
// quotes) and emphasis in src: what the scan must agree with.
func goldmarkDepth(src string) (containers, emph int) {
	var walk func(n ast.Node, c, e int)
	walk = func(n ast.Node, c, e int) {
		switch n.(type) {
		case *ast.ListItem, *ast.Blockquote:
			c++
		case *ast.Emphasis, *east.Strikethrough:
			e++
		}
		containers, emph = max(containers, c), max(emph, e)
		for k := n.FirstChild(); k != nil; k = k.NextSibling() {
			walk(k, c, e)
		}
	}
	walk(md.Parser().Parse(text.NewReader([]byte(src))), 0, 0)
	return containers, emph
}

// The scan counts the levels goldmark would make, on the shapes that
// nest: markers on one line, indentation, lazy lines, rules, code,
// escapes, runs of several delimiters.
func TestNestingScanAgreesWithGoldmark(t *testing.T) {
	for _, src := range []string{
		nested("- ", 20), nested("> ", 20), nested("1. ", 20), nested("2) ", 20), nested("> * ", 10), nested("+ ", 20),
		indented(20), indented(3) + "\n\nafter\n", "\t- a\n\t\t- b\n\t\t\t- c\n",
		"- a\n  - b\nlazy text\n    - c\n      - d\n", "> a\n> > b\nlazy\n> > > c\n",
		"- a\n\n\n  - b\n", "> a\n\n> b\n", "- a\n\nb\n  - c\n",
		"- " + strings.Repeat("- ", 40) + "\n", strings.Repeat("- - -\n", 40), "* - - -\n", "-    code\n", "-\n  - a\n",
		"Text\n\n" + strings.Repeat("- a\n", 100), "1. a\n   1. b\n      1. c\n",
		emphasis("*a ", " b*", 20), emphasis("**a ", " b**", 20), emphasis("_a ", " b_", 20), emphasis("~~a ", " b~~", 20),
		emphasis("*a _", "_ b*", 20), emphasis("***a ", " b***", 20), emphasis("*", "*", 20), emphasis("*_", "_*", 20),
		strings.Repeat("*a* ", 100), strings.Repeat("*a ", 100), "`" + strings.Repeat("*a ", 20) + "`" + strings.Repeat(" b*", 20),
		strings.Repeat(`\*a `, 20) + "x" + strings.Repeat(` b\*`, 20), emphasis("[*", "*](u)", 20),
		"*a\n\nb*\n", "**a *b **c** d* e**\n", "snake_case_name and *a_b*\n",
	} {
		c, e := goldmarkDepth(src)
		want := max(c, e)
		if _, d, _ := nesting([]byte(src), 1<<20); d != want {
			t.Errorf("%.50q: scanned %d deep, goldmark %d (containers %d, emphasis %d)", src, d, want, c, e)
		}
	}
}

func TestNestingLimit(t *testing.T) {
	deep := maxNesting + 1
	for _, src := range []string{nested("- ", maxNesting), nested("> ", maxNesting), indented(maxNesting), emphasis("*a ", " b*", maxNesting)} {
		if _, problems := Convert([]byte(src), 1); len(problems) != 0 {
			t.Errorf("%.40q: %v", src, problems)
		}
	}
	for _, c := range []struct {
		src   string
		line  int
		depth int
		what  string
	}{
		{"Intro.\n\n" + nested("- ", deep), 3, deep, "lists and block quotes"},
		{nested("> ", 100000), 1, 100000, "lists and block quotes"},
		{nested("> * ", 20), 1, 40, "lists and block quotes"},
		{"a\n\n" + indented(40), 3 + maxNesting, deep, "lists and block quotes"}, // the first line past the limit
		{"x\n\n" + emphasis("*a ", " b*", deep), 3, deep, "emphasis"},
		{"x\n\ny\nz " + emphasis("*a _", "_ b*", 20), 4, 40, "emphasis"},
	} {
		doc, problems := Convert([]byte(c.src), 1)
		want := Problem{Line: c.line, Message: fmt.Sprintf("%s nested %d deep; at most %d", c.what, c.depth, maxNesting)}
		if len(problems) != 1 || problems[0] != want || len(doc.Blocks) != 0 {
			t.Errorf("%.40q: %v, want %v", c.src, problems, want)
		}
	}
}

// 100,000 list markers on one line (200 KB) took goldmark 15-62 s.
func TestDeepNestingRefusedQuickly(t *testing.T) {
	for _, src := range []string{nested("- ", 100000), nested("> ", 200000), indented(1000), emphasis("*a _", "_ b*", 50000),
		nested("- ", 100000) + strings.Repeat("\n", 400000)} { // blank lines keep 100,000 items open

		t0 := time.Now()
		_, problems := Convert([]byte(src), 1)
		if took := time.Since(t0); len(problems) != 1 || took > time.Second {
			t.Errorf("%.20q (%d KB): %v after %s", src, len(src)>>10, problems, took)
		}
	}
}

// Unclosed links by the thousand are refused before goldmark parses them
// (over a minute for 100,000 in one paragraph); links written properly,
// or a few hundred, pass.
func TestLinkOpeningsLimit(t *testing.T) {
	many := strings.Repeat("[a](", 100000)
	_, problems := Convert([]byte("Intro.\n\n"+many+"\n"), 1)
	if len(problems) != 1 || problems[0].Line != 3 || !strings.Contains(problems[0].Message, ` link openings "](" (at most 500)`) {
		t.Errorf("got %v", problems)
	}
	// Placed at the paragraph's first line, whatever blank lines come before.
	if _, problems := Convert([]byte("\nIntro.\n\n\n"+many+"\n"), 1); len(problems) != 1 || problems[0].Line != 5 {
		t.Errorf("after blank lines: %v, want line 5", problems)
	}
	for _, src := range []string{
		strings.Repeat("[a](https://example.org/a) ", 2*maxLinkOpenings) + "\n",
		strings.Repeat("[a](\n\n", 2000), // each in its own paragraph
		strings.Repeat("- [District](https://example.org/d)\n", 2*maxLinkOpenings),
		"| a | b |\n|---|---|\n" + strings.Repeat("| [x](https://example.org/x) | 1 |\n", 2*maxLinkOpenings),
		"```js\n" + strings.Repeat("handlers[i](event);\n", 2*maxLinkOpenings) + "```\n",
	} {
		if _, problems := Convert([]byte(src), 1); len(problems) != 0 && strings.Contains(fmt.Sprint(problems), "link openings") {
			t.Errorf("%.40q: %v", src, problems)
		}
	}
}
