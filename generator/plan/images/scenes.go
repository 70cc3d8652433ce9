package images

import (
	"fmt"
	"math"
	"strings"
)

// The four cover motifs. Each takes the story's random stream, so every
// story gets its own variation of its category's picture.

// markets: a rising price line with its glow and shaded area, a second
// series, candlesticks and volume bars behind, on a faint chart grid.
func markets(d *doc, r *rng) {
	d.rect(d.radial(r.between(820, 1000), 110, 720, .75, stop{0, saffron, .2}, stop{1, saffron, 0}), 1, 0, 0, CoverWidth, CoverHeight, 0)
	var grid strings.Builder
	for x := 60; x < CoverWidth; x += 90 {
		fmt.Fprintf(&grid, "M%d 0V%d", x, CoverHeight)
	}
	for y := 45; y < CoverHeight; y += 90 {
		fmt.Fprintf(&grid, "M0 %dH%d", y, CoverWidth)
	}
	d.stroke(solid(cream), .06, 1, grid.String())

	main, second, third := priceLines(r)

	// Volume bars along the foot of the chart, a few picked out in teal.
	var bars [2]strings.Builder
	for x := 12.0; x < CoverWidth; x += 30 {
		h := r.between(18, 70) + 40*(1-x/CoverWidth)*r.next()
		k := 0
		if r.next() < .25 {
			k = 1
		}
		fmt.Fprintf(&bars[k], "M%s %sh18V%dh-18Z", num(x), num(CoverHeight-h), CoverHeight)
	}
	d.fill(solid(cream), .07, bars[0].String())
	d.fill(solid(teal), .3, bars[1].String())

	// Candlesticks tracking the main line, behind it: teal up, brick down.
	var wicks, bodies [2]strings.Builder
	for x := 40.0; x < CoverWidth-20; x += 44 {
		mid := yAt(main, x) + r.between(40, 90)
		open, close := mid+r.between(-28, 28), mid+r.between(-28, 28)
		k := 0
		if close > open { // screen y grows downwards: a fall
			k = 1
		}
		top, bot := min(open, close), max(open, close, min(open, close)+3)
		fmt.Fprintf(&wicks[k], "M%s %sV%s", num(x), num(top-r.between(6, 20)), num(bot+r.between(6, 16)))
		fmt.Fprintf(&bodies[k], "M%s %sh14V%sh-14Z", num(x-7), num(top), num(bot))
	}
	for k, col := range []rgb{teal, brick} {
		d.stroke(solid(col), .5, 2, wicks[k].String())
		d.fill(solid(mix(col, cream, .1)), .55, bodies[k].String())
	}

	// The area under the main line, fading to nothing at the foot.
	top := float64(CoverHeight)
	for _, q := range main {
		top = min(top, q.y)
	}
	d.fill(d.linear(0, top, 0, CoverHeight, stop{0, saffron, .32}, stop{1, saffron, 0}), 1,
		smooth(main)+fmt.Sprintf("L1220 %dL-20 %dZ", CoverHeight+10, CoverHeight+10))

	d.stroke(solid(cream), .45, 2, smooth(third), ` stroke-dasharray="10 9"`)
	d.stroke(solid(mix(teal, cream, .25)), .95, 4, smooth(second))
	line := smooth(main)
	d.glow(saffron, .7, 10, line)
	d.stroke(solid(saffron), 1, 6, line)

	// The latest price: a marker with a halo and a guide to the axis.
	mx := r.between(930, 1080)
	m := pt{mx, yAt(main, mx)}
	d.stroke(solid(cream), .4, 1.5, poly(false, m, pt{CoverWidth, m.y}), ` stroke-dasharray="6 6"`)
	d.ring(solid(cream), .35, 2, m, 24)
	d.circle(solid(saffron), 1, m, 10)
	d.circle(solid(cream), 1, m, 4.5)
}

// priceLines are the chart's series: the main one rising, a second below
// it, a third, dashed, behind them.
func priceLines(r *rng) (main, second, third []pt) {
	main = walk(r, 16, -20, 1220, r.between(470, 520), -17, 42, 150, 540)
	second = walk(r, 16, -20, 1220, r.between(520, 560), -8, 30, 200, 575)
	third = walk(r, 12, -20, 1220, r.between(330, 420), -3, 45, 100, 500)
	return
}

// vec3 is a point on (or above) the unit sphere, for the trade globe.
type vec3 struct{ x, y, z float64 }

func (a vec3) dot(b vec3) float64      { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec3) scale(k float64) vec3    { return vec3{a.x * k, a.y * k, a.z * k} }
func (a vec3) plus(b vec3) vec3        { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }
func rad(deg float64) float64          { return deg * math.Pi / 180 }
func (g globe) project(v vec3) pt      { return pt{g.cx + g.r*v.x, g.cy - g.r*v.y} }
func (g globe) at(lat, lon float64) pt { return g.project(g.fromLatLon(rad(lat), rad(lon))) }

// globe is a sphere seen from the front, its centre below the picture, so
// only the upper limb shows: a planet's horizon.
type globe struct {
	cx, cy, r float64
	tilt      float64 // how far the north pole leans towards the viewer
}

func (g globe) fromLatLon(lat, lon float64) vec3 {
	v := vec3{math.Cos(lat) * math.Sin(lon), math.Sin(lat), math.Cos(lat) * math.Cos(lon)}
	s, c := math.Sincos(g.tilt)
	return vec3{v.x, v.y*c - v.z*s, v.y*s + v.z*c}
}

// fromScreen is the point of the sphere's front face under a screen point.
func (g globe) fromScreen(p pt) vec3 {
	x, y := (p.x-g.cx)/g.r, (g.cy-p.y)/g.r
	return vec3{x, y, math.Sqrt(max(0, 1-x*x-y*y))}
}

// arc is the great-circle route from a to b, lifted off the surface by up
// to lift (a fraction of the radius) in the middle.
func (g globe) arc(a, b vec3, lift float64, steps int) []pt {
	omega := math.Acos(max(-1, min(1, a.dot(b))))
	out := make([]pt, 0, steps+1)
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(steps)
		sa, sb := math.Sin((1-t)*omega)/math.Sin(omega), math.Sin(t*omega)/math.Sin(omega)
		v := a.scale(sa).plus(b.scale(sb))
		out = append(out, g.project(v.scale(1+lift*math.Sin(math.Pi*t))))
	}
	return out
}

// route is a trade route between two ports and its colour.
type route struct {
	line []pt
	col  rgb
}

// tradeGeometry places the globe, its ports and the routes between them.
func tradeGeometry(r *rng) (globe, []vec3, []route) {
	g := globe{cx: 600, cy: 1380, r: 1080, tilt: r.between(-.55, -.3)}
	n := 6 + r.intn(3)
	ports := make([]vec3, n)
	for i := range ports {
		x := 110 + 980*(float64(i)+r.between(.2, .8))/float64(n)
		ports[i] = g.fromScreen(pt{x, r.between(390, 585)})
	}
	var routes []route
	for i := range ports {
		for _, j := range []int{i + 1 + r.intn(2), i + 3 + r.intn(2)} {
			if j >= n || r.next() < .25 || len(routes) == 7 { // more is a tangle
				continue
			}
			col := saffron
			if r.next() < .35 {
				col = mix(teal, cream, .3)
			}
			lift := min(.2, .03+.3*math.Acos(ports[i].dot(ports[j]))) + r.between(0, .02)
			routes = append(routes, route{g.arc(ports[i], ports[j], lift, 16), col})
		}
	}
	return g, ports, routes
}

// trade: a planet's horizon under a starry sky, with glowing trade routes
// arcing between ports.
func trade(d *doc, r *rng) {
	var stars [3][]pt
	for range 110 {
		k := r.intn(3)
		stars[k] = append(stars[k], pt{r.between(0, CoverWidth), r.between(0, 330)})
	}
	for k, s := range stars {
		d.stroke(solid(cream), []float64{.6, .4, .25}[k], []float64{1.2, 2, 3}[k], dots(s))
	}
	g, ports, routes := tradeGeometry(r)
	c := pt{g.cx, g.cy}
	halo := mix(teal, cream, .35)
	edge := g.r / (g.r + 60)
	d.circle(d.radial(g.cx, g.cy, g.r+60, 1, stop{edge - .03, halo, 0}, stop{edge, halo, .6}, stop{1, halo, 0}), 1, c, g.r+60)
	d.circle(d.radial(g.cx, g.cy-g.r, g.r*.95, .5,
		stop{0, mix(teal, dusk, .35), 1}, stop{.4, mix(ink, teal, .3), 1}, stop{1, night, 1}), 1, c, g.r)

	// The graticule, which is what makes it read as a sphere.
	var lines strings.Builder
	visible := func(pts []pt) {
		if len(pts) > 1 {
			lines.WriteString(smooth(pts))
		}
	}
	for lat := -80.0; lat <= 80; lat += 20 {
		var line []pt
		for lon := -180.0; lon <= 180; lon += 5 {
			if v := g.fromLatLon(rad(lat), rad(lon)); v.z > 0 && g.project(v).y < CoverHeight+80 {
				line = append(line, g.project(v))
			} else {
				visible(line)
				line = nil
			}
		}
		visible(line)
	}
	for lon := -180.0; lon < 180; lon += 15 {
		var line []pt
		for lat := -90.0; lat <= 90; lat += 5 {
			if v := g.fromLatLon(rad(lat), rad(lon)); v.z > 0 && g.project(v).y < CoverHeight+80 {
				line = append(line, g.project(v))
			}
		}
		visible(line)
	}
	d.stroke(solid(cream), .08, 1.2, lines.String())
	for _, rt := range routes {
		line := smooth(rt.line)
		d.glow(saffron, .45, 5, line)
		d.stroke(solid(rt.col), .95, 2.6, line)
		// A shipment on its way, somewhere along the route.
		p := rt.line[int(r.between(.3, .8)*float64(len(rt.line)-1))]
		d.circle(solid(cream), .95, p, 4)
		d.ring(solid(cream), .35, 1.5, p, 9)
	}
	for _, v := range ports {
		p := g.project(v)
		d.add(`<ellipse cx="%s" cy="%s" rx="26" ry="%s" fill="%s" fill-opacity=".25"/>`, num(p.x), num(p.y), num(26*v.z*.6+4), solid(saffron))
		d.add(`<ellipse cx="%s" cy="%s" rx="16" ry="%s" fill="none" stroke="%s" stroke-opacity=".6" stroke-width="1.5"/>`, num(p.x), num(p.y), num(16*v.z*.6+3), solid(cream))
		d.circle(solid(saffron), 1, p, 6)
		d.circle(solid(cream), 1, p, 2.5)
	}
}

// ridge is a line of hills: two sine waves across the width, one point
// every 40 pixels (smooth draws the curve between them).
func ridge(r *rng, base, amp float64) []pt {
	f1, f2, p1, p2 := r.between(.004, .008), r.between(.011, .017), r.between(0, 6), r.between(0, 6)
	var pts []pt
	for x := -10.0; x <= CoverWidth+10; x += 40 {
		pts = append(pts, pt{x, base - amp*(math.Sin(x*f1+p1)+.45*math.Sin(x*f2+p2))})
	}
	return pts
}

func ground(line []pt) string {
	return smooth(line) + fmt.Sprintf("L%d %dL-10 %dZ", CoverWidth+10, CoverHeight+10, CoverHeight+10)
}

// energy: a low sun over layered hills, wind turbines on the ridges and
// rows of solar panels in the foreground.
func energy(d *doc, r *rng) {
	sun := pt{r.between(760, 1010), r.between(215, 285)}
	const horizon = 440.0
	d.rect(d.linear(0, 0, 0, horizon, stop{0, ink, 0}, stop{.55, dusk, .6}, stop{1, mix(brick, saffron, .4), .55}), 1, 0, 0, CoverWidth, horizon+60, 0)
	d.rect(d.radial(sun.x, sun.y, 520, .8, stop{0, saffron, .55}, stop{.35, saffron, .18}, stop{1, saffron, 0}), 1, 0, 0, CoverWidth, CoverHeight, 0)
	for i := 1; i <= 3; i++ {
		d.ring(solid(cream), .06, 1.5, sun, 110+float64(i)*46)
	}
	d.circle(d.radial(sun.x-25, sun.y-25, 120, 1, stop{0, cream, 1}, stop{.45, rgbHex("#f8c77a"), 1}, stop{1, saffron, 1}), 1, sun, 92)

	// A turbine is drawn once, 100 units tall, and placed with <use>.
	d.defs.WriteString(`<g id="tower">` + `<path d="M-2.8 0L-1.2 -100L1.2 -100L2.8 0Z" fill="` + string(d.linear(-2.8, 0, 2.8, 0, stop{0, cream, 1}, stop{1, mix(cream, ink, .45), 1})) + `"/>`)
	fmt.Fprintf(&d.defs, `<rect x="-2" y="-102.5" width="9" height="5" rx="2" fill="%s"/></g>`, solid(mix(cream, ink, .15)))
	fmt.Fprintf(&d.defs, `<path id="blade" d="%s" fill="%s"/>`, poly(true, pt{0, 1.4}, pt{12.3, 3.2}, pt{56, 0}, pt{16.8, -.8}, pt{0, -1.4}), solid(cream))
	fmt.Fprintf(&d.defs, `<g id="rotor"><use href="#blade"/><use href="#blade" transform="rotate(120)"/><use href="#blade" transform="rotate(240)"/><circle r="2.5" fill="%s"/></g>`, solid(mix(cream, saffron, .2)))
	turbine := func(x, y, h, a float64) {
		d.add(`<g transform="translate(%s %s) scale(%s)"%s><use href="#tower"/><use href="#rotor" transform="translate(0 -100) rotate(%s)"/></g>`,
			num(x), num(y), num(h/100), opacity("opacity", a), num(r.between(0, 120)))
	}

	// Hills: nearer is darker and bluer, the way air layers a landscape.
	far, mid, near := ridge(r, horizon-20, 28), ridge(r, horizon+35, 34), ridge(r, horizon+105, 22)
	d.fill(d.linear(0, horizon-60, 0, CoverHeight, stop{0, mix(mix(teal, dusk, .6), brick, .18), 1}, stop{1, ink, 1}), 1, ground(far))
	for i := range 3 {
		x := 90 + float64(i)*r.between(150, 190) + r.between(0, 60)
		turbine(x, yAt(far, x)+4, r.between(95, 120), .55)
	}
	d.fill(d.linear(0, horizon, 0, CoverHeight, stop{0, mix(teal, ink, .5), 1}, stop{1, night, 1}), 1, ground(mid))
	for i := range 3 {
		x := 640 + float64(i)*r.between(150, 190) + r.between(-20, 20)
		turbine(x, yAt(mid, x)+6, r.between(200, 250), .95)
	}
	d.fill(d.linear(0, horizon+60, 0, CoverHeight, stop{0, mix(teal, night, .72), 1}, stop{1, night, 1}), 1, ground(near))

	// Solar panels in perspective rows: one panel, 62x26 units, placed with
	// <use>; the face catches the sun's colour towards the top.
	const w, h, skew = 62.0, 26.0, 14.3
	face := []pt{{skew, -h}, {skew + w, -h}, {w, 0}, {0, 0}}
	var cells strings.Builder
	for i := 1; i < 4; i++ {
		t := float64(i) / 4
		cells.WriteString(poly(false, lerpPt(face[0], face[3], t), lerpPt(face[1], face[2], t)))
	}
	for i := 1; i < 6; i++ {
		t := float64(i) / 6
		cells.WriteString(poly(false, lerpPt(face[0], face[1], t), lerpPt(face[3], face[2], t)))
	}
	fmt.Fprintf(&d.defs, `<g id="panel"><rect x="27.9" width="3" height="11.7" fill="%s" fill-opacity=".9"/><path d="%s" fill="%s"/>`,
		solid(night), poly(true, face...), d.linear(0, -h, 0, 0, stop{0, mix(rgbHex("#3a5f94"), saffron, .12), 1}, stop{1, rgbHex("#162a4d"), 1}))
	fmt.Fprintf(&d.defs, `<path d="%s" stroke="%s" stroke-opacity=".14" fill="none"/><path d="%s" stroke="%s" stroke-opacity=".5" stroke-width="1.5"/></g>`,
		cells.String(), solid(cream), poly(false, face[0], face[1]), solid(cream))
	for row := range 3 {
		y := 520 + float64(row)*44
		size := 1 + float64(row)*.28
		for x := -20 - float64(row)*18; x < 600-float64(row)*40; x += (w + 8) * size {
			d.add(`<use href="#panel" transform="translate(%s %s) scale(%s)"/>`, num(x), num(y), num(size))
		}
	}
}

// trace is a circuit-board trace from the processor to the board's edge.
type trace struct {
	line []pt
	lit  bool
}

// techGeometry places the processor and the traces fanning out from it.
func techGeometry(r *rng) (chip pt, traces []trace) {
	chip = pt{600 + r.between(-90, 90), 315 + r.between(-20, 20)}
	for side := range 4 {
		// One fan per side: every trace leaves at about the same distance
		// and spreads in proportion to its pin's offset, so none cross.
		out, spread := r.between(30, 110), r.between(.4, 1.5)
		for j := range 7 {
			if r.next() < .15 {
				continue
			}
			off := -chipHalf*.75 + float64(j)*chipHalf*.25
			bend := off * spread
			run := r.between(90, 420)
			// Laid out for the right-hand side, then turned.
			local := []pt{{chipHalf, off}, {chipHalf + out, off}, {chipHalf + out + math.Abs(bend), off + bend}, {chipHalf + out + math.Abs(bend) + run, off + bend}}
			line := make([]pt, len(local))
			for i, q := range local {
				line[i] = [4]pt{{chip.x + q.x, chip.y + q.y}, {chip.x - q.x, chip.y - q.y}, {chip.x - q.y, chip.y - q.x*.9}, {chip.x + q.y, chip.y + q.x*.9}}[side]
			}
			traces = append(traces, trace{line, r.next() < .22})
		}
	}
	return chip, traces
}

const chipHalf = 105.0

// tech: a processor on a circuit board, its traces fanning out to the
// edges, some of them lit.
func tech(d *doc, r *rng) {
	chip, traces := techGeometry(r)
	d.rect(d.radial(chip.x, chip.y, 620, .75, stop{0, teal, .38}, stop{1, teal, 0}), 1, 0, 0, CoverWidth, CoverHeight, 0)
	fmt.Fprintf(&d.defs, `<pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse"><rect x="14" y="14" width="2" height="2" fill="%s" fill-opacity=".08"/></pattern>`, solid(cream))
	d.rect("url(#dots)", 1, 0, 0, CoverWidth, CoverHeight, 0)

	var paths [2]strings.Builder
	var vias []pt
	for _, t := range traces {
		k := 0
		if t.lit {
			k = 1
		}
		paths[k].WriteString(poly(false, t.line...))
		if r.next() < .4 { // a via halfway along
			vias = append(vias, lerpPt(t.line[2], t.line[3], r.between(.2, .7)))
		}
	}
	d.glow(saffron, .6, 6, paths[1].String())
	cols := [2]rgb{mix(teal, cream, .22), saffron}
	for k, a := range []float64{.9, 1} {
		d.stroke(solid(cols[k]), a, 3, paths[k].String())
	}
	for _, t := range traces {
		k := 0
		if t.lit {
			k = 1
		}
		end := t.line[len(t.line)-1]
		d.add(`<circle cx="%s" cy="%s" r="7" fill="%s" stroke="%s" stroke-width="3"/>`, num(end.x), num(end.y), solid(ink), solid(cols[k]))
	}
	d.stroke(solid(cream), .8, 7, dots(vias))

	// The processor: shadow, glow, pins, body, die.
	const half = chipHalf
	d.rect(solid(night), .5, chip.x-half+14, chip.y-half+22, 2*half, 2*half, 18)
	d.circle(d.radial(chip.x, chip.y, 2*half, 1, stop{.4, saffron, .35}, stop{1, saffron, 0}), 1, chip, 2*half)
	var pins strings.Builder
	for k := range 9 {
		o := -half + 22 + float64(k)*(2*half-44)/8
		fmt.Fprintf(&pins, "M%s %sh6v12h-6ZM%s %sh6v12h-6Z", num(chip.x+o-3), num(chip.y-half-10), num(chip.x+o-3), num(chip.y+half-2))
		fmt.Fprintf(&pins, "M%s %sh12v6h-12ZM%s %sh12v6h-12Z", num(chip.x-half-10), num(chip.y+o-3), num(chip.x+half-2), num(chip.y+o-3))
	}
	d.fill(solid(cream), .75, pins.String())
	d.rect(d.linear(chip.x-half, chip.y-half, chip.x+half, chip.y+half, stop{0, rgbHex("#2c4675"), 1}, stop{1, night, 1}), 1, chip.x-half, chip.y-half, 2*half, 2*half, 18)
	d.add(`<rect x="%s" y="%s" width="210" height="210" rx="18" fill="none" stroke="%s" stroke-width="3"/>`, num(chip.x-half), num(chip.y-half), solid(saffron))
	d.rect(d.linear(chip.x-56, chip.y-56, chip.x+56, chip.y+56, stop{0, rgbHex("#f7b967"), 1}, stop{.6, saffron, 1}, stop{1, brick, 1}), 1, chip.x-56, chip.y-56, 112, 112, 8)
	var die strings.Builder
	for i := 1; i < 4; i++ {
		t := -56 + float64(i)*28
		fmt.Fprintf(&die, "M%s %sv112M%s %sh112", num(chip.x+t), num(chip.y-56), num(chip.x-56), num(chip.y+t))
	}
	d.stroke(solid(ink), .22, 2, die.String())
	d.add(`<rect x="%s" y="%s" width="112" height="112" rx="8" fill="none" stroke="%s" stroke-opacity=".5" stroke-width="1.5"/>`, num(chip.x-56), num(chip.y-56), solid(cream))
}
