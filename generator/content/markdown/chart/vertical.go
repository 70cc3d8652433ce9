package chart

import (
	"fmt"
	"math"
)

// Line, column and stacked charts: categories or time across, values up,
// the value axis in a gutter at the left sized to its widest label, so no
// number is printed over the data.
const (
	topPad  = 24  // above the plot: room for a label over the tallest column
	plotH   = 220 // the plot's height
	tickGap = 8   // between the value axis's labels and the plot
	xGap    = 8   // between the plot and the category labels
	tickPx  = 28  // the least room between two ticks of the value axis
	belowPx = 18  // room under the plot for labels under negative columns
)

// vertical is one variant's layout of a line, column or stacked chart.
type vertical struct {
	*Chart
	cv     *canvas
	s      scale
	x      []float64 // each row's x in plot pixels
	tl     *timeline // the rows as times, when they read as such
	xTop   float64   // the top of the category labels
	refOut bool      // reference labels go in the right gutter
}

func (v *vertical) y(val float64) float64 {
	return topPad + (v.s.hi-val)/(v.s.hi-v.s.lo)*plotH
}

// drawVertical lays the chart out for a picture width pixels wide, or
// returns nil when a column chart's categories cannot all be named.
func (c *Chart) drawVertical(width float64, refOut bool) *canvas {
	v := &vertical{Chart: c, cv: &canvas{w: width}, refOut: refOut}
	v.tl, _ = readTimeline(c.labels())
	if v.tl != nil && v.tl.kind == 'd' && c.Type != "line" {
		v.tl = nil // columns of days stand side by side, whatever the gaps between them
	}
	lo, hi := c.axisRange()
	v.s = niceScale(lo, hi, plotH/tickPx+1)
	dec := decimals(v.s.step)
	var ticks []label
	for _, t := range v.s.ticks() {
		l := label{lines: []string{grouped(t, dec)}, x: -tickGap, y: v.y(t) + 4, pin: -1, anchor: "end"}
		ticks = append(ticks, l)
		v.cv.left = math.Max(v.cv.left, widest(l.lines, false)+tickGap)
	}
	ends := v.endLabels()
	for _, e := range append(ends, v.gutterReferences()...) {
		v.cv.right = math.Max(v.cv.right, widest(e.lines, e.bold)+v.endGap()+4)
	}
	if c.Type == "line" && v.tl != nil {
		v.cv.right = math.Max(v.cv.right, 16) // room to centre the last year under its point
	}
	v.place()
	xLabels, xLines, ok := v.categoryLabels()
	if !ok {
		return nil
	}
	below := 0.0
	if c.Type == "column" && lo < 0 {
		below = belowPx
	}
	v.xTop = topPad + plotH + below + xGap
	v.cv.h = v.xTop + xLines + 4
	for i := range xLabels {
		if !xLabels[i].rotate {
			xLabels[i].y += v.xTop + ascent
		} else {
			xLabels[i].y += v.xTop
		}
	}

	v.bands()
	v.grid()
	switch c.Type {
	case "line":
		v.lines()
	case "column":
		v.columns()
	case "stacked":
		v.stacks()
	}
	v.cv.b.WriteString(`<g class="chart__ticks">`)
	for _, l := range ticks {
		v.cv.put(l)
	}
	v.cv.b.WriteString(`</g><g class="chart__x">`)
	for _, l := range xLabels {
		v.cv.put(l)
	}
	v.cv.b.WriteString(`</g>`)
	if !v.endsAndReferences(ends) {
		return c.drawVertical(width, true)
	}
	v.valueLabels()
	// The reference lines last, broken where they would cross a value.
	for _, r := range c.References {
		v.cv.hline("chart__ref", v.y(r.Value))
	}
	return v.cv
}

// axisRange is what the value axis must show: the values and reference
// lines, from zero for bars and columns, and for a line that comes near it.
func (c *Chart) axisRange() (lo, hi float64) {
	lo, hi = c.extent()
	for _, r := range c.References {
		lo, hi = math.Min(lo, r.Value), math.Max(hi, r.Value)
	}
	if c.Type != "line" || lo >= 0 && lo <= hi/2 || hi <= 0 && hi >= lo/2 {
		lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	}
	return lo, hi
}

// place sets each row's x: by its time on a line chart over time, at the
// middle of its band otherwise.
func (v *vertical) place() {
	n, p := len(v.Rows), v.cv.plotW()
	v.x = make([]float64, n)
	for i := range v.Rows {
		if v.Type == "line" && v.tl != nil {
			v.x[i] = float64(v.tl.t[i]-v.tl.t[0]) / float64(v.tl.t[n-1]-v.tl.t[0]) * p
		} else {
			v.x[i] = (float64(i) + 0.5) * p / float64(n)
		}
	}
}

// categoryLabels names every category when they fit, wrapped and if need
// be abbreviated (a short line of quarters or years: every point, see
// pointLabels); else ticks a time axis on calendar boundaries when there
// are too many columns to draw as bars; else returns !ok for a column
// chart, which is then drawn as bars (turned text is hard to read), and
// turns a line chart's labels a quarter. height is the room the labels take.
func (v *vertical) categoryLabels() (labels []label, height float64, ok bool) {
	n, p := len(v.Rows), v.cv.plotW()
	slot := p / float64(n)
	if v.Type == "line" && v.tl != nil {
		if labels, height, ok := v.pointLabels(); ok {
			return labels, height, true
		}
		return v.timeLabels()
	}
	if names, fits := v.nameAll(slot-4, 3); fits {
		lines := 1
		for i, name := range names {
			labels = append(labels, label{lines: name, x: v.x[i], anchor: "middle", bold: v.highlighted(i)})
			lines = max(lines, len(name))
		}
		return labels, float64(lines) * lineH, true
	}
	if v.tl != nil && len(v.Rows) > 10 {
		return v.timeLabels() // a long run of columns over time reads as a time axis
	}
	longest := 0.0
	for i, l := range v.labels() {
		longest = math.Max(longest, textWidth(l, v.highlighted(i)))
	}
	if slot >= lineH+3 && longest <= 120 && v.Type == "line" {
		for i, l := range v.labels() {
			labels = append(labels, label{lines: []string{l}, x: v.x[i], rotate: true, bold: v.highlighted(i)})
		}
		return labels, longest, true
	}
	if v.Type != "line" {
		return nil, 0, false
	}
	// A line over many long names: every k-th, from the first, as few
	// left out as will let the others fit.
	for k := 2; k <= n; k++ {
		var labels []label
		lines, fits := 1, true
		for i := 0; i < n && fits; i += k {
			name, ok := wrap(v.Rows[i].Label, float64(k)*slot-6, 3, v.highlighted(i))
			l := label{lines: name, x: v.x[i], anchor: "middle", bold: v.highlighted(i)}
			if b := l.box(); b.x0 < -v.cv.left {
				l.x, l.anchor = v.x[i]-slot/2, "start"
			} else if b.x1 > p+v.cv.right {
				l.x, l.anchor = v.x[i]+slot/2, "end"
			}
			if k := len(labels); k > 0 && labels[k-1].box().x1+6 > l.box().x0 {
				ok = false
			}
			labels = append(labels, l)
			lines, fits = max(lines, len(name)), ok
		}
		if fits {
			return labels, float64(lines) * lineH, true
		}
	}
	name, _ := wrap(v.Rows[0].Label, p, 3, false)
	return []label{{lines: name, x: 0, anchor: "start"}}, float64(len(name)) * lineH, true
}

// nameAll wraps each row's label to width, abbreviating them all if that
// is what makes them fit. A highlighted row's label is bold.
func (c *Chart) nameAll(width float64, maxLines int) ([][]string, bool) {
	for _, short := range []bool{false, true} {
		out, ok := make([][]string, len(c.Rows)), true
		for i, r := range c.Rows {
			l := r.Label
			if short {
				l = abbreviate(l)
			}
			lines, fits := wrap(l, width, maxLines, c.highlighted(i))
			out[i], ok = lines, ok && fits
		}
		if ok {
			return out, true
		}
	}
	return nil, false
}

// maxNamedPoints is the most points of a line over time that are each
// named: beyond it the axis reads better ticked on calendar boundaries.
const maxNamedPoints = 8

// pointLabels names every point of a short line of quarters or (fiscal) years,
// wrapped to two lines (abbreviated if need be) within the gap to its
// neighbours: four quarters read as four, not as the two calendar ticks
// that fit a phone on one line each.
func (v *vertical) pointLabels() ([]label, float64, bool) {
	n, p := len(v.Rows), v.cv.plotW()
	if n < 2 || n > maxNamedPoints || v.tl.kind == 'm' || v.tl.kind == 'd' {
		return nil, 0, false // months are ticked by quarter, as desks do; days by week or month
	}
	gap := p
	for i := 1; i < n; i++ {
		gap = math.Min(gap, v.x[i]-v.x[i-1])
	}
	var labels []label
	lines := 1
	for i, r := range v.Rows {
		name, ok := wrap(r.Label, gap-6, 2, v.highlighted(i))
		if !ok {
			name, ok = wrap(abbreviate(r.Label), gap-6, 2, v.highlighted(i))
		}
		l := label{lines: name, x: v.x[i], anchor: "middle", bold: v.highlighted(i)}
		if b := l.box(); b.x0 < -v.cv.left {
			l.anchor = "start"
		} else if b.x1 > p+v.cv.right {
			l.anchor = "end"
		}
		b := l.box()
		if !ok || b.x0 < -v.cv.left || b.x1 > p+v.cv.right || len(labels) > 0 && labels[len(labels)-1].box().x1+6 > b.x0 {
			return nil, 0, false
		}
		labels = append(labels, l)
		lines = max(lines, len(name))
	}
	return labels, float64(lines) * lineH, true
}

// timeLabels ticks the time axis at the finest calendar interval whose
// labels fit side by side; a label that would stick out at either end is
// set against its tick, or left out.
func (v *vertical) timeLabels() (best []label, height float64, ok bool) {
	rows := map[int]string{}
	for i, r := range v.Rows {
		rows[v.tl.t[i]] = r.Label
	}
	p := v.cv.plotW()
	t0, tn := v.tl.t[0], v.tl.t[len(v.tl.t)-1]
	at := func(t int) float64 {
		if v.Type == "line" {
			return float64(t-t0) / float64(tn-t0) * p
		}
		n := float64(len(v.Rows))
		return (float64(t-t0)/float64(tn-t0)*(n-1) + 0.5) * p / n
	}
	defer func() { best = v.nameHighlights(best, func(i int) float64 { return at(v.tl.t[i]) }) }()
	narrowest := textWidth("2000", false) + 6
	type try struct {
		interval int
		short    bool // fiscal years as FY26, months as Sep
	}
	var tries []try
	for _, interval := range v.tl.intervals() {
		tries = append(tries, try{interval, false}, try{interval, true})
	}
	for _, tr := range tries {
		interval := tr.interval
		if float64((tn-t0)/interval)*narrowest > p+v.cv.left+v.cv.right {
			continue // too many ticks for even the shortest labels
		}
		var labels []label
		fits := true
		for _, tick := range v.tl.ticks(interval, rows) {
			if tr.short {
				tick.label = abbreviate(tick.label)
			}
			l := label{lines: []string{tick.label}, x: at(tick.t), anchor: "middle"}
			if tick.year != "" {
				l.lines = append(l.lines, tick.year)
			}
			b := l.box()
			if b.x0 < -v.cv.left {
				l.anchor = "start"
			} else if b.x1 > p+v.cv.right {
				l.anchor = "end"
			}
			b = l.box()
			if b.x0 < -v.cv.left || b.x1 > p+v.cv.right {
				continue
			}
			if k := len(labels); k > 0 && labels[k-1].box().x1+6 > b.x0 {
				fits = false
				break
			}
			labels = append(labels, l)
		}
		if len(labels) > 0 && (best == nil || fits) {
			best = labels
		}
		if fits && len(labels) > 0 {
			break
		}
	}
	height = lineH
	for _, l := range best {
		height = max(height, float64(len(l.lines))*lineH)
	}
	return best, height, true
}

// labels are the rows' labels.
func (c *Chart) labels() []string {
	out := make([]string, len(c.Rows))
	for i, r := range c.Rows {
		out[i] = r.Label
	}
	return out
}

// grid draws the value axis's gridlines; the zero line is darker.
func (v *vertical) grid() {
	v.cv.b.WriteString(`<g class="chart__grid">`)
	for _, t := range v.s.ticks() {
		cls := ""
		if t == 0 {
			cls = ` class="chart__zero"`
		}
		fmt.Fprintf(&v.cv.b, `<line%s x1="0" x2="100%%" y1="%s" y2="%s"/>`, cls, num(v.y(t)), num(v.y(t)))
	}
	v.cv.b.WriteString(`</g>`)
}

// bands shade the highlighted rows: a column's band, or a period on a line.
func (v *vertical) bands() {
	p, n := v.cv.plotW(), len(v.Rows)
	for _, h := range v.Highlights {
		var x0, x1 float64
		if v.Type == "line" {
			half := func(i, j int) float64 { return math.Abs(v.x[j]-v.x[i]) / 2 }
			x0, x1 = v.x[h.From], v.x[h.To]
			if h.From > 0 {
				x0 -= half(h.From-1, h.From)
			}
			if h.To < n-1 {
				x1 += half(h.To, h.To+1)
			}
		} else {
			x0, x1 = float64(h.From)*p/float64(n), float64(h.To+1)*p/float64(n)
		}
		fmt.Fprintf(&v.cv.b, `<rect class="chart__band" x="%s" y="%d" width="%s" height="%d"/>`, v.cv.pct(x0), topPad, v.cv.pct(x1-x0), plotH)
	}
}

// extent is the range the chart must show: values, or stacked sums.
func (c *Chart) extent() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, r := range c.Rows {
		up, down := 0.0, 0.0
		for _, v := range r.Values {
			if math.IsNaN(v) {
				continue
			}
			if c.Type == "stacked" {
				if v >= 0 {
					up += v
				} else {
					down += v
				}
				lo, hi = math.Min(lo, down), math.Max(hi, up)
				continue
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}
