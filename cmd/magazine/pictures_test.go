package main

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// BenchmarkCheckLargePictures runs `magazine check` on a site of eight
// distinct 7700x7700 PNGs (193 KB files, 59 megapixels each) with 8 cores'
// worth of threads, and fails when it takes more than 1.6 GB: before the
// decode budget and check's GC tuning, 4.6 GB (2.4 GB on 2 threads), and a
// build 1.1 GB. go test -run '^$' -bench CheckLargePictures ./cmd/magazine/
func BenchmarkCheckLargePictures(b *testing.B) {
	const limit = 1600 << 20
	dir := b.TempDir()
	root := gt.Root(b)
	for _, f := range []string{"frontend", "templates", "node_modules", "package.json"} {
		if err := os.Symlink(filepath.Join(root, f), filepath.Join(dir, f)); err != nil {
			b.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(dir, "stories", "images"), 0o755)
	os.WriteFile(filepath.Join(dir, "site.yaml"), []byte(gt.Site), 0o644)
	for i := range 8 {
		writeLargePNG(b, filepath.Join(dir, "stories", "images", fmt.Sprintf("big%d.png", i)), i)
		id := fmt.Sprint(i + 1)
		os.WriteFile(filepath.Join(dir, "stories", id+".md"), []byte(gt.Story(id, "featuredImage: images/big"+fmt.Sprint(i)+".png\n")), 0o644)
	}
	var peak int64
	for b.Loop() {
		os.RemoveAll(filepath.Join(dir, ".cache")) // decode every picture again
		cmd := magazine(b, []string{"GOMAXPROCS=8"}, "check", "--no-spelling")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("check: %v\n%s", err, out)
		}
		peak = max(peak, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss<<10)
	}
	b.ReportMetric(float64(peak>>20), "peak-MB")
	if peak > limit {
		b.Errorf("magazine check took %d MB; at most %d MB", peak>>20, limit>>20)
	}
}

// writeLargePNG writes a 7700x7700 picture of large flat blocks, its own
// for each seed (so none is a copy another's cache entry serves).
func writeLargePNG(b *testing.B, path string, seed int) {
	img := image.NewNRGBA(image.Rect(0, 0, 7700, 7700))
	for y := range 7700 {
		for x := range 7700 {
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = uint8(x/300*10+seed), uint8(y/300*9), uint8(seed*30), 255
		}
	}
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		b.Fatal(err)
	}
}
