package related

import (
	"testing"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/testkit/synth"
)

// BenchmarkRelated10k picks related stories for every one of 10,000 stories.
func BenchmarkRelated10k(b *testing.B) {
	dir := b.TempDir()
	if err := synth.Write(dir, 10000); err != nil {
		b.Fatal(err)
	}
	stories, diags := story.LoadDir(dir, story.Options{})
	if len(diags) > 0 {
		b.Fatal(diags)
	}
	idx := New(stories)
	b.ResetTimer()
	for b.Loop() {
		for _, s := range stories {
			idx.Related(s)
		}
	}
}
