package images

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Cover art is 1200x630, the social-card shape, so one drawing serves the
// story page, listings and structured data.
const (
	CoverWidth  = 1200
	CoverHeight = 630
)

// coverRecipe is part of every cover's name: change it whenever the drawing
// changes (TestCoverIsPinned fails then), so a changed drawing gets a new
// address and caches never serve an old one.
const coverRecipe = "cover/3 svg"

// CoverPath is where a story's cover art is published,
// images/cover/<id>-<hash8>.svg, known without drawing it.
func CoverPath(id int, category string) string {
	return "images/cover/" + strconv.Itoa(id) + "-" + key(coverRecipe, []byte(strconv.Itoa(id)), []byte(category))[:8] + ".svg"
}

// Cover draws a story's cover art from its id and category, as SVG: a few
// kilobytes, sharp at every width, so one file replaces a srcset of
// photographs. The same story always gets the same bytes.
func Cover(id int, category string) (path string, svg []byte) {
	r := newRNG(fmt.Sprintf("%d|%s", id, category))
	var d doc
	d.rect(d.linear(0, 0, CoverWidth, CoverHeight, stop{0, night, 1}, stop{.55, ink, 1}, stop{1, dusk, 1}), 1, 0, 0, CoverWidth, CoverHeight, 0)
	switch Motif(category) {
	case "trade":
		trade(&d, r)
	case "energy":
		energy(&d, r)
	case "tech":
		tech(&d, r)
	default:
		markets(&d, r)
	}
	// A soft vignette pulls the eye to the middle and darkens the corners
	// where page furniture (badges, captions) tends to sit.
	d.rect(d.radial(600, 315, 700, .6, stop{.6, night, 0}, stop{1, night, .5}), 1, 0, 0, CoverWidth, CoverHeight, 0)
	return CoverPath(id, category), d.svg()
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

func newRNG(seed string) *rng {
	h := fnv.New64a()
	h.Write([]byte(seed))
	r := rng(h.Sum64())
	return &r
}

func (r *rng) next() float64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	return float64(uint64(*r)>>11) / float64(1<<53)
}

func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.next() }
func (r *rng) intn(n int) int               { return int(r.next() * float64(n)) }

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

// yAt reads the y at x of the curve smooth draws through line (whose
// points run left to right).
func yAt(line []pt, x float64) float64 {
	for i := 1; i < len(line); i++ {
		if line[i].x >= x {
			p0, p1, p2, p3 := line[max(i-2, 0)], line[i-1], line[i], line[min(i+1, len(line)-1)]
			c1, c2 := p1.add(p2.sub(p0).mul(1.0/6)), p2.sub(p3.sub(p1).mul(1.0/6))
			t := (x - p1.x) / (p2.x - p1.x)
			u := 1 - t
			return u*u*u*p1.y + 3*u*u*t*c1.y + 3*u*t*t*c2.y + t*t*t*p2.y
		}
	}
	return line[len(line)-1].y
}
