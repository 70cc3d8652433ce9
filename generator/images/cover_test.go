package images

import (
	"bytes"
	"crypto/sha256"
	"image"
	"regexp"
	"testing"
)

func TestMotifByCategory(t *testing.T) {
	for cat, want := range map[string]string{
		"Economic Policy": "markets", "Economic Forecast": "markets", "Policy & Reform": "markets",
		"International Trade": "trade", "Trade Strategy": "trade",
		"Energy & Environment": "energy", "ESG & Sustainable Growth": "energy",
		"Technology": "tech", "Technology & Digital Transformation": "tech", "Innovation & Growth": "tech",
	} {
		if got := Motif(cat); got != want {
			t.Errorf("Motif(%q) = %q, want %q", cat, got, want)
		}
	}
}

func sums(r Result) [][32]byte {
	var out [][32]byte
	for _, v := range r.Variants {
		out = append(out, sha256.Sum256(r.Files[v.Path]))
	}
	return out
}

// The same story must get the same bytes on every build and machine run,
// or every deploy would re-upload every cover.
func TestCoverIsDeterministic(t *testing.T) {
	name := regexp.MustCompile(`^images/cover/5-[0-9a-f]{8}-(480|800|1200)\.jpg$`)
	for _, cat := range []string{"Economic Policy", "International Trade", "Energy & Environment", "Technology"} {
		a, err := (&Processor{}).Cover(5, cat)
		if err != nil {
			t.Fatal(err)
		}
		b, err := (&Processor{}).Cover(5, cat)
		if err != nil {
			t.Fatal(err)
		}
		sa, sb := sums(a), sums(b)
		if len(sa) != 3 {
			t.Fatalf("%s: %d variants", cat, len(sa))
		}
		for i := range sa {
			if sa[i] != sb[i] || a.Variants[i].Path != b.Variants[i].Path {
				t.Errorf("%s: variant %d differs between two runs", cat, i)
			}
		}
		for i, v := range a.Variants {
			if !name.MatchString(v.Path) {
				t.Errorf("path %q", v.Path)
			}
			img, format, err := image.Decode(bytes.NewReader(a.Files[v.Path]))
			if err != nil || format != "jpeg" {
				t.Fatalf("%s: %v %s", v.Path, err, format)
			}
			want := [][2]int{{480, 252}, {800, 420}, {1200, 630}}[i]
			if got := [2]int{img.Bounds().Dx(), img.Bounds().Dy()}; got != want {
				t.Errorf("%s is %v, want %v", v.Path, got, want)
			}
		}
	}
}

func TestCoversDifferByStory(t *testing.T) {
	a := drawCover(1, "Technology")
	b := drawCover(2, "Technology")
	c := drawCover(1, "International Trade")
	if bytes.Equal(a.Pix, b.Pix) || bytes.Equal(a.Pix, c.Pix) {
		t.Error("different stories drew the same picture")
	}
	// And the art is art: not one flat colour.
	seen := map[[3]uint8]bool{}
	for i := 0; i < len(a.Pix); i += 4 * 97 {
		seen[[3]uint8{a.Pix[i], a.Pix[i+1], a.Pix[i+2]}] = true
	}
	if len(seen) < 200 {
		t.Errorf("only %d distinct colours sampled", len(seen))
	}
}
