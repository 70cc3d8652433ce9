package images

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The typefaces social cards are set in, all SIL Open Font License (see
// OFL.txt beside them). Latin fonts have no Devanagari, so each style has a
// Devanagari partner that takes over for Hindi text.
var fontFiles = [...]string{
	"NotoSerif-Bold.ttf", "NotoSerifDevanagari-Bold.ttf", // titles
	"NotoSans-Bold.ttf", "NotoSansDevanagari-Bold.ttf", // labels
}

type fontSet struct {
	serif, sans typeface
	hash        []byte // of every font file: part of each card's cache key
}

// typeface is a font with the one that covers the scripts it lacks.
type typeface struct{ main, deva *sfnt.Font }

func (p *Processor) loadFonts() (*fontSet, error) {
	p.fontsOnce.Do(func() {
		if p.FontDir == "" {
			p.fontsErr = fmt.Errorf("images: social cards need Processor.FontDir")
			return
		}
		var fonts [len(fontFiles)]*sfnt.Font
		h := sha256.New()
		for i, name := range fontFiles {
			data, err := os.ReadFile(filepath.Join(p.FontDir, name))
			if err != nil {
				p.fontsErr = fmt.Errorf("images: font: %w", err)
				return
			}
			h.Write(data)
			if fonts[i], err = opentype.Parse(data); err != nil {
				p.fontsErr = fmt.Errorf("images: font %s: %w", name, err)
				return
			}
		}
		p.fonts = &fontSet{serif: typeface{fonts[0], fonts[1]}, sans: typeface{fonts[2], fonts[3]}, hash: h.Sum(nil)}
	})
	return p.fonts, p.fontsErr
}

// sized is a typeface at one size. It holds per-face scratch buffers, so
// each drawing makes its own.
type sized struct {
	tf    typeface
	size  float64
	faces [2]font.Face // main, deva
	buf   sfnt.Buffer
}

func (t typeface) at(size float64) *sized {
	s := &sized{tf: t, size: size}
	for i, f := range []*sfnt.Font{t.main, t.deva} {
		// Hinting snaps outlines to the pixel grid for small screen text; at
		// card sizes it only distorts the letterforms.
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil { // only for a size <= 0
			panic(err)
		}
		s.faces[i] = face
	}
	return s
}

func isDevanagari(r rune) bool {
	return r >= 0x0900 && r <= 0x097F || r >= 0xA8E0 && r <= 0xA8FF || r >= 0x1CD0 && r <= 0x1CFF
}

// run is a piece of text set in one face.
type run struct {
	text string
	face int // index into sized.faces
}

// runs splits text by face: Devanagari and anything the main font lacks go
// to the Devanagari font; joiners and combining marks stay with the letter
// they belong to.
func (s *sized) runs(text string) []run {
	var out []run
	cur := -1
	var b strings.Builder
	for _, r := range text {
		f := 0
		switch {
		case isDevanagari(r): // before the mark rule: a reordered ि starts a word
			f = 1
		case cur >= 0 && (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || r == 0x200C || r == 0x200D):
			f = cur
		default:
			if g, err := s.tf.main.GlyphIndex(&s.buf, r); err == nil && g == 0 {
				if g, err := s.tf.deva.GlyphIndex(&s.buf, r); err == nil && g != 0 {
					f = 1
				}
			}
		}
		if f != cur && b.Len() > 0 {
			out = append(out, run{b.String(), cur})
			b.Reset()
		}
		cur = f
		b.WriteRune(r)
	}
	if b.Len() > 0 {
		out = append(out, run{b.String(), cur})
	}
	return out
}

func (s *sized) width(text string) fixed.Int26_6 {
	var w fixed.Int26_6
	for _, r := range s.runs(text) {
		w += font.MeasureString(s.faces[r.face], r.text)
	}
	return w
}

// span is how much room text takes on a line: its advance, widened by any
// ink that overhangs the start (a J's tail, a ि's loop) or the end.
func (s *sized) span(text string) fixed.Int26_6 {
	bb := s.bounds(text, fixed.Point26_6{})
	return max(s.width(text), bb.Max.X) - min(0, bb.Min.X)
}

// bounds is the ink box of text drawn with its origin at dot.
func (s *sized) bounds(text string, dot fixed.Point26_6) fixed.Rectangle26_6 {
	var bb fixed.Rectangle26_6
	first := true
	for _, r := range s.runs(text) {
		b, adv := font.BoundString(s.faces[r.face], r.text)
		b = b.Add(dot)
		if !b.Empty() {
			if first {
				bb, first = b, false
			} else {
				bb = bb.Union(b)
			}
		}
		dot.X += adv
	}
	return bb
}

func (s *sized) draw(dst *image.RGBA, text string, dot fixed.Point26_6, c color.Color) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c)}
	d.Dot = dot
	for _, r := range s.runs(text) {
		d.Face = s.faces[r.face]
		d.DrawString(r.text)
	}
}

// metrics is the ascent and descent of the faces text uses (the taller of
// both for mixed scripts), so every line has room for its letters.
func (s *sized) metrics(text string) (ascent, descent fixed.Int26_6) {
	used := [2]bool{true, false}
	for _, r := range s.runs(text) {
		used[r.face] = true
	}
	for i, f := range s.faces {
		if used[i] {
			m := f.Metrics()
			ascent, descent = max(ascent, m.Ascent), max(descent, m.Descent)
		}
	}
	return
}

// line is one laid-out line of text: what to draw, where, and its ink box.
type line struct {
	text   string
	dot    fixed.Point26_6
	bounds fixed.Rectangle26_6
}

// block is text fitted into a box.
type block struct {
	face  *sized
	lines []line
	// extent is the box the lines take, from the first line's ascent to the
	// last line's descent.
	extent image.Rectangle
}

// fitSpec says how text may be set.
type fitSpec struct {
	width, height    int     // the box
	maxSize, minSize float64 // font size range, in pixels
	maxLines         int
	leading          float64 // line height as a multiple of the size
}

// fit sets text into a box at the largest size (from maxSize down) at which
// the word-wrapped lines fit in the width, the line limit and the height.
// If even minSize is too big, the text is cut at the last line that fits,
// with an ellipsis: a card must never overflow, whatever an editor writes.
// The block's origin is the box's top-left corner at (0,0).
func fit(tf typeface, text string, spec fitSpec) block {
	text = shapeDevanagari(strings.Join(strings.Fields(text), " "))
	leading := spec.leading
	if strings.ContainsFunc(text, isDevanagari) {
		// Devanagari stacks vowel signs above the headstroke and below the
		// letter: it needs more air between lines than Latin.
		leading = max(leading, 1.5)
	}
	var s *sized
	var lines []string
	var asc, desc, lh fixed.Int26_6
	rows := 0
	for size := spec.maxSize; ; size -= 2 {
		size = max(size, spec.minSize)
		s = s.resize(tf, size)
		asc, desc = s.metrics(text)
		lh = fixed.Int26_6(size * leading * 64)
		rows = spec.maxLines // as many as the height holds
		for rows > 0 && (asc+desc+lh*fixed.Int26_6(rows-1)).Ceil() > spec.height {
			rows--
		}
		lines = wrap(s, text, fixed.I(spec.width))
		if rows > 0 && len(lines) <= rows || size <= spec.minSize {
			break
		}
	}
	rows = max(rows, 1) // a box too low for one line at minSize still gets one
	if len(lines) > rows {
		lines = lines[:rows]
		lines[rows-1] = ellipsize(s, lines[rows-1], fixed.I(spec.width))
	} else if len(lines) > 1 {
		lines = balance(s, text, lines, spec.width)
	}
	b := block{face: s}
	for i, l := range lines {
		dot := fixed.Point26_6{Y: asc + lh*fixed.Int26_6(i)}
		// Ink left of the pen moves the line right, so it starts on the
		// margin rather than in it.
		dot.X = -min(0, s.bounds(l, dot).Min.X)
		b.lines = append(b.lines, line{text: l, dot: dot, bounds: s.bounds(l, dot)})
	}
	b.extent = image.Rect(0, 0, spec.width, (asc + desc + lh*fixed.Int26_6(len(lines)-1)).Ceil())
	return b
}

// balance evens out the lines' lengths: the narrowest measure that still
// wraps into as many lines, so a title never ends on one orphaned word.
func balance(s *sized, text string, lines []string, width int) []string {
	lo, hi := width/2, width
	for hi-lo > 4 {
		mid := (lo + hi) / 2
		if len(wrap(s, text, fixed.I(mid))) <= len(lines) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return wrap(s, text, fixed.I(hi))
}

func (s *sized) resize(tf typeface, size float64) *sized {
	if s != nil && s.size == size {
		return s
	}
	return tf.at(size)
}

// wrap breaks text into lines no wider than width, at spaces; a word wider
// than a whole line is broken between letters (never before a combining
// mark, which would separate a vowel sign from its consonant).
func wrap(s *sized, text string, width fixed.Int26_6) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		try := w
		if cur != "" {
			try = cur + " " + w
		}
		if s.span(try) <= width {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			cur = ""
		}
		for s.span(w) > width { // a word longer than a line
			head := breakAt(s, w, width)
			lines = append(lines, w[:head])
			w = w[head:]
		}
		cur = w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// breakAt is the longest prefix of w (in bytes) that fits width, at least
// one cluster.
func breakAt(s *sized, w string, width fixed.Int26_6) int {
	best := 0
	for i, r := range w {
		if i > 0 && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) && r != 0x094D {
			if s.span(w[:i]) > width {
				break
			}
			best = i
		}
	}
	if best == 0 {
		best = len(w) // a single cluster wider than the box: nothing better to do
		for i, r := range w {
			if i > 0 && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) {
				best = i
				break
			}
		}
	}
	return best
}

// ellipsize marks a cut line: drop words until the ellipsis fits.
func ellipsize(s *sized, l string, width fixed.Int26_6) string {
	for {
		if s.span(l+"…") <= width || l == "" {
			return l + "…"
		}
		if i := strings.LastIndexByte(l, ' '); i > 0 {
			l = l[:i]
		} else {
			_, size := lastRune(l)
			l = l[:len(l)-size]
		}
	}
}

func lastRune(s string) (rune, int) {
	rs := []rune(s)
	r := rs[len(rs)-1]
	return r, len(string(r))
}

// shapeDevanagari does the one reordering without which Hindi reads wrong:
// the short-i vowel sign (ि) is typed after its consonant cluster but
// written before it. The other shaping a Devanagari font asks for
// (conjunct ligatures, reph) needs the font's GSUB rules, which
// x/image/font does not apply: those clusters show with a visible virama,
// legible but plainer than typeset text.
func shapeDevanagari(s string) string {
	if !strings.ContainsRune(s, 0x093F) {
		return s
	}
	rs := []rune(s)
	consonant := func(i int) bool {
		r := rs[i]
		return r >= 0x0915 && r <= 0x0939 || r >= 0x0958 && r <= 0x095F || r >= 0x0978 && r <= 0x097F
	}
	// clusterStart is where the consonant ending at i (with a nukta) starts.
	clusterStart := func(i int) int {
		if i >= 0 && rs[i] == 0x093C {
			i--
		}
		if i < 0 || !consonant(i) {
			return -1
		}
		return i
	}
	for i, r := range rs {
		if r != 0x093F {
			continue
		}
		j := clusterStart(i - 1)
		if j < 0 {
			continue
		}
		for j >= 2 && rs[j-1] == 0x094D { // virama: the cluster goes on
			k := clusterStart(j - 2)
			if k < 0 {
				break
			}
			j = k
		}
		copy(rs[j+1:i+1], rs[j:i])
		rs[j] = 0x093F
	}
	return string(rs)
}
