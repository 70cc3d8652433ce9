package images

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// photo is a w x h picture, red on the left half and blue on the right, so
// tests can tell which way round it came out.
func photo(w, h int, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{200, 30, 30, 255}
			if x >= w/2 {
				c = color.NRGBA{30, 30, 200, 255}
			}
			if alpha && y < h/4 {
				c.A = 0
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func writeFile(t testing.TB, dir, name string, data []byte) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// withOrientation puts an EXIF block carrying orientation o into a JPEG,
// the way a phone camera does.
func withOrientation(jpg []byte, o uint16) []byte {
	tiff := []byte("II*\x00")
	tiff = binary.LittleEndian.AppendUint32(tiff, 8)
	tiff = binary.LittleEndian.AppendUint16(tiff, 1) // one entry
	tiff = binary.LittleEndian.AppendUint16(tiff, 0x0112)
	tiff = binary.LittleEndian.AppendUint16(tiff, 3) // SHORT
	tiff = binary.LittleEndian.AppendUint32(tiff, 1)
	tiff = binary.LittleEndian.AppendUint16(tiff, o)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0) // padding, no next IFD
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1}, byte((len(seg)+2)>>8), byte(len(seg)+2))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

func TestPlanNeverUpscalesAndKeepsAspect(t *testing.T) {
	for _, tc := range []struct {
		w, h   int
		widths []int
	}{
		{4000, 3000, []int{480, 800, 1200}},
		{1200, 630, []int{480, 800, 1200}},
		{1000, 500, []int{480, 800, 1000}},
		{800, 600, []int{480, 800}},
		{481, 300, []int{480, 481}},
		{300, 200, []int{300}},
		{1, 1, []int{1}},
	} {
		vs := plan(tc.w, tc.h, "images/x-abcd1234", "jpg")
		var got []int
		for _, v := range vs {
			got = append(got, v.Width)
			if v.Width > tc.w {
				t.Errorf("%dx%d: upscaled to %d", tc.w, tc.h, v.Width)
			}
			// The height is the rounded proportional one: within half a pixel.
			if exact := float64(tc.h) * float64(v.Width) / float64(tc.w); abs(float64(v.Height)-exact) > .5 || v.Height < 1 {
				t.Errorf("%dx%d at %d wide: height %d, want %.1f", tc.w, tc.h, v.Width, v.Height, exact)
			}
		}
		if !slices.Equal(got, tc.widths) {
			t.Errorf("%dx%d: widths %v, want %v", tc.w, tc.h, got, tc.widths)
		}
	}
}

func abs(f float64) float64 { return max(f, -f) }

func TestEditorResizesAPhoto(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "Monsoon Harvest.JPG", encodeJPEG(t, photo(1600, 900, false)))
	r, err := (&Processor{}).Editor(src)
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^images/monsoon-harvest-[0-9a-f]{8}-(480|800|1200)\.jpg$`)
	want := [][2]int{{480, 270}, {800, 450}, {1200, 675}}
	if len(r.Variants) != len(want) {
		t.Fatalf("variants %+v", r.Variants)
	}
	for i, v := range r.Variants {
		if !name.MatchString(v.Path) {
			t.Errorf("path %q", v.Path)
		}
		img, format, err := image.Decode(bytes.NewReader(r.Files[v.Path]))
		if err != nil || format != "jpeg" {
			t.Fatalf("%s: %v %s", v.Path, err, format)
		}
		if got := [2]int{img.Bounds().Dx(), img.Bounds().Dy()}; got != want[i] || got != [2]int{v.Width, v.Height} {
			t.Errorf("%s is %v, variant says %dx%d, want %v", v.Path, got, v.Width, v.Height, want[i])
		}
		// Still red on the left and blue on the right: resized, not mangled.
		if r, _, b, _ := img.At(v.Width/4, v.Height/2).RGBA(); r < b {
			t.Errorf("%s: left side is not red", v.Path)
		}
	}
	if r.Width != 1200 || r.Height != 675 || r.Largest().Width != 1200 {
		t.Errorf("size %dx%d", r.Width, r.Height)
	}
	if got := r.Srcset("/"); !strings.HasPrefix(got, "/images/monsoon-harvest-") || strings.Count(got, "w, ") != 2 || !strings.HasSuffix(got, "-1200.jpg 1200w") {
		t.Errorf("srcset %q", got)
	}
}

func TestEditorKeepsTransparencyAsPNG(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "logo.png", encodePNG(t, photo(640, 400, true)))
	r, err := (&Processor{}).Editor(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Variants) != 2 || r.Variants[0].Width != 480 || r.Variants[1].Width != 640 {
		t.Fatalf("variants %+v", r.Variants)
	}
	for _, v := range r.Variants {
		if !strings.HasSuffix(v.Path, "-"+strconv.Itoa(v.Width)+".png") {
			t.Errorf("path %q", v.Path)
		}
		img, format, err := image.Decode(bytes.NewReader(r.Files[v.Path]))
		if err != nil || format != "png" {
			t.Fatalf("%s: %v %s", v.Path, err, format)
		}
		if _, _, _, a := img.At(10, 5).RGBA(); a != 0 {
			t.Errorf("%s: transparent corner has alpha %d", v.Path, a)
		}
		if _, _, _, a := img.At(10, v.Height-5).RGBA(); a != 0xffff {
			t.Errorf("%s: opaque part has alpha %d", v.Path, a)
		}
	}
}

func TestEditorOpaquePNGBecomesJPEG(t *testing.T) {
	src := writeFile(t, t.TempDir(), "chart.png", encodePNG(t, photo(900, 600, false)))
	r, err := (&Processor{}).Editor(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range r.Variants {
		if !strings.HasSuffix(v.Path, ".jpg") {
			t.Errorf("%s: an opaque PNG photo should ship as JPEG", v.Path)
		}
	}
}

func TestEditorTurnsPhotoUpright(t *testing.T) {
	// Stored 400x200 landscape with "rotate 90° clockwise to view": the
	// reader must see 200x400 portrait, the stored left (red) at the top.
	src := writeFile(t, t.TempDir(), "portrait.jpg", withOrientation(encodeJPEG(t, photo(400, 200, false)), 6))
	r, err := (&Processor{}).Editor(src)
	if err != nil {
		t.Fatal(err)
	}
	if r.Width != 200 || r.Height != 400 || len(r.Variants) != 1 {
		t.Fatalf("got %dx%d %+v", r.Width, r.Height, r.Variants)
	}
	img, _, err := image.Decode(bytes.NewReader(r.Files[r.Variants[0].Path]))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 200 || img.Bounds().Dy() != 400 {
		t.Fatalf("encoded %v", img.Bounds())
	}
	if rr, _, b, _ := img.At(100, 40).RGBA(); rr < b {
		t.Error("top is not red")
	}
	if rr, _, b, _ := img.At(100, 360).RGBA(); b < rr {
		t.Error("bottom is not blue")
	}
}

func TestOrientationsAreInvertible(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range src.Pix {
		src.Pix[i] = uint8(i)
	}
	for o, inverse := range map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6} {
		if back := orientRGBA(orientRGBA(src, o), inverse); !bytes.Equal(back.Pix, src.Pix) || back.Bounds() != src.Bounds() {
			t.Errorf("orientation %d then %d is not the identity", o, inverse)
		}
	}
	if exifOrientation(withOrientation(encodeJPEG(t, photo(8, 8, false)), 3)) != 3 {
		t.Error("EXIF orientation not read")
	}
	if exifOrientation(encodeJPEG(t, photo(8, 8, false))) != 1 {
		t.Error("no EXIF should mean upright")
	}
}

func TestEditorErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	good := encodeJPEG(t, photo(64, 64, false))
	huge := encodePNG(t, photo(1, 1, false))
	// Claim 20000x20000 in the header (and fix the chunk's checksum): the
	// decoder would allocate 1.6 GB before finding out it is a lie.
	binary.BigEndian.PutUint32(huge[16:], 20000)
	binary.BigEndian.PutUint32(huge[20:], 20000)
	binary.BigEndian.PutUint32(huge[29:], crc32.ChecksumIEEE(huge[12:29]))
	for _, tc := range []struct {
		path string
		want string
	}{
		{filepath.Join(dir, "missing.jpg"), "missing.jpg: file does not exist"},
		{"testdata/not-an-image.jpg", "testdata/not-an-image.jpg: not a JPEG or PNG image"},
		{writeFile(t, dir, "cut.jpg", good[:len(good)/2]), "cut.jpg: cannot decode the JPEG image: unexpected EOF"},
		{writeFile(t, dir, "huge.png", huge), "huge.png: 20000x20000 pixels is too large (at most 60 megapixels)"},
		// Never read: a device, a folder, a file over the cap (sparse here).
		{"/dev/zero", "/dev/zero: not a regular file"},
		{dir, dir + ": not a regular file"},
		{sparse(t, dir, "big.jpg", MaxFileBytes+1), "big.jpg: 26 MB is too large (at most 25 MB)"},
	} {
		_, err := (&Processor{}).Editor(tc.path)
		var ie *Error
		if !errors.As(err, &ie) || ie.Path != tc.path {
			t.Errorf("%s: error %v does not carry the path", tc.path, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tc.path+": ") || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s: error %q, want …%q", tc.path, err, tc.want)
		}
	}
	_, err := (&Processor{}).Editor(filepath.Join(dir, "missing.jpg"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v is not fs.ErrNotExist", err)
	}
}

func sparse(t *testing.T, dir, name string, size int64) string {
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Monsoon Harvest": "monsoon-harvest", "RBI_policy--2025": "rbi-policy-2025", "चित्र": "image", "  a  ": "a"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}
