package linkcheck

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkCheckFiles: 10,000 story pages of ~25 KB with 40 links each,
// their elements classed as the magazine's are, about the size of a
// 10,000-story build.
func BenchmarkCheckFiles(b *testing.B) {
	files := map[string][]byte{"index.html": []byte("<a href=/>home</a>"), "assets/app.js": nil}
	for i := range 10000 {
		var p strings.Builder
		p.WriteString(`<!doctype html><head><link rel="stylesheet" href="/assets/app.css"><script type="module" src="/assets/app.js"></script></head><body>`)
		for k := range 40 {
			fmt.Fprintf(&p, `<p class="story-body__p">%s</p><a class="card__link" aria-label="story %d" data-k="%d" href="/story/%d/">story %d</a>`,
				strings.Repeat("Solutions for India's economy. ", 15), k, k, (i+k)%10000, k)
		}
		p.WriteString(`</body>`)
		files[fmt.Sprintf("story/%d/index.html", i)] = []byte(p.String())
	}
	b.ResetTimer()
	for b.Loop() {
		if got := CheckFiles(files, "https://nivaran.example"); len(got) != 10000 { // app.css is missing on every page
			b.Fatalf("%d problems", len(got))
		}
	}
}
