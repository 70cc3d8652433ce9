package search

import "testing"

// BenchmarkBuild: index and shard 10,000 parsed synthetic stories.
func BenchmarkBuild(b *testing.B) {
	stories := synthetic(b, 10000)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Build(stories); err != nil {
			b.Fatal(err)
		}
	}
}
