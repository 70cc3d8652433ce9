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

// BenchmarkQuery: the Go reference ranking over 10,000 stories, for the
// typical shapes of query (one word, a word being typed, two words).
func BenchmarkQuery(b *testing.B) {
	idx := New(synthetic(b, 10000))
	Query(idx, "warm up") // builds the per-doc tokens once
	for _, q := range []string{"hydrogen", "semi", "rupee liquidity", "synthetic story 42"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				Query(idx, q)
			}
		})
	}
}
