// Package related picks the stories shown after each story: those sharing
// the most tags, then its category, newest first; never the story itself.
package related

import (
	"strings"
	"sync"

	"github.com/nivaran/magazine/generator/content/story"
)

// Count is how many related stories a page shows.
const Count = 3

// Index answers Related quickly for every story of a site, from any number
// of goroutines.
type Index struct {
	stories    []*story.Story // newest first; positions are the stories' numbers below
	pos        map[*story.Story]int
	byTag      map[string][]int
	category   []int            // each story's category, as a number
	byCategory map[string][]int // newest first

	scratch sync.Pool // *scratch
}

// scratch is one caller's scores, all zero between calls.
type scratch struct {
	score   []int
	touched []int
}

// New indexes stories by tag and category.
func New(stories []*story.Story) *Index {
	idx := &Index{byTag: map[string][]int{}, byCategory: map[string][]int{}, pos: map[*story.Story]int{}}
	idx.stories = append([]*story.Story(nil), stories...)
	story.Newest(idx.stories)
	categories := map[string]int{}
	idx.category = make([]int, len(idx.stories))
	for i, s := range idx.stories {
		idx.pos[s] = i
		for _, t := range s.Tags {
			k := strings.ToLower(t)
			idx.byTag[k] = append(idx.byTag[k], i)
		}
		idx.byCategory[s.Category] = append(idx.byCategory[s.Category], i)
		if _, ok := categories[s.Category]; !ok {
			categories[s.Category] = len(categories)
		}
		idx.category[i] = categories[s.Category]
	}
	n := len(idx.stories)
	idx.scratch.New = func() any { return &scratch{score: make([]int, n)} }
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
	sc := idx.scratch.Get().(*scratch)
	defer idx.scratch.Put(sc)
	score := sc.score
	for _, t := range s.Tags {
		for _, o := range idx.byTag[strings.ToLower(t)] {
			if o == self {
				continue
			}
			if score[o] == 0 {
				sc.touched = append(sc.touched, o)
				if idx.category[o] == idx.category[self] {
					score[o] = 1
				}
			}
			score[o] += 2
		}
	}
	// One pass keeps the best Count: sorting every candidate is too slow
	// when a common tag is shared by thousands of stories.
	better := func(a, b int) bool {
		if score[a] != score[b] {
			return score[a] > score[b]
		}
		return a < b
	}
	best := make([]int, 0, Count)
	for _, o := range sc.touched {
		i := len(best)
		for i > 0 && better(o, best[i-1]) {
			i--
		}
		if i < Count {
			best = append(best, 0)
			copy(best[i+1:], best[i:])
			best[i] = o
			best = best[:min(len(best), Count)]
		}
	}
	for _, o := range sc.touched {
		score[o] = 0
	}
	sc.touched = sc.touched[:0]
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
	out := make([]*story.Story, len(best))
	for i, o := range best {
		out[i] = idx.stories[o]
	}
	return out
}

func contains(list []int, v int) bool {
	for _, o := range list {
		if o == v {
			return true
		}
	}
	return false
}
