package images

import (
	"bytes"
	"image"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/math/fixed"
)

// testFonts is the repository's font folder, as the build passes it.
const testFonts = "../../frontend/fonts"

const (
	// A 200-character English title: the longest an editor is likely to
	// write, and then some.
	longTitle = "India's Semiconductor Ambition Meets Reality: How Fabs, Design Houses, Skilled Engineers and Patient Capital Must Align Over a Decade to Build a Chip Industry That Can Compete With Taiwan and Korea"
	// A long Hindi title (Devanagari with conjuncts, vowel signs and nukta).
	hindiTitle = "भारत की हरित हाइड्रोजन क्रांति: कैसे सौर ऊर्जा, नई नीतियाँ और निजी निवेश मिलकर देश को ऊर्जा आत्मनिर्भरता की ओर ले जा रहे हैं, और छोटे उद्योगों के लिए इसमें क्या अवसर छिपे हैं"
)

var sampleCards = []Card{
	{Magazine: "Nivaran Magazine", Category: "Economic Policy", Title: "RBI Holds the Repo Rate at 5.5%", ID: 5, Footer: "nivaran.example"},
	{Magazine: "Nivaran Magazine", Category: "Technology Leadership", Title: longTitle, ID: 14, Footer: "nivaran.example"},
	{Magazine: "Nivaran Magazine", Category: "Energy & Environment", Title: hindiTitle, ID: 11, Footer: "nivaran.example"},
	{Magazine: "Nivaran Magazine", Category: "International Trade", Title: "Japan and India: A Partnership Built for the Next Decade", ID: 101},
	{Magazine: "Nivaran Magazine", Category: "Technology & Digital Transformation", Title: strings.Repeat("Supercalifragilistic", 12), ID: 104, Footer: "nivaran.example"},
}

func cardFonts(t testing.TB) *fontSet {
	f, err := (&Processor{FontDir: testFonts}).loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func inside(b fixed.Rectangle26_6, r image.Rectangle) bool {
	return b.Min.X.Floor() >= r.Min.X && b.Min.Y.Floor() >= r.Min.Y && b.Max.X.Ceil() <= r.Max.X && b.Max.Y.Ceil() <= r.Max.Y
}

// Every glyph of every line stays inside the card's safe area, and the
// pieces are stacked without overlapping, whatever the title.
func TestCardTextFits(t *testing.T) {
	f := cardFonts(t)
	huge := Card{Magazine: "Nivaran Magazine", Category: "Economic Policy", Title: strings.Repeat("Inflation falls as the monsoon returns and ", 50), ID: 4, Footer: "nivaran.example"}
	for _, c := range append(slices.Clone(sampleCards), huge) {
		l := layoutCard(f, c)
		name := c.Title[:min(len(c.Title), 30)]
		for _, b := range []block{l.masthead, l.category, l.title, l.footer} {
			for _, ln := range b.lines {
				if !inside(ln.bounds, cardSafe) {
					t.Errorf("%s: line %q has ink at %v, outside the safe area %v", name, ln.text, ln.bounds, cardSafe)
				}
			}
		}
		if len(l.title.lines) == 0 || len(l.title.lines) > 6 {
			t.Errorf("%s: %d title lines", name, len(l.title.lines))
		}
		if !l.pill.In(cardSafe) || l.pill.Min.Y < l.masthead.extent.Max.Y || l.pill.Max.Y > l.title.extent.Min.Y {
			t.Errorf("%s: badge %v is not between masthead %v and title %v", name, l.pill, l.masthead.extent, l.title.extent)
		}
		if c.Footer != "" && l.title.extent.Max.Y > l.footer.extent.Min.Y {
			t.Errorf("%s: title %v runs into the footer %v", name, l.title.extent, l.footer.extent)
		}
		for i := 1; i < len(l.title.lines); i++ {
			if l.title.lines[i].dot.Y <= l.title.lines[i-1].dot.Y {
				t.Errorf("%s: lines not stacked", name)
			}
		}
	}

	// Sizes: a short title is set large, a long one shrinks but is whole,
	// an absurd one is cut with an ellipsis at the smallest size.
	title := func(c Card) block { return layoutCard(f, c).title }
	last := func(b block) string { return b.lines[len(b.lines)-1].text }
	if b := title(sampleCards[0]); b.face.size != 72 {
		t.Errorf("short title set at %v, want 72", b.face.size)
	} else if !strings.Contains(last(b), " ") {
		t.Errorf("short title ends on an orphan: %q", last(b))
	}
	for _, c := range []Card{sampleCards[1], sampleCards[2]} {
		b := title(c)
		if b.face.size >= 72 || b.face.size < 30 || strings.HasSuffix(last(b), "…") {
			t.Errorf("%.30s: size %v, last line %q: want a smaller, complete title", c.Title, b.face.size, last(b))
		}
		var words []string
		for _, ln := range b.lines {
			words = append(words, strings.Fields(ln.text)...)
		}
		if got := len(words); got != len(strings.Fields(c.Title)) {
			t.Errorf("%.30s: %d words laid out, title has %d", c.Title, got, len(strings.Fields(c.Title)))
		}
	}
	if b := title(huge); b.face.size != 30 || !strings.HasSuffix(last(b), "…") {
		t.Errorf("huge title: size %v, last line %q", b.face.size, last(b))
	}
}

// Hindi must come out as Devanagari glyphs, not the empty boxes a Latin
// font shows for letters it lacks.
func TestCardHindiHasEveryGlyph(t *testing.T) {
	f := cardFonts(t)
	b := layoutCard(f, sampleCards[2]).title
	for _, ln := range b.lines {
		for _, r := range b.face.runs(ln.text) {
			font := b.face.tf.main
			if r.face == 1 {
				font = b.face.tf.deva
			}
			for _, c := range r.text {
				if c == ' ' {
					continue
				}
				if g, err := font.GlyphIndex(&b.face.buf, c); err != nil || g == 0 {
					t.Errorf("%q (U+%04X) in %q has no glyph in face %d", c, c, ln.text, r.face)
				}
			}
		}
	}
}

func TestShapeDevanagari(t *testing.T) {
	for in, want := range map[string]string{
		"निजी":    "\u093f\u0928\u091c\u0940",             // ि before न
		"स्थिति":  "\u093f\u0938\u094d\u0925\u093f\u0924", // before the whole cluster स्थ
		"क्रांति": "\u0915\u094d\u0930\u093e\u0902\u093f\u0924",
		"फ़िल्म":  "\u093f\u092b\u093c\u0932\u094d\u092e", // across a nukta
		"India ि": "India ि",                              // a stray sign stays put
		"भारत":    "भारत",
	} {
		if got := shapeDevanagari(in); got != want {
			t.Errorf("shapeDevanagari(%q) = %+q, want %+q", in, got, want)
		}
	}
}

func TestSocialCard(t *testing.T) {
	p := &Processor{FontDir: testFonts}
	path, data, err := p.SocialCard(sampleCards[0])
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^images/social/5-[0-9a-f]{8}\.jpg$`).MatchString(path) {
		t.Errorf("path %q", path)
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil || format != "jpeg" || img.Bounds() != image.Rect(0, 0, 1200, 630) {
		t.Fatalf("%v %s %v", err, format, img.Bounds())
	}
	// The title's ink is on the card: cream pixels inside its first line.
	l := layoutCard(cardFonts(t), sampleCards[0])
	bb := l.title.lines[0].bounds
	light := 0
	for y := bb.Min.Y.Floor(); y < bb.Max.Y.Ceil(); y++ {
		for x := bb.Min.X.Floor(); x < bb.Max.X.Ceil(); x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 > 220 && g>>8 > 220 && b>>8 > 200 {
				light++
			}
		}
	}
	if light < 2000 {
		t.Errorf("only %d title-coloured pixels where the title should be", light)
	}
	_, again, err := (&Processor{FontDir: testFonts}).SocialCard(sampleCards[0])
	if err != nil || !bytes.Equal(data, again) {
		t.Errorf("the same card drew different bytes (%v)", err)
	}
	if _, _, err := (&Processor{}).SocialCard(sampleCards[0]); err == nil || !strings.Contains(err.Error(), "FontDir") {
		t.Errorf("no font folder: %v", err)
	}
	if _, _, err := (&Processor{FontDir: t.TempDir()}).SocialCard(sampleCards[0]); err == nil || !strings.Contains(err.Error(), "NotoSerif-Bold.ttf") {
		t.Errorf("empty font folder: %v", err)
	}
}
