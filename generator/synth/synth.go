// Package synth writes synthetic story files for benchmarks and scale tests:
// realistic length and structure, varied categories and dates, no fixed paths.
package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var categories = []string{"Economic Policy", "International Trade", "Technology"}

var words = strings.Fields(`india economy policy growth exporters tariff inflation credit msme rupee
investment manufacturing supply chain digital payments logistics ports states reform demand rural urban
jobs skills capital markets households savings energy solar grid hydrogen semiconductors design talent
startups venture banks lending liquidity monsoon agriculture services software platform infrastructure`)

// Write creates n stories in dir (ids from 1000) and returns their paths.
func Write(dir string, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("synthetic-%05d.md", i)), Story(i), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Story is synthetic story i: about 900 words, three subheadings and a spotlight.
func Story(i int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: %d\ntitle: \"Synthetic story %d on %s\"\nintroduction: \"%s\"\nauthor: \"Nivaran Economy Desk\"\n",
		1000+i, i, words[i%len(words)], sentence(i, 30))
	// External pictures: the benchmark measures pages, not image drawing
	// (package images has its own benchmarks).
	fmt.Fprintf(&b, "featuredImage: \"https://images.example/synthetic/%d.jpg\"\n", i)
	fmt.Fprintf(&b, "publishedAt: 2025-%02d-%02d\ncategory: \"%s\"\ntags: [\"%s\", \"%s\"]\n---\n\n",
		1+i%12, 1+i%28, categories[i%len(categories)], words[i%len(words)], words[(i*7)%len(words)])
	for s := range 3 {
		fmt.Fprintf(&b, "**Section %d: %s**\n\n", s+1, words[(i+s)%len(words)])
		for p := range 4 {
			b.WriteString(sentence(i*31+s*7+p, 60))
			b.WriteString("\n\n")
		}
	}
	b.WriteString("**Solution Spotlight:** " + sentence(i+3, 50) + "\n\n- " + sentence(i+4, 12) + "\n- " + sentence(i+5, 12) + "\n")
	return []byte(b.String())
}

func sentence(seed, n int) string {
	out := make([]string, n)
	for k := range out {
		out[k] = words[(seed*13+k*k*7+k)%len(words)]
	}
	out[0] = strings.ToUpper(out[0][:1]) + out[0][1:]
	return strings.Join(out, " ") + "."
}
