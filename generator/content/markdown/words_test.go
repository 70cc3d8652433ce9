package markdown

import (
	"strings"
	"testing"
)

// countWords agrees with strings.Fields on ASCII and on the spaces and
// letters beyond it.
func TestCountWordsIsFields(t *testing.T) {
	for _, s := range []string{
		"", " ", "one", " two  words ", "tab\tnew\nline\r\nform\ffeed\vvertical",
		"non\u00a0breaking", "next\u0085line", "em\u2003space", "ideographic\u3000space",
		"भारत की अर्थव्यवस्था", "₹2.5 lakh crore — up 12%", "\u00a0lead and trail\u2028",
		"mixed\u00a0\t \u2003runs", "broken \xff utf-8",
	} {
		if got, want := countWords(s), len(strings.Fields(s)); got != want {
			t.Errorf("countWords(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzCountWords(f *testing.F) {
	f.Add("a b\u00a0c")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countWords(s), len(strings.Fields(s)); got != want {
			t.Errorf("countWords(%q) = %d, want %d", s, got, want)
		}
	})
}
