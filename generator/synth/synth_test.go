package synth

import (
	"strings"
	"testing"
)

// The benchmarks compare with Hugo on stories of the shape: about
// 1,200 words, five categories, sixteen authors.
func TestShape(t *testing.T) {
	words := len(strings.Fields(string(Story(7))))
	if words < 1100 || words > 1350 {
		t.Errorf("story has %d words, want about 1,200", words)
	}
	cats, auth := map[string]bool{}, map[string]bool{}
	for i := range 80 {
		s := string(storyWith(i, Generated))
		if strings.Contains(s, "featuredImage") {
			t.Fatalf("story %d names a featuredImage; generated pictures need none", i)
		}
		cats[field(s, "category: ")], auth[field(s, "author: ")] = true, true
	}
	if len(cats) != 5 || len(auth) != 16 {
		t.Errorf("%d categories and %d authors, want 5 and 16", len(cats), len(auth))
	}
}

func field(s, key string) string {
	i := strings.Index(s, key)
	return s[i : i+strings.IndexByte(s[i:], '\n')]
}
