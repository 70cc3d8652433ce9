// Package favicon draws /favicon.ico from the site's favicon.svg. Browsers,
// feed readers and crawlers ask for /favicon.ico whatever a page links to,
// and every host would answer them 404 without it.
package favicon

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/png"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// Sizes are the icons the file holds: tabs and bookmarks (16), taskbars
// and high-density tabs (32), desktop shortcuts (48).
var Sizes = []int{16, 32, 48}

// ICO draws svg at each of Sizes into an ICO file of PNG images (which
// every browser since Windows Vista's reads). oksvg draws the subset of SVG
// icons use; an element it does not know is left out, and an icon of which
// nothing could be drawn is an error. (It rounds a rect's corners only when
// both rx and ry are given, where SVG would take one for both.)
func ICO(svg []byte) ([]byte, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, err
	}
	if icon.ViewBox.W <= 0 || icon.ViewBox.H <= 0 {
		return nil, errors.New("no viewBox, width or height to scale it by")
	}
	pngs := make([][]byte, len(Sizes))
	for i, size := range Sizes {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		icon.SetTarget(0, 0, float64(size), float64(size))
		icon.Draw(rasterx.NewDasher(size, size, rasterx.NewScannerGV(size, size, img, img.Bounds())), 1)
		if blank(img) {
			return nil, errors.New("nothing in it could be drawn")
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			return nil, err
		}
		pngs[i] = b.Bytes()
	}
	return pack(pngs), nil
}

func blank(img *image.RGBA) bool {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 {
			return false
		}
	}
	return true
}

// pack writes the ICO container: a 6-byte header, a 16-byte entry per
// image (its size, 32 bits a pixel, where its bytes are), then the images.
func pack(pngs [][]byte) []byte {
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	le([3]uint16{0, 1, uint16(len(pngs))}) // reserved, type 1 = icon, count
	offset := 6 + 16*len(pngs)
	for i, data := range pngs {
		side := uint8(Sizes[i] % 256) // 0 means 256
		b.Write([]byte{side, side, 0, 0})
		le([2]uint16{1, 32}) // colour planes, bits per pixel
		le([2]uint32{uint32(len(data)), uint32(offset)})
		offset += len(data)
	}
	for _, data := range pngs {
		b.Write(data)
	}
	return b.Bytes()
}

// Decode reads an ICO file of PNG images back, for tests and checks.
func Decode(ico []byte) ([]image.Image, error) {
	if len(ico) < 6 || binary.LittleEndian.Uint16(ico[0:]) != 0 || binary.LittleEndian.Uint16(ico[2:]) != 1 {
		return nil, errors.New("not an ICO file")
	}
	n := int(binary.LittleEndian.Uint16(ico[4:]))
	var out []image.Image
	for i := range n {
		e := 6 + 16*i
		if len(ico) < e+16 {
			return nil, fmt.Errorf("entry %d: cut short", i)
		}
		size, at := int(binary.LittleEndian.Uint32(ico[e+8:])), int(binary.LittleEndian.Uint32(ico[e+12:]))
		if at < 0 || size < 0 || at+size > len(ico) {
			return nil, fmt.Errorf("entry %d: image outside the file", i)
		}
		img, err := png.Decode(bytes.NewReader(ico[at : at+size]))
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i, err)
		}
		if side := int(ico[e]); side != img.Bounds().Dx()%256 || int(ico[e+1]) != img.Bounds().Dy()%256 {
			return nil, fmt.Errorf("entry %d: says %dx%d, image is %v", i, ico[e], ico[e+1], img.Bounds().Size())
		}
		out = append(out, img)
	}
	return out, nil
}
