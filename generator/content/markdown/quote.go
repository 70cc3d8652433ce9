package markdown

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/nivaran/magazine/generator/util/diag"
	"github.com/yuin/goldmark/ast"
)

// Callouts are GitHub's alert kinds, with the title each shows unless the
// editor writes one after the marker: > [!NOTE] What the rate cut means.
var calloutTitles = map[string]string{"NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution"}

const pullquote = "PULLQUOTE"

var quoteMarker = regexp.MustCompile(`^\[!([A-Za-z]+)\][ \t]*(.*)$`)

// blockquote is a quote, or a pull quote or callout when its first line is
// a [!KIND] marker.
func (c *converter) blockquote(q *ast.Blockquote) Block {
	p, ok := q.FirstChild().(*ast.Paragraph)
	var m [][]byte
	if ok && p.Lines().Len() > 0 {
		m = quoteMarker.FindSubmatch(bytes.TrimSpace(segValue(p.Lines().At(0), c.src)))
	}
	if m == nil {
		c.prose(q)
		return Block{Type: "quote", HTML: inner(q, c.src)}
	}
	kind := strings.ToUpper(string(m[1]))
	if _, known := calloutTitles[kind]; !known && kind != pullquote {
		kinds := []string{pullquote, "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"}
		msg := "[!" + string(m[1]) + "] is not a kind of box (want " + strings.Join(kinds, ", ") + ")"
		if s := diag.Suggest(kind, kinds); s != "" {
			msg = "[!" + string(m[1]) + "] is not a kind of box (did you mean [!" + s + "]?)"
		}
		c.problemAt(c.lineOf(q), "%s", msg)
	}
	first := p.Lines().At(0)
	line := c.src[first.Start:first.Stop]
	titleHTML, title := c.takeFirstLine(p, first.Start+bytes.IndexByte(line, ']')+1)
	if p.ChildCount() == 0 {
		q.RemoveChild(q, p)
	}
	if q.ChildCount() == 0 && (kind == pullquote || title == "") {
		// A box of nothing but its default title, or a pull quote of nothing.
		c.problemAt(c.lineOf(q), "this [!%s] box has no text: give it lines starting with > below the marker", m[1])
	}
	c.prose(q)
	if kind == pullquote {
		return c.pullquote(q, titleHTML)
	}
	if title == "" {
		title = calloutTitles[kind]
		titleHTML = html.EscapeString(title)
	}
	var b strings.Builder
	b.WriteString(`<div class="callout callout--` + strings.ToLower(kind) + `" role="note"><p class="callout__title">` + titleHTML + `</p>`)
	b.WriteString(children(q, c.src))
	b.WriteString(`</div>`)
	c.text = append(c.text, title)
	return Block{Type: "callout", HTML: b.String()}
}

// takeFirstLine takes the inline nodes of p's first line from markerEnd
// (a source offset) on out of p, and renders them as the body's text is
// rendered (emphasis, links, character references): the HTML and the
// plain text of a box's title.
func (c *converter) takeFirstLine(p *ast.Paragraph, markerEnd int) (htmlOut, plain string) {
	title := ast.NewParagraph()
	for n := p.FirstChild(); n != nil; {
		next := n.NextSibling()
		p.RemoveChild(p, n)
		t, isText := n.(*ast.Text)
		if isText && t.Segment.Start < markerEnd {
			t.Segment = t.Segment.WithStart(min(markerEnd, t.Segment.Stop))
		}
		end := isText && (t.SoftLineBreak() || t.HardLineBreak())
		if end {
			t.SetSoftLineBreak(false)
			t.SetHardLineBreak(false)
		}
		if !isText || t.Segment.Len() > 0 {
			title.AppendChild(title, n)
		}
		if end {
			break
		}
		n = next
	}
	return inner(title, c.src), strings.TrimSpace(nodeText(title, c.src))
}

// pullquote is a quote set large; a last paragraph starting with a dash
// ("— Name, role") is its attribution, else what follows the marker
// (attribution, HTML).
func (c *converter) pullquote(q *ast.Blockquote, attribution string) Block {
	if last, ok := q.LastChild().(*ast.Paragraph); ok && q.ChildCount() > 1 {
		t := strings.TrimSpace(nodeText(last, c.src))
		if rest, ok := cutDash(t); ok {
			attribution = html.EscapeString(rest)
			q.RemoveChild(q, last)
		}
	}
	var b strings.Builder
	b.WriteString(`<figure class="pullquote"><blockquote>` + children(q, c.src) + `</blockquote>`)
	if attribution != "" {
		b.WriteString(`<figcaption>` + attribution + `</figcaption>`)
	}
	b.WriteString(`</figure>`)
	return Block{Type: "pullquote", HTML: b.String()}
}

func cutDash(s string) (string, bool) {
	for _, d := range []string{"—", "–", "--", "-"} {
		if rest, ok := strings.CutPrefix(s, d); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return s, false
}
