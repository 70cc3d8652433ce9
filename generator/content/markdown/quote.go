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
	kind, title := strings.ToUpper(string(m[1])), strings.TrimSpace(string(m[2]))
	if _, known := calloutTitles[kind]; !known && kind != pullquote {
		kinds := []string{pullquote, "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"}
		msg := "[!" + string(m[1]) + "] is not a kind of box (want " + strings.Join(kinds, ", ") + ")"
		if s := diag.Suggest(kind, kinds); s != "" {
			msg = "[!" + string(m[1]) + "] is not a kind of box (did you mean [!" + s + "]?)"
		}
		c.problemAt(c.lineOf(q), "%s", msg)
	}
	dropFirstLine(p)
	if p.ChildCount() == 0 {
		q.RemoveChild(q, p)
	}
	c.prose(q)
	if kind == pullquote {
		return c.pullquote(q, title)
	}
	if title == "" {
		title = calloutTitles[kind]
	}
	var b strings.Builder
	b.WriteString(`<div class="callout callout--` + strings.ToLower(kind) + `" role="note"><p class="callout__title">` + html.EscapeString(title) + `</p>`)
	b.WriteString(children(q, c.src))
	b.WriteString(`</div>`)
	c.text = append(c.text, title)
	return Block{Type: "callout", HTML: b.String()}
}

// pullquote is a quote set large; a last paragraph starting with a dash
// ("— Name, role") is its attribution.
func (c *converter) pullquote(q *ast.Blockquote, attribution string) Block {
	if last, ok := q.LastChild().(*ast.Paragraph); ok && q.ChildCount() > 1 {
		t := strings.TrimSpace(nodeText(last, c.src))
		if rest, ok := cutDash(t); ok {
			attribution = rest
			q.RemoveChild(q, last)
		}
	}
	var b strings.Builder
	b.WriteString(`<figure class="pullquote"><blockquote>` + children(q, c.src) + `</blockquote>`)
	if attribution != "" {
		b.WriteString(`<figcaption>` + html.EscapeString(attribution) + `</figcaption>`)
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

// dropFirstLine removes the inline nodes of a paragraph's first line.
func dropFirstLine(p *ast.Paragraph) {
	for n := p.FirstChild(); n != nil; {
		next := n.NextSibling()
		p.RemoveChild(p, n)
		if t, ok := n.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			return
		}
		n = next
	}
}
