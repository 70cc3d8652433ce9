package media

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/nivaran/magazine/generator/story"
)

// palette is the magazine's: ink, saffron, teal, cream, brick.
var palette = struct{ ink, saffron, teal, cream, brick string }{"#14213d", "#f29f3d", "#1f7a6d", "#f7f3ea", "#b4532a"}

type rng uint64

func (r *rng) next() float64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	return float64(uint64(*r)>>11) / float64(1<<53)
}

// Cover draws a story's cover art as SVG: a motif chosen by the category,
// varied by the story id, so the same story always gets the same bytes.
func Cover(s *story.Story) []byte {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", s.ID, s.Category)
	r := rng(h.Sum64())
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d">`, CoverWidth, CoverHeight, CoverWidth, CoverHeight)
	fmt.Fprintf(&b, `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, palette.ink, "#24375e")
	b.WriteString(`<rect width="1200" height="630" fill="url(#g)"/>`)
	switch motif(s.Category) {
	case "trade":
		drawTrade(&b, &r)
	case "energy":
		drawEnergy(&b, &r)
	case "tech":
		drawCircuit(&b, &r)
	default:
		drawChart(&b, &r)
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

func motif(category string) string {
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

// drawChart: rising market lines over a faint grid.
func drawChart(b *strings.Builder, r *rng) {
	for x := 0; x <= 1200; x += 100 {
		fmt.Fprintf(b, `<line x1="%d" y1="0" x2="%d" y2="630" stroke="%s" stroke-opacity=".08"/>`, x, x, palette.cream)
	}
	for y := 30; y <= 630; y += 100 {
		fmt.Fprintf(b, `<line x1="0" y1="%d" x2="1200" y2="%d" stroke="%s" stroke-opacity=".08"/>`, y, y, palette.cream)
	}
	colours := []string{palette.saffron, palette.teal, palette.cream}
	for i, c := range colours {
		y := 470.0 - float64(i)*60
		var pts []string
		for x := 0; x <= 1200; x += 60 {
			y += (r.next() - 0.62) * 55
			y = max(min(y, 580), 60)
			pts = append(pts, fmt.Sprintf("%d,%.0f", x, y))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%d" stroke-linejoin="round" stroke-opacity=".9"/>`, strings.Join(pts, " "), c, 6-i*2)
	}
	for i := range 14 {
		hgt := 40 + r.next()*160
		fmt.Fprintf(b, `<rect x="%d" y="%.0f" width="46" height="%.0f" fill="%s" fill-opacity=".18"/>`, 40+i*82, 630-hgt, hgt, palette.cream)
	}
}

// drawTrade: great-circle routes between ports, with a few vessels.
func drawTrade(b *strings.Builder, r *rng) {
	fmt.Fprintf(b, `<circle cx="600" cy="980" r="720" fill="none" stroke="%s" stroke-opacity=".12" stroke-width="2"/>`, palette.cream)
	ports := make([][2]float64, 7)
	for i := range ports {
		ports[i] = [2]float64{80 + float64(i)*170 + r.next()*60, 200 + r.next()*330}
	}
	for i := range ports {
		for j := i + 1; j < len(ports); j += 2 {
			a, c := ports[i], ports[j]
			mx, my := (a[0]+c[0])/2, min(a[1], c[1])-120-r.next()*120
			col := palette.saffron
			if (i+j)%3 == 0 {
				col = palette.teal
			}
			fmt.Fprintf(b, `<path d="M%.0f %.0f Q%.0f %.0f %.0f %.0f" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="10 8" stroke-opacity=".85"/>`, a[0], a[1], mx, my, c[0], c[1], col)
		}
	}
	for _, p := range ports {
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="12" fill="%s"/><circle cx="%.0f" cy="%.0f" r="24" fill="none" stroke="%s" stroke-opacity=".5"/>`, p[0], p[1], palette.cream, p[0], p[1], palette.cream)
	}
}

// drawEnergy: a rising sun, rows of solar panels and wind turbines.
func drawEnergy(b *strings.Builder, r *rng) {
	fmt.Fprintf(b, `<circle cx="%.0f" cy="250" r="120" fill="%s" fill-opacity=".9"/>`, 800+r.next()*200, palette.saffron)
	fmt.Fprintf(b, `<rect y="420" width="1200" height="210" fill="%s" fill-opacity=".35"/>`, palette.teal)
	for i := range 9 {
		x := 30 + float64(i)*70
		fmt.Fprintf(b, `<path d="M%.0f 560 L%.0f 500 L%.0f 500 L%.0f 560 Z" fill="%s" stroke="%s" stroke-opacity=".6"/>`, x, x+20, x+80, x+60, "#2b4c7e", palette.cream)
	}
	for i := range 4 {
		x, hgt := 720+float64(i)*120+r.next()*30, 200+r.next()*80
		top := 560 - hgt
		fmt.Fprintf(b, `<line x1="%.0f" y1="560" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="6"/>`, x, x, top, palette.cream)
		rot := r.next() * 120
		for k := range 3 {
			fmt.Fprintf(b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="5" stroke-linecap="round" transform="rotate(%.0f %.0f %.0f)"/>`, x, top, x, top-70, palette.cream, rot+float64(k)*120, x, top)
		}
	}
}

// drawCircuit: traces and pads like a chip's floor plan.
func drawCircuit(b *strings.Builder, r *rng) {
	fmt.Fprintf(b, `<rect x="470" y="185" width="260" height="260" rx="18" fill="%s" fill-opacity=".15" stroke="%s" stroke-width="4"/>`, palette.cream, palette.saffron)
	fmt.Fprintf(b, `<rect x="530" y="245" width="140" height="140" rx="8" fill="%s" fill-opacity=".85"/>`, palette.saffron)
	for i := range 22 {
		y := 40 + float64(i)*26
		x0 := r.next() * 200
		x1 := 470 - r.next()*60
		col := palette.teal
		if i%4 == 0 {
			col = palette.saffron
		}
		if y > 185 && y < 445 {
			fmt.Fprintf(b, `<polyline points="%.0f,%.0f %.0f,%.0f 470,%.0f" fill="none" stroke="%s" stroke-width="3"/>`, x0, y, x1, y, y, col)
			fmt.Fprintf(b, `<polyline points="730,%.0f %.0f,%.0f %.0f,%.0f" fill="none" stroke="%s" stroke-width="3"/>`, y, 1200-x1+470-470+730-(470-x1), y, 1200-x0, y, col)
		} else {
			fmt.Fprintf(b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-opacity=".4" stroke-width="2"/>`, x0, y, 1200-x0, y, palette.cream)
		}
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="6" fill="%s"/>`, x0, y, palette.cream)
	}
}
