package chart

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A chart is drawn once per range of widths (a variant) and the stylesheet
// shows the one that fits its container. Within a variant, text keeps its
// size in CSS pixels while the plot stretches: x positions are percentages
// of the plot, y positions pixels. Each variant is laid out for the
// narrowest width it is shown at; a wider container only spreads things
// apart, so what does not collide there collides nowhere.
type variant struct {
	width float64 // the narrowest chart it is shown in, in CSS pixels
	class string  // the class the stylesheet's container query switches on
}

var variants = []variant{
	{280, "chart__narrow"}, // a 320 px phone, less the page's margins
	{560, "chart__wide"},   // a tablet or desktop column (the article is 672 px)
}

// box is a rectangle in pixels, in the plot's coordinates (x from the
// plot's left edge, y from the top of the picture).
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a box) grow(d float64) box { return box{a.x0 - d, a.y0 - d, a.x1 + d, a.y1 + d} }

// canvas collects one variant's elements and the space they take.
type canvas struct {
	w, left, right float64 // the picture's width and its gutters
	h              float64
	b              strings.Builder
	taken          []box          // labels and marks placed so far
	lines          [][][2]float64 // line series, as points in pixels, NaN-free runs
	texts, marks   []box          // what taken holds, apart (for tests)
	rules          []box          // the bar charts' zero and reference lines (for tests)
}

func (cv *canvas) plotW() float64 { return cv.w - cv.left - cv.right }

// pct writes a plot x in pixels as a percentage of the plot's width.
func (cv *canvas) pct(x float64) string { return num(x/cv.plotW()*100) + "%" }

// free reports whether a box clears everything placed so far, with gap
// pixels to spare, and stays inside the picture.
func (cv *canvas) free(bx box, gap float64) bool {
	if bx.x0 < -cv.left || bx.x1 > cv.plotW()+cv.right || bx.y0 < 0 || bx.y1 > cv.h {
		return false
	}
	g := bx.grow(gap)
	for _, t := range cv.taken {
		if g.overlaps(t) {
			return false
		}
	}
	for _, run := range cv.lines {
		for i := range run {
			if i > 0 && segmentHits(run[i-1], run[i], g) || len(run) == 1 && g.overlaps(box{run[0][0] - 3, run[0][1] - 3, run[0][0] + 3, run[0][1] + 3}) {
				return false
			}
		}
	}
	return true
}

// segmentHits reports whether the segment a–b (or the dot at its ends)
// crosses the box (Liang–Barsky clipping).
func segmentHits(a, b [2]float64, bx box) bool {
	bx = bx.grow(1.5) // the line's half width
	t0, t1 := 0.0, 1.0
	dx, dy := b[0]-a[0], b[1]-a[1]
	for _, e := range [][2]float64{{-dx, a[0] - bx.x0}, {dx, bx.x1 - a[0]}, {-dy, a[1] - bx.y0}, {dy, bx.y1 - a[1]}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// A label is chart text. x is in plot pixels; pin says how it moves as the
// chart widens: with the plot (0), fixed from the plot's left edge (-1, the
// value axis) or from its right edge (+1, line ends).
type label struct {
	lines  []string
	x, y   float64 // y is the first line's baseline
	pin    int
	anchor string // start, middle or end
	class  string
	bold   bool
	rotate bool // turned a quarter left, reading upwards, ending at y
}

// Glyphs reach about 0.93 em above the baseline and 0.24 em below it.
const ascent, descent = 11.2, 2.9

// rotDy centres a turned label's glyphs on its x.
const rotDy = 4

func (l label) box() box {
	w := widest(l.lines, l.bold)
	if l.rotate { // one line, centred on x, reading up from y+w to y
		return box{l.x + rotDy - ascent, l.y, l.x + rotDy + descent, l.y + w}
	}
	x0 := l.x
	switch l.anchor {
	case "middle":
		x0 -= w / 2
	case "end":
		x0 -= w
	}
	return box{x0, l.y - ascent, x0 + w, l.y + float64(len(l.lines)-1)*lineH + descent}
}

// place draws l if it is clear of everything, and reports whether it did.
func (cv *canvas) place(l label, gap float64) bool {
	if !cv.free(l.box(), gap) {
		return false
	}
	cv.put(l)
	return true
}

// put draws l whether or not it is clear (the layout made room for it).
func (cv *canvas) put(l label) {
	cv.taken = append(cv.taken, l.box())
	cv.texts = append(cv.texts, l.box())
	x := ` x="` + cv.pct(l.x) + `"`
	switch l.pin {
	case -1:
		x = ` x="` + num(l.x) + `"`
	case 1:
		x = ` x="100%" dx="` + num(l.x-cv.plotW()) + `"`
	}
	attrs, class := "", l.class
	if l.bold {
		class = strings.TrimSpace(class + " chart__b")
	}
	if class != "" {
		attrs += ` class="` + class + `"`
	}
	if l.anchor != "" && l.anchor != "start" {
		attrs += ` text-anchor="` + l.anchor + `"`
	}
	if l.rotate {
		// A rotation turns about a point in pixels, so the label sits in a
		// nested picture placed by percentage, turned about its origin.
		fmt.Fprintf(&cv.b, `<svg x="%s" y="%s"><text%s transform="rotate(-90)" text-anchor="end" dy="%d">%s</text></svg>`,
			cv.pct(l.x), num(l.y), attrs, rotDy, esc(l.lines[0]))
		return
	}
	fmt.Fprintf(&cv.b, `<text%s%s y="%s">%s`, attrs, x, num(l.y), esc(l.lines[0]))
	for _, line := range l.lines[1:] {
		fmt.Fprintf(&cv.b, `<tspan%s dy="%d">%s</tspan>`, x, lineH, esc(line))
	}
	cv.b.WriteString(`</text>`)
}

// rect draws a bar or column, x in plot pixels (percent in the output),
// y in pixels, and takes its space.
func (cv *canvas) rect(class string, x, w, y, h float64) {
	cv.taken = append(cv.taken, box{x, y, x + w, y + h})
	cv.marks = append(cv.marks, box{x, y, x + w, y + h})
	fmt.Fprintf(&cv.b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s"/>`, class, cv.pct(x), num(y), cv.pct(w), num(math.Max(h, 0.5)))
}

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	if math.Abs(v) < 0.005 {
		return "0"
	}
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// hline draws a line across the plot at y, broken where it would cross a
// text inside the plot (a column's value).
func (cv *canvas) hline(class string, y float64) {
	p := cv.plotW()
	var cuts []box
	for _, t := range cv.texts {
		if y >= t.y0-1 && y <= t.y1+1 && t.x1 > 0 && t.x0 < p {
			cuts = append(cuts, t)
		}
	}
	slices.SortFunc(cuts, func(a, b box) int { return cmp.Compare(a.x0, b.x0) })
	x0 := 0.0
	for _, t := range append(cuts, box{x0: p + 2, x1: p}) {
		if x1 := math.Min(t.x0-2, p); x1 > x0 {
			fmt.Fprintf(&cv.b, `<line class="%s" x1="%s" x2="%s" y1="%s" y2="%s"/>`, class, cv.pct(x0), cv.pct(x1), num(y), num(y))
		}
		x0 = math.Max(x0, t.x1+2)
	}
}
