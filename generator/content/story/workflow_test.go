package story

import (
	"slices"
	"strings"
	"testing"
	"time"
)

var withAuthors = Options{Categories: opt.Categories, Authors: []string{"Nivaran Economy Desk", "Ira Venkataraman", "Asha Rao"}}

// The newsroom keys: each broken file yields exactly these diagnostics.
func TestWorkflowKeyErrors(t *testing.T) {
	cases := []struct {
		name, from, to string
		want           []string
	}{
		{"unknown author", `author: "Nivaran Economy Desk"`, `author: "Ira Venkatraman"`,
			[]string{`x.md:5: author: "Ira Venkatraman" is not one of the authors in site.yaml (did you mean "Ira Venkataraman"?)`}},
		{"unknown author far", `author: "Nivaran Economy Desk"`, `author: "Someone Else"`,
			[]string{`x.md:5: author: "Someone Else" is not one of the authors in site.yaml (add them there, with a role and a bio)`}},
		{"unknown one of authors", `author: "Nivaran Economy Desk"`, `authors: ["Asha Rao", "Nivaran Econmy Desk"]`,
			[]string{`x.md:5: authors: "Nivaran Econmy Desk" is not one of the authors in site.yaml (did you mean "Nivaran Economy Desk"?)`}},
		{"both", `author: "Nivaran Economy Desk"`, "author: \"Nivaran Economy Desk\"\nauthors: [\"Asha Rao\"]", []string{"x.md:6: give author or authors, not both"}},
		{"neither", "author: \"Nivaran Economy Desk\"\n", "", []string{"x.md:1: author is required (or authors, for several)"}},
		{"empty authors", `author: "Nivaran Economy Desk"`, `authors: []`, []string{"x.md:5: authors must list at least one name"}},
		{"author twice", `author: "Nivaran Economy Desk"`, `authors: ["Asha Rao", "Asha Rao"]`, []string{`x.md:5: authors: "Asha Rao" is listed twice`}},
		{"tag twice", `tags: ["RBI", "Rates"]`, `tags: ["RBI", "Rates", "RBI"]`, []string{`x.md:9: tags: "RBI" is listed twice`}},
		{"tag twice in two spellings", `tags: ["RBI", "Rates"]`, `tags: ["RBI", "Rates", "rbi"]`, []string{`x.md:9: tags: "RBI" and "rbi" are one tag (/tag/rbi): give it once`}},
		{"draft not a bool", "tags:", "draft: maybe\ntags:", []string{`x.md:9:8: draft: "maybe" must be true or false`}},
		{"updated before published", "tags:", "updatedAt: 2025-08-11\ntags:", []string{"x.md:9: updatedAt: 2025-08-11 is before publishedAt 2025-08-12"}},
		{"updated not a date", "tags:", "updatedAt: soon\ntags:", []string{`x.md:9:12: updatedAt: "soon" is not a date (want YYYY-MM-DD or an ISO time such as 2025-08-12T09:30:00+05:30)`}},
		{"correction without text", "tags:", "corrections:\n  - date: 2025-08-13\ntags:", []string{"x.md:10: corrections: item 1 needs a text (text: \"What was wrong and what is right.\")"}},
		{"second correction without text", "tags:", "corrections:\n  - {date: 2025-08-13, text: Fixed.}\n  - date: 2025-08-14\ntags:", []string{"x.md:11: corrections: item 2 needs a text (text: \"What was wrong and what is right.\")"}},
		{"correction without date", "tags:", "corrections:\n  - text: Fixed.\ntags:", []string{"x.md:10: corrections: item 1 needs a date (date: YYYY-MM-DD)"}},
		{"correction before publication", "tags:", "corrections: [{date: 2025-08-01, text: Fixed.}]\ntags:", []string{"x.md:9: corrections: item 1 is dated 2025-08-01, before publishedAt 2025-08-12"}},
		{"correction unknown key", "tags:", "corrections:\n  - {date: 2025-08-13, txt: Fixed.}\ntags:", []string{`x.md:10:24: corrections: unknown key "txt" (did you mean "text"?)`}},
		{"correction bad date", "tags:", "corrections:\n  - {date: 13 August, text: Fixed.}\ntags:", []string{`x.md:10:12: corrections: date: "13 August" is not a date (want YYYY-MM-DD or an ISO time such as 2025-08-12T09:30:00+05:30)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := messages(t, c.from, c.to, withAuthors); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// messages parses the good story with from replaced by to, and returns its
// diagnostics as text, in order.
func messages(t *testing.T, from, to string, o Options) []string {
	t.Helper()
	src := strings.Replace(good, from, to, 1)
	if src == good {
		t.Fatal("case did not change the file")
	}
	_, diags := Parse("x.md", []byte(src), o)
	diags.Sort()
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	return got
}

func TestWorkflowKeys(t *testing.T) {
	src := strings.Replace(good, `author: "Nivaran Economy Desk"`, `authors: ["Asha Rao", "Ira Venkataraman", "Nivaran Economy Desk"]
draft: true
updatedAt: 2025-08-14T10:00:00+05:30
corrections:
  - {date: 2025-08-20, text: "Second."}
  - {date: 2025-08-13, text: "First."}
  - {date: 2025-08-16, text: "Middle."}`, 1)
	s, diags := Parse("x.md", []byte(src), withAuthors)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if s.Byline() != "Asha Rao, Ira Venkataraman and Nivaran Economy Desk" || !s.Draft {
		t.Errorf("byline %q draft %v", s.Byline(), s.Draft)
	}
	var texts []string
	for _, c := range s.Corrections {
		texts = append(texts, c.Date.ISO()+" "+c.Text)
	}
	if strings.Join(texts, "; ") != "2025-08-13 First.; 2025-08-16 Middle.; 2025-08-20 Second." {
		t.Errorf("corrections in date order: %v", texts)
	}
	if s.UpdatedAt.ISO() != "2025-08-14T10:00:00+05:30" || s.Modified().ISO() != "2025-08-20" {
		t.Errorf("updated %s, modified %s", s.UpdatedAt.ISO(), s.Modified().ISO())
	}
}

// A date without a clock is midnight in the site's time zone, IST by default.
func TestDatesInTheSitesZone(t *testing.T) {
	s, _ := Parse("x.md", []byte(good), opt)
	if want := time.Date(2025, 8, 11, 18, 30, 0, 0, time.UTC); !s.PublishedAt.Equal(want) {
		t.Errorf("2025-08-12 is %s, want midnight IST (%s)", s.PublishedAt.UTC(), want)
	}
	utc := Options{Categories: opt.Categories, Location: time.UTC}
	s, _ = Parse("x.md", []byte(strings.Replace(good, "2025-08-12", "2025-08-12T09:30:00", 1)), utc)
	if !s.PublishedAt.Equal(time.Date(2025, 8, 12, 9, 30, 0, 0, time.UTC)) {
		t.Errorf("a time without an offset is read in the site's zone: %s", s.PublishedAt)
	}
	s, _ = Parse("x.md", []byte(strings.Replace(good, "2025-08-12", "2025-08-12T09:30:00+05:30", 1)), utc)
	if !s.PublishedAt.Equal(time.Date(2025, 8, 12, 4, 0, 0, 0, time.UTC)) {
		t.Errorf("an offset given wins: %s", s.PublishedAt)
	}
}

func TestPublish(t *testing.T) {
	at := func(v string) Date { d, _ := ParseDate(v); return d }
	stories := []*Story{
		{ID: 1, PublishedAt: at("2025-09-01")},
		{ID: 2, PublishedAt: at("2025-09-01"), Draft: true},
		{ID: 3, PublishedAt: at("2025-09-06")},                // midnight IST = 2025-09-05 18:30 UTC
		{ID: 4, PublishedAt: at("2025-09-05T23:00:00+05:30")}, // 17:30 UTC
		{ID: 5, PublishedAt: at("2025-10-01"), Draft: true},   // a draft, whenever it is dated
		{ID: 6, PublishedAt: at("2025-09-05T18:30:00Z")},      // exactly now: due
		{ID: 7, PublishedAt: at("2025-09-05T18:30:01Z")},      // a second later
	}
	now := time.Date(2025, 9, 5, 18, 30, 0, 0, time.UTC)
	ids := func(list []*Story) (out []int) {
		for _, s := range list {
			out = append(out, s.ID)
		}
		return out
	}
	cases := []struct {
		drafts, future            bool
		published, drafted, later []int
	}{
		{false, false, []int{1, 3, 4, 6}, []int{2, 5}, []int{7}},
		{true, false, []int{1, 2, 3, 4, 6}, nil, []int{7, 5}}, // a dated-ahead draft still waits for its date
		{false, true, []int{1, 3, 4, 6, 7}, []int{2, 5}, nil},
		{true, true, []int{1, 2, 3, 4, 5, 6, 7}, nil, nil},
	}
	for _, c := range cases {
		pub, held := Publish(stories, now, c.drafts, c.future)
		if got := [3][]int{ids(pub), ids(held.Drafts), ids(held.Scheduled)}; !slices.Equal(got[0], c.published) || !slices.Equal(got[1], c.drafted) || !slices.Equal(got[2], c.later) {
			t.Errorf("drafts %v future %v: published, drafts, scheduled = %v", c.drafts, c.future, got)
		}
	}
	// Just before midnight IST the story dated 2025-09-06 waits, soonest first.
	_, held := Publish(stories, now.Add(-time.Second), false, false)
	if got := ids(held.Scheduled); !slices.Equal(got, []int{3, 6, 7}) || held.Next().ID != 3 {
		t.Errorf("scheduled %v", got)
	}
}
