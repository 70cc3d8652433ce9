package spelling

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/util/diag"
)

// check is Check, skipped where aspell is missing (failed on CI, which has it).
func check(t *testing.T, stories []*story.Story, dir string, known []string) diag.List {
	t.Helper()
	got, err := Check(stories, dir, known)
	if errors.Is(err, ErrNoAspell) {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestCheckReportsWordsAtTheirLines(t *testing.T) {
	dir := t.TempDir()
	src := "---\nid: 1\ntitle: \"A Tset of Spelling\"\nintroduction: \"Nothing wrong here.\"\nauthor: \"Desk\"\npublishedAt: 2025-08-12\ncategory: \"Economic Policy\"\n---\n\n" +
		"The first paragraph is fine.\n\nThe second has a mistaek, and the Nivaran’s name, by Qadri on Xylofintech; Accepted.\n\n**Solution Spotlight:** Another mistaek, then zyxxyq.\n"
	file := filepath.Join(dir, "a.md")
	os.WriteFile(file, []byte(src), 0o644)
	os.WriteFile(filepath.Join(dir, AllowFile), []byte("# checked\nAccepted\n"), 0o644)
	s, diags := story.Parse(file, []byte(src), story.Options{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	// The site's own names are words: the magazine's, an author's, a category's.
	got := check(t, []*story.Story{s}, dir, []string{"Nivaran", "Zorawar Qadri", "Xylofintech & Trade"})
	want := []string{
		file + `:3: spelling: "Tset" is not in the dictionary (correct it, or add it to spelling-allow.txt)`,
		file + `:12: spelling: "mistaek" is not in the dictionary (correct it, or add it to spelling-allow.txt)`,
		file + `:14: spelling: "zyxxyq" is not in the dictionary (correct it, or add it to spelling-allow.txt)`,
	}
	got.Sort()
	if got.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got.Error(), strings.Join(want, "\n"))
	}
}

// A story whose text and answers are each larger than a pipe holds is
// checked whole (the text is written while the answers are read), each
// word reported at its line.
func TestCheckALongStory(t *testing.T) {
	dir := t.TempDir()
	var body strings.Builder
	// ~120 KB of text; ~290 KB of answers, a line of suggestions for each mistake.
	line := "A plain line " + strings.Repeat("of correct words ", 30) + strings.Repeat("teh recieve mistaek adress ", 3) + "\n\n"
	for range 200 {
		body.WriteString(line)
	}
	body.WriteString("The last line has its own zyxxyq.\n")
	src := "---\nid: 1\ntitle: \"A Long Story\"\nintroduction: \"Nothing wrong here.\"\nauthor: \"Desk\"\npublishedAt: 2025-08-12\ncategory: \"Economic Policy\"\n---\n\n" + body.String()
	file := filepath.Join(dir, "a.md")
	os.WriteFile(file, []byte(src), 0o644)
	s, diags := story.Parse(file, []byte(src), story.Options{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	got := check(t, []*story.Story{s}, dir, nil)
	var want []string
	for _, w := range []string{"10 teh", "10 recieve", "10 mistaek", "10 adress", "410 zyxxyq"} {
		line, word, _ := strings.Cut(w, " ")
		want = append(want, file+":"+line+`: spelling: "`+word+`" is not in the dictionary (correct it, or add it to spelling-allow.txt)`)
	}
	got.Sort()
	if got.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got.Error(), strings.Join(want, "\n"))
	}
}

// Stories are checked by an aspell for each core; their problems are
// reported in the stories' order.
func TestCheckManyStoriesInOrder(t *testing.T) {
	dir := t.TempDir()
	var stories []*story.Story
	var want []string
	for i, word := range []string{"zyxxyq", "qwzzvk", "mistaek", "recieve", "adress", "teh", "zorbq"} {
		src := fmt.Sprintf("---\nid: %d\ntitle: \"Story %d\"\nintroduction: \"Nothing wrong here.\"\nauthor: \"Desk\"\npublishedAt: 2025-08-12\ncategory: \"Economic Policy\"\n---\n\nA line with %s in it.\n", i+1, i+1, word)
		file := filepath.Join(dir, fmt.Sprintf("s%d.md", i))
		os.WriteFile(file, []byte(src), 0o644)
		s, diags := story.Parse(file, []byte(src), story.Options{})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		stories = append(stories, s)
		want = append(want, file+`:10: spelling: "`+word+`" is not in the dictionary (correct it, or add it to spelling-allow.txt)`)
	}
	got := check(t, stories, dir, nil)
	if got.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got.Error(), strings.Join(want, "\n"))
	}
}

// A word longer than any in a dictionary is shown in part: a 500,000-letter
// title made a 500 KB message.
func TestLongWordShownInPart(t *testing.T) {
	long := strings.Repeat("ab", 1000)
	s := &story.Story{File: "a.md"}
	got := report(s, [][]string{{long}, nil}, map[string]bool{})
	want := `a.md:1: spelling: "` + strings.Repeat("ab", 29) + `a…" is not in the dictionary (correct it, or add it to spelling-allow.txt)`
	if len(got) != 1 || got[0].String() != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
