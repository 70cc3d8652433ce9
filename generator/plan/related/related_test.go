package related

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
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

func TestExportImport(t *testing.T) {
	var stories []*story.Story
	tags := []string{"tariffs", "msme", "rbi", "solar"}
	for i := range 40 {
		stories = append(stories, st(i+1, fmt.Sprintf("2025-08-%02d", i%28+1), []string{"Trade", "Energy"}[i%2], tags[i%4], tags[i%3]))
	}
	answers := func(idx *Index) (out [][]int) {
		for _, s := range stories {
			out = append(out, ids(idx.Related(s)))
		}
		return out
	}
	fresh := New(stories)
	want := answers(fresh)
	kept := New(stories)
	if kept.Key() != fresh.Key() {
		t.Fatal("one set of stories, two keys")
	}
	if !kept.Import(string(fresh.Export())) {
		t.Fatal("an export was not taken back")
	}
	if got := answers(kept); !reflect.DeepEqual(got, want) {
		t.Errorf("imported answers differ:\n got %v\nwant %v", got, want)
	}
	// The answers come from the import, not worked out again: a first
	// story's list, changed in the export, is what Related returns.
	changed := fresh.Export()
	changed[1], changed[2] = changed[2], changed[1] // its first two positions (each under 128: one byte)
	swapped := New(stories)
	if !swapped.Import(string(changed)) {
		t.Fatal("a changed export was refused")
	}
	first := ids(swapped.Related(swapped.stories[0]))
	if w := ids(fresh.Related(fresh.stories[0])); first[0] != w[1] || first[1] != w[0] {
		t.Errorf("got %v, want %v with its first two swapped", first, w)
	}
	// Whatever Related reads changes the key: a tag (not its case, which
	// no answer depends on), a category, an id, the order.
	for name, change := range map[string]func(s *story.Story){
		"tag":      func(s *story.Story) { s.Tags = []string{"ports", s.Tags[1]} },
		"category": func(s *story.Story) { s.Category = "Energy" },
		"id":       func(s *story.Story) { s.ID = 99 },
		"date":     func(s *story.Story) { s.PublishedAt, _ = story.ParseDate("2025-09-30") },
	} {
		s := *stories[0]
		change(&s)
		other := New(append([]*story.Story{&s}, stories[1:]...))
		if other.Key() == fresh.Key() {
			t.Errorf("a changed %s keeps the key", name)
		}
	}
	s := *stories[0]
	s.Tags = []string{strings.ToUpper(s.Tags[0]), s.Tags[1]}
	if New(append([]*story.Story{&s}, stories[1:]...)).Key() != fresh.Key() {
		t.Error("a tag's case changes no answer, but changed the key")
	}
	// Damaged or foreign answers are refused, and the index still answers.
	export := fresh.Export()
	for _, bad := range []string{"", string(export[:len(export)-1]), string(export) + "x", "\x09" + string(export[1:])} {
		idx := New(stories)
		if idx.Import(bad) {
			t.Errorf("took %d damaged bytes", len(bad))
		}
		if got := answers(idx); !reflect.DeepEqual(got, want) {
			t.Error("a refused import changed the answers")
		}
	}
}

// An index that inherits the answers of the last one answers as an index
// made afresh, through a random series of stories added, deleted and
// changed (a changed story is a new *story.Story, as a rebuild reads it),
// each answer asked for by the one before; and it inherits some.
func TestInheritAnswersAsAFreshIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cats := []string{"Trade", "Energy", "Policy", "Tech", "Rare"}
	tags := []string{"a", "b", "c", "d", "e", "f", "g", "h", "A"}
	next := 0
	random := func() *story.Story {
		next++
		var ts []string
		for range r.IntN(3) {
			ts = append(ts, tags[r.IntN(len(tags))])
		}
		// Few dates, so ties fall to the id; "Rare" has few stories, whose
		// answers the newest of all fill.
		cat := cats[r.IntN(len(cats)-1)]
		if r.IntN(8) == 0 {
			cat = "Rare"
		}
		return st(next, fmt.Sprintf("2025-08-%02d", 1+r.IntN(9)), cat, ts...)
	}
	var stories []*story.Story
	for range 30 {
		stories = append(stories, random())
	}
	prev := New(stories)
	inherited := 0
	for step := range 1000 {
		stories = append([]*story.Story(nil), stories...)
		switch i := r.IntN(len(stories)); step % 3 {
		case 0:
			stories = append(stories, random())
		case 1:
			stories = append(stories[:i], stories[i+1:]...)
		case 2:
			changed := *stories[i]
			changed.Tags = []string{tags[r.IntN(len(tags))]}
			if r.IntN(2) == 0 {
				changed.Category = cats[r.IntN(len(cats))]
			}
			stories[i] = &changed
		}
		idx, fresh := New(stories), New(stories)
		idx.Inherit(prev)
		for i := range idx.found {
			if idx.found[i].done {
				inherited++
			}
		}
		for _, s := range stories {
			if got, want := ids(idx.Related(s)), ids(fresh.Related(s)); !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, story %d: inherited %v, afresh %v", step, s.ID, got, want)
			}
		}
		prev = idx
	}
	if inherited < 5000 {
		t.Errorf("only %d answers inherited in 1,000 steps of about 30 stories", inherited)
	}
}

// TestBestMatchesScoringEveryStory holds the early-stopping walk to the
// rule as written: score every other story, rank, fill.
func TestBestMatchesScoringEveryStory(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 37))
	vocab := []string{"rbi", "GST", "msme", "Exports", "solar", "rates", "jobs", "ports"}
	for round := range 300 {
		n := 1 + r.IntN(120)
		var stories []*story.Story
		for i := range n {
			var tags []string
			for _, k := range r.Perm(1 + round%len(vocab))[:r.IntN(min(4, 2+round%len(vocab)))] {
				tag := vocab[k]
				if r.IntN(3) == 0 {
					tag = strings.ToUpper(tag) // one tag, in any spelling
				}
				tags = append(tags, tag)
			}
			date := fmt.Sprintf("2025-%02d-%02d", 1+r.IntN(2), 1+r.IntN(5))
			stories = append(stories, st(100+i, date, fmt.Sprint("c", r.IntN(1+round%4)), tags...))
		}
		idx := New(stories)
		newest := append([]*story.Story(nil), stories...)
		story.Newest(newest)
		for _, s := range stories {
			if got, want := ids(idx.Related(s)), scoreEveryStory(newest, s); !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, story %d: got %v, want %v", round, s.ID, got, want)
			}
		}
	}
}

func scoreEveryStory(newest []*story.Story, s *story.Story) []int {
	score := func(o *story.Story) int {
		n := 0
		for _, a := range s.Tags {
			for _, b := range o.Tags {
				if strings.EqualFold(a, b) {
					n += 2
				}
			}
		}
		if n > 0 && o.Category == s.Category {
			n++
		}
		return n
	}
	var ranked []*story.Story // newest first, so a stable sort breaks ties by age
	for _, o := range newest {
		if o != s && score(o) > 0 {
			ranked = append(ranked, o)
		}
	}
	slices.SortStableFunc(ranked, func(a, b *story.Story) int { return score(b) - score(a) })
	out := ids(ranked[:min(len(ranked), Count)])
	for _, pool := range []func(*story.Story) bool{
		func(o *story.Story) bool { return o.Category == s.Category },
		func(*story.Story) bool { return true },
	} {
		for _, o := range newest {
			if len(out) < Count && o != s && pool(o) && !slices.Contains(out, o.ID) {
				out = append(out, o.ID)
			}
		}
	}
	return out
}
