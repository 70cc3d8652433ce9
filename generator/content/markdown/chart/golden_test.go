package chart

import (
	"bytes"
	"compress/gzip"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/")

// TestGolden draws each testdata/golden/*.chart (one per chart type and per
// annotation) and compares its HTML, a tag a line, with the .html beside it.
// Rewrite them on purpose with go test ./generator/content/markdown/chart -update,
// and read the diff.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.chart")
	if len(files) < 12 {
		t.Fatalf("%d golden charts", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c, problems := Parse(src)
			if len(problems) > 0 {
				t.Fatal(problems)
			}
			got := strings.ReplaceAll(c.HTML("chart-1"), "><", ">\n<") + "\n"
			golden := strings.TrimSuffix(file, ".chart") + ".html"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s (run with -update, then read the diff):\n%s", file, golden, got)
			}
		})
	}
}

// TestPanelWeight: each chart of the browser tests' panel (every shape a
// desk draws, e2e/stories/chart-panel.md) stays under 3 KB of HTML gzipped,
// both drawings, description and data table included.
func TestPanelWeight(t *testing.T) {
	src, err := os.ReadFile("../../../../e2e/stories/chart-panel.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(src), "```chart\n")[1:]
	if len(blocks) < 16 {
		t.Fatalf("%d charts in the panel", len(blocks))
	}
	for i, block := range blocks {
		block, _, _ = strings.Cut(block, "```")
		c, problems := Parse([]byte(block))
		if len(problems) > 0 {
			t.Fatalf("chart %d: %v", i+1, problems)
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write([]byte(c.HTML("chart-1")))
		w.Close()
		if z.Len() > 3072 {
			t.Errorf("%q is %d bytes gzipped, more than 3 KB", c.Title, z.Len())
		}
	}
}
