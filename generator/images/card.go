package images

import (
	"image"
	"image/color"
	"strconv"
	"strings"

	"golang.org/x/image/math/fixed"
)

// Card is what a story's social card shows.
type Card struct {
	Magazine string // "Nivaran Magazine"
	Category string
	Title    string
	ID       int    // the story's: picks the cover motif faintly behind the text
	Footer   string // optional line at the foot, e.g. the site's host name
}

// Cards are JPEG: with the grain and gradients behind the text a PNG is five
// times larger and slower to encode, and every network accepts JPEG.
const (
	cardRecipe = "card/2"
	cardExt    = "jpg"
)

// cardSafe is where card text may go: clear of the edges that Twitter and
// others crop or round off.
var cardSafe = image.Rect(72, 56, CoverWidth-72, CoverHeight-56)

// SocialCard draws a story's 1200x630 og:image as
// images/social/<id>-<hash8>.jpg and returns that path and the JPEG.
func (p *Processor) SocialCard(c Card) (path string, jpg []byte, err error) {
	r, err := p.card(c)
	if err != nil {
		return "", nil, err
	}
	v := r.Largest()
	return v.Path, r.Files[v.Path], nil
}

func (p *Processor) card(c Card) (Result, error) {
	fonts, err := p.loadFonts()
	if err != nil {
		return Result{}, err
	}
	k := key(cardRecipe, fonts.hash, []byte(c.Magazine), []byte(c.Category), []byte(c.Title), []byte(strconv.Itoa(c.ID)), []byte(c.Footer))
	vs := []Variant{{Path: "images/social/" + strconv.Itoa(c.ID) + "-" + k[:8] + "." + cardExt, Width: CoverWidth, Height: CoverHeight}}
	if r, ok := p.cachedVariants(k, vs, cardExt); ok {
		return r, nil
	}
	data, err := p.encode(drawCard(fonts, c), cardExt)
	if err != nil {
		return Result{}, err
	}
	if vs[0].Cached, err = p.store(k, CoverWidth, cardExt, data); err != nil {
		return Result{}, err
	}
	return Result{Variants: vs, Width: CoverWidth, Height: CoverHeight, Files: map[string][]byte{vs[0].Path: data}}, nil
}

// cardLayout is every piece of text on a card, placed in card pixels.
type cardLayout struct {
	masthead, category, title, footer block
	pill                              image.Rectangle // the category's badge
	rule                              image.Rectangle // the accent before the footer
}

func (b block) moved(x, y int) block {
	d := fixed.P(x, y)
	for i := range b.lines {
		b.lines[i].dot = b.lines[i].dot.Add(d)
		b.lines[i].bounds = b.lines[i].bounds.Add(d)
	}
	b.extent = b.extent.Add(image.Pt(x, y))
	return b
}

// layoutCard sets the card from the bottom up: footer on the safe area's
// foot, the title above it (as large as fits, up to six lines), the category
// badge on top of the title, the magazine's name in the top corner.
func layoutCard(f *fontSet, c Card) cardLayout {
	var l cardLayout
	s := cardSafe
	l.masthead = fit(f.sans, strings.ToUpper(c.Magazine), fitSpec{width: s.Dx(), height: 40, maxSize: 28, minSize: 16, maxLines: 1, leading: 1.2}).moved(s.Min.X, s.Min.Y)

	bottom := s.Max.Y
	if c.Footer != "" {
		ft := fit(f.sans, c.Footer, fitSpec{width: s.Dx() - 64, height: 34, maxSize: 24, minSize: 14, maxLines: 1, leading: 1.2})
		l.footer = ft.moved(s.Min.X+64, s.Max.Y-ft.extent.Dy())
		mid := l.footer.extent.Min.Y + l.footer.extent.Dy()/2
		l.rule = image.Rect(s.Min.X, mid-2, s.Min.X+44, mid+2)
		bottom = l.footer.extent.Min.Y - 34
	}

	// Room above the title for the masthead, the badge and the gaps.
	const badge = 44
	top := l.masthead.extent.Max.Y + 28 + badge + 24
	t := fit(f.serif, c.Title, fitSpec{width: s.Dx(), height: bottom - top, maxSize: 72, minSize: 30, maxLines: 6, leading: 1.14})
	l.title = t.moved(s.Min.X, bottom-t.extent.Dy())

	cat := fit(f.sans, strings.ToUpper(c.Category), fitSpec{width: s.Dx() - 40, height: badge - 14, maxSize: 22, minSize: 12, maxLines: 1, leading: 1.2})
	w := 0
	for _, ln := range cat.lines {
		w = max(w, ln.bounds.Max.X.Ceil())
	}
	l.pill = image.Rect(s.Min.X, l.title.extent.Min.Y-24-badge, s.Min.X+w+40, l.title.extent.Min.Y-24)
	l.category = cat.moved(l.pill.Min.X+20, l.pill.Min.Y+(badge-cat.extent.Dy())/2)
	return l
}

func rgba(c rgb, a float64) color.Color {
	return color.NRGBA{u8(c.r * 255), u8(c.g * 255), u8(c.b * 255), u8(a * 255)}
}

func drawCard(f *fontSet, c Card) *image.RGBA {
	cv := coverCanvas(c.ID, c.Category)
	// The story's motif stays as a faint texture towards the right; the text
	// side is nearly solid ink so the title reads at a glance.
	cv.paintAll(linear(0, 0, CoverWidth, 0, stop{0, ink, .97}, stop{.45, ink, .9}, stop{1, ink, .62}))
	cv.paintAll(linear(0, CoverHeight, 0, CoverHeight*.4, stop{0, night, .55}, stop{1, night, 0}))
	cv.fill(solid(saffron, 1), rect(0, 0, 12, CoverHeight))

	l := layoutCard(f, c)
	text := func(b block, col color.Color) {
		for _, ln := range b.lines {
			b.face.draw(cv.img, ln.text, ln.dot, col)
		}
	}
	text(l.masthead, rgba(saffron, 1))
	p := l.pill
	cv.fill(solid(saffron, 1), roundRect(float64(p.Min.X), float64(p.Min.Y), float64(p.Dx()), float64(p.Dy()), 6))
	text(l.category, rgba(ink, 1))
	text(l.title, rgba(cream, 1))
	if c.Footer != "" {
		cv.fill(solid(saffron, 1), rect(float64(l.rule.Min.X), float64(l.rule.Min.Y), float64(l.rule.Dx()), float64(l.rule.Dy())))
		text(l.footer, rgba(cream, .8))
	}
	return cv.img
}
