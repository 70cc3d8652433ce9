package pipeline_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// files is a sink that keeps a build in memory, as magazine dev does.
type files map[string][]byte

func (f files) Put(path string, file pipeline.File) error {
	if file.Data != nil || file.More != nil {
		f[path] = bytes.Join(append([][]byte{file.Data}, file.More...), nil)
	}
	return nil
}

// keepingBuilder is a builder of its own for the site of files, keeping
// each good build for Edit, as magazine dev's is.
func keepingBuilder(t *testing.T, files map[string]string) (*pipeline.Builder, pipeline.Options) {
	t.Helper()
	o := gt.Options(t, files)
	o.Shared = nil
	b, err := pipeline.NewBuilder(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	b.KeepState()
	return b, o
}

// A small site's build stopped by a story that cannot be read (its front
// matter not YAML) starts no Node render worker; the next build, the
// mistake mended, starts it. (A story read but wrong is left out, and the
// others' pages are made to check their links.)
func TestWorkersStartOnceTheStoriesAreRead(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{"stories/a.md": strings.Replace(gt.Story("1", ""), "title: \"Story 1\"", "title: [Story 1", 1)})
	if _, err := b.Build(nil, files{}); err == nil {
		t.Fatal("a story in no category built")
	}
	if b.Working() {
		t.Error("a build that stopped at its stories started the render workers")
	}
	os.WriteFile(filepath.Join(o.Stories, "a.md"), []byte(gt.Story("1", "")), 0o644)
	build(t, b, files{})
	if !b.Working() {
		t.Error("no render workers after a build")
	}
}

func build(t *testing.T, b *pipeline.Builder, into files) {
	t.Helper()
	if _, err := b.Build(nil, into); err != nil {
		t.Fatal(err)
	}
}

func differ(a, b files) []string {
	var out []string
	for p, d := range a {
		if !bytes.Equal(d, b[p]) {
			out = append(out, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p+" (missing)")
		}
	}
	sort.Strings(out)
	return out
}

// An edit to a story's text, applied by Edit to the last build, gives the
// site a build from nothing gives, byte for byte; an edit that other pages
// show (a title, a read time, a new picture) is refused, for Build to make.
func TestEditEqualsARebuild(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{
		"stories/a.md": gt.Story("5", "path: /rbi-policy\naliases: [/old-rbi]\ntags: [RBI, Rates]\n"),
		"stories/b.md": gt.Story("6", "tags: [RBI]\n"),
		"stories/c.md": gt.Story("7", "path: /deep-dive\nlayout: article\ntags: [Rates]\n"),
	})
	site := files{}
	build(t, b, site)

	edit := func(file, from, to string) {
		t.Helper()
		p := filepath.Join(o.Stories, file)
		src, _ := os.ReadFile(p)
		if !strings.Contains(string(src), from) {
			t.Fatalf("%s lacks %q", file, from)
		}
		os.WriteFile(p, []byte(strings.Replace(string(src), from, to, 1)), 0o644)
	}
	edit("a.md", "Body of story 5.", "Body of story 5, edited: the *repo rate* held at 5.5% and [a link](/deep-dive).")
	edit("c.md", "Do something.", "Do something else, with the edit.")
	res, ok, err := b.Edit([]string{filepath.Join(o.Stories, "a.md"), filepath.Join(o.Stories, "c.md")}, site)
	if err != nil || !ok {
		t.Fatalf("edit: %v %v", ok, err)
	}
	// The two stories' pages: a's (at its path and /story/5, its alias a
	// redirecting page), c's dedicated page and its generic /story/7.
	if res.Rendered != 3 {
		t.Errorf("rendered %d pages, want 3", res.Rendered)
	}
	fresh := files{}
	build(t, b, fresh)
	if d := differ(site, fresh); len(d) > 0 {
		t.Errorf("after the edit, these differ from a build from nothing: %v", d)
	}
	if !strings.Contains(string(site["rbi-policy/index.html"]), "the <em>repo rate</em> held") {
		t.Error("the edit is not on the page")
	}

	// Edit refuses what other pages show; nothing changes meanwhile.
	for _, c := range []struct{ file, from, to string }{
		{"b.md", `title: "Story 6"`, `title: "Story Six"`},
		{"b.md", "Body of story 6.", strings.Repeat("Many more words in the body. ", 200)},
		{"b.md", "Body of story 6.", "Body.\n\n![A chart](https://images.example/x.png)"},
		{"b.md", "tags: [RBI]", "tags: [RBI, Banks]"},
	} {
		before := files{}
		for p, d := range site {
			before[p] = d
		}
		edit(c.file, c.from, c.to)
		if _, ok, err := b.Edit([]string{filepath.Join(o.Stories, c.file)}, site); ok || err != nil {
			t.Errorf("%s -> %s: Edit took it (%v)", c.from, c.to, err)
		}
		if d := differ(site, before); len(d) > 0 {
			t.Errorf("a refused edit changed %v", d)
		}
		edit(c.file, c.to, c.from)
	}
}

// keyed is a sink that keeps a build in memory with each file's key, and
// answers Build's have from them, as magazine dev's site does.
type keyed struct {
	files
	keys map[string]string
	mu   *sync.Mutex // have is asked from several goroutines while Put writes
}

func newKeyed() keyed { return keyed{files{}, map[string]string{}, &sync.Mutex{}} }

func (k keyed) Put(path string, f pipeline.File) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if f.Key == "" && f.Data == nil {
		return nil // made later (Builder.DeferListings): kept as it is meanwhile
	}
	k.keys[path] = f.Key
	return k.files.Put(path, f)
}

func (k keyed) has(path, key string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.keys[path] == key
}

// Edit after builds whose pages the memo remembers (a dev session started
// with the cache of an earlier one) makes the edited story's pages anew.
func TestEditAfterRememberedBuilds(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{
		"stories/a.md": gt.Story("5", "tags: [RBI]\n"),
		"stories/b.md": gt.Story("6", "tags: [RBI]\n"),
	})
	site := newKeyed()
	for range 2 { // the second build reads the memo the first saved
		if _, err := b.Build(site.has, site); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(o.Stories, "a.md")
	src, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(src), "Body of story 5.", "An edited body.", 1)), 0o644)
	if _, ok, err := b.Edit([]string{p}, site); err != nil || !ok {
		t.Fatalf("edit: %v %v", ok, err)
	}
	if !strings.Contains(string(site.files["story/5/index.html"]), "An edited body.") {
		t.Error("the edit is not on the page")
	}
}
