// Package related picks the stories shown after each story: those sharing
// the most tags, then its category, newest first; never the story itself.
package related

import (
	"sort"
	"strings"

	"github.com/nivaran/magazine/generator/story"
)

// Count is how many related stories a page shows.
const Count = 3

// Index answers Related quickly for every story of a site.
type Index struct {
	byTag      map[string][]*story.Story
	byCategory map[string][]*story.Story // newest first
	newest     []*story.Story
}

// New indexes stories by tag and category.
func New(stories []*story.Story) *Index {
	idx := &Index{byTag: map[string][]*story.Story{}, byCategory: map[string][]*story.Story{}}
	idx.newest = append([]*story.Story(nil), stories...)
	story.Newest(idx.newest)
	for _, s := range idx.newest {
		for _, t := range s.Tags {
			k := strings.ToLower(t)
			idx.byTag[k] = append(idx.byTag[k], s)
		}
		idx.byCategory[s.Category] = append(idx.byCategory[s.Category], s)
	}
	return idx
}

// Related returns up to Count stories for s, deterministically.
func (idx *Index) Related(s *story.Story) []*story.Story {
	score := map[*story.Story]int{}
	for _, t := range s.Tags {
		for _, o := range idx.byTag[strings.ToLower(t)] {
			if o.ID != s.ID {
				score[o] += 2
			}
		}
	}
	for o := range score {
		if o.Category == s.Category {
			score[o]++
		}
	}
	ranked := make([]*story.Story, 0, len(score))
	for o := range score {
		ranked = append(ranked, o)
	}
	sort.Slice(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if score[a] != score[b] {
			return score[a] > score[b]
		}
		if !a.PublishedAt.Equal(b.PublishedAt.Time) {
			return a.PublishedAt.After(b.PublishedAt.Time)
		}
		return a.ID > b.ID
	})
	out := ranked[:min(Count, len(ranked))]
	// Too few shared tags: fill from the category, then from the newest stories.
	for _, pool := range [][]*story.Story{idx.byCategory[s.Category], idx.newest} {
		for _, o := range pool {
			if len(out) == Count {
				return out
			}
			if o.ID != s.ID && !contains(out, o) {
				out = append(out, o)
			}
		}
	}
	return out
}

func contains(list []*story.Story, s *story.Story) bool {
	for _, o := range list {
		if o == s {
			return true
		}
	}
	return false
}
