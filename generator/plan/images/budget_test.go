package images

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Pictures decode at once only while their pixels fit the budget: a large
// one with none beside it.
func TestDecodeBudget(t *testing.T) {
	dir := t.TempDir()
	var srcs []string
	for i := range 12 {
		side := 100
		if i%4 == 0 {
			side = 200 // the whole budget
		}
		img := image.NewNRGBA(image.Rect(0, 0, side, side))
		for j := range img.Pix {
			img.Pix[j] = uint8(i * j)
		}
		var buf bytes.Buffer
		png.Encode(&buf, img)
		src := filepath.Join(dir, fmt.Sprintf("p%d.png", i))
		os.WriteFile(src, buf.Bytes(), 0o644)
		srcs = append(srcs, src)
	}
	p := &Processor{decodeBudget: 40_000}
	var wg sync.WaitGroup
	for _, src := range srcs {
		wg.Go(func() {
			if _, err := p.Editor(src); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if peak := p.decodingPeak.Load(); peak > 40_000 {
		t.Errorf("%d pixels decoded at once, over the budget of 40,000", peak)
	}
}
