package search

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// wordsOfLowered is the plain definition eachWord must keep: lower-case the
// whole text, then split it into runs of word characters.
func wordsOfLowered(s string) []string {
	s = strings.ToLower(s)
	var out []string
	start := -1
	for i, r := range s {
		if isWordRune(r) && (r >= utf8.RuneSelf || 'a' <= r && r <= 'z' || '0' <= r && r <= '9') {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func FuzzEachWord(f *testing.F) {
	for _, s := range []string{"RBI Holds the Repo Rate at 5.5%", "भारत की GDP ग्रोथ", "İSTANBUL straße ΣΊΣΥΦΟΣ", "a-b_c d'e", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		if got, want := words(s), wordsOfLowered(s); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", s, got, want)
		}
	})
}
