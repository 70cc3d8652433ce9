package chart

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// The data of a vertical chart: lines, columns and stacks, their direct
// labels, and the reference lines.

const endGap = 6 // between a line's end and its name

// lines draws each series as a line in a nested picture that stretches to
// the plot's width (strokes keep their width through vector-effect). A
// stretch of line that reaches a starred value is dashed: a projection.
func (v *vertical) lines() {
	p := v.cv.plotW()
	fmt.Fprintf(&v.cv.b, `<svg y="%d" height="%d" viewBox="0 0 1000 %d" preserveAspectRatio="none">`, topPad, plotH, plotH)
	ux := func(x float64) string { return num(x / p * 1000) }
	for s := range v.Series {
		var solid, dashed, dots, hollow strings.Builder
		var run [][2]float64
		flush := func() {
			if len(run) > 0 {
				v.cv.lines = append(v.cv.lines, run)
			}
			run = nil
		}
		prev := -1 // the last row with a value
		for i, r := range v.Rows {
			val := r.Values[s]
			if math.IsNaN(val) {
				flush()
				prev = -1
				continue
			}
			x, y := v.x[i], v.y(val)-topPad
			run = append(run, [2]float64{x, y + topPad})
			if prev >= 0 {
				seg := &solid
				if r.Starred[s] || v.Rows[prev].Starred[s] {
					seg = &dashed
				}
				fmt.Fprintf(seg, "M%s %sL%s %s", ux(v.x[prev]), num(v.y(v.Rows[prev].Values[s])-topPad), ux(x), num(y))
			}
			isolated := (i == 0 || math.IsNaN(v.Rows[i-1].Values[s])) && (i == len(v.Rows)-1 || math.IsNaN(v.Rows[i+1].Values[s]))
			if len(v.Rows) <= 24 || isolated {
				dot := &dots
				if r.Starred[s] {
					dot = &hollow
				}
				fmt.Fprintf(dot, "M%s %sh0", ux(x), num(y))
			}
			prev = i
		}
		flush()
		for _, part := range []struct {
			d     *strings.Builder
			class string
		}{{&solid, "chart__line"}, {&dashed, "chart__line chart__proj"}, {&dots, "chart__dot"}, {&hollow, "chart__dot chart__proj"}} {
			if part.d.Len() > 0 {
				fmt.Fprintf(&v.cv.b, `<path class="%s chart__s%d" d="%s"/>`, part.class, s, mergePath(part.d.String()))
			}
		}
	}
	v.cv.b.WriteString(`</svg>`)
}

// mergePath joins segments that continue one another: "M a L b M b L c"
// becomes "M a L b L c".
func mergePath(d string) string {
	var out strings.Builder
	last := ""
	for _, seg := range strings.SplitAfter(d, "M")[1:] {
		seg = strings.TrimSuffix(seg, "M")
		start, rest, ok := strings.Cut(seg, "L")
		if ok && start == last {
			out.WriteString("L" + rest)
		} else {
			out.WriteString("M" + seg)
		}
		if ok {
			last = rest
		}
	}
	return out.String()
}

// columns draws each row's values side by side in its band.
func (v *vertical) columns() {
	k := len(v.Series)
	band := v.cv.plotW() / float64(len(v.Rows))
	group := band * 0.7
	if k > 1 {
		group = band * 0.8
	}
	w := group / float64(k)
	for i, r := range v.Rows {
		for s, val := range r.Values {
			if math.IsNaN(val) {
				continue
			}
			x := float64(i)*band + (band-group)/2 + float64(s)*w
			y0, y1 := v.y(math.Max(val, 0)), v.y(math.Min(val, 0))
			v.cv.rect(v.markClass(i, s), x+w*0.05, w*0.9, y0, y1-y0)
		}
	}
}

// stacks draws each row's values one on another, negatives below zero.
func (v *vertical) stacks() {
	band := v.cv.plotW() / float64(len(v.Rows))
	w := band * 0.6
	for i, r := range v.Rows {
		up, down := 0.0, 0.0
		for s, val := range r.Values {
			x := float64(i)*band + band*0.2
			switch {
			case math.IsNaN(val):
			case val >= 0:
				v.cv.rect(v.markClass(i, s), x, w, v.y(up+val), v.y(up)-v.y(up+val))
				up += val
			default:
				v.cv.rect(v.markClass(i, s), x, w, v.y(down), v.y(down+val)-v.y(down))
				down += val
			}
		}
	}
}

// markClass is a bar's classes: its series' colour, dashed when starred,
// darker when its row is highlighted in a chart of one series.
func (c *Chart) markClass(row, s int) string {
	cls := fmt.Sprintf("chart__s%d", s)
	if c.Rows[row].Starred[s] {
		cls += " chart__proj"
	}
	if len(c.Series) == 1 && c.highlighted(row) {
		cls += " chart__hi"
	}
	return cls
}

// endLabels name a line chart's two to four series at the right of their
// last values, instead of a legend.
func (v *vertical) endLabels() []label {
	if !v.directLabels() {
		return nil
	}
	var out []label
	for s, name := range v.Series {
		lines, _ := wrap(name, math.Round(0.28*v.cv.w), 3, false)
		out = append(out, label{lines: lines, class: fmt.Sprintf("chart__t%d", s)})
	}
	return out
}

// directLabels reports whether the lines are named at their ends.
func (c *Chart) directLabels() bool {
	return c.Type == "line" && len(c.Series) >= 2 && len(c.Series) <= 4
}

// lastValue is the series' last value, or NaN.
func (c *Chart) lastValue(s int) float64 {
	for i := len(c.Rows) - 1; i >= 0; i-- {
		if v := c.Rows[i].Values[s]; !math.IsNaN(v) {
			return v
		}
	}
	return math.NaN()
}

// endsAndReferences draws the lines' names, then the reference lines with
// their labels, each at the first free place of: above or below the line,
// at the plot's right or left end. It reports false when a label found no
// free place and the reference labels should go in the right gutter.
func (v *vertical) endsAndReferences(ends []label) bool {
	p := v.cv.plotW()
	type item struct {
		l   label
		mid float64 // where its middle wants to be
		ref bool    // a reference line's label
	}
	var items []item
	for s, l := range ends {
		if last := v.lastValue(s); !math.IsNaN(last) {
			items = append(items, item{l, v.y(last), false})
		}
	}
	var refs []label
	if v.refOut {
		for i, l := range v.gutterReferences() {
			items = append(items, item{l, v.y(v.References[i].Value), true})
		}
	} else {
		for _, r := range v.References {
			refs = append(refs, label{lines: []string{v.referenceText(r)}, class: "chart__reflabel", bold: true})
		}
	}
	// Names at the right, moved apart from one another as little as needed.
	sort.SliceStable(items, func(i, j int) bool { return items[i].mid < items[j].mid })
	tops := make([]float64, len(items))
	for i, it := range items {
		h := float64(len(it.l.lines)) * lineH
		tops[i] = it.mid - h/2
		if i > 0 {
			tops[i] = math.Max(tops[i], tops[i-1]+float64(len(items[i-1].l.lines))*lineH+2)
		}
	}
	bottom := float64(topPad + plotH + 6)
	for i := len(items) - 1; i >= 0; i-- {
		h := float64(len(items[i].l.lines)) * lineH
		tops[i] = math.Min(tops[i], bottom-h)
		bottom = tops[i] - 2
	}
	for i := range tops { // more names than the plot is tall: down from the top
		tops[i] = math.Max(tops[i], 0)
		if i > 0 {
			tops[i] = math.Max(tops[i], tops[i-1]+float64(len(items[i-1].l.lines))*lineH+2)
		}
	}
	v.cv.b.WriteString(`<g class="chart__ends">`)
	gap := v.endGap()
	for i, it := range items {
		l := it.l
		l.x, l.y, l.pin = p+gap, tops[i]+ascent+1, 1
		v.cv.put(l)
		v.cv.h = math.Max(v.cv.h, l.box().y1+2)
		// A reference label moved off its line (by the names of lines
		// ending near it) points at it; the plot's right edge is 100%.
		if mid := tops[i] + float64(len(l.lines))*lineH/2; it.ref && math.Abs(mid-it.mid) > 2 {
			fmt.Fprintf(&v.cv.b, `<svg x="100%%" y="0"><path class="chart__leader" d="M1 %sH%sL%s %s"/></svg>`,
				num(it.mid), num(gap/2-1), num(gap-2), num(mid))
		}
	}
	v.cv.b.WriteString(`</g>`)
	for i, l := range refs {
		y := v.y(v.References[i].Value)
		placed := false
		for _, spot := range []struct {
			x      float64
			anchor string
			dy     float64
		}{{p, "end", -4}, {p, "end", ascent + 3}, {0, "start", -4}, {0, "start", ascent + 3}} {
			l.x, l.anchor, l.y = spot.x, spot.anchor, y+spot.dy
			if l.y-ascent >= 0 && v.cv.place(l, 2) {
				placed = true
				break
			}
		}
		if !placed {
			return false
		}
	}
	return true
}

// endGap is the room between the plot and the names at its right: wider
// when reference labels are among them, for the leader that takes one
// moved off its line back to it.
func (v *vertical) endGap() float64 {
	if v.refOut {
		return 3 * endGap
	}
	return endGap
}

// gutterReferences are the reference labels as they go in the right
// gutter, when they found no place in the plot.
func (v *vertical) gutterReferences() []label {
	if !v.refOut {
		return nil
	}
	var out []label
	for _, r := range v.References {
		lines, _ := wrap(v.referenceText(r), math.Round(0.28*v.cv.w), 3, true)
		out = append(out, label{lines: lines, class: "chart__reflabel", bold: true})
	}
	return out
}

// referenceText is a reference line's label with its value: as written
// when it says the value ("Target 4%"), else followed by the value as the
// bars' labels write it, with a % sign ("All items 1.55%", "FY24 average
// 7.2"), for a line the reader cannot read off the axis; the value alone,
// with its units, when it has no label.
func (c *Chart) referenceText(r Reference) string {
	value := grouped(r.Value, decimals(math.Abs(r.Value)))
	switch {
	case r.Label == "":
		return c.spoken(value)
	case saysNumber(r.Label, value) || saysNumber(r.Label, strings.ReplaceAll(value, "−", "-")):
		return r.Label
	case strings.HasPrefix(strings.TrimSpace(c.Units), "%"):
		value += "%"
	}
	return r.Label + " " + value
}

// saysNumber reports whether label holds number as a number of its own:
// "Target 4%" holds 4, "FY24 average" does not.
func saysNumber(label, number string) bool {
	digit := func(i int) bool { return i >= 0 && i < len(label) && label[i] >= '0' && label[i] <= '9' }
	for from := 0; ; {
		i := strings.Index(label[from:], number)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(number)
		if !digit(i-1) && !(i > 0 && label[i-1] == '.' && digit(i-2)) && !digit(end) && !(end < len(label) && label[end] == '.' && digit(end+1)) {
			return true
		}
		from = i + 1
	}
}

// valueLabels write each column's value above it (below a negative one):
// on every column or none, so no column looks as if it lacked a value;
// and each stacked segment's value inside it, where it fits.
func (v *vertical) valueLabels() {
	if v.Type == "line" {
		return
	}
	v.cv.b.WriteString(`<g class="chart__vals">`)
	defer v.cv.b.WriteString(`</g>`)
	band := v.cv.plotW() / float64(len(v.Rows))
	dec := v.seriesDecimals()
	var outside []label
	fits := false
	if v.Type == "stacked" {
		if !v.insideValues(band, dec) {
			outside, fits = v.totals(band)
		}
	} else {
		// A series' values alike ("7.00", "7.25") where they fit, else each
		// as written ("7", "7.25"), rather than none.
		outside, fits = v.columnValues(band, func(_, s int) int { return dec[s] })
		if !fits {
			outside, fits = v.columnValues(band, func(i, s int) int { return writtenDecimals(v.Rows[i].Cells[s]) })
		}
	}
	if fits {
		for _, l := range outside {
			v.cv.put(l)
		}
	}
}

// insideValues draws each stacked segment's value inside it where it has
// room, and reports whether any had.
func (v *vertical) insideValues(band float64, dec []int) bool {
	inside := false
	for i, r := range v.Rows {
		up, down := 0.0, 0.0
		for s, val := range r.Values {
			if math.IsNaN(val) {
				continue
			}
			var y0, y1 float64
			if val >= 0 {
				y0, y1 = v.y(up+val), v.y(up)
				up += val
			} else {
				y0, y1 = v.y(down), v.y(down+val)
				down += val
			}
			text := grouped(val, dec[s])
			if textWidth(text, true) <= band*0.6-4 && y1-y0 >= lineH+1 { // inside a segment, the value is bold
				v.cv.put(label{lines: []string{text}, x: (float64(i) + 0.5) * band, y: (y0+y1)/2 + 4, anchor: "middle", class: v.insideClass(i, s)})
				inside = true
			}
		}
	}
	return inside
}

// columnValues are the columns' values above (below, when negative) them,
// with dec decimals, and whether every one fits over its column, clear of
// everything drawn.
func (v *vertical) columnValues(band float64, dec func(row, s int) int) (out []label, fits bool) {
	k := float64(len(v.Series))
	group := band * 0.7
	if k > 1 {
		group = band * 0.8
	}
	fits = true
	for i, r := range v.Rows {
		for s, val := range r.Values {
			if math.IsNaN(val) {
				continue
			}
			text := grouped(val, dec(i, s))
			l := label{lines: []string{text}, x: float64(i)*band + (band-group)/2 + (float64(s)+0.5)*group/k, y: v.y(val) - 4, anchor: "middle"}
			if val < 0 {
				l.y = v.y(val) + ascent + 3
			}
			fits = fits && textWidth(text, false) <= group/k-2 && v.cv.free(l.box(), 1)
			out = append(out, l)
		}
	}
	return out, fits
}

// totals are the stacked columns' sums above them, for when no segment has
// room for its value (a phone): a reader gets each column's number and the
// data table the parts. Only for columns of no negative part, whose top is
// their sum; fits when every total has room over its column.
func (v *vertical) totals(band float64) (out []label, fits bool) {
	for i, r := range v.Rows {
		sum, dec, any := 0.0, 0, false
		for s, val := range r.Values {
			if val < 0 {
				return nil, false
			}
			if !math.IsNaN(val) {
				sum, dec, any = sum+val, max(dec, writtenDecimals(r.Cells[s])), true
			}
		}
		if !any {
			continue
		}
		text := grouped(sum, dec)
		l := label{lines: []string{text}, x: (float64(i) + 0.5) * band, y: v.y(sum) - 4, anchor: "middle"}
		if textWidth(text, false) > band-2 || !v.cv.free(l.box(), 1) {
			return nil, false
		}
		out = append(out, l)
	}
	return out, true
}

// insideClass is the class of a value written inside its bar: white, or
// ink on the light colours and on a starred (pale) bar.
func (c *Chart) insideClass(row, s int) string {
	if s == 1 || c.Rows[row].Starred[s] {
		return "chart__in chart__ink"
	}
	return "chart__in"
}
