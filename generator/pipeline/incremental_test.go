package pipeline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

func run(t *testing.T, o pipeline.Options) *pipeline.Result {
	t.Helper()
	res, err := pipeline.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestIncrementalBuilds(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"stories/a.md": gt.Story("1", "tags: [\"trade\"]\n"),
		"stories/b.md": gt.Story("2", "tags: [\"energy\"]\n"),
		"stories/c.md": strings.Replace(gt.Story("3", ""), `category: "Economic Policy"`, `category: "Technology"`, 1),
	})
	o.Cache = filepath.Join(t.TempDir(), "cache")
	cold := run(t, o)
	if cold.Rendered == 0 || cold.Written != cold.Files {
		t.Fatalf("cold build: rendered %d, wrote %d of %d", cold.Rendered, cold.Written, cold.Files)
	}

	same := run(t, o)
	if same.Rendered != 0 || same.Written != 0 {
		t.Errorf("nothing changed: rendered %d, wrote %d", same.Rendered, same.Written)
	}
	// Nor are unchanged pages read back to check their links again: the
	// last build lost no file they could link to.
	if same.Checked != 0 {
		t.Errorf("nothing changed, yet %d pages had their links checked again", same.Checked)
	}

	// Editing one story re-renders its pages and those that show it, nothing else.
	edit := strings.Replace(gt.Story("3", ""), `category: "Economic Policy"`, `category: "Technology"`, 1)
	edit = strings.Replace(edit, "Body of story 3.", "A new first paragraph.", 1)
	os.WriteFile(filepath.Join(o.Stories, "c.md"), []byte(edit), 0o644)
	one := run(t, o)
	if one.Rendered != 1 {
		t.Errorf("body edit should re-render only story 3's page, rendered %d", one.Rendered)
	}
	if !strings.Contains(gt.Read(t, o.Out, "story/3/index.html"), "A new first paragraph.") {
		t.Error("edited page not updated")
	}
	edit = strings.Replace(edit, `title: "Story 3"`, `title: "Story Three"`, 1)
	os.WriteFile(filepath.Join(o.Stories, "c.md"), []byte(edit), 0o644)
	retitled := run(t, o)
	if retitled.Rendered < 3 || retitled.Rendered >= cold.Rendered {
		t.Errorf("a new title shows on listings and related stories too: rendered %d of %d", retitled.Rendered, cold.Rendered)
	}
	if !strings.Contains(gt.Read(t, o.Out, "index.html"), "Story Three") {
		t.Error("home page not updated with the new title")
	}

	// The shell template and the site config reach every page.
	tpl := filepath.Join(gt.Root(t), "templates", "page.html")
	orig, _ := os.ReadFile(tpl)
	o2 := o
	o2.Root = t.TempDir()
	copyDir(t, gt.Root(t), o2.Root, "frontend", "templates")
	os.WriteFile(filepath.Join(o2.Root, "templates", "page.html"), append(orig, []byte("<!-- changed -->\n")...), 0o644)
	if res := run(t, o2); res.Rendered != cold.Rendered {
		t.Errorf("template change: rendered %d of %d", res.Rendered, cold.Rendered)
	}
	run(t, o) // back to the real template
	cfg, _ := os.ReadFile(o.Config)
	os.WriteFile(o.Config, []byte(strings.Replace(string(cfg), "tagline: A Solutions-Focused", "tagline: The Solutions-Focused", 1)), 0o644)
	if res := run(t, o); res.Rendered != cold.Rendered {
		t.Errorf("config change: rendered %d of %d", res.Rendered, cold.Rendered)
	}

	// A removed story's pages go; the cache folder is safe to delete.
	os.Remove(filepath.Join(o.Stories, "b.md"))
	run(t, o)
	if _, err := os.Stat(filepath.Join(o.Out, "story", "2", "index.html")); !os.IsNotExist(err) {
		t.Error("removed story's page still there")
	}
	os.RemoveAll(o.Cache)
	if res := run(t, o); res.Written != res.Files {
		t.Errorf("without the cache every file is written: %d of %d", res.Written, res.Files)
	}
	// Files deleted from dist/ behind the builder's back come back with --clean.
	os.Remove(filepath.Join(o.Out, "story", "1", "index.html"))
	o.Clean = true
	if res := run(t, o); res.Written != res.Files {
		t.Errorf("--clean writes every file: %d of %d", res.Written, res.Files)
	}
	if _, err := os.Stat(filepath.Join(o.Out, "story", "1", "index.html")); err != nil {
		t.Error("deleted page not restored by --clean")
	}
}

func copyDir(t *testing.T, from, to string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		err := filepath.Walk(filepath.Join(from, d), func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(from, p)
			if info.IsDir() {
				return os.MkdirAll(filepath.Join(to, rel), 0o755)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(to, rel), data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// esbuild resolves react from the repository's node_modules.
	os.Symlink(filepath.Join(from, "node_modules"), filepath.Join(to, "node_modules"))
}

// Each change to a story changes exactly the files that show it — its own
// pages, the listings, home page, feeds and sitemap that name it, other
// stories' related lists, its pictures — and the search index, and no
// other file; a new title reaches every file that showed the old one.
func TestChangesReachExactlyThePagesShowingTheStory(t *testing.T) {
	t.Parallel()
	story := func(id, title, category, author, tags string) string {
		s := gt.Story(id, "tags: ["+tags+"]\n")
		s = strings.Replace(s, `"Story `+id+`"`, `"`+title+`"`, 1)
		s = strings.Replace(s, `"Economic Policy"`, `"`+category+`"`, 1)
		return strings.Replace(s, `"Nivaran Economy Desk"`, `"`+author+`"`, 1)
	}
	files := map[string]string{
		"stories/s1.md": story("1", "Rupee Ledger", "Economic Policy", "Nivaran Economy Desk", "RBI, credit"),
		"stories/s2.md": story("2", "Port Queues", "International Trade", "Ira Venkataraman", "exports"),
		"stories/s3.md": story("3", "Chip Subsidies", "Technology", "Nivaran Editorial Team", "semiconductors"),
		"stories/s4.md": story("4", "Credit Lines", "Economic Policy", "Ira Venkataraman", "credit"),
		"stories/s5.md": story("5", "Solar Parks", "Technology", "Nivaran Economy Desk", "energy"),
		"stories/s6.md": story("6", "Freight Corridors", "International Trade", "Nivaran Editorial Team", "exports, logistics"),
		"stories/s7.md": story("7", "Grain Stocks", "Economic Policy", "Nivaran Economy Desk", "agriculture"),
	}
	o := gt.Options(t, files)
	o.Cache = filepath.Join(t.TempDir(), "cache")
	run(t, o)
	site := func() map[string]string {
		out := map[string]string{}
		filepath.WalkDir(o.Out, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(p)
				rel, _ := filepath.Rel(o.Out, p)
				out[filepath.ToSlash(rel)] = string(b)
			}
			return err
		})
		return out
	}
	write := func(name, content string) { os.WriteFile(filepath.Join(o.Stories, name), []byte(content), 0o644) }
	for _, c := range []struct {
		what, id string
		titles   []string // the story's titles, before and after
		change   func()
		reach    bool // every file that showed the old title or shows the new one changed
	}{
		{"a new title", "3", []string{"Chip Subsidies", "Fab Incentives"}, func() {
			write("s3.md", story("3", "Fab Incentives", "Technology", "Nivaran Editorial Team", "semiconductors"))
		}, true},
		{"a body edit", "7", []string{"Grain Stocks"}, func() {
			write("s7.md", strings.Replace(files["stories/s7.md"], "Body of story 7.", "Buffer stocks rose.", 1))
		}, false},
		{"another category and tags", "4", []string{"Credit Lines"}, func() {
			write("s4.md", story("4", "Credit Lines", "Technology", "Ira Venkataraman", "energy"))
		}, false},
		{"a new story", "8", []string{"Warehouse Receipts"}, func() {
			write("s8.md", story("8", "Warehouse Receipts", "Economic Policy", "Nivaran Economy Desk", "agriculture, credit"))
		}, true},
		{"a deleted story", "5", []string{"Solar Parks"}, func() { os.Remove(filepath.Join(o.Stories, "s5.md")) }, true},
	} {
		before := site()
		c.change()
		run(t, o)
		after := site()
		shows := func(text string) bool {
			for _, title := range c.titles {
				if strings.Contains(text, title) {
					return true
				}
			}
			return strings.Contains(text, "/story/"+c.id+"/")
		}
		changed := map[string]bool{}
		for p := range before {
			if before[p] != after[p] {
				changed[p] = true
			}
		}
		for p := range after {
			if before[p] != after[p] {
				changed[p] = true
			}
		}
		if len(changed) == 0 {
			t.Fatalf("%s: nothing changed", c.what)
		}
		for p := range changed {
			own := strings.HasPrefix(p, "images/") && strings.HasPrefix(filepath.Base(p), c.id+"-")
			if !shows(before[p]) && !shows(after[p]) && !own && !strings.HasPrefix(p, "search/") {
				t.Errorf("%s of story %s changed %s, which does not show it", c.what, c.id, p)
			}
		}
		if !c.reach {
			continue
		}
		first, last := c.titles[0], c.titles[len(c.titles)-1]
		for p := range before {
			if strings.Contains(before[p], first) && before[p] == after[p] {
				t.Errorf("%s of story %s left %s showing it as it was", c.what, c.id, p)
			}
		}
		for p := range after {
			if strings.Contains(after[p], last) && !changed[p] {
				t.Errorf("%s of story %s: %s shows it, unchanged", c.what, c.id, p)
			}
		}
	}
}
