package chart

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
	"github.com/nivaran/magazine/generator/util/diag"
)

// Reference is a line across the chart at a value ("RBI target 4%").
type Reference struct {
	Value float64
	Label string
}

// Span is a run of rows, From to To (indexes, inclusive): a highlighted
// category or period.
type Span struct{ From, To int }

// annotate reads the header's annotations, which name rows, so it runs
// after the rows are read:
//
//	reference: 4 RBI target 4%            a value, then its label; several split by ;
//	highlight: Kerala                     a row, or rows: Jan 2025 to Mar 2025; several split by ;
//	starred: budget estimate              what a value written 4.4* is (default: projected)
func (c *Chart) annotate(fields map[string]fence.Field) []fence.Problem {
	var problems []fence.Problem
	add := func(key, format string, args ...any) {
		problems = append(problems, fence.Problem{Line: fields[key].Line, Message: key + ": " + fmt.Sprintf(format, args...)})
	}
	for _, part := range parts(fields["reference"].Value) {
		num, label, _ := strings.Cut(part, " ")
		v, err := Number(num)
		if first, _ := utf8.DecodeRuneInString(num); err != nil && strings.ContainsRune("0123456789+-−.", first) {
			if strings.ContainsAny(num, units) {
				add("reference", "%q: write the number alone, then its label (units: gives the unit): reference: 4 RBI target 4%%", num)
			} else {
				add("reference", "%q is not a number a chart can show: write it out in full, at most %g (then its label: reference: 4 RBI target 4%%)", num, MaxValue)
			}
			continue
		}
		if err != nil || math.IsNaN(v) {
			add("reference", "%q does not start with a number (write the value, then its label: reference: 4 RBI target 4%%)", part)
			continue
		}
		c.References = append(c.References, Reference{Value: v, Label: strings.TrimSpace(label)})
	}
	for _, part := range parts(fields["highlight"].Value) {
		span, msg := c.span(part)
		if msg != "" {
			add("highlight", "%s", msg)
			continue
		}
		c.Highlights = append(c.Highlights, span)
	}
	if w := fields["starred"]; w.Value != "" {
		switch {
		case !c.hasStars():
			add("starred", "no value is marked with * (write 4.4* for %s %s value)", indefinite(w.Value), w.Value)
		case utf8.RuneCountInString(w.Value) > 30:
			add("starred", "say in a word or two what a starred value is (projected, assumed, budget estimate)")
		}
	}
	return problems
}

// parts splits a header value at semicolons.
func parts(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ";") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// span finds the row labelled s, or the rows "A to B".
func (c *Chart) span(s string) (Span, string) {
	if i := c.row(s); i >= 0 {
		return Span{i, i}, ""
	}
	if from, to, ok := strings.Cut(s, " to "); ok {
		a, b := c.row(strings.TrimSpace(from)), c.row(strings.TrimSpace(to))
		switch {
		case a < 0:
			return Span{}, c.noRow(from)
		case b < 0:
			return Span{}, c.noRow(to)
		case b < a:
			return Span{}, fmt.Sprintf("%q comes before %q in the rows; write the earlier one first", strings.TrimSpace(to), strings.TrimSpace(from))
		}
		return Span{a, b}, ""
	}
	return Span{}, c.noRow(s)
}

func (c *Chart) row(label string) int {
	for i, r := range c.Rows {
		if r.Label == label {
			return i
		}
	}
	return -1
}

func (c *Chart) noRow(label string) string {
	label = strings.TrimSpace(label)
	labels := make([]string, len(c.Rows))
	for i, r := range c.Rows {
		labels[i] = r.Label
	}
	if s := diag.Suggest(label, labels); s != "" {
		return fmt.Sprintf("no row is labelled %q (did you mean %q?)", label, s)
	}
	return fmt.Sprintf("no row is labelled %q (write a row's label as in its first column, or two joined by \" to \")", label)
}

// starWord is what a starred value is called.
// indefinite is the article before a word: "an assumed", "a budget estimate".
func indefinite(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

func (c *Chart) starWord() string {
	if c.Starred != "" {
		return c.Starred
	}
	return "projected"
}

// highlighted reports whether row i is picked out.
func (c *Chart) highlighted(i int) bool {
	for _, h := range c.Highlights {
		if i >= h.From && i <= h.To {
			return true
		}
	}
	return false
}

// hasStars reports whether any value is starred.
func (c *Chart) hasStars() bool {
	for _, r := range c.Rows {
		for _, s := range r.Starred {
			if s {
				return true
			}
		}
	}
	return false
}

// nameHighlights adds to a time axis's ticks the name of each highlighted
// row (a span's first), in bold, leaving out the ticks it would touch: the
// row the chart is about is named at every width (a highlighted Feb 2025
// was unnamed between ticks at Jan and Apr). x is a row's place.
func (v *vertical) nameHighlights(ticks []label, x func(row int) float64) []label {
	p := v.cv.plotW()
	for _, h := range v.Highlights {
		l := label{lines: []string{v.Rows[h.From].Label}, x: x(h.From), anchor: "middle", bold: true}
		if b := l.box(); b.x0 < -v.cv.left {
			l.anchor = "start"
		} else if b.x1 > p+v.cv.right {
			l.anchor = "end"
		}
		b := l.box()
		kept := ticks[:0:0]
		clash := false
		for _, t := range ticks {
			tb := t.box()
			touches := tb.x1+6 > b.x0 && b.x1+6 > tb.x0
			switch {
			case touches && t.bold:
				clash = true // an earlier highlight's name keeps its place
				kept = append(kept, t)
			case !touches:
				kept = append(kept, t)
			}
		}
		if clash || b.x0 < -v.cv.left || b.x1 > p+v.cv.right {
			continue
		}
		ticks = append(kept, l)
		slices.SortFunc(ticks, func(a, b label) int { return cmp.Compare(a.box().x0, b.box().x0) })
	}
	return ticks
}
