package story_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/nivaran/magazine/generator/story"
	"github.com/nivaran/magazine/generator/synth"
)

// BenchmarkLoadDir loads N synthetic stories (env N, default 1000).
func BenchmarkLoadDir(b *testing.B) {
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	dir := b.TempDir()
	if err := synth.Write(dir, n); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, diags := story.LoadDir(dir, story.Options{}); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}
