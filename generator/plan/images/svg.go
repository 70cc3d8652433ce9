package images

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The drawing kit of cover art: points, the magazine's palette, and an SVG
// document written element by element. Coordinates are in a 1200x630 view
// box, y down; numbers carry one decimal at most, so files stay small and
// the same input always gives the same bytes.

type pt struct{ x, y float64 }

func (a pt) add(b pt) pt           { return pt{a.x + b.x, a.y + b.y} }
func (a pt) sub(b pt) pt           { return pt{a.x - b.x, a.y - b.y} }
func (a pt) mul(k float64) pt      { return pt{a.x * k, a.y * k} }
func lerpPt(a, b pt, t float64) pt { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }

// rgb is a straight sRGB colour, channels 0..1.
type rgb struct{ r, g, b float64 }

func rgbHex(s string) rgb {
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	return rgb{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}
}

func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func (c rgb) hex() string {
	return fmt.Sprintf("#%02x%02x%02x", u8(c.r), u8(c.g), u8(c.b))
}

func u8(v float64) uint8 { return uint8(math.Round(max(0, min(1, v)) * 255)) }

// The magazine's palette.
var (
	ink     = rgbHex("#14213d")
	saffron = rgbHex("#f29f3d")
	teal    = rgbHex("#1f7a6d")
	cream   = rgbHex("#f7f3ea")
	brick   = rgbHex("#b4532a")
	night   = rgbHex("#0c1428") // ink, deeper: the far corners
	dusk    = rgbHex("#24375e") // ink, lighter: where light falls
)

// num formats a coordinate: one decimal, no trailing zero.
func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// stop is a gradient stop: offset t (0..1), colour and opacity.
type stop struct {
	t float64
	c rgb
	a float64
}

// doc is an SVG picture being written.
type doc struct {
	defs, body strings.Builder
	ids        int
}

func (d *doc) add(format string, args ...any) { fmt.Fprintf(&d.body, format, args...) }

// paint is a fill or stroke value: a colour, or a gradient's url(#id).
type paint string

func solid(c rgb) paint { return paint(c.hex()) }

func (d *doc) gradient(open string, stops []stop) paint {
	d.ids++
	id := "g" + strconv.Itoa(d.ids)
	fmt.Fprintf(&d.defs, `<%s id="%s" gradientUnits="userSpaceOnUse">`, open, id)
	for _, s := range stops {
		fmt.Fprintf(&d.defs, `<stop offset="%s" stop-color="%s"`, num(s.t), s.c.hex())
		if s.a < 1 {
			fmt.Fprintf(&d.defs, ` stop-opacity="%s"`, strconv.FormatFloat(math.Round(s.a*100)/100, 'f', -1, 64))
		}
		d.defs.WriteString("/>")
	}
	d.defs.WriteString("</" + strings.Fields(open)[0] + ">")
	return paint("url(#" + id + ")")
}

// linear grades from (x0,y0) to (x1,y1).
func (d *doc) linear(x0, y0, x1, y1 float64, stops ...stop) paint {
	return d.gradient(fmt.Sprintf(`linearGradient x1="%s" y1="%s" x2="%s" y2="%s"`, num(x0), num(y0), num(x1), num(y1)), stops)
}

// radial grades outwards from (cx,cy) to radius r, squashed vertically by
// squash.
func (d *doc) radial(cx, cy, r, squash float64, stops ...stop) paint {
	open := fmt.Sprintf(`radialGradient cx="%s" cy="%s" r="%s"`, num(cx), num(cy), num(r))
	if squash != 1 {
		open += fmt.Sprintf(` gradientTransform="matrix(1 0 0 %s 0 %s)"`, strconv.FormatFloat(squash, 'f', -1, 64), num(cy*(1-squash)))
	}
	return d.gradient(open, stops)
}

// opacity is an opacity attribute, empty when opaque.
func opacity(name string, a float64) string {
	if a >= 1 {
		return ""
	}
	return fmt.Sprintf(` %s="%s"`, name, strconv.FormatFloat(math.Round(a*100)/100, 'f', -1, 64))
}

// fill draws path data d filled with p at opacity a.
func (d *doc) fill(p paint, a float64, path string) {
	d.add(`<path d="%s" fill="%s"%s/>`, path, p, opacity("fill-opacity", a))
}

// stroke draws path data as a line of width w, with round ends and joins.
func (d *doc) stroke(p paint, a, w float64, path string, extra ...string) {
	d.add(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"%s%s/>`,
		path, p, num(w), opacity("stroke-opacity", a), strings.Join(extra, ""))
}

// glow strokes a line twice, wide and faint, under where the line goes:
// a halo without a blur filter, which costs the browser nothing to draw.
func (d *doc) glow(c rgb, a, w float64, path string) {
	d.stroke(solid(c), a*.25, w*3, path)
	d.stroke(solid(c), a*.35, w*1.8, path)
}

func (d *doc) circle(p paint, a float64, c pt, r float64) {
	d.add(`<circle cx="%s" cy="%s" r="%s" fill="%s"%s/>`, num(c.x), num(c.y), num(r), p, opacity("fill-opacity", a))
}

func (d *doc) ring(p paint, a, w float64, c pt, r float64) {
	d.add(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"%s/>`, num(c.x), num(c.y), num(r), p, num(w), opacity("stroke-opacity", a))
}

func (d *doc) rect(p paint, a, x, y, w, h, rx float64) {
	d.add(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"%s/>`, num(x), num(y), num(w), num(h), num(rx), p, opacity("fill-opacity", a))
}

// svg is the finished document at the cover's size.
func (d *doc) svg() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d">`, CoverWidth, CoverHeight, CoverWidth, CoverHeight)
	if d.defs.Len() > 0 {
		b.WriteString("<defs>" + d.defs.String() + "</defs>")
	}
	b.WriteString(d.body.String())
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// poly is path data through pts, closed when closed.
func poly(closed bool, pts ...pt) string {
	var b strings.Builder
	for i, p := range pts {
		if i == 0 {
			b.WriteByte('M')
		} else {
			b.WriteByte('L')
		}
		b.WriteString(num(p.x) + " " + num(p.y))
	}
	if closed {
		b.WriteByte('Z')
	}
	return b.String()
}

// smooth is path data for a Catmull-Rom curve through pts, as cubic
// Béziers: a chart line or a ridge in a few points.
func smooth(pts []pt) string {
	var b strings.Builder
	b.WriteString("M" + num(pts[0].x) + " " + num(pts[0].y))
	for i := 0; i+1 < len(pts); i++ {
		p0, p1, p2, p3 := pts[max(i-1, 0)], pts[i], pts[i+1], pts[min(i+2, len(pts)-1)]
		c1, c2 := p1.add(p2.sub(p0).mul(1.0/6)), p2.sub(p3.sub(p1).mul(1.0/6))
		fmt.Fprintf(&b, "C%s %s %s %s %s %s", num(c1.x), num(c1.y), num(c2.x), num(c2.y), num(p2.x), num(p2.y))
	}
	return b.String()
}

// dots is path data for round dots of the stroke's width: zero-length
// segments with round caps, about ten bytes a dot.
func dots(pts []pt) string {
	var b strings.Builder
	for _, p := range pts {
		b.WriteString("M" + num(p.x) + " " + num(p.y) + "h0")
	}
	return b.String()
}
