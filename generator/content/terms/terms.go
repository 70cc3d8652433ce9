// Package terms is how text becomes search terms: the rules the index is
// built with (package search; the body's terms are taken when it is
// converted, package markdown) and the browser reads queries with.
package terms

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The browser tokenises queries and index fields with the same rules
// (frontend/src/search/tokens.ts); search/testdata/ranking.json holds the
// stop words and cases both test suites check, so the two cannot drift
// apart unnoticed.

// stopWords are common English function words. They are dropped from the
// index and from queries: they match almost every story, so they neither
// narrow a search nor earn their bytes. Words that double as topics ("it" for
// information technology, "us" for the United States) are deliberately absent.
var stopWords = map[string]bool{}

// StopWords lists them in a fixed order, for tests and documentation.
var StopWords = []string{
	"a", "about", "after", "all", "also", "an", "and", "are", "as", "at",
	"be", "been", "but", "by", "can", "for", "from", "has", "have", "he",
	"her", "his", "how", "if", "in", "into", "is", "its", "more", "not",
	"of", "on", "or", "our", "she", "so", "than", "that", "the", "their",
	"them", "there", "these", "they", "this", "to", "was", "we", "were",
	"what", "when", "which", "while", "who", "will", "with", "would", "you", "your",
}

func init() {
	for _, w := range StopWords {
		stopWords[w] = true
	}
}

// isWordRune: letters, combining marks (Devanagari vowel signs) and numbers,
// the same classes as /[\p{L}\p{M}\p{N}]/u in the browser (an & between
// two of them joins them there too).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r)
}

// wordAt reports whether s has a word character at byte i.
func wordAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	if s[i] < utf8.RuneSelf {
		return asciiClass[s[i]] != notWord
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isWordRune(r)
}

// Each calls fn with each run of word characters in s, lower-cased, an
// ampersand between two of them (S&P) joining them into one word. Runs
// are found in s itself (lower-casing maps rune by rune, so they are the
// same runs), and only a word with a letter that lowering changes is
// copied: bodies are most of the indexing work. ASCII is classed through a
// table, a run at a time (~1.6× as fast as a branch per byte).
func Each(s string, fn func(string)) {
	for i := 0; i < len(s); {
		for i < len(s) && s[i] < utf8.RuneSelf && asciiClass[s[i]] == notWord {
			i++
		}
		start, lower, skip := i, false, 0
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				class := asciiClass[c]
				if class == notWord {
					if c == '&' && i > start && wordAt(s, i+1) {
						i++ // S&P, M&A, R&D: one word
						continue
					}
					break
				}
				lower = lower || class == upper
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !isWordRune(r) {
				skip = size // a character that is not ASCII and not a word's, decoded once
				break
			}
			lower = lower || unicode.ToLower(r) != r
			i += size
		}
		if i > start {
			emit(s[start:i], lower, fn)
		}
		i += skip
	}
}

const (
	notWord = iota
	lowerOrDigit
	upper
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = lowerOrDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = lowerOrDigit
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = upper
	}
	return t
}()

func emit(w string, lower bool, fn func(string)) {
	if lower {
		w = strings.ToLower(w)
	}
	fn(w)
}

// Indexable says whether a word is worth a place in the index.
func Indexable(w string) bool {
	return len(w) >= 2 && utf8.RuneCountInString(w) >= 2 && !stopWords[w]
}

// Tokens is the indexable words of s: lower-cased, stop words and single
// characters dropped, in order of appearance, duplicates kept.
func Tokens(s string) []string {
	var out []string
	Each(s, func(w string) {
		if Indexable(w) {
			out = append(out, w)
		}
	})
	return out
}

// Distinct is the indexable words of s, each once, in order of first
// appearance, space-separated: all the index needs of a story's body, in
// about half its text (48% over this magazine's stories).
func Distinct(s string) string {
	seen := seenSets.Get().(map[string]struct{})
	defer func() {
		clear(seen) // keeps its room for the next story, not s
		seenSets.Put(seen)
	}()
	var b strings.Builder
	Each(s, func(w string) {
		if _, ok := seen[w]; ok {
			return
		}
		seen[w] = struct{}{} // stop words too: each is judged once
		if Indexable(w) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
		}
	})
	return b.String()
}

// seenSets are Distinct's sets of words, reused: a story's set grew to
// ~13 KB, an eighth of what loading allocated.
var seenSets = sync.Pool{New: func() any { return make(map[string]struct{}, 256) }}
