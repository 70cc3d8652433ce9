package markdown

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// captionPrefix starts the paragraph right after a table that captions it.
const captionPrefix = "Table:"

// caption is n when it is a "Table: …" paragraph.
func caption(n ast.Node, src []byte) *ast.Paragraph {
	p, ok := n.(*ast.Paragraph)
	if !ok || p.Lines().Len() == 0 {
		return nil
	}
	if !bytes.HasPrefix(bytes.TrimSpace(segValue(p.Lines().At(0), src)), []byte(captionPrefix)) {
		return nil
	}
	return p
}

// numeric matches a cell that is a number: a sign, a currency, digits
// grouped any way (₹1,23,456 stays as written), a short unit.
var numeric = regexp.MustCompile(`^[(]?[+\-−±]?[₹$€£]?\s?[+\-−]?\d[\d,]*(\.\d+)?\s?(%|pp|bps|bn|mn|cr|crore|lakh|lakh crore|tn|x|×)?[)]?$`)

// blankCell is a cell that says "no value" and does not decide alignment.
func blankCell(s string) bool {
	switch s {
	case "", "-", "–", "—", "n/a", "NA", "..", "…":
		return true
	}
	return false
}

// table renders a GFM table: its caption, alignment as marked in the line of
// dashes, and number columns right-aligned in tabular figures; it scrolls
// inside its own box on a narrow screen, its first column held in place.
func (c *converter) table(t *east.Table, cap *ast.Paragraph) Block {
	c.tables++
	id := "table-" + strconv.Itoa(c.tables)
	var rows [][]*east.TableCell
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var row []*east.TableCell
		for cell := r.FirstChild(); cell != nil; cell = cell.NextSibling() {
			row = append(row, cell.(*east.TableCell))
		}
		rows = append(rows, row)
		if _, body := r.(*east.TableRow); body {
			c.checkRowWidth(r, len(t.Alignments))
		}
	}
	class := make([]string, len(t.Alignments))
	for i, a := range t.Alignments {
		switch a {
		case east.AlignLeft:
			class[i] = "al-left"
		case east.AlignCenter:
			class[i] = "al-center"
		case east.AlignRight:
			class[i] = "num"
		default:
			if numberColumn(rows[1:], i, c.src) {
				class[i] = "num"
			}
		}
	}
	// A first column of words names the rows of a table of two columns or
	// more; one of numbers is data.
	rowNames := len(class) > 1 && class[0] != "num"
	var b strings.Builder
	label, tableLabel := `aria-label="Table"`, ""
	if cap != nil && strings.TrimSpace(strings.TrimPrefix(nodeText(cap, c.src), captionPrefix)) == "" {
		c.problemAt(c.lineOf(cap), "%s with nothing after it: give the table's caption (Table: GDP growth by quarter), or remove the line", captionPrefix)
	}
	if cap != nil {
		// The caption stands above the box that scrolls sideways, so it
		// stays in view and wraps to the column; it names the table.
		fmt.Fprintf(&b, `<p class="table-caption" id="%s">%s</p>`, id, strings.TrimSpace(strings.TrimPrefix(inner(cap, c.src), captionPrefix)))
		label = `aria-labelledby="` + id + `"`
		tableLabel = " " + label
		c.text = append(c.text, strings.TrimSpace(strings.TrimPrefix(nodeText(cap, c.src), captionPrefix)))
	}
	fmt.Fprintf(&b, `<div class="table-scroll" role="region" tabindex="0" %s><table class="table"%s>`, label, tableLabel)
	for r, row := range rows {
		switch r {
		case 0:
			b.WriteString(`<thead><tr>`)
		case 1:
			b.WriteString(`</tr></thead><tbody><tr>`)
		default:
			b.WriteString(`</tr><tr>`)
		}
		var words []string
		for i, cell := range row {
			tag, scope := "td", ""
			switch {
			case r == 0:
				tag, scope = "th", ` scope="col"`
			case i == 0 && rowNames && strings.TrimSpace(nodeText(cell, c.src)) != "":
				tag, scope = "th", ` scope="row"` // what each row is about, as a screen reader names it
			}
			attr := scope
			if i < len(class) && class[i] != "" {
				attr += ` class="` + class[i] + `"`
			}
			html := children(cell, c.src)
			if r == 0 {
				html = unitSpaces.Replace(html)
			}
			fmt.Fprintf(&b, `<%s%s>%s</%s>`, tag, attr, html, tag)
			words = append(words, strings.TrimSpace(nodeText(cell, c.src)))
		}
		c.text = append(c.text, strings.Join(words, " "))
		c.words = append(c.words, strings.Join(words, " "))
	}
	if len(rows) > 1 {
		b.WriteString(`</tr></tbody>`)
	} else {
		b.WriteString(`</tr></thead>`)
	}
	b.WriteString(`</table></div>`)
	return Block{Type: "table", HTML: b.String()}
}

// unitSpaces keep a column's unit whole where its heading wraps: "₹ lakh
// crore" on one line, not "₹ / lakh / crore" on three.
var unitSpaces = strings.NewReplacer("₹ ", "₹\u00a0", "lakh crore", "lakh\u00a0crore", "$ ", "$\u00a0", "€ ", "€\u00a0", "£ ", "£\u00a0")

// numberColumn reports whether column i holds numbers: at least one, and
// nothing else but blanks.
func numberColumn(rows [][]*east.TableCell, i int, src []byte) bool {
	found := false
	for _, row := range rows {
		if i >= len(row) {
			continue
		}
		s := strings.TrimSpace(html.UnescapeString(nodeText(row[i], src)))
		switch {
		case blankCell(s):
		case numeric.MatchString(s):
			found = true
		default:
			return false
		}
	}
	return found
}

// checkRowWidth reports a row with more cells than the header (GFM drops
// the extra cells without a word) or fewer (GFM pads the row with empty
// cells, and every number after the gap shifts under the wrong heading).
func (c *converter) checkRowWidth(r ast.Node, want int) {
	start := r.Pos()
	if start < 0 {
		return
	}
	end := bytes.IndexByte(c.src[start:], '\n')
	if end < 0 {
		end = len(c.src) - start
	}
	line := bytes.TrimSpace(c.src[start : start+end])
	switch n := cells(c.src[start : start+end]); {
	case bytes.HasPrefix(line, []byte("Table:")) && !bytes.ContainsRune(line, '|'):
		c.problem(start, "a table's caption goes after a blank line: put one between the table's last row and %q", string(line))
	case n > want:
		c.problem(start, "this table row has %d cells, but the header has %d; the extra cells would be lost", n, want)
	case n < want:
		cells := fmt.Sprintf("%d cells", n)
		if n == 1 {
			cells = "1 cell"
		}
		c.problem(start, "this table row has %s, but the header has %d; write — (or leave blank between pipes) a cell with no value", cells, want)
	}
}
