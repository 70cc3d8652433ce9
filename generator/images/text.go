package images

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Card text is shaped by go-text/typesetting, a port of HarfBuzz: kerning
// and Devanagari conjuncts come out as a browser would set them. Text is
// shaped once, at refSize, and laid out at any size by scaling, since
// unhinted outlines scale linearly; glyphs are rasterised once per size and
// kept for every card of the build.

// The typefaces, all SIL Open Font License (OFL.txt beside them). The
// Latin fonts have no Devanagari, so each style has a partner that takes
// over for Hindi, parsed only when a card needs it.
var fontFiles = [...]string{
	"NotoSerif-Bold.ttf", "NotoSerifDevanagari-Bold.ttf", // titles
	"NotoSans-Bold.ttf", "NotoSansDevanagari-Bold.ttf", // labels
}

const refSize = 100.0

type fontSet struct {
	serif, sans family
	hash        []byte   // of every font file: part of each card's name
	glyphs      sync.Map // maskKey -> *glyphMask
}

// family is one style: its fonts in order of preference.
type family [2]*lazyFont

type lazyFont struct {
	name string
	data []byte
	once sync.Once
	font *font.Font
	err  error
}

func (l *lazyFont) get() (*font.Font, error) {
	l.once.Do(func() {
		face, err := font.ParseTTF(bytes.NewReader(l.data))
		if err != nil {
			l.err = fmt.Errorf("images: font %s: %w", l.name, err)
			return
		}
		l.font = face.Font
	})
	return l.font, l.err
}

// loadFonts reads and hashes the font files; parsing waits for a card that
// needs the font.
func (p *Processor) loadFonts() (*fontSet, error) {
	p.fontsOnce.Do(func() {
		if p.FontDir == "" {
			p.fontsErr = errors.New("images: social cards need Processor.FontDir")
			return
		}
		h := sha256.New()
		var fonts [len(fontFiles)]*lazyFont
		for i, name := range fontFiles {
			data, err := os.ReadFile(filepath.Join(p.FontDir, name))
			if err != nil {
				p.fontsErr = fmt.Errorf("images: font: %w", err)
				return
			}
			h.Write(data)
			fonts[i] = &lazyFont{name: name, data: data}
		}
		p.fonts = &fontSet{serif: family{fonts[0], fonts[1]}, sans: family{fonts[2], fonts[3]}, hash: h.Sum(nil)}
	})
	return p.fonts, p.fontsErr
}

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

// glyphMask is a glyph's coverage and where its top-left corner sits from
// the pixel its pen is in.
type glyphMask struct {
	img *image.Alpha
	off image.Point
}

type maskKey struct {
	font  *font.Font
	id    font.GID
	size  int // quarter pixels
	phase int // the pen's position within its pixel, in quarters
}

// masks calls fn with each glyph's coverage and the point of dst (whose
// block origin is at) its top-left corner goes to.
func (fs *fontSet) masks(b block, at image.Point, fn func(m *image.Alpha, to image.Point)) {
	for _, p := range b.glyphs {
		x := p.x + p.g.dx*b.size/refSize
		px := math.Floor(x)
		k := maskKey{p.g.face.Font, p.g.id, int(b.size * 4), int((x - px) * 4)}
		v, ok := fs.glyphs.Load(k)
		if !ok {
			v, _ = fs.glyphs.LoadOrStore(k, rasterize(p.g.face, k))
		}
		m := v.(*glyphMask)
		if m.img != nil {
			fn(m.img, at.Add(image.Pt(int(px), int(p.y-p.g.dy*b.size/refSize))).Add(m.off))
		}
	}
}

// rasterize draws a glyph's outline at the key's size and phase.
func rasterize(face *font.Face, k maskKey) *glyphMask {
	out, ok := face.GlyphDataOutline(k.id)
	if !ok || len(out.Segments) == 0 {
		return &glyphMask{}
	}
	scale := float32(k.size) / 4 / float32(face.Upem())
	phase := float32(k.phase) / 4
	x0, y0, x1, y1 := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, s := range out.Segments {
		for _, a := range s.ArgsSlice() {
			x, y := a.X*scale+phase, -a.Y*scale
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
	}
	r := image.Rect(int(math.Floor(float64(x0))), int(math.Floor(float64(y0))), int(math.Ceil(float64(x1)))+1, int(math.Ceil(float64(y1)))+1)
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	pt := func(a font.SegmentPoint) (float32, float32) {
		return a.X*scale + phase - float32(r.Min.X), -a.Y*scale - float32(r.Min.Y)
	}
	for i, s := range out.Segments {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			if i > 0 {
				z.ClosePath()
			}
			z.MoveTo(pt(s.Args[0]))
		case ot.SegmentOpLineTo:
			z.LineTo(pt(s.Args[0]))
		case ot.SegmentOpQuadTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			z.QuadTo(ax, ay, bx, by)
		case ot.SegmentOpCubeTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			cx, cy := pt(s.Args[2])
			z.CubeTo(ax, ay, bx, by, cx, cy)
		}
	}
	z.ClosePath()
	m := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return &glyphMask{m, r.Min}
}
