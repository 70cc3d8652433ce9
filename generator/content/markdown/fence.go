package markdown

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/nivaran/magazine/generator/content/markdown/chart"
	"github.com/yuin/goldmark/ast"
)

var langPattern = regexp.MustCompile(`^[A-Za-z0-9_+#.-]{1,30}$`)

// fence is a fenced block: a chart, figure or embed when its info string
// says so, otherwise code.
func (c *converter) fence(n *ast.FencedCodeBlock) (Block, bool) {
	lang := string(n.Language(c.src))
	body := n.Lines().Value(c.src)
	fenceLine := c.lineOf(n)
	// lineOf maps a line of the block's content (from 1) to the file.
	lineOf := func(k int) int {
		lines := n.Lines()
		switch {
		case lines.Len() == 0:
			return fenceLine
		case k > lines.Len():
			return c.line(lines.At(lines.Len()-1).Start) + k - lines.Len()
		}
		return c.line(lines.At(max(k, 1) - 1).Start)
	}
	// One never closed at all is check's to report; one closed further down
	// than meant took in another block's opening line.
	if _, open := c.unclosed(n); !open {
		if line, opener, ok := c.swallows(n); ok {
			f := fenceRun(opener)
			c.problemAt(fenceLine, "this block is never closed before line %d, where %s starts another: end it with a line of %s above that (a block of code that shows fences opens with a longer one, %s%s)",
				line, opener, f, f, f[:1])
			return Block{}, false
		}
	}
	switch lang {
	case "chart":
		ch, problems := chart.Parse(body)
		for _, p := range problems {
			c.problemAt(lineOf(p.Line), "chart: %s", p.Message)
		}
		if ch == nil {
			return Block{}, false
		}
		if !c.asOf.IsZero() {
			for _, p := range ch.CheckDates(c.asOf) {
				c.problemAt(lineOf(p.Line), "chart: %s", p.Message)
			}
		}
		c.charts++
		c.text = append(c.text, ch.Text())
		c.words = append(c.words, ch.Title)
		return Block{Type: "chart", HTML: ch.HTML("chart-" + strconv.Itoa(c.charts))}, true
	case "figure":
		return c.figureBlock(body, lineOf)
	case "embed":
		return c.embedBlock(body, lineOf)
	}
	// A block's name mistyped would show its lines as code, silently.
	if kind := mistypedBlock(lang); kind != "" {
		a := map[bool]string{true: "an", false: "a"}[kind == "embed"]
		c.problemAt(fenceLine, "```%s is not a block: %s %s block opens with ```%s", lang, a, kind, kind)
		return Block{}, false
	}
	if !langPattern.MatchString(lang) {
		lang = ""
	}
	return c.code(n, lang), true
}

// swallows finds a line of a fenced block that opens another block, a fence
// at least as long as the block's own followed by a word (```chart): the
// block's fence cannot close on such a line, so the block's closing line
// is missing above it, and it ran on to the next bare fence, taking in what
// lay between (CommonMark) — a chart's rows, say, as code.
func (c *converter) swallows(n *ast.FencedCodeBlock) (line int, opener string, ok bool) {
	open := c.openingFence(n)
	if open == "" {
		return 0, "", false
	}
	mark, fence := open[:1], len(open)
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		text := strings.TrimSpace(string(seg.Value(c.src)))
		rest := strings.TrimLeft(text, mark)
		if len(text)-len(rest) < fence {
			continue
		}
		if word := strings.TrimSpace(rest); word != "" && isLetter(word[0]) && langPattern.MatchString(word) {
			return c.line(seg.Start), text, true
		}
	}
	return 0, "", false
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// mistypedBlock is the block a fence's word was likely meant to open:
// chart, figure or embed in other case, plural, with more after a - or _
// (chart-line), or one letter off or two swapped (chrat). A code language
// two letters off (dart) is code.
func mistypedBlock(lang string) string {
	word := strings.ToLower(lang)
	for _, kind := range []string{"chart", "figure", "embed"} {
		rest, ok := strings.CutPrefix(word, kind)
		if ok && (rest == "s" || strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "_")) || word == kind && lang != kind || oneOff(word, kind) {
			return kind
		}
	}
	return ""
}

// oneOff: a and b differ by one letter added, dropped or changed, or two
// neighbours swapped.
func oneOff(a, b string) bool {
	if a == b || len(a) > len(b)+1 || len(b) > len(a)+1 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		return a[i+1:] == b[i+1:] || i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case len(a) > len(b):
		return a[i+1:] == b[i:]
	default:
		return a[i:] == b[i+1:]
	}
}
