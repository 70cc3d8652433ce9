package images

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/sync/semaphore"
)

// Encoder settings. They are part of every cache key and file-name hash
// (through the recipes), so changing one re-encodes everything once.
const (
	jpegQuality  = 82
	editorRecipe = "editor/1 catmullrom q82"
	// maxPixels refuses pictures that would take gigabytes to decode (a
	// 20000x20000 PNG is 1.6 GB as RGBA); real photos are far below it.
	// The header says the size, so nothing is decoded first.
	maxPixels = 60_000_000
	// MaxFileBytes refuses larger files before reading them: a camera's
	// full-size JPEG is 5–15 MB, and a web page needs far less.
	MaxFileBytes = 25 << 20
)

// readPicture reads a regular file of at most MaxFileBytes, checking
// before it reads (a device, a pipe or a huge file is never read).
func readPicture(src string) ([]byte, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%d MB is too large (at most %d MB)", (fi.Size()+1<<20-1)>>20, MaxFileBytes>>20)
	}
	f, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err == nil && len(data) > MaxFileBytes {
		err = fmt.Errorf("over %d MB is too large", MaxFileBytes>>20)
	}
	return data, err
}

// Editor resizes the photo at src into the srcset widths. Files are named
// images/<name>-<hash8>-<width>.jpg (.png when the picture has transparency).
// A missing or undecodable file gives an *Error naming src.
func (p *Processor) Editor(src string) (Result, error) {
	data, err := readPicture(src)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = fs.ErrNotExist
		case errors.As(err, &pe):
			err = pe.Err
		}
		return Result{}, &Error{Path: src, Err: err}
	}
	k := key(editorRecipe, data)
	stem := "images/" + slug(strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))) + "-" + k[:8]
	if r, ok := p.fromCache(k, stem); ok {
		return r, nil
	}
	cfg, format, err := config(data)
	if err != nil {
		return Result{}, &Error{Path: src, Err: err}
	}
	release := p.reserve(cfg.Width * cfg.Height)
	defer release()
	img, orient, err := decode(data, format)
	if err != nil {
		return Result{}, &Error{Path: src, Err: err}
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if orient >= 5 { // the photo is stored sideways
		w, h = h, w
	}
	ext := "jpg"
	if o, ok := img.(interface{ Opaque() bool }); !ok || !o.Opaque() {
		ext = "png"
	}
	r, err := p.encodeVariants(k, img, orient, plan(w, h, stem, ext), ext)
	if err != nil {
		return Result{}, &Error{Path: src, Err: err}
	}
	m, _ := json.Marshal(manifest{Width: w, Height: h, Ext: ext})
	return r, p.store(k, "json", m)
}

// plan lists the variants of a w x h picture: each srcset width the picture
// reaches, plus its own width when that is narrower than the widest step.
// It never upscales.
func plan(w, h int, stem, ext string) []Variant {
	var vs []Variant
	add := func(vw int) {
		vh := max(1, (h*vw+w/2)/w)
		vs = append(vs, Variant{Path: stem + "-" + strconv.Itoa(vw) + "." + ext, Width: vw, Height: vh})
	}
	for _, vw := range Widths {
		if vw <= w {
			add(vw)
		}
	}
	if last := Widths[len(Widths)-1]; w < last && (len(vs) == 0 || vs[len(vs)-1].Width != w) {
		add(w)
	}
	return vs
}

// DecodeBudget is how many pixels of pictures are decoded at once, however
// many cores run the build: two of the largest pictures (~250 MB each as
// RGBA) or several photos. Eight 59-megapixel PNGs took `magazine check`
// on 8 cores to 2.4 GB; one at a time, on 2 cores, took twice as long.
const DecodeBudget = 2 * maxPixels

// reserve waits until px pixels fit the decode budget, and returns the
// function that frees them.
func (p *Processor) reserve(px int) (release func()) {
	p.decodeOnce.Do(func() {
		if p.decodeBudget == 0 {
			p.decodeBudget = DecodeBudget
		}
		p.decoding = semaphore.NewWeighted(p.decodeBudget)
	})
	n := min(int64(px), p.decodeBudget)
	_ = p.decoding.Acquire(context.Background(), n) // fails only with the context
	now := p.decodingNow.Add(n)
	for peak := p.decodingPeak.Load(); now > peak && !p.decodingPeak.CompareAndSwap(peak, now); peak = p.decodingPeak.Load() {
	}
	return func() {
		p.decodingNow.Add(-n)
		p.decoding.Release(n)
	}
}

// config reads a JPEG's or PNG's header, refusing a picture too large to
// decode, and says which of the two it is.
func config(data []byte) (image.Config, string, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return cfg, "", errors.New("not a JPEG or PNG image")
		}
		return cfg, "", fmt.Errorf("cannot decode the %s image: %v", strings.ToUpper(format), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return cfg, "", fmt.Errorf("%dx%d pixels is too large (at most %d megapixels)", cfg.Width, cfg.Height, maxPixels/1_000_000)
	}
	return cfg, format, nil
}

// decode reads a JPEG or PNG whose header config accepted, with the EXIF
// orientation of a JPEG (phones store portrait photos sideways and say so
// only there).
func decode(data []byte, format string) (image.Image, int, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, fmt.Errorf("cannot decode the %s image: %v", strings.ToUpper(format), err)
	}
	orient := 1
	if format == "jpeg" {
		orient = exifOrientation(data)
	}
	return img, orient, nil
}

// encodeVariants scales img to each variant, the widest from the source and
// the narrower ones from the widest (a cascade: same quality, far less work
// for big photos), and encodes and caches them.
func (p *Processor) encodeVariants(k string, img image.Image, orient int, vs []Variant, ext string) (Result, error) {
	files := make(map[string][]byte, len(vs))
	var widest *image.RGBA
	for i := len(vs) - 1; i >= 0; i-- {
		w, h := vs[i].Width, vs[i].Height
		if orient >= 5 {
			w, h = h, w
		}
		var scaled *image.RGBA
		if widest == nil {
			scaled = scale(img, w, h)
			widest = scaled
		} else {
			scaled = scale(widest, w, h)
		}
		var buf bytes.Buffer
		var err error
		if ext == "png" {
			err = png.Encode(&buf, orientRGBA(scaled, orient))
		} else {
			err = jpeg.Encode(&buf, orientRGBA(scaled, orient), &jpeg.Options{Quality: jpegQuality})
		}
		if err == nil {
			err = p.store(k, strconv.Itoa(vs[i].Width)+"."+ext, buf.Bytes())
		}
		if err != nil {
			return Result{}, err
		}
		files[vs[i].Path] = buf.Bytes()
	}
	last := vs[len(vs)-1]
	return Result{Variants: vs, Width: last.Width, Height: last.Height, Files: files}, nil
}

// scale resamples with Catmull-Rom, which widens its kernel when shrinking,
// so fine detail averages out instead of aliasing. Same size is a copy.
func scale(src image.Image, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if src.Bounds().Dx() == w && src.Bounds().Dy() == h {
		draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Src)
		return dst
	}
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	return dst
}

// slug makes a file-name-safe stem: lower-case letters, digits and dashes.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return "image"
	}
	return b.String()
}
