package images

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/image/draw"
)

// go test ./generator/images/ -run Preview -preview /tmp/art writes every
// motif (and the sample cards) as PNG for a person to look at.
var previewDir = flag.String("preview", "", "write preview PNGs of the art into this folder")

func TestPreview(t *testing.T) {
	if *previewDir == "" {
		t.Skip("no -preview folder")
	}
	if err := os.MkdirAll(*previewDir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, img image.Image) {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*previewDir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A contact sheet: one row per motif, three stories each, at a third.
	sheet := image.NewRGBA(image.Rect(0, 0, 1200, 4*210))
	for row, cat := range []string{"Economic Policy", "International Trade", "Energy & Environment", "Technology"} {
		for col, id := range []int{1, 2, 3} {
			img := drawCover(id, cat)
			write(Motif(cat)+"-"+strconv.Itoa(id)+".png", img)
			r := image.Rect(col*400, row*210, col*400+400, row*210+210)
			draw.CatmullRom.Scale(sheet, r, img, img.Bounds(), draw.Src, nil)
		}
	}
	write("sheet.png", sheet)

	fonts, err := (&Processor{FontDir: testFonts}).loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range sampleCards {
		write("card-"+strconv.Itoa(i)+".png", drawCard(fonts, c))
	}
}
