package pipeline_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/page/head"
	"github.com/nivaran/magazine/generator/plan/images"
	"github.com/nivaran/magazine/generator/plan/media"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The head and JSON-LD of each dedicated article page, from the real stories.
func TestDedicatedHeadsGolden(t *testing.T) {
	t.Parallel()
	stories, routes := realStories(t)
	root := gt.Root(t)
	cfg, err := site.Load(filepath.Join(root, "site.yaml"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var dedicated []*story.Story
	for _, s := range stories {
		if s.Layout != "story" {
			dedicated = append(dedicated, s)
		}
	}
	proc := &images.Processor{CacheDir: filepath.Join(root, ".cache", "images"), FontDir: filepath.Join(root, "frontend", "fonts")}
	lib, _, diags := media.Process(proc, cfg, filepath.Join(root, "stories"), dedicated)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	for _, r := range routes {
		for _, p := range dedicatedPaths {
			if r.Path != p {
				continue
			}
			got := head.For(cfg, lib, r).HTML()
			file := filepath.Join("testdata", "heads", strings.TrimPrefix(p, "/")+".html")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s: head differs from %s:\n%s", p, file, got)
			}
		}
	}
}
