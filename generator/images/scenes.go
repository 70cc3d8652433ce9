package images

import "math"

// vec3 is a point on (or above) the unit sphere, for the trade globe.
type vec3 struct{ x, y, z float64 }

func (a vec3) dot(b vec3) float64 { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec3) scale(k float64) vec3 {
	return vec3{a.x * k, a.y * k, a.z * k}
}
func (a vec3) plus(b vec3) vec3 { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }

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

func (g globe) project(v vec3) pt { return pt{g.cx + g.r*v.x, g.cy - g.r*v.y} }

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

// drawTrade: a planet's horizon under a starry sky, with glowing trade
// routes arcing between ports.
func drawTrade(c *canvas, r *rng) {
	g := globe{cx: 600, cy: 1380, r: 1080, tilt: r.between(-.55, -.3)}
	for range 110 {
		x, y := r.between(0, CoverWidth), r.between(0, 330)
		c.fill(solid(cream, r.between(.15, .7)), circle(x, y, r.between(.5, 1.5)))
	}

	limb := circle(g.cx, g.cy, g.r)
	halo := c.newLayer()
	c.add(halo, 1, strokePolys(circle(g.cx, g.cy, g.r+6), 26, true)...)
	halo.blur(22)
	c.apply(halo, solid(mix(teal, cream, .35), .8))
	c.fill(radial(g.cx, g.cy-g.r, g.r*.95, .5,
		stop{0, mix(teal, dusk, .35), 1}, stop{.4, mix(ink, teal, .3), 1}, stop{1, night, 1}), limb)

	// The graticule, and a dot matrix that shrinks and fades towards the
	// horizon, which is what makes it read as a sphere.
	for lat := -80.0; lat <= 80; lat += 20 {
		var line []pt
		for lon := -180.0; lon <= 180; lon += 2 {
			v := g.fromLatLon(lat*math.Pi/180, lon*math.Pi/180)
			if v.z > 0 {
				line = append(line, g.project(v))
			} else if len(line) > 1 {
				c.stroke(solid(cream, .09), 1.2, false, line)
				line = nil
			}
		}
		c.stroke(solid(cream, .09), 1.2, false, line)
	}
	for lon := -180.0; lon < 180; lon += 15 {
		var line []pt
		for lat := -90.0; lat <= 90; lat += 2 {
			v := g.fromLatLon(lat*math.Pi/180, lon*math.Pi/180)
			if v.z > 0 {
				line = append(line, g.project(v))
			}
		}
		c.stroke(solid(cream, .07), 1, false, line)
	}
	for lat := -86.0; lat <= 86; lat += 2.4 {
		step := 2.4 / math.Max(.15, math.Cos(lat*math.Pi/180))
		for lon := -180.0; lon < 180; lon += step {
			v := g.fromLatLon(lat*math.Pi/180, lon*math.Pi/180)
			if p := g.project(v); v.z > .05 && p.y < CoverHeight+4 && p.x > -4 && p.x < CoverWidth+4 {
				c.fill(solid(cream, .05+.22*v.z), circle(p.x, p.y, .5+1.2*v.z))
			}
		}
	}

	// Ports across the visible face, then routes between them.
	n := 6 + r.intn(3)
	ports := make([]vec3, n)
	for i := range ports {
		x := 110 + (980)*(float64(i)+r.between(.2, .8))/float64(n)
		ports[i] = g.fromScreen(pt{x, r.between(390, 585)})
	}
	glow := c.newLayer()
	type route struct {
		line []pt
		col  rgb
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
			line := g.arc(ports[i], ports[j], lift, 90)
			routes = append(routes, route{line, col})
			c.add(glow, .9, strokePolys(line, 8, false)...)
		}
	}
	glow.blur(10)
	c.apply(glow, solid(saffron, .45))
	for _, rt := range routes {
		c.stroke(solid(rt.col, .95), 2.6, false, rt.line)
		// A shipment on its way, somewhere along the route.
		k := int(r.between(.3, .8) * float64(len(rt.line)-1))
		c.fill(solid(cream, .95), circle(rt.line[k].x, rt.line[k].y, 4))
		c.stroke(solid(cream, .35), 1.5, true, circle(rt.line[k].x, rt.line[k].y, 9))
	}
	for _, v := range ports {
		p := g.project(v)
		c.fill(solid(saffron, .25), ellipse(p.x, p.y, 26, 26*v.z*.6+4, 0))
		c.stroke(solid(cream, .6), 1.5, true, ellipse(p.x, p.y, 16, 16*v.z*.6+3, 0))
		c.fill(solid(saffron, 1), circle(p.x, p.y, 6))
		c.fill(solid(cream, 1), circle(p.x, p.y, 2.5))
	}
}

// drawEnergy: a low sun over layered hills, wind turbines on the ridges
// and rows of solar panels in the foreground.
func drawEnergy(c *canvas, r *rng) {
	sun := pt{r.between(760, 1010), r.between(215, 285)}
	horizon := 440.0
	c.paintAll(linear(0, 0, 0, horizon, stop{0, ink, 0}, stop{.55, dusk, .6}, stop{1, mix(brick, saffron, .4), .55}))
	c.paintAll(radial(sun.x, sun.y, 520, .8, stop{0, saffron, .55}, stop{.35, saffron, .18}, stop{1, saffron, 0}))
	for i := 1; i <= 3; i++ {
		c.stroke(solid(cream, .06), 1.5, true, circle(sun.x, sun.y, 110+float64(i)*46))
	}
	c.fill(radial(sun.x-25, sun.y-25, 120, 1, stop{0, cream, 1}, stop{.45, rgbHex("#f8c77a"), 1}, stop{1, saffron, 1}), circle(sun.x, sun.y, 92))

	// Hills: nearer is darker and bluer, the way air layers a landscape.
	ridge := func(base, amp float64) []pt {
		f1, f2, p1, p2 := r.between(.004, .008), r.between(.011, .017), r.between(0, 6), r.between(0, 6)
		var pts []pt
		for x := -10.0; x <= CoverWidth+10; x += 8 {
			pts = append(pts, pt{x, base - amp*(math.Sin(x*f1+p1)+.45*math.Sin(x*f2+p2))})
		}
		return pts
	}
	ground := func(line []pt) []pt {
		return append(append([]pt{}, line...), pt{CoverWidth + 10, CoverHeight + 10}, pt{-10, CoverHeight + 10})
	}
	far, mid, near := ridge(horizon-20, 28), ridge(horizon+35, 34), ridge(horizon+105, 22)
	c.fill(linear(0, horizon-60, 0, CoverHeight, stop{0, mix(mix(teal, dusk, .6), brick, .18), 1}, stop{1, ink, 1}), ground(far))
	for i := range 3 {
		x := 90 + float64(i)*r.between(150, 190) + r.between(0, 60)
		turbine(c, x, yAt(far, x)+4, r.between(95, 120), r.next()*2*math.Pi, .55)
	}
	c.fill(linear(0, horizon, 0, CoverHeight, stop{0, mix(teal, ink, .5), 1}, stop{1, night, 1}), ground(mid))
	for i := range 3 {
		x := 640 + float64(i)*r.between(150, 190) + r.between(-20, 20)
		turbine(c, x, yAt(mid, x)+6, r.between(200, 250), r.next()*2*math.Pi, .95)
	}
	c.fill(linear(0, horizon+60, 0, CoverHeight, stop{0, mix(teal, night, .72), 1}, stop{1, night, 1}), ground(near))

	// Solar panels in perspective rows, catching the sun on their faces.
	for row := range 3 {
		y := 520 + float64(row)*44
		size := 1 + float64(row)*.28
		w, h := 62*size, 26*size
		x0 := -20 + float64(row)*-18
		for x := x0; x < 600-float64(row)*40; x += w + 8*size {
			panel(c, pt{x, y}, w, h, sun)
		}
	}
}

// turbine draws a wind turbine standing at (x, ground), height h, blades
// turned by rot; a is its opacity (distant ones fade into the haze).
func turbine(c *canvas, x, ground, h, rot, a float64) {
	hub := pt{x, ground - h}
	w0, w1 := h*.028, h*.012
	c.fill(linear(x-w0, 0, x+w0, 0, stop{0, cream, a}, stop{1, mix(cream, ink, .45), a}),
		[]pt{{x - w0, ground}, {x - w1, hub.y}, {x + w1, hub.y}, {x + w0, ground}})
	c.fill(solid(mix(cream, ink, .15), a), roundRect(x-h*.02, hub.y-h*.025, h*.09, h*.05, h*.02))
	blade := h * .56
	for k := range 3 {
		ang := rot + float64(k)*2*math.Pi/3
		d := pt{math.Cos(ang), math.Sin(ang)}
		n := pt{-d.y, d.x}
		root, wide := h*.014, h*.032
		c.fill(solid(cream, a),
			[]pt{hub.add(n.mul(root)), hub.add(d.mul(blade * .22)).add(n.mul(wide)), hub.add(d.mul(blade)), hub.add(d.mul(blade * .3)).sub(n.mul(root * .6)), hub.sub(n.mul(root))})
	}
	c.fill(solid(mix(cream, saffron, .2), a), circle(hub.x, hub.y, h*.025))
}

// panel draws one solar panel whose lower-left corner is at p, tilted back,
// with a highlight where it faces the sun.
func panel(c *canvas, p pt, w, h float64, sun pt) {
	skew := h * .55
	face := []pt{{p.x + skew, p.y - h}, {p.x + skew + w, p.y - h}, {p.x + w, p.y}, p}
	c.fill(solid(night, .9), rect(p.x+w*.45, p.y, 3, h*.45))
	c.fill(linear(0, p.y-h, 0, p.y, stop{0, rgbHex("#3a5f94"), 1}, stop{1, rgbHex("#162a4d"), 1}), face)
	c.fill(radial(sun.x, sun.y+340, 760, .7, stop{0, saffron, .4}, stop{1, saffron, 0}), face)
	for i := 1; i < 4; i++ { // cell grid
		t := float64(i) / 4
		c.stroke(solid(cream, .16), 1, false, []pt{lerpPt(face[0], face[3], t), lerpPt(face[1], face[2], t)})
	}
	for i := 1; i < 6; i++ {
		t := float64(i) / 6
		c.stroke(solid(cream, .12), 1, false, []pt{lerpPt(face[0], face[1], t), lerpPt(face[3], face[2], t)})
	}
	c.stroke(solid(cream, .5), 1.5, false, []pt{face[0], face[1]})
}

// drawTech: a processor on a circuit board, its traces fanning out to the
// edges, some of them lit.
func drawTech(c *canvas, r *rng) {
	chip := pt{600 + r.between(-90, 90), 315 + r.between(-20, 20)}
	const half = 105.0
	c.paintAll(radial(chip.x, chip.y, 620, .75, stop{0, teal, .38}, stop{1, teal, 0}))
	for y := 15.0; y < CoverHeight; y += 30 {
		for x := 15.0; x < CoverWidth; x += 30 {
			c.fill(solid(cream, .08), rect(x-1, y-1, 2, 2))
		}
	}

	// Traces leave the chip square to a side, bend at 45 degrees once and
	// run to a pad or off the board.
	glow := c.newLayer()
	type trace struct {
		line []pt
		lit  bool
	}
	var traces []trace
	for side := range 4 {
		// One fan per side: every trace leaves at about the same distance
		// and spreads in proportion to its pin's offset, so none cross.
		out, spread := r.between(30, 110), r.between(.4, 1.5)
		for j := range 7 {
			if r.next() < .15 {
				continue
			}
			off := -half*.75 + float64(j)*half*.25
			bend := off * spread
			run := r.between(90, 420)
			// Trace laid out for the right-hand side, then turned.
			local := []pt{{half, off}, {half + out, off}, {half + out + math.Abs(bend), off + bend}, {half + out + math.Abs(bend) + run, off + bend}}
			line := make([]pt, len(local))
			for i, q := range local {
				switch side {
				case 0:
					line[i] = pt{chip.x + q.x, chip.y + q.y}
				case 1:
					line[i] = pt{chip.x - q.x, chip.y - q.y}
				case 2:
					line[i] = pt{chip.x - q.y, chip.y - q.x*.9}
				case 3:
					line[i] = pt{chip.x + q.y, chip.y + q.x*.9}
				}
			}
			t := trace{line, r.next() < .22}
			traces = append(traces, t)
			if t.lit {
				c.add(glow, 1, strokePolys(line, 9, false)...)
			}
		}
	}
	glow.blur(9)
	c.apply(glow, solid(saffron, .6))
	for _, t := range traces {
		col, a := mix(teal, cream, .22), .9
		if t.lit {
			col, a = saffron, 1
		}
		c.stroke(solid(col, a), 3, false, t.line)
		end := t.line[len(t.line)-1]
		c.fill(solid(ink, 1), circle(end.x, end.y, 7))
		c.stroke(solid(col, a), 3, true, circle(end.x, end.y, 7))
		if r.next() < .4 { // a via halfway along
			v := lerpPt(t.line[2], t.line[3], r.between(.2, .7))
			c.fill(solid(cream, .8), circle(v.x, v.y, 3.5))
		}
	}

	// Two small companion chips.
	for i := range 2 {
		p := pt{r.between(120, 300), r.between(90, 200)}
		if i == 1 {
			p = pt{CoverWidth - r.between(120, 300), CoverHeight - r.between(90, 200)}
		}
		c.fill(solid(night, .6), roundRect(p.x-36, p.y-26, 80, 60, 6))
		c.fill(linear(0, p.y-30, 0, p.y+30, stop{0, mix(dusk, cream, .1), 1}, stop{1, ink, 1}), roundRect(p.x-40, p.y-30, 80, 60, 6))
		c.stroke(solid(cream, .35), 1.5, true, roundRect(p.x-40, p.y-30, 80, 60, 6))
		for k := range 5 {
			c.fill(solid(cream, .5), rect(p.x-30+float64(k)*14, p.y-36, 6, 6))
			c.fill(solid(cream, .5), rect(p.x-30+float64(k)*14, p.y+30, 6, 6))
		}
	}

	// The processor: shadow, glow, body, pins, die.
	shadow := c.newLayer()
	c.add(shadow, 1, roundRect(chip.x-half+14, chip.y-half+22, 2*half, 2*half, 18))
	shadow.blur(18)
	c.apply(shadow, solid(night, .85))
	aura := c.newLayer()
	c.add(aura, 1, roundRect(chip.x-half, chip.y-half, 2*half, 2*half, 18))
	aura.blur(30)
	c.apply(aura, solid(saffron, .35))
	for k := range 9 {
		o := -half + 22 + float64(k)*(2*half-44)/8
		c.fill(solid(cream, .75), rect(chip.x+o-3, chip.y-half-10, 6, 12), rect(chip.x+o-3, chip.y+half-2, 6, 12),
			rect(chip.x-half-10, chip.y+o-3, 12, 6), rect(chip.x+half-2, chip.y+o-3, 12, 6))
	}
	body := roundRect(chip.x-half, chip.y-half, 2*half, 2*half, 18)
	c.fill(linear(chip.x-half, chip.y-half, chip.x+half, chip.y+half, stop{0, rgbHex("#2c4675"), 1}, stop{1, night, 1}), body)
	c.stroke(solid(saffron, 1), 3, true, body)
	die := roundRect(chip.x-56, chip.y-56, 112, 112, 8)
	c.fill(linear(chip.x-56, chip.y-56, chip.x+56, chip.y+56, stop{0, rgbHex("#f7b967"), 1}, stop{.6, saffron, 1}, stop{1, brick, 1}), die)
	for i := 1; i < 4; i++ {
		t := -56 + float64(i)*28
		c.fill(solid(ink, .22), rect(chip.x+t-1, chip.y-56, 2, 112), rect(chip.x-56, chip.y+t-1, 112, 2))
	}
	c.stroke(solid(cream, .5), 1.5, true, die)
}
