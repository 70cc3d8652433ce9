package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The SVG has no viewBox: its text keeps its size in CSS pixels at any
// width, placed by percentages across, so the labels stay readable on a
// phone and are not blown up on a desktop. The data is drawn in a nested
// SVG that stretches to the width (strokes keep their width through
// vector-effect, set in CSS). Colours come from the classes chart__s0…s5,
// so the palette lives in one place, the stylesheet.
const (
	across   = 1000 // the data's own units across, stretched to the width
	top      = 36   // the plot's top, below the units title
	plotH    = 210  // the plot's height, in pixels
	colH     = top + plotH + 54
	charPx   = 7   // a label character's width at the chart's 12px, roughly
	narrowPx = 320 // the plot's width on the narrowest phone
	widePx   = 640 // and in the article column on a desktop
)

// svg writes the chart's picture, with title and desc for screen readers.
func (c *Chart) svg(b *strings.Builder, id string) {
	h := colH
	if c.Type == "bar" {
		h = c.barHeight()
	}
	fmt.Fprintf(b, `<svg class="chart__svg" width="100%%" height="%d" role="img" aria-labelledby="%s-t" aria-describedby="%s-d">`, h, id, id)
	fmt.Fprintf(b, `<title id="%s-t">%s</title><desc id="%s-d">%s</desc>`, id, esc(c.Title), id, esc(c.Description()))
	if c.Units != "" {
		fmt.Fprintf(b, `<text class="chart__units" x="0" y="12">%s</text>`, esc(c.Units))
	}
	if c.Type == "bar" {
		c.drawBars(b)
	} else {
		c.drawColumns(b)
	}
	b.WriteString(`</svg>`)
}

// drawColumns draws line, column and stacked charts: categories across,
// values up, with gridlines and their values at the left.
func (c *Chart) drawColumns(b *strings.Builder) {
	lo, hi := c.extent()
	if c.Type != "line" || lo >= 0 && lo <= hi/2 {
		lo = math.Min(lo, 0) // bars start at zero; a line does when its values are near it
		hi = math.Max(hi, 0)
	}
	lo, hi, step := niceScale(lo, hi, 5)
	y := func(v float64) float64 { return plotH - (v-lo)/(hi-lo)*plotH }
	dec := decimals(step)

	b.WriteString(`<g class="chart__grid">`)
	for v := lo; v <= hi+step/2; v += step {
		cls := ""
		if math.Abs(v) < step/1e6 {
			cls = ` class="chart__zero"`
		}
		fmt.Fprintf(b, `<line%s x1="0" x2="100%%" y1="%s" y2="%s"/>`, cls, num(top+y(v)), num(top+y(v)))
	}
	b.WriteString(`</g>`)

	fmt.Fprintf(b, `<svg y="%d" width="100%%" height="%d" viewBox="0 0 %d %d" preserveAspectRatio="none">`, top, plotH, across, plotH)
	n := len(c.Rows)
	band := float64(across) / float64(n)
	switch c.Type {
	case "line":
		step := float64(across) / float64(max(n-1, 1))
		for s := range c.Series {
			var line, dots strings.Builder
			pen := false
			for i, r := range c.Rows {
				v := r.Values[s]
				if math.IsNaN(v) {
					pen = false
					continue
				}
				cmd := "L"
				if !pen {
					cmd = "M"
				}
				fmt.Fprintf(&line, "%s%s %s", cmd, num(float64(i)*step), num(y(v)))
				fmt.Fprintf(&dots, "M%s %sh0", num(float64(i)*step), num(y(v)))
				pen = true
			}
			fmt.Fprintf(b, `<path class="chart__line chart__s%d" d="%s"/>`, s, line.String())
			if n <= 24 {
				fmt.Fprintf(b, `<path class="chart__dot chart__s%d" d="%s"/>`, s, dots.String())
			}
		}
	case "column":
		w := band * 0.7 / float64(len(c.Series))
		for i, r := range c.Rows {
			for s, v := range r.Values {
				if !math.IsNaN(v) {
					bar(b, s, float64(i)*band+band*0.15+float64(s)*w, w, y(math.Max(v, 0)), y(math.Min(v, 0)))
				}
			}
		}
	case "stacked":
		w := band * 0.6
		for i, r := range c.Rows {
			up, down := 0.0, 0.0
			for s, v := range r.Values {
				x := float64(i)*band + band*0.2
				switch {
				case math.IsNaN(v):
				case v >= 0:
					bar(b, s, x, w, y(up+v), y(up))
					up += v
				default:
					bar(b, s, x, w, y(down), y(down+v))
					down += v
				}
			}
		}
	}
	b.WriteString(`</svg>`)

	b.WriteString(`<g class="chart__ticks">`)
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(b, `<text x="0" y="%s">%s</text>`, num(top+y(v)-5), tick(v, dec))
	}
	b.WriteString(`</g>`)

	// Category labels, thinned so they never overlap: every k-th from the
	// last (the newest point matters most), more of them on a wide screen.
	narrow, wide := c.labelSteps()
	b.WriteString(`<g class="chart__x">`)
	for i, r := range c.Rows {
		back := n - 1 - i
		if back%wide != 0 {
			continue
		}
		x, anchor := (float64(i)+0.5)*100/float64(n), "middle"
		if c.Type == "line" {
			x = float64(i) * 100 / float64(max(n-1, 1))
			switch {
			case i == n-1:
				anchor = "end"
			case i == 0:
				anchor = "start"
			}
		}
		cls := ""
		if back%narrow != 0 {
			cls = ` class="chart__wide"`
		}
		fmt.Fprintf(b, `<text%s x="%s%%" y="%d" text-anchor="%s">%s</text>`, cls, num(x), top+plotH+20, anchor, esc(r.Label))
	}
	b.WriteString(`</g>`)
	if c.Label != "" {
		fmt.Fprintf(b, `<text class="chart__axis" x="50%%" y="%d" text-anchor="middle">%s</text>`, colH-6, esc(c.Label))
	}
}

// labelSteps is how many categories apart the labels are on a phone and
// on a desktop; the phone's step is a multiple of the desktop's, so a phone
// shows a subset of the same labels.
func (c *Chart) labelSteps() (narrow, wide int) {
	longest := 1
	for _, r := range c.Rows {
		longest = max(longest, len([]rune(r.Label)))
	}
	need := float64(len(c.Rows) * (longest*charPx + 10))
	wide = max(1, int(math.Ceil(need/widePx)))
	narrow = max(1, int(math.Ceil(need/narrowPx)))
	narrow = (narrow + wide - 1) / wide * wide
	return narrow, wide
}

func bar(b *strings.Builder, s int, x, w, y0, y1 float64) {
	fmt.Fprintf(b, `<rect class="chart__s%d" x="%s" y="%s" width="%s" height="%s"/>`, s, num(x), num(y0), num(w), num(math.Max(y1-y0, 0.5)))
}

// Horizontal bars: a label above each category's bars, the value as
// written at each bar's end; no gridlines.
const (
	barTop   = 24
	barLabel = 18
	barH     = 14
	barGap   = 3
	rowGap   = 12
)

func (c *Chart) rowH() int {
	return barLabel + len(c.Series)*(barH+barGap) + rowGap
}

func (c *Chart) barHeight() int { return barTop + len(c.Rows)*c.rowH() + 8 }

func (c *Chart) drawBars(b *strings.Builder) {
	lo, hi := c.extent()
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if hi == lo {
		hi = lo + 1
	}
	// Room at the ends for the values written beside the bars.
	left, right := 0.0, 0.86*across
	if lo < 0 {
		left = 0.14 * across
	}
	x := func(v float64) float64 { return left + (v-lo)/(hi-lo)*(right-left) }
	h := c.barHeight()
	fmt.Fprintf(b, `<svg y="0" width="100%%" height="%d" viewBox="0 0 %d %d" preserveAspectRatio="none">`, h, across, h)
	for i, r := range c.Rows {
		y0 := float64(barTop + i*c.rowH() + barLabel)
		for s, v := range r.Values {
			if !math.IsNaN(v) {
				x0, x1 := x(math.Min(v, 0)), x(math.Max(v, 0))
				fmt.Fprintf(b, `<rect class="chart__s%d" x="%s" y="%s" width="%s" height="%d"/>`, s, num(x0), num(y0+float64(s*(barH+barGap))), num(math.Max(x1-x0, 0.5)), barH)
			}
		}
	}
	fmt.Fprintf(b, `<line class="chart__zero" x1="%s" x2="%s" y1="%d" y2="%d"/>`, num(x(0)), num(x(0)), barTop, h)
	b.WriteString(`</svg><g class="chart__x">`)
	for i, r := range c.Rows {
		rowTop := barTop + i*c.rowH()
		fmt.Fprintf(b, `<text class="chart__cat" x="%s%%" y="%d">%s</text>`, num(x(0)*100/across), rowTop+13, esc(r.Label))
		for s, v := range r.Values {
			if math.IsNaN(v) {
				continue
			}
			yy := rowTop + barLabel + s*(barH+barGap) + barH - 3
			if v < 0 {
				fmt.Fprintf(b, `<text x="%s%%" dx="-4" y="%d" text-anchor="end">%s</text>`, num(x(v)*100/across), yy, esc(r.Cells[s]))
			} else {
				fmt.Fprintf(b, `<text x="%s%%" dx="4" y="%d">%s</text>`, num(x(v)*100/across), yy, esc(r.Cells[s]))
			}
		}
	}
	b.WriteString(`</g>`)
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

// niceScale widens [lo, hi] to round steps: 1, 2, 2.5 or 5 times a power of ten.
func niceScale(lo, hi float64, ticks int) (float64, float64, float64) {
	if hi-lo < 1e-12*math.Max(math.Abs(lo), math.Abs(hi)) || hi == lo {
		pad := math.Max(math.Abs(hi)*0.1, 1)
		lo, hi = lo-pad, hi+pad
	}
	raw := (hi - lo) / float64(ticks)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5} {
		if raw <= m*mag*(1+1e-9) {
			step = m * mag
			break
		}
	}
	return math.Floor(lo/step+1e-9) * step, math.Ceil(hi/step-1e-9) * step, step
}

// decimals is how many decimal places the step's ticks need.
func decimals(step float64) int {
	for d := 0; d < 6; d++ {
		p := step * math.Pow(10, float64(d))
		if math.Abs(p-math.Round(p)) < 1e-6*p {
			return d
		}
	}
	return 6
}

// tick formats an axis value the Indian way: 1,00,000 and a true minus sign.
func tick(v float64, dec int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', dec, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if len(whole) > 3 {
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		var parts []string
		for len(head) > 2 {
			parts = append([]string{head[len(head)-2:]}, parts...)
			head = head[:len(head)-2]
		}
		whole = strings.Join(append(append([]string{head}, parts...), tail), ",")
	}
	if frac != "" {
		whole += "." + frac
	}
	if v < 0 && strings.Trim(s, "0.") != "" {
		return "−" + whole
	}
	return whole
}

// num writes a coordinate with at most one decimal.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}
