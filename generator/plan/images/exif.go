package images

import (
	"encoding/binary"
	"image"
)

// exifOrientation reads the orientation tag (1-8) of a JPEG's EXIF block;
// 1 (as stored) when there is none. Only IFD0 is read: that is where cameras
// put the tag, and a full EXIF parser is not worth carrying for one number.
func exifOrientation(jpg []byte) int {
	if len(jpg) < 4 || jpg[0] != 0xFF || jpg[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(jpg); {
		if jpg[i] != 0xFF {
			return 1
		}
		marker := jpg[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan / end: no more headers
			return 1
		}
		n := int(binary.BigEndian.Uint16(jpg[i+2:]))
		if n < 2 || i+2+n > len(jpg) {
			return 1
		}
		seg := jpg[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[ifd:]))
	for e := range count {
		off := ifd + 2 + 12*e
		if off+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[off:]) == 0x0112 && bo.Uint16(t[off+2:]) == 3 { // orientation, SHORT
			if o := int(bo.Uint16(t[off+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// orientRGBA turns a picture stored with EXIF orientation o into the upright
// one. Orientations 5-8 swap width and height.
func orientRGBA(src *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return src
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	W, H := w, h
	if o >= 5 {
		W, H = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := range H {
		for x := range W {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = w-1-x, y
			case 3: // upside down
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored upside down
				sx, sy = x, h-1-y
			case 5: // transposed
				sx, sy = y, x
			case 6: // needs a quarter turn clockwise
				sx, sy = y, h-1-x
			case 7: // transverse
				sx, sy = w-1-y, h-1-x
			case 8: // needs a quarter turn anticlockwise
				sx, sy = w-1-y, x
			}
			copy(dst.Pix[y*dst.Stride+4*x:][:4], src.Pix[sy*src.Stride+4*sx:][:4])
		}
	}
	return dst
}
