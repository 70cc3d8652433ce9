package spelling

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/story"
)

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
	got, err := Check([]*story.Story{s}, dir, []string{"Nivaran", "Zorawar Qadri", "Xylofintech & Trade"})
	if errors.Is(err, ErrNoAspell) {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
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
