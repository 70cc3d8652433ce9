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
	"sync"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"golang.org/x/image/vector"
)

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
