package images

import (
	"fmt"
	"hash/fnv"
	"image"
	"strconv"
	"strings"
)

// Cover art is 1200x630, the social-card shape, so one drawing serves the
// story page, listings and og:image.
const (
	CoverWidth  = 1200
	CoverHeight = 630
	// coverRecipe changes whenever a motif's drawing does: it is hashed into
	// the file names, so readers' caches never keep an old drawing.
	coverRecipe = "cover/1"
	coverExt    = "jpg" // gradients and grain: JPEG is a fifth of PNG's size here
)

// Cover draws a story's cover art from its id and category and delivers it
// at the srcset widths, as images/cover/<id>-<hash8>-<width>.jpg. The same
// story always gets the same bytes.
func (p *Processor) Cover(id int, category string) (Result, error) {
	k := key(coverRecipe, []byte(strconv.Itoa(id)), []byte(category))
	vs := plan(CoverWidth, CoverHeight, "images/cover/"+strconv.Itoa(id)+"-"+k[:8], coverExt)
	if r, ok := p.cachedVariants(k, vs, coverExt); ok {
		return r, nil
	}
	return p.encodeVariants(k, drawCover(id, category), 1, vs, coverExt)
}

// Motif is the picture a category gets: "markets", "trade", "energy" or
// "tech".
func Motif(category string) string {
	c := strings.ToLower(category)
	switch {
	case strings.Contains(c, "trade"):
		return "trade"
	case strings.Contains(c, "energy"), strings.Contains(c, "esg"), strings.Contains(c, "sustain"):
		return "energy"
	case strings.Contains(c, "tech"), strings.Contains(c, "innovation"):
		return "tech"
	}
	return "markets"
}

// rng is a small PCG-style generator: the art must not depend on
// math/rand's algorithm, which may change between Go releases.
type rng uint64

func newRNG(id int, category string) *rng {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", id, category)
	r := rng(h.Sum64())
	return &r
}

func (r *rng) next() float64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	return float64(uint64(*r)>>11) / float64(1<<53)
}

func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.next() }
func (r *rng) intn(n int) int               { return int(r.next() * float64(n)) }

func drawCover(id int, category string) *image.RGBA {
	c := coverCanvas(id, category)
	c.grain(uint64(id)*0x9E3779B97F4A7C15, 5)
	return c.img
}

// coverCanvas draws the art without grain (the social card dims it and
// stays PNG, where grain would only cost bytes).
func coverCanvas(id int, category string) *canvas {
	r := newRNG(id, category)
	c := newCanvas(CoverWidth, CoverHeight)
	c.paintAll(linear(0, 0, CoverWidth, CoverHeight, stop{0, night, 1}, stop{.55, ink, 1}, stop{1, dusk, 1}))
	switch Motif(category) {
	case "trade":
		drawTrade(c, r)
	case "energy":
		drawEnergy(c, r)
	case "tech":
		drawTech(c, r)
	default:
		drawMarkets(c, r)
	}
	// A soft vignette pulls the eye to the middle and darkens the corners
	// where page furniture (badges, captions) tends to sit.
	c.paintAll(radial(600, 315, 700, .6, stop{.6, night, 0}, stop{1.1, night, .5}))
	return c
}

// walk is a random walk across the width: n+1 points from x0 to x1,
// drifting by drift per step, kept between lo and hi.
func walk(r *rng, n int, x0, x1, y, drift, noise, lo, hi float64) []pt {
	pts := make([]pt, n+1)
	for i := range pts {
		pts[i] = pt{x0 + (x1-x0)*float64(i)/float64(n), y}
		y = max(lo, min(hi, y+drift+r.between(-noise, noise)))
	}
	return pts
}

// yAt reads a polyline's y at x (the polyline runs left to right).
func yAt(line []pt, x float64) float64 {
	for i := 1; i < len(line); i++ {
		if line[i].x >= x {
			a, b := line[i-1], line[i]
			return a.y + (b.y-a.y)*(x-a.x)/(b.x-a.x)
		}
	}
	return line[len(line)-1].y
}

// drawMarkets: a rising price line with its glow and shaded area, a second
// series, candlesticks and volume bars behind, on a faint chart grid.
func drawMarkets(c *canvas, r *rng) {
	c.paintAll(radial(r.between(820, 1000), 110, 720, .75, stop{0, saffron, .2}, stop{1, saffron, 0}))
	for x := 60.0; x < CoverWidth; x += 90 {
		c.fill(solid(cream, .06), rect(x, 0, 1, CoverHeight))
	}
	for y := 45.0; y < CoverHeight; y += 90 {
		c.fill(solid(cream, .06), rect(0, y, CoverWidth, 1))
	}

	main := spline(walk(r, 16, -20, 1220, r.between(470, 520), -17, 42, 150, 540), 10)
	second := spline(walk(r, 16, -20, 1220, r.between(520, 560), -8, 30, 200, 575), 10)
	third := spline(walk(r, 12, -20, 1220, r.between(330, 420), -3, 45, 100, 500), 10)

	// Volume bars along the foot of the chart.
	for x := 12.0; x < CoverWidth; x += 30 {
		h := r.between(18, 70) + 40*(1-x/CoverWidth)*r.next()
		col, a := cream, .08
		if r.next() < .25 {
			col, a = teal, .35
		}
		c.fill(linear(0, CoverHeight-h, 0, CoverHeight, stop{0, col, a}, stop{1, col, a * .4}), rect(x, CoverHeight-h, 18, h))
	}

	// Candlesticks tracking the main line, behind it.
	for x := 40.0; x < CoverWidth-20; x += 44 {
		mid := yAt(main, x) + r.between(40, 90)
		open, close := mid+r.between(-28, 28), mid+r.between(-28, 28)
		col := teal
		if close > open { // screen y grows downwards: a fall
			col = brick
		}
		top, bot := min(open, close), max(open, close, min(open, close)+3)
		c.fill(solid(col, .5), rect(x-1, top-r.between(6, 20), 2, bot-top+r.between(12, 36)))
		c.fill(solid(mix(col, cream, .1), .55), rect(x-7, top, 14, bot-top))
	}

	// The area under the main line, fading to nothing at the foot.
	top := CoverHeight * 1.0
	for _, q := range main {
		top = min(top, q.y)
	}
	area := append(append([]pt{}, main...), pt{1220, CoverHeight + 10}, pt{-20, CoverHeight + 10})
	c.fill(linear(0, top, 0, CoverHeight, stop{0, saffron, .32}, stop{1, saffron, 0}), area)

	for _, d := range dashes(third, 10, 9) {
		c.stroke(solid(cream, .45), 2, false, d)
	}
	c.stroke(solid(mix(teal, cream, .25), .95), 4, false, second)

	glow := c.newLayer()
	c.add(glow, 1, strokePolys(main, 12, false)...)
	glow.blur(14)
	c.apply(glow, solid(saffron, .7))
	c.stroke(solid(saffron, 1), 6, false, main)

	// The latest price: a marker with a halo and a guide to the axis.
	mx := r.between(930, 1080)
	m := pt{mx, yAt(main, mx)}
	for _, d := range dashes([]pt{m, {CoverWidth, m.y}}, 6, 6) {
		c.stroke(solid(cream, .4), 1.5, false, d)
	}
	c.stroke(solid(cream, .35), 2, true, circle(m.x, m.y, 24))
	c.fill(solid(saffron, 1), circle(m.x, m.y, 10))
	c.fill(solid(cream, 1), circle(m.x, m.y, 4.5))
}
