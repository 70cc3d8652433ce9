package pipeline_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// headLines are a page's head elements (each carries data-h) and the
// outline of its body: the landmarks, headings, ads and back buttons a
// reader meets, in order.
var (
	headLine = regexp.MustCompile(`(?m)^<[^>]* data-h[^\n]*$`)
	outline  = regexp.MustCompile(`<header|<footer|<h[12][^>]*>[^<]*|aria-label="Advertisement[^"]*"|class="button button--back"|class="spotlight[^"]*"`)
)

// /story/<id> is SPEC.md's generic story page for every story: the whole
// page, with its head, canonical to the story's own address. Golden files
// for a story with a fixed path, one with a dedicated layout and one with
// neither (go test -update rewrites them; read the diff).
func TestStoryAddressPagesGolden(t *testing.T) {
	t.Parallel()
	dist := gt.Build(t, map[string]string{
		"stories/fixed.md":     gt.Story("5", "path: /rbi-policy\n"),
		"stories/dedicated.md": gt.Story("6", "path: /deep-dive\nlayout: article\n"),
		"stories/plain.md":     gt.Story("7", ""),
	})
	for _, id := range []string{"5", "6", "7"} {
		page := gt.Read(t, dist, "story/"+id+"/index.html")
		got := strings.Join(headLine.FindAllString(page, -1), "\n") + "\n-- body --\n" +
			strings.Join(outline.FindAllString(page, -1), "\n") + "\n"
		file := filepath.Join("testdata", "story-address", id+".golden")
		if *update {
			os.MkdirAll(filepath.Dir(file), 0o755)
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		if got != string(want) {
			t.Errorf("/story/%s/ differs from %s:\n%s", id, file, got)
		}
	}
}
