package related

import (
	"testing"

	"github.com/nivaran/magazine/generator/content/story"
)

func st(id int, date, cat string, tags ...string) *story.Story {
	d, _ := story.ParseDate(date)
	return &story.Story{ID: id, PublishedAt: d, Category: cat, Tags: tags}
}

func ids(list []*story.Story) []int {
	out := []int{}
	for _, s := range list {
		out = append(out, s.ID)
	}
	return out
}

func TestRelated(t *testing.T) {
	a := st(1, "2025-08-20", "Trade", "tariffs", "msme")
	stories := []*story.Story{
		a,
		st(2, "2025-08-10", "Energy", "tariffs", "MSME"), // two shared tags
		st(3, "2025-08-12", "Trade", "tariffs"),          // one tag + category
		st(4, "2025-08-25", "Energy", "tariffs"),         // one tag
		st(5, "2025-08-30", "Trade"),                     // category only
		st(6, "2025-09-01", "Energy"),                    // nothing shared
	}
	idx := New(stories)
	if got := ids(idx.Related(a)); len(got) != 3 || got[0] != 2 || got[1] != 3 || got[2] != 4 {
		t.Errorf("ranked by shared tags then category: %v", got)
	}
	lonely := st(7, "2025-08-01", "Trade")
	idx = New(append(stories, lonely))
	if got := ids(idx.Related(lonely)); len(got) != 3 || got[0] != 5 || got[1] != 1 || got[2] != 3 {
		t.Errorf("no tags: fill from the category, newest first: %v", got)
	}
	for _, s := range stories {
		for _, r := range idx.Related(s) {
			if r.ID == s.ID {
				t.Fatalf("story %d relates to itself", s.ID)
			}
		}
	}
	first := ids(idx.Related(a))
	for range 20 {
		if got := ids(New(stories).Related(a)); len(got) != len(first) || got[0] != first[0] || got[2] != first[2] {
			t.Fatal("not deterministic")
		}
	}
}

func TestFewStories(t *testing.T) {
	a := st(1, "2025-08-20", "Trade")
	if got := New([]*story.Story{a}).Related(a); len(got) != 0 {
		t.Errorf("alone: %v", ids(got))
	}
}
