package dev

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// BenchmarkEditStory is the writing loop on the real magazine: an editor
// saves a story and magazine dev rebuilds (what the open tab then reloads).
// Run on a copy of stories/ and site.yaml.
func BenchmarkEditStory(b *testing.B) {
	root := gt.Root(b)
	dir := b.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "stories"), os.DirFS(filepath.Join(root, "stories"))); err != nil {
		b.Fatal(err)
	}
	o := pipeline.Options{Root: root, Config: filepath.Join(root, "site.yaml"), Stories: filepath.Join(dir, "stories"),
		Out: filepath.Join(dir, "dist"), Cache: filepath.Join(dir, "cache"), Now: time.Date(2025, 9, 5, 0, 0, 0, 0, time.UTC)}
	s, err := New(o, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	file := filepath.Join(o.Stories, "rbi-policy.md")
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		i++
		edited := strings.Replace(string(src), "\n\n", "\n\nAn editor's note, number "+strconv.Itoa(i)+".\n\n", 1)
		os.WriteFile(file, []byte(edited), 0o644)
		b.StartTimer()
		s.Rebuild()
		if s.problem != "" {
			b.Fatal(s.problem)
		}
	}
	b.ReportMetric(float64(s.last.Rendered), "rendered")
}
