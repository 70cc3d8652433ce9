package story_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/testkit/synth"
)

// BenchmarkLoadDir loads N synthetic stories (env N, default 1000).
func BenchmarkLoadDir(b *testing.B) {
	dir := synthetic(b)
	b.ResetTimer()
	for b.Loop() {
		if _, diags := story.LoadDir(dir, story.Options{}); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

// BenchmarkLoadDirCached loads N synthetic stories through a cache that
// holds them all (a rebuild), and reports what filling it cost (a first build).
func BenchmarkLoadDirCached(b *testing.B) {
	dir := synthetic(b)
	file := dir + "/stories.bin"
	start := time.Now()
	c := story.OpenCache(file, story.Options{})
	if _, diags := story.LoadDir(dir, story.Options{Cache: c}); len(diags) > 0 {
		b.Fatal(diags)
	}
	parsed := time.Since(start)
	if err := c.Save(); err != nil {
		b.Fatal(err)
	}
	saved := time.Since(start) - parsed
	b.ResetTimer()
	for b.Loop() {
		c := story.OpenCache(file, story.Options{})
		if _, diags := story.LoadDir(dir, story.Options{Cache: c}); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
	b.ReportMetric(float64(parsed.Milliseconds()), "first-load-ms")
	b.ReportMetric(float64(saved.Milliseconds()), "first-save-ms")
}

// synthetic writes N synthetic stories (env N, default 1000) to a new folder.
func synthetic(b *testing.B) string {
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	dir := b.TempDir()
	if err := synth.Write(dir, n); err != nil {
		b.Fatal(err)
	}
	return dir
}
