package favicon

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
)

// The magazine's own favicon.svg: a navy rounded square, a cream N and an
// orange dot in the top right corner, on a 100×100 viewBox.
func TestICODrawsTheSiteFavicon(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "..", "..", "frontend", "public", "favicon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	ico, err := ICO(svg)
	if err != nil {
		t.Fatal(err)
	}
	imgs, err := Decode(ico)
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) != len(Sizes) {
		t.Fatalf("%d images, want %d", len(imgs), len(Sizes))
	}
	navy := color.NRGBA{0x14, 0x21, 0x3d, 255}
	cream := color.NRGBA{0xf7, 0xf3, 0xea, 255}
	orange := color.NRGBA{0xf2, 0x9f, 0x3d, 255}
	for i, img := range imgs {
		size := Sizes[i]
		if img.Bounds() != image.Rect(0, 0, size, size) {
			t.Fatalf("image %d is %v, want %dx%d", i, img.Bounds(), size, size)
		}
		// at is the colour at (x, y) of the viewBox.
		at := func(x, y float64) color.NRGBA {
			return color.NRGBAModel.Convert(img.At(int(x*float64(size)/100), int(y*float64(size)/100))).(color.NRGBA)
		}
		for _, c := range []struct {
			x, y float64
			want color.NRGBA
		}{{10, 50, navy}, {32, 50, cream}, {82, 18, orange}, {50, 90, navy}} {
			if got := at(c.x, c.y); !near(got, c.want) {
				t.Errorf("%dpx at (%v, %v): %v, want %v", size, c.x, c.y, got, c.want)
			}
		}
		if a := at(0, 0).A; a != 0 { // outside the rounded corner
			t.Errorf("%dpx: the corner has alpha %d, want transparent", size, a)
		}
	}
}

func near(a, b color.NRGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 24 && d(a.G, b.G) < 24 && d(a.B, b.B) < 24 && d(a.A, b.A) < 24
}

func TestICORefusesWhatItCannotDraw(t *testing.T) {
	for name, svg := range map[string]string{
		"not XML":     "<svg",
		"no size":     `<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>`,
		"nothing":     `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>`,
		"only text":   `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="9">N</text></svg>`,
		"transparent": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="none"/></svg>`,
	} {
		if _, err := ICO([]byte(svg)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestDecodeRefusesBrokenFiles(t *testing.T) {
	ico, err := ICO([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"empty": nil, "cut": ico[:len(ico)-10], "header only": ico[:6+8], "png": ico[6+16*len(Sizes):]} {
		if _, err := Decode(b); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
