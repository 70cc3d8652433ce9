package images

import (
	"image"
	"math"
	"strings"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// Card text is shaped by go-text/typesetting, a port of HarfBuzz: kerning
// and Devanagari conjuncts come out as a browser would set them. Text is
// shaped once, at refSize, and laid out at any size by scaling, since
// unhinted outlines scale linearly; glyphs are rasterised once per size and
// kept for every card of the build.

// setter shapes text. go-text's faces and shaper keep caches and are not
// safe for concurrent use, so each goroutine takes its own from a pool.
type setter struct {
	shaper shaping.HarfbuzzShaper
	seg    shaping.Segmenter
	faces  map[*font.Font]*font.Face
	fam    family
}

func (p *Processor) setter() *setter {
	if s, ok := p.setters.Get().(*setter); ok {
		return s
	}
	return &setter{faces: map[*font.Font]*font.Face{}}
}

func (s *setter) face(f *font.Font) *font.Face {
	face, ok := s.faces[f]
	if !ok {
		face = font.NewFace(f)
		s.faces[f] = face
	}
	return face
}

// ResolveFace picks the family's first font with a glyph for r (the
// shaping.Fontmap the segmenter asks).
func (s *setter) ResolveFace(r rune) *font.Face {
	var first *font.Face
	for _, l := range s.fam {
		f, err := l.get()
		if err != nil {
			continue
		}
		face := s.face(f)
		if first == nil {
			first = face
		}
		if _, ok := face.NominalGlyph(r); ok {
			return face
		}
	}
	return first
}

// glyph is a shaped glyph; lengths are pixels at refSize.
type glyph struct {
	face       *font.Face
	id         font.GID
	adv        float64
	dx, dy     float64 // offset from the pen
	inkL, inkR float64 // ink's left and right edges, from the pen
	space      bool    // a space: where a line may break
	cluster    int
}

// shape turns text into glyphs in the family's fonts, followed by the
// glyphs of "…" from index ell on.
func (s *setter) shape(fam family, text string) (gs []glyph, ell int, err error) {
	if _, err := fam[0].get(); err != nil {
		return nil, 0, err
	}
	s.fam = fam
	for _, t := range []string{text, "…"} {
		ell = len(gs)
		runes := []rune(t)
		if len(runes) == 0 {
			continue // no run to shape (the segmenter gives one with no face)
		}
		in := shaping.Input{Text: runes, RunEnd: len(runes), Direction: di.DirectionLTR, Size: fixed.I(refSize), Language: language.NewLanguage("en")}
		for _, run := range s.seg.Split(in, s) {
			o := s.shaper.Shape(run)
			for _, g := range o.Glyphs {
				f := func(v fixed.Int26_6) float64 { return float64(v) / 64 }
				gs = append(gs, glyph{face: o.Face, id: g.GlyphID, adv: f(g.Advance), dx: f(g.XOffset), dy: f(g.YOffset),
					inkL: f(g.XOffset + g.XBearing), inkR: f(g.XOffset + g.XBearing + g.Width), space: runes[g.ClusterIndex] == ' ', cluster: g.ClusterIndex})
			}
		}
	}
	return gs, ell, nil
}

// extent measures glyphs laid end to end from x=0, at refSize: the leftmost
// ink (or the pen, if further left), the rightmost ink and the advance.
type extent struct{ left, right, x float64 }

func (e extent) add(g glyph) extent {
	if g.inkR > g.inkL {
		e.left, e.right = min(e.left, e.x+g.inkL), max(e.right, e.x+g.inkR)
	}
	e.x += g.adv
	return e
}

func (e extent) span() float64 { return e.right - e.left }

// line is glyphs [from, to), followed by the ellipsis when cut.
type line struct {
	from, to int
	cut      bool
}

// wrap breaks glyphs into lines no wider than width (at refSize) at spaces;
// a word wider than a line is broken between clusters.
func wrap(gs []glyph, width float64) []line {
	var lines []line
	for start := 0; start < len(gs); {
		if gs[start].space { // no line starts with a space
			start++
			continue
		}
		end, brk, e := start, -1, extent{}
		for ; end < len(gs); end++ {
			if e = e.add(gs[end]); gs[end].space {
				brk = end
			} else if e.span() > width {
				break
			}
		}
		if end < len(gs) {
			if brk > start {
				end = brk
			} else { // break the word at the last cluster that fits, keeping one
				for end > start+1 && gs[end].cluster == gs[end-1].cluster {
					end--
				}
				end = max(end, start+1)
			}
		}
		lines = append(lines, line{from: start, to: end})
		start = end
	}
	return lines
}

// fitSpec says how text may be set.
type fitSpec struct {
	width, height    int     // the box
	maxSize, minSize float64 // font size range, in pixels
	maxLines         int
	leading          float64 // line height as a multiple of the size
}

// placed is a glyph's position in a block: pen x, baseline y, in pixels.
type placed struct {
	g    glyph
	x, y float64
}

// block is text set into a box whose top-left corner is (0,0).
type block struct {
	size   float64
	glyphs []placed
	lines  []image.Rectangle // each line's ink, for tests
	extent image.Rectangle   // from the first line's ascent to the last's descent
}

// fit sets text at the largest size (from maxSize down, in steps of 2) at
// which the wrapped lines fit the box. If even minSize is too big, the text
// is cut at the last line that fits, with an ellipsis: a card must never
// overflow, whatever an editor writes.
func (s *setter) fit(fam family, text string, spec fitSpec) (block, error) {
	text = strings.Join(strings.Fields(text), " ")
	all, ell, err := s.shape(fam, text)
	if err != nil {
		return block{}, err
	}
	gs, dots := all[:ell], all[ell:]
	leading := spec.leading
	if strings.ContainsFunc(text, isDevanagari) {
		// Devanagari stacks vowel signs above the headstroke and below the
		// letter: it needs more air between lines than Latin.
		leading = max(leading, 1.5)
	}
	asc, desc := 0.0, 0.0 // at refSize
	for _, g := range all {
		if m, ok := g.face.FontHExtents(); ok {
			k := refSize / float64(g.face.Upem())
			asc, desc = max(asc, float64(m.Ascender)*k), max(desc, -float64(m.Descender)*k)
		}
	}
	var lines []line
	size, rows := spec.maxSize, 0
	for ; ; size -= 2 {
		size = max(size, spec.minSize)
		rows = spec.maxLines
		for rows > 0 && (asc+desc)*size/refSize+size*leading*float64(rows-1) > float64(spec.height) {
			rows--
		}
		if lines = wrap(gs, float64(spec.width)*refSize/size); rows > 0 && len(lines) <= rows || size <= spec.minSize {
			break
		}
	}
	k, width := size/refSize, float64(spec.width)*refSize/size
	measure := func(l line) extent {
		e := extent{}
		for _, g := range gs[l.from:l.to] {
			e = e.add(g)
		}
		for i := 0; l.cut && i < len(dots); i++ {
			e = e.add(dots[i])
		}
		return e
	}
	if rows = max(rows, 1); len(lines) > rows { // a box too low for one line still gets one
		lines = lines[:rows]
		last := &lines[rows-1]
		last.cut = true
		for last.to > last.from+1 && measure(*last).span() > width {
			last.to-- // drop the last cluster, and the space before it
			for last.to > last.from+1 && (gs[last.to].cluster == gs[last.to-1].cluster || gs[last.to-1].space) {
				last.to--
			}
		}
	} else if len(lines) > 1 {
		// Even out the lines: the narrowest measure that still takes as
		// many lines, so a title never ends on one orphaned word.
		lo, hi := width/2, width
		for hi-lo > 4/k {
			if mid := (lo + hi) / 2; len(wrap(gs, mid)) <= len(lines) {
				hi = mid
			} else {
				lo = mid
			}
		}
		lines = wrap(gs, hi)
	}
	b := block{size: size}
	lh := size * leading
	for i, l := range lines {
		y := math.Round(asc*k + lh*float64(i))
		// Ink left of the pen moves the line right, so it starts on the
		// margin rather than in it.
		x := -measure(l).left * k
		ink := image.Rectangle{Min: image.Pt(math.MaxInt, math.MaxInt), Max: image.Pt(math.MinInt, math.MinInt)}
		place := func(g glyph) {
			b.glyphs = append(b.glyphs, placed{g, x, y})
			if g.inkR > g.inkL {
				ink = ink.Union(image.Rect(int(math.Floor(x+g.inkL*k)), int(y-asc*k), int(math.Ceil(x+g.inkR*k)), int(y+desc*k)))
			}
			x += g.adv * k
		}
		for _, g := range gs[l.from:l.to] {
			place(g)
		}
		for j := 0; l.cut && j < len(dots); j++ {
			place(dots[j])
		}
		b.lines = append(b.lines, ink)
	}
	b.extent = image.Rect(0, 0, spec.width, int(math.Ceil((asc+desc)*k+lh*float64(len(lines)-1))))
	return b, nil
}

func isDevanagari(r rune) bool {
	return r >= 0x0900 && r <= 0x097F || r >= 0xA8E0 && r <= 0xA8FF || r >= 0x1CD0 && r <= 0x1CFF
}
