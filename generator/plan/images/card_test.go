package images

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	_ "image/png"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testFonts is the repository's font folder, as the build passes it.
const testFonts = "../../../frontend/fonts"

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

// Every line of every title stays inside its box and the card's safe area,
// and the badge, masthead and footer too, whatever the title.
func TestCardTextFits(t *testing.T) {
	p := &Processor{FontDir: testFonts}
	fonts, err := p.loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	huge := Card{Magazine: "Nivaran Magazine", Category: "Economic Policy", Title: strings.Repeat("Inflation falls as the monsoon returns and ", 50), ID: 4, Footer: "nivaran.example"}
	for _, c := range append(slices.Clone(sampleCards), huge) {
		name := c.Title[:min(len(c.Title), 30)]
		bd, err := p.backdrop(fonts, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range bd.parts {
			if !r.In(cardSafe) || r.Empty() {
				t.Errorf("%s: %v is outside the safe area %v", name, r, cardSafe)
			}
		}
		box := image.Rectangle{Min: bd.titleAt, Max: bd.titleAt.Add(image.Pt(bd.title.width, bd.title.height))}
		if box.Min.Y < bd.parts[1].Max.Y || len(bd.parts) > 2 && box.Max.Y > bd.parts[2].Min.Y {
			t.Errorf("%s: the title's box %v overlaps the badge or the footer %v", name, box, bd.parts)
		}
		title, err := p.setter().fit(fonts.serif, c.Title, bd.title)
		if err != nil {
			t.Fatal(err)
		}
		if len(title.lines) == 0 || len(title.lines) > 6 {
			t.Errorf("%s: %d title lines", name, len(title.lines))
		}
		for _, l := range title.lines {
			if l = l.Add(bd.titleAt); !l.In(box) || !l.In(cardSafe) {
				t.Errorf("%s: a line's ink %v is outside the title's box %v", name, l, box)
			}
		}
	}
}

func decodeCard(t *testing.T, data []byte) image.Image {
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil || format != "png" || img.Bounds() != image.Rect(0, 0, 1200, 630) {
		t.Fatalf("card: %v, %s, %v", err, format, img.Bounds())
	}
	return img
}

// A card's pixels are pinned: a change to the drawing must bump cardRecipe
// (so the file names change too) and update these hashes.
func TestCardPixelsArePinned(t *testing.T) {
	for i, want := range map[int]string{
		0: "77f45174dcec3ec78d411a65f053f93add20aa4c73e7be88d3b321076b45077c",
		2: "be297b016a89a3644c019678e6370e8309aed421d2eb4ecdc603a5632e61f1b1",
	} {
		_, data, err := (&Processor{FontDir: testFonts}).SocialCard(sampleCards[i])
		if err != nil {
			t.Fatal(err)
		}
		img := decodeCard(t, data)
		h := sha256.New()
		for y := range 630 {
			for x := range 1200 {
				r, g, b, _ := img.At(x, y).RGBA()
				h.Write([]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8)})
			}
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			t.Errorf("card %d: pixel hash %s, want %s", i, got, want)
		}
	}
}

// Every story's card is its own: another title, another picture and name;
// the same card, the same bytes, from any processor.
func TestCardsAreDistinctAndStable(t *testing.T) {
	a, b := sampleCards[0], sampleCards[0]
	b.Title, b.ID = "RBI Holds the Repo Rate at 5.5% Again", 6
	pa, da, err := (&Processor{FontDir: testFonts}).SocialCard(a)
	if err != nil {
		t.Fatal(err)
	}
	p := &Processor{FontDir: testFonts}
	pb, db, err := p.SocialCard(b)
	if err != nil {
		t.Fatal(err)
	}
	pa2, da2, _ := p.SocialCard(a)
	if pa != pa2 || !bytes.Equal(da, da2) {
		t.Error("the same card came out differently")
	}
	if pa == pb || bytes.Equal(da, db) {
		t.Error("two stories got the same card")
	}
	if path, _ := p.CardPath(a); path != pa || !regexp.MustCompile(`^images/social/5-[0-9a-f]{8}\.png$`).MatchString(pa) {
		t.Errorf("CardPath %q, card drawn at %q", path, pa)
	}
	ia, ib := decodeCard(t, da), decodeCard(t, db)
	if ia.At(300, 320) == ib.At(300, 320) && ia.At(600, 400) == ib.At(600, 400) && bytes.Equal(da, db) {
		t.Error("the titles did not change the pixels")
	}
	if _, _, err := (&Processor{}).SocialCard(a); err == nil {
		t.Error("a processor without fonts drew a card")
	}
}

// Hindi is shaped as a browser would: conjuncts become one glyph, and the
// short-i sign is drawn before its consonant.
func TestDevanagariIsShaped(t *testing.T) {
	p := &Processor{FontDir: testFonts}
	fonts, err := p.loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := p.setter()
	_, ell, err := s.shape(fonts.serif, "क्र")
	if err != nil {
		t.Fatal(err)
	}
	if ell != 1 {
		t.Errorf("क्र shaped into %d glyphs, want one conjunct", ell)
	}
	ki, _, _ := s.shape(fonts.serif, "कि")
	ka, _, _ := s.shape(fonts.serif, "क")
	if ki[0].id == ka[0].id || ki[1].id != ka[0].id {
		t.Errorf("कि: glyphs %d %d, want the vowel sign before क (%d)", ki[0].id, ki[1].id, ka[0].id)
	}
}

// A blank title draws a card without one; it once crashed the build (the
// text shaper was handed an empty run). site.yaml and stories reject blank
// titles and taglines before they get here.
func TestBlankTitleDrawsACard(t *testing.T) {
	p := &Processor{FontDir: testFonts}
	for _, title := range []string{"", " "} {
		if _, data, err := p.SocialCard(Card{Magazine: "Nivaran Magazine", Category: "Policy", Title: title, Footer: "nivaran.example"}); err != nil || len(data) == 0 {
			t.Errorf("%q: %d bytes, %v", title, len(data), err)
		}
	}
}
