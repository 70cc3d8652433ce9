package images

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/vector"
)

// Card is what a story's social card shows.
type Card struct {
	Magazine string // "Nivaran Magazine"
	Category string
	Title    string
	ID       int    // the story's, for the file name
	Footer   string // optional line at the foot, e.g. the site's host name
}

// cardRecipe is part of every card's name: change it whenever the drawing
// changes (TestCardPixelsArePinned fails then), so caches never keep an old
// card under the same name.
const cardRecipe = "card/3 png"

// cardSafe is where card text may go: clear of the edges that Twitter and
// others crop or round off.
var cardSafe = image.Rect(72, 56, CoverWidth-72, CoverHeight-56)

// CardPath is where a card is published, images/social/<id>-<hash8>.png,
// named by everything that decides its pixels, so it is known before the
// card is drawn.
func (p *Processor) CardPath(c Card) (string, error) {
	fonts, err := p.loadFonts()
	if err != nil {
		return "", err
	}
	return p.cardPath(fonts, c), nil
}

func (p *Processor) cardPath(fonts *fontSet, c Card) string {
	k := key(cardRecipe, fonts.hash, []byte(c.Magazine), []byte(c.Category), []byte(c.Title), []byte(strconv.Itoa(c.ID)), []byte(c.Footer))
	return "images/social/" + strconv.Itoa(c.ID) + "-" + k[:8] + ".png"
}

// SocialCard draws a story's 1200x630 og:image and returns its path (see
// CardPath) and the PNG. Cards are not cached: drawing one costs about as
// much as writing it to a cache and reading it back, and a build that has
// the card already in its destination does not ask for it (the name says
// what is in it). Everything but the title is drawn once per
// magazine, category and footer (a backdrop), so a card costs its title and
// one PNG encoding: the picture has 64 colours and is encoded at zlib's
// fastest level, several times faster than a JPEG of it and sharper text.
func (p *Processor) SocialCard(c Card) (path string, data []byte, err error) {
	fonts, err := p.loadFonts()
	if err != nil {
		return "", nil, err
	}
	path = p.cardPath(fonts, c)
	bd, err := p.backdrop(fonts, c)
	if err != nil {
		return "", nil, err
	}
	s := p.setter()
	defer p.setters.Put(s)
	title, err := s.fit(fonts.serif, c.Title, bd.title)
	if err != nil {
		return "", nil, err
	}
	img := *bd.img
	img.Pix = slices.Clone(bd.img.Pix)
	fonts.masks(title, bd.titleAt, func(m *image.Alpha, to image.Point) { apply(&img, m, to, titlePen) })
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers}
	if err := enc.Encode(&buf, &img); err != nil {
		return "", nil, err
	}
	return path, buf.Bytes(), nil
}

var pngBuffers pngPool

type pngPool struct{ sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.Pool.Get().(*png.EncoderBuffer)
	return b
}
func (p *pngPool) Put(b *png.EncoderBuffer) { p.Pool.Put(b) }

// A card has four pens, each a ramp of 16 shades from what it is drawn on
// (level 0) to itself (level 15): an anti-aliased pixel's palette index is
// its ramp's first index plus its coverage, with no search for the nearest
// colour.
type pen int

const (
	titlePen  pen = iota // cream on the ground
	accentPen            // saffron on the ground
	labelPen             // the magazine's ink on saffron: the badge's text
	footerPen            // cream at 80% on the ground
)

var cardPalette = func() color.Palette {
	var pal color.Palette
	ground := mix(ink, night, .35)
	for _, r := range [...]struct {
		from, to rgb
		a        float64
	}{{ground, cream, 1}, {ground, saffron, 1}, {saffron, ink, 1}, {ground, cream, .8}} {
		for l := range 16 {
			c := mix(r.from, r.to, r.a*float64(l)/15)
			pal = append(pal, color.RGBA{u8(c.r), u8(c.g), u8(c.b), 255})
		}
	}
	return pal
}()

// apply draws coverage m, whose top-left corner goes to to, with pen k. A
// pixel already in k keeps the larger coverage (where glyphs overlap).
func apply(img *image.Paletted, m *image.Alpha, to image.Point, k pen) {
	base := uint8(k) * 16
	r := m.Bounds().Add(to).Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row, cov := img.Pix[y*img.Stride:], m.Pix[(y-to.Y)*m.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			if l := uint8((int(cov[x-to.X])*15 + 127) / 255); l > 0 {
				if row[x] >= base && row[x] < base+16 {
					l = max(l, row[x]-base)
				}
				row[x] = base + l
			}
		}
	}
}

// backdrop is a card without its title.
type backdrop struct {
	img     *image.Paletted
	title   fitSpec           // the title's box,
	titleAt image.Point       // and where it starts
	parts   []image.Rectangle // the masthead's ink, the badge and the footer's ink, for tests
}

type backdropKey struct{ magazine, category, footer string }

type backdropOnce struct {
	once sync.Once
	bd   *backdrop
	err  error
}

func (p *Processor) backdrop(fonts *fontSet, c Card) (*backdrop, error) {
	v, _ := p.backdrops.LoadOrStore(backdropKey{c.Magazine, c.Category, c.Footer}, &backdropOnce{})
	o := v.(*backdropOnce)
	o.once.Do(func() { o.bd, o.err = p.drawBackdrop(fonts, c) })
	return o.bd, o.err
}

// drawBackdrop lays the card out from the top: the magazine's name, the
// category's badge, the title's box, and the footer at the foot, on the
// magazine's ink with a saffron edge.
func (p *Processor) drawBackdrop(fonts *fontSet, c Card) (*backdrop, error) {
	img := image.NewPaletted(image.Rect(0, 0, CoverWidth, CoverHeight), cardPalette)
	fill := func(r image.Rectangle, k pen) { apply(img, solidMask(r.Size(), 0), r.Min, k) }
	fill(image.Rect(0, 0, 12, CoverHeight), accentPen)
	s := p.setter()
	defer p.setters.Put(s)
	sf := cardSafe
	bd := &backdrop{}
	text := func(t string, spec fitSpec, at image.Point, k pen) (block, error) {
		b, err := s.fit(fonts.sans, t, spec)
		if err == nil {
			fonts.masks(b, at, func(m *image.Alpha, to image.Point) { apply(img, m, to, k) })
			bd.parts = append(bd.parts, b.lines[0].Add(at))
		}
		return b, err
	}
	mast, err := text(strings.ToUpper(c.Magazine), fitSpec{sf.Dx(), 40, 28, 16, 1, 1.2}, sf.Min, accentPen)
	if err != nil {
		return nil, err
	}
	const badge = 44
	label := fitSpec{sf.Dx() - 40, badge - 14, 22, 12, 1, 1.2}
	cat, err := s.fit(fonts.sans, strings.ToUpper(c.Category), label)
	if err != nil {
		return nil, err
	}
	top := sf.Min.Y + mast.extent.Dy() + 28
	pill := image.Rect(sf.Min.X, top, sf.Min.X+cat.lines[0].Max.X+40, top+badge)
	apply(img, solidMask(pill.Size(), 6), pill.Min, accentPen)
	text(strings.ToUpper(c.Category), label, image.Pt(pill.Min.X+20, pill.Min.Y+(badge-cat.extent.Dy())/2), labelPen)
	bd.parts[1] = pill

	bottom := sf.Max.Y
	if c.Footer != "" {
		spec := fitSpec{sf.Dx() - 64, 34, 24, 14, 1, 1.2}
		ft, err := s.fit(fonts.sans, c.Footer, spec)
		if err != nil {
			return nil, err
		}
		top := sf.Max.Y - ft.extent.Dy()
		text(c.Footer, spec, image.Pt(sf.Min.X+64, top), footerPen)
		mid := top + ft.extent.Dy()/2
		fill(image.Rect(sf.Min.X, mid-2, sf.Min.X+44, mid+2), accentPen)
		bottom = top - 34
	}
	bd.img, bd.titleAt = img, image.Pt(sf.Min.X, pill.Max.Y+28)
	bd.title = fitSpec{sf.Dx(), bottom - bd.titleAt.Y, 72, 30, 6, 1.14}
	return bd, nil
}

// solidMask is full coverage of a size, with corners rounded by radius.
func solidMask(size image.Point, radius float32) *image.Alpha {
	w, h, r := float32(size.X), float32(size.Y), radius
	z := vector.NewRasterizer(size.X, size.Y)
	z.MoveTo(r, 0)
	z.LineTo(w-r, 0)
	z.QuadTo(w, 0, w, r)
	z.LineTo(w, h-r)
	z.QuadTo(w, h, w-r, h)
	z.LineTo(r, h)
	z.QuadTo(0, h, 0, h-r)
	z.LineTo(0, r)
	z.QuadTo(0, 0, r, 0)
	z.ClosePath()
	m := image.NewAlpha(image.Rectangle{Max: size})
	z.Draw(m, m.Rect, image.Opaque, image.Point{})
	return m
}
