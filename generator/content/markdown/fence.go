package markdown

import (
	"regexp"
	"strconv"

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
	if !langPattern.MatchString(lang) {
		lang = ""
	}
	return c.code(n, lang), true
}
