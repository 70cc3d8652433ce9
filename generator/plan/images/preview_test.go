package images

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// go test ./generator/plan/images/ -run Preview -preview /tmp/art writes covers
// (SVG, and a contact sheet, sheet.html) and the sample cards (PNG) for a
// person to look at.
var previewDir = flag.String("preview", "", "write preview files of the art into this folder")

func TestPreview(t *testing.T) {
	if *previewDir == "" {
		t.Skip("no -preview folder")
	}
	if err := os.MkdirAll(*previewDir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(*previewDir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var sheet strings.Builder
	sheet.WriteString(`<!doctype html><body style="margin:0;display:grid;grid-template-columns:repeat(3,400px)">`)
	for _, cat := range []string{"Economic Policy", "International Trade", "Energy & Environment", "Technology"} {
		for _, id := range []int{1, 2, 3} {
			_, svg := Cover(id, cat)
			name := fmt.Sprintf("%s-%d.svg", Motif(cat), id)
			write(name, svg)
			fmt.Fprintf(&sheet, `<img src="%s" width="400" height="210">`, name)
		}
	}
	write("sheet.html", []byte(sheet.String()))
	p := &Processor{FontDir: testFonts}
	for i, c := range sampleCards {
		_, png, err := p.SocialCard(c)
		if err != nil {
			t.Fatal(err)
		}
		write(fmt.Sprintf("card-%d.png", i), png)
	}
}
