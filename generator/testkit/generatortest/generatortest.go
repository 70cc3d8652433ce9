// Package generatortest builds whole sites declared inline in tests:
// a site.yaml and story files in a temporary folder, rendered with the
// repository's real frontend and templates.
package generatortest

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
)

// Site is the config tests use unless they give their own site.yaml.
const Site = `name: Nivaran
tagline: A Solutions-Focused Business & Economy Magazine
description: Test magazine.
baseURL: https://test.example
language: en-IN
editorEmail: editor@test.example
launchDate: 2025-09-10
forms: {launch: /api/forms/launch, editorial: /api/forms/editorial, partnership: /api/forms/partnership, newsletter: /api/forms/newsletter}
categories: [Economic Policy, International Trade, Technology]
authors:
  - {name: Nivaran Economy Desk, role: Desk byline, bio: The desk.}
  - {name: Nivaran Editorial Team, role: Editorial team, bio: The editors.}
  - {name: Ira Venkataraman, role: Columnist, bio: A columnist.}
`

// Story returns a valid story file with the given id and extra front matter.
func Story(id, extra string) string {
	return "---\nid: " + id + "\ntitle: \"Story " + id + "\"\nintroduction: \"Intro of story " + id + ".\"\n" +
		"author: \"Nivaran Economy Desk\"\npublishedAt: 2025-08-1" + id[len(id)-1:] + "\ncategory: \"Economic Policy\"\n" + extra +
		"---\n\nBody of story " + id + ".\n\n**Solution Spotlight:** Do something.\n"
}

// Root is the repository root (where go.mod is).
func Root(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}

// Options writes files (paths like "stories/a.md", "site.yaml") into a fresh
// folder and returns build options pointing at it.
func Options(t testing.TB, files map[string]string) pipeline.Options {
	t.Helper()
	SkipIfShort(t)
	dir := t.TempDir()
	if _, ok := files["site.yaml"]; !ok {
		files["site.yaml"] = Site
	}
	if err := os.MkdirAll(filepath.Join(dir, "stories"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pipeline.Options{
		Root:    Root(t),
		Config:  filepath.Join(dir, "site.yaml"),
		Stories: filepath.Join(dir, "stories"),
		Out:     filepath.Join(dir, "dist"),
		Now:     time.Date(2025, 9, 5, 0, 0, 0, 0, time.UTC),
		Shared:  shared(t),
	}
}

// SkipIfShort skips a test that builds a whole site (Node, esbuild, every
// stage) under go test -short, the unit tests' inner loop.
func SkipIfShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a whole site: run without -short")
	}
}

// sharedBuilders serves every build of a test binary: one builder per core,
// each starting Node and bundling the frontend once (a fresh builder per
// build cost 45-97 ms of Node start each, ~190 times in the pipeline's tests).
var sharedBuilders struct {
	once sync.Once
	s    *pipeline.Shared
}

func shared(t testing.TB) *pipeline.Shared {
	SkipIfShort(t)
	root := Root(t)
	sharedBuilders.once.Do(func() { sharedBuilders.s = pipeline.NewShared(root, runtime.NumCPU()) })
	return sharedBuilders.s
}

// Build builds the files and returns the output folder; it fails the test on error.
func Build(t testing.TB, files map[string]string) string {
	t.Helper()
	o := Options(t, files)
	if _, err := pipeline.Run(o); err != nil {
		t.Fatalf("build: %v", err)
	}
	return o.Out
}

// Read returns a file of a built site.
func Read(t testing.TB, dist, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatalf("reading %s: %v", rel, err)
	}
	return string(b)
}

// PageData is the data a built page carries for the browser (its
// script#page-data).
func PageData(t testing.TB, dist, page string) []byte {
	t.Helper()
	return []byte(Between(Read(t, dist, page), `<script type="application/json" id="page-data">`, "</script>"))
}

// Between returns the text between two markers (for picking a head element).
func Between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	if j := strings.Index(s, end); j >= 0 {
		return s[:j]
	}
	return s
}

// Newsroom is a small site exercising the newsroom workflow: several
// authors, tags, an update and corrections, a draft (id 9) and a story
// scheduled for 2025-09-06 (id 10), the day after Options' Now in the site's
// time zone (IST). Pictures are external, so page data holds no hashes.
func Newsroom() map[string]string {
	img := func(id string) string {
		return "featuredImage: https://images.example/" + id + ".jpg\nimageWidth: 1200\nimageHeight: 630\n"
	}
	story := func(id, date, front string) string {
		return "---\nid: " + id + "\ntitle: \"Story " + id + "\"\nintroduction: \"Intro of story " + id + ".\"\n" +
			"publishedAt: " + date + "\ncategory: \"Economic Policy\"\n" + img(id) + front +
			"---\n\nBody of story " + id + ".\n\n**Solution Spotlight:** Do something.\n"
	}
	return map[string]string{
		"site.yaml": Site + `  - name: Asha Rao
    role: Contributing writer
    bio: Asha Rao writes about credit and small firms.
    links: [{label: Website, url: "https://asha.example"}]
`,
		"stories/rbi.md": story("5", "2025-08-15", `path: /rbi-policy
authors: ["Ira Venkataraman", "Nivaran Economy Desk"]
updatedAt: 2025-08-20
tags: ["RBI", "Rates"]
corrections:
  - {date: 2025-08-22, text: "A later correction."}
  - {date: 2025-08-18, text: "An earlier version gave the repo rate as 5.75%."}
`),
		"stories/msme.md": story("7", "2025-08-17", `author: "Nivaran Economy Desk"
tags: ["rbi", "MSME"]
`),
		"stories/three.md": story("8", "2025-08-19", `authors: ["Asha Rao", "Ira Venkataraman", "Nivaran Economy Desk"]
tags: ["Credit"]
`),
		"stories/draft.md":  strings.Replace(story("9", "2025-08-20", "author: \"Asha Rao\"\ndraft: true\ntags: [\"RBI\"]\n"), "Story 9", "Draft Story Nine", 1),
		"stories/future.md": strings.Replace(story("10", "2025-09-06", "author: \"Asha Rao\"\ntags: [\"RBI\"]\n"), "Story 10", "Future Story Ten", 1),
	}
}

// Tree is every file and folder under dir with its mode and a hash of its
// content, one a line: equal trees are byte-for-byte equal. A missing dir
// gives "(missing)".
func Tree(t testing.TB, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		line := fmt.Sprintf("%s %v", filepath.ToSlash(rel), fi.Mode())
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			line += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		lines = append(lines, line)
		return nil
	})
	if os.IsNotExist(err) {
		return "(missing)"
	}
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// Write writes a file, failing the test if it cannot.
func Write(t testing.TB, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
