package images

import (
	"image"
	"math"
	"strconv"

	"golang.org/x/image/draw"
	"golang.org/x/image/vector"
)

// The drawing kit behind covers and cards: anti-aliased polygon fills from
// golang.org/x/image/vector, strokes built as polygons, gradient paints, and
// a blur for shadows and glows. Coordinates are float pixels, y down.

type pt struct{ x, y float64 }

func (a pt) add(b pt) pt           { return pt{a.x + b.x, a.y + b.y} }
func (a pt) sub(b pt) pt           { return pt{a.x - b.x, a.y - b.y} }
func (a pt) mul(k float64) pt      { return pt{a.x * k, a.y * k} }
func (a pt) len() float64          { return math.Hypot(a.x, a.y) }
func lerpPt(a, b pt, t float64) pt { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }

// rgb is a straight (not premultiplied) sRGB colour, channels 0..1.
type rgb struct{ r, g, b float64 }

func rgbHex(s string) rgb {
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	return rgb{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}
}

func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

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

// paint gives the colour and opacity at a point: one colour (fn nil, the
// common case, composited without a call per pixel) or a gradient.
type paint struct {
	c  rgb
	a  float64
	fn func(x, y float64) (rgb, float64)
}

func solid(c rgb, a float64) paint { return paint{c: c, a: a} }

type stop struct {
	t float64
	c rgb
	a float64
}

func at(stops []stop, t float64) (rgb, float64) {
	if t <= stops[0].t {
		return stops[0].c, stops[0].a
	}
	for i := 1; i < len(stops); i++ {
		if t <= stops[i].t {
			s0, s1 := stops[i-1], stops[i]
			u := (t - s0.t) / (s1.t - s0.t)
			return mix(s0.c, s1.c, u), s0.a + (s1.a-s0.a)*u
		}
	}
	last := stops[len(stops)-1]
	return last.c, last.a
}

// linear grades from (x0,y0) to (x1,y1).
func linear(x0, y0, x1, y1 float64, stops ...stop) paint {
	dx, dy := x1-x0, y1-y0
	d2 := dx*dx + dy*dy
	return paint{fn: func(x, y float64) (rgb, float64) {
		return at(stops, ((x-x0)*dx+(y-y0)*dy)/d2)
	}}
}

// radial grades outwards from (cx,cy) to radius r (ry = r*squash vertically).
func radial(cx, cy, r, squash float64, stops ...stop) paint {
	return paint{fn: func(x, y float64) (rgb, float64) {
		dx, dy := x-cx, (y-cy)/squash
		return at(stops, math.Sqrt(dx*dx+dy*dy)/r)
	}}
}

// canvas is an RGBA picture plus the scratch buffers drawing needs. Not safe
// for concurrent use; each drawing makes its own.
type canvas struct {
	img  *image.RGBA
	w, h int
	z    vector.Rasterizer
	mask image.Alpha
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), w: w, h: h}
}

// rasterize turns polygons into a coverage mask over their bounding box
// (clipped to the canvas). Polygons are given one winding first: the
// rasterizer sums signed coverage and clamps it, so same-wound overlapping
// pieces union cleanly while opposite ones would punch holes.
func (c *canvas) rasterize(polys [][]pt) (image.Rectangle, []uint8) {
	bb := image.Rectangle{}
	first := true
	for _, p := range polys {
		for _, q := range p {
			r := image.Rect(int(math.Floor(q.x)), int(math.Floor(q.y)), int(math.Ceil(q.x))+1, int(math.Ceil(q.y))+1)
			if first {
				bb, first = r, false
			} else {
				bb = bb.Union(r)
			}
		}
	}
	bb = bb.Intersect(image.Rect(0, 0, c.w, c.h))
	if bb.Empty() {
		return bb, nil
	}
	bw, bh := bb.Dx(), bb.Dy()
	c.z.Reset(bw, bh)
	ox, oy := float64(bb.Min.X), float64(bb.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		rev := area(p) < 0
		for i := range p {
			q := p[i]
			if rev {
				q = p[len(p)-1-i]
			}
			if i == 0 {
				c.z.MoveTo(float32(q.x-ox), float32(q.y-oy))
			} else {
				c.z.LineTo(float32(q.x-ox), float32(q.y-oy))
			}
		}
		c.z.ClosePath()
	}
	if cap(c.mask.Pix) < bw*bh {
		c.mask.Pix = make([]uint8, bw*bh)
	}
	c.mask.Pix, c.mask.Stride, c.mask.Rect = c.mask.Pix[:bw*bh], bw, image.Rect(0, 0, bw, bh)
	c.z.DrawOp = draw.Src
	c.z.Draw(&c.mask, c.mask.Rect, image.Opaque, image.Point{})
	return bb, c.mask.Pix
}

func area(p []pt) float64 {
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.x*b.y - b.x*a.y
	}
	return s / 2
}

// fill paints the union of the polygons.
func (c *canvas) fill(p paint, polys ...[]pt) {
	bb, m := c.rasterize(polys)
	if m == nil {
		return
	}
	bw := bb.Dx()
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		row := m[(y-bb.Min.Y)*bw:][:bw]
		i := c.img.PixOffset(bb.Min.X, y)
		for dx, cov := range row {
			if cov != 0 {
				c.blend(i+4*dx, bb.Min.X+dx, y, p, float64(cov)/255)
			}
		}
	}
}

// blend composites paint p over the pixel at Pix offset i, (x,y), at
// coverage cov.
func (c *canvas) blend(i, x, y int, p paint, cov float64) {
	col, a := p.c, p.a
	if p.fn != nil {
		col, a = p.fn(float64(x)+.5, float64(y)+.5)
	}
	c.over(i, col, a*cov)
}

// over is "source over" of colour col at opacity a onto the premultiplied
// pixel at Pix offset i.
func (c *canvas) over(i int, col rgb, a float64) {
	if a <= 0 {
		return
	}
	a = min(a, 1)
	px := c.img.Pix[i : i+4 : i+4]
	k := 1 - a
	px[0] = u8(col.r*a*255 + float64(px[0])*k)
	px[1] = u8(col.g*a*255 + float64(px[1])*k)
	px[2] = u8(col.b*a*255 + float64(px[2])*k)
	px[3] = u8(a*255 + float64(px[3])*k)
}

func u8(v float64) uint8 {
	// Plain comparisons: the built-in float min/max handle NaN and -0 and
	// cost several times more in this innermost loop.
	if v < 0 {
		return 0
	}
	if v > 254.5 {
		return 255
	}
	return uint8(v + .5)
}

// paintAll covers the whole canvas (backgrounds, glows, vignettes). A
// gradient is sampled every 8 pixels along a row and interpolated between:
// it is smooth, so this looks the same at an eighth of the cost, and spans
// where it is fully transparent are skipped.
func (c *canvas) paintAll(p paint) {
	if p.fn == nil {
		for i := 0; i < len(c.img.Pix); i += 4 {
			c.over(i, p.c, p.a)
		}
		return
	}
	const step = 8
	n := c.w/step + 2
	cols, alphas := make([]rgb, n), make([]float64, n)
	for y := range c.h {
		for k := range n {
			cols[k], alphas[k] = p.fn(float64(k*step)+.5, float64(y)+.5)
		}
		row := c.img.PixOffset(0, y)
		for k := 0; k*step < c.w; k++ {
			a0, a1 := alphas[k], alphas[k+1]
			if a0 <= 0 && a1 <= 0 {
				continue
			}
			for x := k * step; x < min((k+1)*step, c.w); x++ {
				t := float64(x-k*step) / step
				c.over(row+4*x, mix(cols[k], cols[k+1], t), a0+(a1-a0)*t)
			}
		}
	}
}

// stroke draws a line of the given width with round joins (and round caps
// unless closed).
func (c *canvas) stroke(p paint, width float64, closed bool, line []pt) {
	c.fill(p, strokePolys(line, width, closed)...)
}

// strokePolys outlines a polyline as pieces that tile it without overlapping
// at the edges (a quad per segment, a pie wedge on the outside of each
// bend, half-discs at the ends), so anti-aliased edges stay even.
func strokePolys(line []pt, width float64, closed bool) [][]pt {
	hw := width / 2
	var pts []pt
	for _, q := range line { // drop repeated points: they have no direction
		if len(pts) == 0 || q.sub(pts[len(pts)-1]).len() > 1e-6 {
			pts = append(pts, q)
		}
	}
	if closed && len(pts) > 2 && pts[0].sub(pts[len(pts)-1]).len() < 1e-6 {
		pts = pts[:len(pts)-1]
	}
	if len(pts) < 2 {
		if len(pts) == 1 && !closed {
			return [][]pt{circle(pts[0].x, pts[0].y, hw)}
		}
		return nil
	}
	n := len(pts)
	segs := n - 1
	if closed {
		segs = n
	}
	normal := func(i int) pt { // unit normal of segment i
		d := pts[(i+1)%n].sub(pts[i])
		l := d.len()
		return pt{-d.y / l, d.x / l}
	}
	var out [][]pt
	for i := range segs {
		a, b := pts[i], pts[(i+1)%n]
		o := normal(i).mul(hw)
		out = append(out, []pt{a.add(o), b.add(o), b.sub(o), a.sub(o)})
	}
	joint := func(i int) { // bend at pts[i] between segment i-1 and i
		n1, n2 := normal((i-1+segs)%segs), normal(i%segs)
		cross := n1.x*n2.y - n1.y*n2.x // same sign as the directions' cross
		if math.Abs(cross) < 1e-9 && n1.x*n2.x+n1.y*n2.y > 0 {
			return
		}
		if cross > 0 { // turning towards +normal: the outside is -normal
			n1, n2 = n1.mul(-1), n2.mul(-1)
		}
		out = append(out, pie(pts[i], hw, math.Atan2(n1.y, n1.x), math.Atan2(n2.y, n2.x)))
	}
	if closed {
		for i := range n {
			joint(i)
		}
		return out
	}
	for i := 1; i < n-1; i++ {
		joint(i)
	}
	n0 := normal(0)
	a0 := math.Atan2(n0.y, n0.x)
	out = append(out, arcPoly(pts[0], hw, a0, a0+math.Pi))
	nl := normal(segs - 1)
	al := math.Atan2(-nl.y, -nl.x)
	out = append(out, arcPoly(pts[n-1], hw, al, al+math.Pi))
	return out
}

// pie is the wedge at c between angles a0 and a1, the short way round.
func pie(c pt, r, a0, a1 float64) []pt {
	d := a1 - a0
	for d > math.Pi {
		d -= 2 * math.Pi
	}
	for d < -math.Pi {
		d += 2 * math.Pi
	}
	return arcPoly(c, r, a0, a0+d)
}

// arcPoly is the sector of the circle at c from angle a0 to a1.
func arcPoly(c pt, r, a0, a1 float64) []pt {
	steps := max(1, int(math.Ceil(math.Abs(a1-a0)/(math.Pi/24))))
	p := make([]pt, 0, steps+2)
	p = append(p, c)
	for i := 0; i <= steps; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(steps)
		p = append(p, pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)})
	}
	return p
}

func circle(cx, cy, r float64) []pt { return ellipse(cx, cy, r, r, 0) }

// ellipse with radii rx, ry, turned by rot radians.
func ellipse(cx, cy, rx, ry, rot float64) []pt {
	n := min(256, max(16, int(math.Ceil(max(rx, ry)*0.9))))
	p := make([]pt, n)
	s, co := math.Sin(rot), math.Cos(rot)
	for i := range p {
		a := 2 * math.Pi * float64(i) / float64(n)
		x, y := rx*math.Cos(a), ry*math.Sin(a)
		p[i] = pt{cx + x*co - y*s, cy + x*s + y*co}
	}
	return p
}

func rect(x, y, w, h float64) []pt {
	return []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

func roundRect(x, y, w, h, r float64) []pt {
	r = min(r, w/2, h/2)
	var p []pt
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= 8; i++ {
			a := a0 + math.Pi/2*float64(i)/8
			p = append(p, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	return p
}

// spline is a Catmull-Rom curve through pts, as a polyline.
func spline(pts []pt, steps int) []pt {
	if len(pts) < 3 {
		return pts
	}
	out := []pt{pts[0]}
	for i := 0; i+1 < len(pts); i++ {
		p0, p1, p2, p3 := pts[max(i-1, 0)], pts[i], pts[i+1], pts[min(i+2, len(pts)-1)]
		for s := 1; s <= steps; s++ {
			t := float64(s) / float64(steps)
			t2, t3 := t*t, t*t*t
			f := func(a, b, c, d float64) float64 {
				return 0.5 * (2*b + (-a+c)*t + (2*a-5*b+4*c-d)*t2 + (-a+3*b-3*c+d)*t3)
			}
			out = append(out, pt{f(p0.x, p1.x, p2.x, p3.x), f(p0.y, p1.y, p2.y, p3.y)})
		}
	}
	return out
}

// dashes cuts a polyline into on/off pieces along its length.
func dashes(line []pt, on, off float64) [][]pt {
	var out [][]pt
	var cur []pt
	drawing := true
	left := on
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		seg := b.sub(a).len()
		t := 0.0
		for seg-t > 1e-9 {
			step := min(left, seg-t)
			p0, p1 := lerpPt(a, b, t/seg), lerpPt(a, b, (t+step)/seg)
			if drawing {
				if len(cur) == 0 {
					cur = append(cur, p0)
				}
				cur = append(cur, p1)
			}
			t += step
			left -= step
			if left <= 1e-9 {
				if drawing && len(cur) > 1 {
					out = append(out, cur)
				}
				cur = nil
				drawing = !drawing
				left = off
				if drawing {
					left = on
				}
			}
		}
	}
	if drawing && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// layer is a full-canvas coverage map for soft effects (shadows, glows),
// drawn sharp and then blurred. Only its dirty box is blurred and applied:
// most effects cover a small part of the picture.
type layer struct {
	w, h  int
	v     []float32
	dirty image.Rectangle
}

func (c *canvas) newLayer() *layer { return &layer{w: c.w, h: c.h, v: make([]float32, c.w*c.h)} }

// add puts the polygons' coverage (times k) into the layer.
func (c *canvas) add(l *layer, k float32, polys ...[]pt) {
	bb, m := c.rasterize(polys)
	if m == nil {
		return
	}
	l.dirty = l.dirty.Union(bb)
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			if cov := m[(y-bb.Min.Y)*bb.Dx()+x-bb.Min.X]; cov != 0 {
				i := y*l.w + x
				l.v[i] = min(1, l.v[i]+k*float32(cov)/255)
			}
		}
	}
}

// blur approximates a Gaussian of roughly the given radius with three box
// passes each way.
func (l *layer) blur(radius int) {
	if radius < 1 || l.dirty.Empty() {
		return
	}
	// Three passes spread the ink by up to 3*radius; outside that the layer
	// stays zero, so clamping at the box's edges changes nothing.
	r := l.dirty.Inset(-3 * radius).Intersect(image.Rect(0, 0, l.w, l.h))
	l.dirty = r
	tmp := make([]float32, len(l.v))
	for range 3 {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			boxBlur(l.v, tmp, y*l.w+r.Min.X, r.Dx(), 1, radius)
		}
		for x := r.Min.X; x < r.Max.X; x++ {
			boxBlur(tmp, l.v, r.Min.Y*l.w+x, r.Dy(), l.w, radius)
		}
	}
}

// boxBlur averages the n samples at base, base+step, … of src into dst,
// over a window of 2r+1 with the ends clamped.
func boxBlur(src, dst []float32, base, n, step, r int) {
	get := func(i int) float32 { return src[base+min(max(i, 0), n-1)*step] }
	inv := 1 / float32(2*r+1)
	var sum float32
	for i := -r; i <= r; i++ {
		sum += get(i)
	}
	for i := range n {
		dst[base+i*step] = sum * inv
		sum += get(i+r+1) - get(i-r)
	}
}

// apply paints through the layer as a mask.
func (c *canvas) apply(l *layer, p paint) {
	for y := l.dirty.Min.Y; y < l.dirty.Max.Y; y++ {
		for x := l.dirty.Min.X; x < l.dirty.Max.X; x++ {
			if v := l.v[y*l.w+x]; v > 1e-4 {
				c.blend(c.img.PixOffset(x, y), x, y, p, float64(v))
			}
		}
	}
}

// grain adds a faint fixed noise: it hides gradient banding and gives the
// flat shapes some paper-like texture. The noise is a hash of the position
// and seed, so the picture stays deterministic.
func (c *canvas) grain(seed uint64, amount float64) {
	for y := range c.h {
		for x := range c.w {
			h := (uint64(x)*0x9E3779B97F4A7C15 ^ uint64(y)*0xC2B2AE3D27D4EB4F ^ seed) * 0x165667B19E3779F9
			h ^= h >> 29
			n := (float64(h&0xffff)/0xffff - 0.5) * amount
			i := c.img.PixOffset(x, y)
			for k := range 3 {
				c.img.Pix[i+k] = u8(float64(c.img.Pix[i+k]) + n)
			}
		}
	}
}
