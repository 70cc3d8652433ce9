package build_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/generatortest"
	"github.com/nivaran/magazine/generator/head"
	"github.com/nivaran/magazine/generator/site"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The head and JSON-LD of each dedicated article page, from the real stories.
func TestDedicatedHeadsGolden(t *testing.T) {
	_, routes := realStories(t)
	cfg, err := site.Load(filepath.Join(gt.Root(t), "site.yaml"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes {
		for _, p := range dedicatedPaths {
			if r.Path != p {
				continue
			}
			got := head.For(cfg, r).HTML()
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
