package chart

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Horizontal bars: each category's name beside its bars, in a left gutter
// (left of the negative values'), when every name fits in two lines of two
// fifths of the width and the bars keep two fifths of it (thirty states then
// take half the height); else above its bars, from the chart's left edge and
// wrapped to its width, so a long ministry name is never cut. Each bar's
// value at its end, in gutters sized to the widest value; no value axis.
// Stacked columns that cannot name their categories are drawn this way too,
// with the values inside the segments where they fit.
const (
	barH     = 16 // a bar's thickness, one series
	barHMany = 13 // with several series (its value labels 15 px apart)
	barGap   = 2  // between a category's bars
	catGap   = 12 // between categories
	nameGap  = 3  // between a name and its bars
	valGap   = 4  // between a bar's end and its value
	sideGap  = 8  // between a name beside its bars and the bars
	sideCat  = 8  // between categories named beside their bars: half a bar
)

func (c *Chart) drawBars(width float64, stacked bool) *canvas {
	cv := &canvas{w: width}
	lo, hi := c.extent()
	lo, hi = math.Min(lo, 0), math.Max(hi, 0) // bars start at zero
	texts := make([][]string, len(c.Rows))
	dec := c.seriesDecimals()
	for i, r := range c.Rows {
		texts[i] = make([]string, len(r.Values))
		for s, v := range r.Values {
			if math.IsNaN(v) {
				continue
			}
			texts[i][s] = grouped(v, dec[s])
			if stacked {
				continue // values inside the segments: no gutters
			}
			w := textWidth(texts[i][s], false) + valGap + 2
			if v < 0 {
				cv.left = math.Max(cv.left, w)
			} else {
				cv.right = math.Max(cv.right, w)
			}
		}
	}
	for _, r := range c.References {
		lo, hi = math.Min(lo, r.Value), math.Max(hi, r.Value)
	}
	if hi == lo {
		hi = lo + 1
	}
	// Beside the bars, each name in at most two lines of two fifths of the
	// width, left of the negative values' gutter, when the bars keep two
	// fifths of the width.
	sideNames := make([][]string, len(c.Rows))
	beside, widestName, negatives := true, 0.0, cv.left
	for i, r := range c.Rows {
		var fits bool
		sideNames[i], fits = wrap(r.Label, 0.4*width, 2, c.highlighted(i))
		beside = beside && fits
		widestName = math.Max(widestName, widest(sideNames[i], c.highlighted(i)))
	}
	if beside = beside && width-negatives-widestName-sideGap-cv.right >= 0.4*width; beside {
		cv.left = negatives + sideGap + widestName
	}
	p := cv.plotW()
	x := func(v float64) float64 { return (v - lo) / (hi - lo) * p }
	thick := float64(barH)
	if len(c.Series) > 1 && !stacked {
		thick = barHMany
	}

	top := 4.0 + float64(len(c.References))*lineH
	y := top
	type bar struct {
		row, s int
		y      float64
	}
	var bars []bar
	var names []label
	rowEnd := make([]float64, len(c.Rows)) // beside: where a row's name or bars end
	gap := float64(catGap)
	if beside {
		gap = sideCat
	}
	for i, r := range c.Rows {
		y0 := y
		if beside {
			group := thick
			if !stacked {
				group = float64(len(r.Values))*(thick+barGap) - barGap
			}
			h := float64(len(sideNames[i])) * lineH
			y += math.Max(0, (h-group)/2) // a name taller than its bars
			names = append(names, label{lines: sideNames[i], x: -negatives - sideGap, y: y + group/2 - h/2 + ascent + 1, pin: -1, anchor: "end", bold: c.highlighted(i), class: "chart__cat"})
			rowEnd[i] = y0 + math.Max(h, group)
		} else {
			lines, _ := wrap(r.Label, width, 6, c.highlighted(i))
			names = append(names, label{lines: lines, x: -cv.left, y: y + ascent, pin: -1, bold: c.highlighted(i), class: "chart__cat"})
			y += float64(len(lines))*lineH + nameGap
		}
		for s := range r.Values {
			bars = append(bars, bar{i, s, y})
			if !stacked {
				y += thick + barGap
			}
		}
		if stacked {
			y += thick + barGap
		}
		if beside {
			y = math.Max(y, rowEnd[i]+barGap)
		}
		if len(c.Series) > 1 && c.highlighted(i) {
			fmt.Fprintf(&cv.b, `<rect class="chart__band" x="0" y="%s" width="100%%" height="%s"/>`, num(y0-3), num(y-y0+3))
		}
		y += gap - barGap
	}
	cv.h = y - gap + 8

	ups := make([]float64, len(c.Rows))
	downs := make([]float64, len(c.Rows))
	for _, b := range bars {
		v := c.Rows[b.row].Values[b.s]
		if math.IsNaN(v) {
			continue
		}
		x0, x1 := x(math.Min(v, 0)), x(math.Max(v, 0))
		if stacked {
			if v >= 0 {
				x0, x1 = x(ups[b.row]), x(ups[b.row]+v)
				ups[b.row] += v
			} else {
				x0, x1 = x(downs[b.row]+v), x(downs[b.row])
				downs[b.row] += v
			}
		}
		cv.rect(c.markClass(b.row, b.s), x0, x1-x0, b.y, thick)
	}

	cv.b.WriteString(`<g class="chart__x">`)
	for _, l := range names {
		cv.put(l)
	}
	cv.b.WriteString(`</g><g class="chart__vals">`)
	ups, downs = make([]float64, len(c.Rows)), make([]float64, len(c.Rows))
	for _, b := range bars {
		v := c.Rows[b.row].Values[b.s]
		if math.IsNaN(v) {
			continue
		}
		text := texts[b.row][b.s]
		mid := b.y + thick/2 + 4
		if stacked {
			x0 := ups[b.row]
			if v < 0 {
				x0 = downs[b.row] + v
				downs[b.row] += v
			} else {
				ups[b.row] += v
			}
			if textWidth(text, true)+4 <= x(x0+math.Abs(v))-x(x0) {
				cv.put(label{lines: []string{text}, x: (x(x0) + x(x0+math.Abs(v))) / 2, y: mid, anchor: "middle", class: c.insideClass(b.row, b.s)})
			}
			continue
		}
		if v < 0 {
			cv.put(label{lines: []string{text}, x: x(v) - valGap, y: mid, anchor: "end"})
		} else {
			cv.put(label{lines: []string{text}, x: x(v) + valGap, y: mid})
		}
	}
	cv.b.WriteString(`</g>`)

	// Each reference line runs up to its own label, one a row above the
	// plot, and reaches across to it when the label could not be centred
	// over the line (near an edge).
	reach := make([]float64, len(c.References))
	for i, r := range c.References {
		l := label{lines: []string{c.referenceText(r)}, x: x(r.Value), y: 4 + float64(i)*lineH + ascent, anchor: "middle", class: "chart__reflabel", bold: true}
		if b := l.box(); b.x0 < -cv.left || b.x1 > p+cv.right {
			// Centred over its line where it fits, else as near as it can.
			l.anchor, l.x = "start", math.Max(-cv.left, math.Min(b.x0, p+cv.right-(b.x1-b.x0)))
		}
		cv.put(l)
		b, at := l.box(), x(r.Value)
		reach[i] = b.y1 + 1
		if at < b.x0-1 || at > b.x1+1 {
			mid := (b.y0 + b.y1) / 2
			edge := b.x0 - 2
			if at > b.x1 {
				edge = b.x1 + 2
			}
			reach[i] = mid
			fmt.Fprintf(&cv.b, `<line class="chart__leader" x1="%s" x2="%s" y1="%s" y2="%s"/>`, cv.pct(at), cv.pct(edge), num(mid), num(mid))
		}
	}
	// The rules last, to break them around the text they would cross. The
	// names, written from the plot's left edge (where zero is when no value
	// is negative), keep their pixels while the plot stretches, so whether
	// one crosses a rule depends on the width shown: each rule skips every
	// name's row alike, and is beside the bars only.
	var rows []box // beside the bars, the names cross no rule
	for _, n := range names {
		if !beside {
			rows = append(rows, n.box())
		}
	}
	cv.vline("chart__zero", x(0), top, cv.h-4, rows)
	for i, r := range c.References {
		cv.vline("chart__ref", x(r.Value), reach[i], cv.h-4, rows)
	}
	return cv
}

// vline draws a line down the plot at x from y0 to y1, broken where it
// would cross a text and at each of rows.
func (cv *canvas) vline(class string, x, y0, y1 float64, rows []box) {
	cuts := slices.Clone(rows)
	for _, t := range cv.texts {
		if x >= t.x0-1 && x <= t.x1+1 {
			cuts = append(cuts, t)
		}
	}
	cuts = slices.DeleteFunc(cuts, func(t box) bool { return t.y1 <= y0 || t.y0 >= y1 })
	slices.SortFunc(cuts, func(a, b box) int { return cmp.Compare(a.y0, b.y0) })
	for _, t := range cuts {
		cv.segment(class, x, y0, t.y0-1)
		y0 = max(y0, t.y1+1)
	}
	cv.segment(class, x, y0, y1)
}

func (cv *canvas) segment(class string, x, y0, y1 float64) {
	if y1 > y0 {
		cv.rules = append(cv.rules, box{x, y0, x, y1})
		fmt.Fprintf(&cv.b, `<line class="%s" x1="%s" x2="%s" y1="%s" y2="%s"/>`, class, cv.pct(x), cv.pct(x), num(y0), num(y1))
	}
}
