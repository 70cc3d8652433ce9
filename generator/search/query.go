package search

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Field weights. A title match outranks everything else and a body match
// ranks last; a word that only begins with a prefix term (the word still
// being typed) scores one less than the word itself. The browser uses the
// same numbers (frontend/src/search/rank.ts).
const (
	WeightTitle    = 10
	WeightTags     = 6
	WeightIntro    = 5
	WeightCategory = 4
	WeightAuthor   = 3
	WeightBody     = 2
)

// Term is one word of a query. Prefix terms match any word they begin.
type Term struct {
	Word   string
	Prefix bool
}

// ParseQuery splits a query into terms. Every word must match (AND). The
// last word is a prefix while it is still being typed, i.e. when the query
// does not end in a space or punctuation. Stop words and single characters
// are dropped, as in the index, except when the query is that one word being
// typed: "in" on its way to "india" should already show results.
func ParseQuery(q string) []Term {
	ws := words(q)
	last, _ := utf8.DecodeLastRuneInString(q)
	typing := len(ws) > 0 && isWordRune(last)
	var terms []Term
	for i, w := range ws {
		t := Term{Word: w, Prefix: typing && i == len(ws)-1}
		if !indexable(w) && !(t.Prefix && len(ws) == 1) {
			continue
		}
		if !slices.Contains(terms, t) {
			terms = append(terms, t)
		}
	}
	return terms
}

// Result is one matching story and its score.
type Result struct {
	Doc   *Doc
	Score int
}

// Query ranks the index for q: every term must match somewhere; a term
// scores the best field it matches; a story's score is the sum. Equal scores
// keep index order, which is newest first. This is the reference for the
// browser's search(), and the two are tested against the same cases.
func Query(idx *Index, q string) []Result {
	terms := ParseQuery(q)
	if len(terms) == 0 {
		return nil
	}
	idx.once.Do(idx.prepare)
	var out []Result
docs:
	for i, dt := range idx.prepared {
		total := 0
		for _, t := range terms {
			s := dt.score(t)
			if s == 0 {
				continue docs
			}
			total += s
		}
		out = append(out, Result{Doc: &idx.Docs[i], Score: total})
	}
	slices.SortStableFunc(out, func(a, b Result) int { return b.Score - a.Score })
	return out
}

// docTokens is one doc's distinct words, sorted, each with the weight of the
// best field it appears in.
type docTokens struct {
	words   []string
	weights []int
}

func (idx *Index) prepare() {
	idx.prepared = make([]docTokens, len(idx.Docs))
	for i := range idx.Docs {
		idx.prepared[i] = prepareDoc(&idx.Docs[i], &idx.Manifest)
	}
}

func prepareDoc(d *Doc, m *Manifest) docTokens {
	best := map[string]int{}
	add := func(text string, w int) {
		for _, tok := range Tokens(text) {
			if best[tok] < w {
				best[tok] = w
			}
		}
	}
	add(d.Title, WeightTitle)
	add(strings.Join(d.Tags, " "), WeightTags)
	add(d.Intro, WeightIntro)
	if d.Category >= 0 && d.Category < len(m.Categories) {
		add(m.Categories[d.Category], WeightCategory)
	}
	if d.Author >= 0 && d.Author < len(m.Authors) {
		add(m.Authors[d.Author], WeightAuthor)
	}
	add(d.Body, WeightBody)
	var dt docTokens
	dt.words = make([]string, 0, len(best))
	for w := range best {
		dt.words = append(dt.words, w)
	}
	slices.Sort(dt.words)
	dt.weights = make([]int, len(dt.words))
	for i, w := range dt.words {
		dt.weights[i] = best[w]
	}
	return dt
}

func (dt *docTokens) score(t Term) int {
	i, found := slices.BinarySearch(dt.words, t.Word)
	if !t.Prefix {
		if found {
			return dt.weights[i]
		}
		return 0
	}
	best := 0
	for ; i < len(dt.words) && strings.HasPrefix(dt.words[i], t.Word); i++ {
		s := dt.weights[i]
		if dt.words[i] != t.Word {
			s--
		}
		best = max(best, s)
	}
	return best
}
