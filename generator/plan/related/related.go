// Package related picks the stories shown after each story: those sharing
// the most tags, then its category, newest first; never the story itself.
package related

import (
	"encoding/binary"
	"slices"
	"strings"
	"sync"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/util/blobcache"
)

// Count is how many related stories a page shows.
const Count = 3

// Index answers Related quickly for every story of a site, from any number
// of goroutines.
type Index struct {
	stories    []*story.Story // newest first; positions are the stories' numbers below
	pos        map[*story.Story]int
	byTag      map[string][]int
	tags       [][]string       // each story's tags, lower-cased as byTag has them
	category   []int            // each story's category, as a number
	byCategory map[string][]int // newest first
	found      []found          // each story's related stories, once asked
}

// found is one story's related stories, by position, worked out once: a
// build asks for each story's several times (its page's inputs, its page's
// data, each address of the story).
type found struct {
	once sync.Once
	best []int
	done bool // best is worked out (set within once)
}

// New indexes stories by tag and category.
func New(stories []*story.Story) *Index {
	idx := &Index{byTag: map[string][]int{}, byCategory: map[string][]int{}, pos: map[*story.Story]int{}}
	idx.stories = append([]*story.Story(nil), stories...)
	story.Newest(idx.stories)
	categories := map[string]int{}
	idx.category = make([]int, len(idx.stories))
	idx.tags = make([][]string, len(idx.stories))
	lower := map[string]string{} // a few tags, each on many stories
	for i, s := range idx.stories {
		idx.pos[s] = i
		for _, t := range s.Tags {
			k, ok := lower[t]
			if !ok {
				k = strings.ToLower(t)
				lower[t] = k
			}
			if slices.Contains(idx.tags[i], k) {
				continue // one tag given twice, which story.Load rejects
			}
			idx.byTag[k] = append(idx.byTag[k], i)
			idx.tags[i] = append(idx.tags[i], k)
		}
		idx.byCategory[s.Category] = append(idx.byCategory[s.Category], i)
		if _, ok := categories[s.Category]; !ok {
			categories[s.Category] = len(categories)
		}
		idx.category[i] = categories[s.Category]
	}
	n := len(idx.stories)
	idx.found = make([]found, n)
	return idx
}

// Related returns up to Count stories for s, deterministically: most
// shared tags (two points each) plus one for the same category; ties go to
// the newer story, which is the lower position.
func (idx *Index) Related(s *story.Story) []*story.Story {
	self, ok := idx.pos[s]
	if !ok {
		return nil
	}
	f := &idx.found[self]
	f.once.Do(func() { f.best, f.done = idx.best(s, self), true })
	out := make([]*story.Story, len(f.best))
	for i, o := range f.best {
		out[i] = idx.stories[o]
	}
	return out
}

// best works out the positions of the stories related to s, at self. It
// walks the lists of self's tags together, newest first, scoring each
// story once as it comes, and stops once no story still to come could
// outscore the worst of the best: one further on loses a tie. Scoring every
// story that shares a tag grew with the square of the stories, as each of a
// site's few tags is shared by a fixed share of them.
func (idx *Index) best(s *story.Story, self int) []int {
	lists := make([][]int, 0, 4)
	for _, t := range idx.tags[self] {
		lists = append(lists, idx.byTag[t])
	}
	best := make([]int, 0, Count)
	var scores [Count]int
	for {
		next, live := -1, 0
		for _, l := range lists {
			if len(l) > 0 {
				live++
				if next < 0 || l[0] < next {
					next = l[0]
				}
			}
		}
		if next < 0 || len(best) == Count && scores[Count-1] >= 2*live+1 {
			break
		}
		score := 0
		for j, l := range lists {
			if len(l) > 0 && l[0] == next {
				score += 2
				lists[j] = l[1:]
			}
		}
		if next == self {
			continue
		}
		if idx.category[next] == idx.category[self] {
			score++
		}
		// Ties stay behind: the story already held is the newer.
		i := len(best)
		for i > 0 && score > scores[i-1] {
			i--
		}
		if i < Count {
			if len(best) < Count {
				best = append(best, 0)
			}
			copy(best[i+1:], best[i:])
			copy(scores[i+1:], scores[i:])
			best[i], scores[i] = next, score
		}
	}
	// Too few shared tags: fill from the category, then from the newest stories.
	for _, pool := range [][]int{idx.byCategory[s.Category], nil} {
		for i := 0; len(best) < Count; i++ {
			o := i
			if pool != nil {
				if i >= len(pool) {
					break
				}
				o = pool[i]
			} else if i >= len(idx.stories) {
				break
			}
			if o != self && !contains(best, o) {
				best = append(best, o)
			}
		}
	}
	return best
}

func contains(list []int, v int) bool {
	for _, o := range list {
		if o == v {
			return true
		}
	}
	return false
}

// Key names what Related's answers follow from: the stories' ids, in
// order, with their categories and tags. Two indexes with one key answer
// alike, so answers kept from an earlier build (Export) can be Imported.
func (idx *Index) Key() blobcache.Key {
	var b []byte
	str := func(s string) { b = append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	for i, s := range idx.stories {
		b = binary.AppendVarint(b, int64(s.ID))
		str(s.Category)
		b = binary.AppendUvarint(b, uint64(len(idx.tags[i])))
		for _, t := range idx.tags[i] {
			str(t)
		}
	}
	return blobcache.KeyOf(string(b))
}

// Export is every story's answer, worked out now if not yet asked.
func (idx *Index) Export() []byte {
	var out []byte
	for i, s := range idx.stories {
		f := &idx.found[i]
		f.once.Do(func() { f.best, f.done = idx.best(s, i), true })
		out = append(out, byte(len(f.best)))
		for _, o := range f.best {
			out = binary.AppendUvarint(out, uint64(o))
		}
	}
	return out
}

// Import takes the answers of an index with the same Key, as Export gave
// them, before any story's were asked for. It reports false, taking
// nothing, when they do not fit this index (a damaged cache).
func (idx *Index) Import(data string) bool {
	n := len(idx.stories)
	all := make([][]int, n)
	for i := range all {
		if len(data) == 0 || int(data[0]) > Count {
			return false
		}
		k := int(data[0])
		data = data[1:]
		all[i] = make([]int, k)
		for j := range k {
			o, w := binary.Uvarint([]byte(data[:min(len(data), binary.MaxVarintLen64)]))
			if w <= 0 || o >= uint64(n) || int(o) == i {
				return false
			}
			all[i][j], data = int(o), data[w:]
		}
	}
	if len(data) > 0 {
		return false
	}
	for i := range all {
		f := &idx.found[i]
		f.once.Do(func() { f.best, f.done = all[i], true })
	}
	return true
}

// Inherit takes from prev, the index of an earlier build, the answers it
// worked out for the stories both hold (the same *story.Story, which a
// rebuild after some story files changed keeps for the others) that no
// difference between the two can reach, before any story's were asked for.
// A story's answer can change only when a story that came, went or changed
// shares a tag or its category, or when too few stories share either and
// the newest of all fill it; its other candidates keep their scores and
// their order. At 10,000 stories, working every answer out again took
// 50-70 ms of CPU of each of magazine dev's builds after adding a story.
func (idx *Index) Inherit(prev *Index) {
	if prev == nil {
		return
	}
	// What the stories that came, went or changed touch: their tags and
	// categories, in either index.
	tags, cats := map[string]bool{}, map[string]bool{}
	touch := func(from, other *Index) {
		for i, s := range from.stories {
			if _, ok := other.pos[s]; !ok {
				cats[s.Category] = true
				for _, t := range from.tags[i] {
					tags[t] = true
				}
			}
		}
	}
	touch(idx, prev)
	touch(prev, idx)
	for i, s := range idx.stories {
		j, ok := prev.pos[s]
		if !ok || cats[s.Category] || len(idx.byCategory[s.Category]) <= Count || !prev.found[j].done {
			continue
		}
		reached := false
		for _, t := range idx.tags[i] {
			reached = reached || tags[t]
		}
		if reached {
			continue
		}
		best := make([]int, len(prev.found[j].best))
		for k, o := range prev.found[j].best {
			if best[k], ok = idx.pos[prev.stories[o]]; !ok {
				reached = true // cannot be, as it shares a tag or the category
			}
		}
		if reached {
			continue
		}
		f := &idx.found[i]
		f.once.Do(func() { f.best, f.done = best, true })
	}
}
