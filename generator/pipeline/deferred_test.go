package pipeline_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/emit/output"
	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// With DeferListings, a build leaves the later pages of listings that may
// have changed for RenderPending: one asked for is made alone, the rest a
// few at a time, and then the site is a build from nothing, byte for byte.
// The next build knows the pages made so, and defers nothing.
func TestDeferredListingPages(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{
		"site.yaml":    gt.Site + "perPage: 1\n",
		"stories/a.md": gt.Story("1", "tags: [RBI]\n"),
		"stories/b.md": gt.Story("2", "tags: [RBI]\n"),
		"stories/c.md": gt.Story("3", "tags: [RBI]\n"),
	})
	b.DeferListings()
	site := newKeyed()
	res, err := b.Build(site.has, site)
	if err != nil {
		t.Fatal(err)
	}
	const second = "tag/rbi/page/2/index.html"
	if _, made := site.files[second]; made || !b.Pending(second) || res.Pending < 2 {
		t.Fatalf("%s: made %v, pending %v; %d pages pending", second, made, b.Pending(second), res.Pending)
	}
	if b.Pending("tag/rbi/index.html") {
		t.Error("a listing's first page is left for later")
	}
	left, err := b.RenderPending([]string{second}, site.has, site)
	if err != nil {
		t.Fatal(err)
	}
	if _, made := site.files[second]; !made || b.Pending(second) || left != res.Pending-1 {
		t.Fatalf("asked for, %s: made %v, still pending %v; %d of %d left", second, made, b.Pending(second), left, res.Pending)
	}
	makeTheRest(t, b, site, o)
	res, err = b.Build(site.has, site)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pending != 0 || res.Rendered != 0 {
		t.Errorf("nothing changed, yet %d pages rendered and %d pending", res.Rendered, res.Pending)
	}
}

// With DeferListings, a build leaves story pages for later too, but for
// those of the stories it was told changed (Changed). The first build let
// the stories' bodies go: a story page asked for is made with its body,
// after a build that failed since too. A story page Edit made is no longer
// pending. Once every page is made, the site is a build from nothing.
func TestDeferredStoryPages(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{
		"site.yaml":    gt.Site,
		"stories/a.md": gt.Story("1", "tags: [RBI]\n"),
		"stories/b.md": gt.Story("2", "tags: [RBI]\n"),
		"stories/c.md": gt.Story("3", ""),
		"stories/d.md": gt.Story("4", ""),
	})
	b.DeferListings()
	site := newKeyed()
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	page := func(id string) string { return "story/" + id + "/index.html" }
	for _, id := range []string{"1", "2", "3", "4"} {
		if _, made := site.files[page(id)]; made || !b.Pending(page(id)) {
			t.Fatalf("%s: made %v, pending %v: a story's page is not left for later", page(id), made, b.Pending(page(id)))
		}
	}
	if _, made := site.files["index.html"]; !made {
		t.Fatal("the home page is left for later")
	}
	if b.StoriesWithoutBodies() == 0 {
		t.Fatal("the first build kept every body: the pages left need none given back")
	}
	// Asked for, a page is made alone, with its body.
	if _, err := b.RenderPending([]string{page("1")}, site.has, site); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(site.files[page("1")]), "Body of story 1.") || b.Pending(page("2")) == false {
		t.Fatalf("asked for, %s is not made with its body alone", page("1"))
	}
	// Edit makes c's page from the edited story: it is pending no more.
	c := filepath.Join(o.Stories, "c.md")
	gt.Write(t, c, strings.Replace(gt.Story("3", ""), "Body of story 3.", "Edited body of story 3.", 1))
	if _, patched, err := b.Edit([]string{c}, site); err != nil || !patched {
		t.Fatalf("edit: patched %v, %v", patched, err)
	}
	if b.Pending(page("3")) || !strings.Contains(string(site.files[page("3")]), "Edited body of story 3.") {
		t.Fatalf("%s: pending %v after Edit made it", page("3"), b.Pending(page("3")))
	}
	// A build that fails later (a story) leaves the pending pages as they
	// were: made, b's has its body.
	a := filepath.Join(o.Stories, "a.md")
	gt.Write(t, a, strings.Replace(gt.Story("1", "tags: [RBI]\n"), "title:", "titel:", 1))
	b.Changed([]string{a})
	if _, err := b.Build(site.has, site); err == nil {
		t.Fatal("a story with an unknown key built")
	}
	if _, err := b.RenderPending([]string{page("2")}, site.has, site); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(site.files[page("2")]), "Body of story 2.") {
		t.Fatalf("%s, made after a failed build, lacks its body", page("2"))
	}
	// The next build, told a changed, makes a's page; d's is still left
	// for later, unchanged.
	gt.Write(t, a, strings.Replace(gt.Story("1", "tags: [RBI]\n"), "Body of story 1.", "Body of story one.", 1))
	b.Changed([]string{a})
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	if b.Pending(page("1")) || !strings.Contains(string(site.files[page("1")]), "Body of story one.") {
		t.Errorf("%s is not made by the build told its story changed", page("1"))
	}
	if !b.Pending(page("4")) {
		t.Errorf("%s, never asked for, is not pending", page("4"))
	}
	makeTheRest(t, b, site, o)
}

// A rebuild that fails at its first step (the config) before any pending
// page gave the first build's bodies back leaves the pending story pages
// makeable, with their bodies.
func TestPendingStoryPageAfterAFailedRebuild(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{"site.yaml": gt.Site, "stories/a.md": gt.Story("1", ""), "stories/b.md": gt.Story("2", "")})
	b.DeferListings()
	site := newKeyed()
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	gt.Write(t, o.Config, "name: [\n")
	if _, err := b.Build(site.has, site); err == nil {
		t.Fatal("a broken site.yaml built")
	}
	if _, err := b.RenderPending([]string{"story/1/index.html"}, site.has, site); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(site.files["story/1/index.html"]), "Body of story 1.") {
		t.Fatal("made after a build that failed on its config, the story's page lacks its body")
	}
}

// An Edit that fails once it took the edited story in leaves the story's
// pending pages no longer remembered by the build's inputs, which describe
// the story before the edit: made later, they teach the page memo nothing
// wrong, and when the story goes back to those inputs its page is made
// again. (Test builds make every remembered page and fail when it differs.)
func TestFailedEditTeachesTheMemoNothing(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{"site.yaml": gt.Site, "stories/a.md": gt.Story("1", ""), "stories/b.md": gt.Story("2", "")})
	b.DeferListings()
	site := newKeyed()
	build := func() {
		t.Helper()
		if _, err := b.Build(site.has, site); err != nil {
			t.Fatal(err)
		}
	}
	build()
	a := filepath.Join(o.Stories, "a.md")
	gt.Write(t, a, strings.Replace(gt.Story("1", ""), "Body of story 1.", "An edited body.", 1))
	if _, _, err := b.Edit([]string{a}, failingSink{}); err == nil {
		t.Fatal("an Edit into a failing sink succeeded")
	}
	if _, err := b.RenderPending([]string{"story/1/index.html"}, site.has, site); err != nil {
		t.Fatal(err)
	}
	b.Changed([]string{a})
	build()
	makeTheRest(t, b, site, o)
	b.Warm()
	gt.Write(t, a, gt.Story("1", ""))
	b.Changed([]string{a})
	build()
	makeTheRest(t, b, site, o)
}

type failingSink struct{}

func (failingSink) Put(string, pipeline.File) error { return errors.New("the disk is full") }

// A broken link in a page made after its build is reported then, and
// stands (LateProblems) through builds that do not make that page again,
// until one does, fixed, or the page goes.
func TestLateProblemsStandUntilThePageIsMadeAgain(t *testing.T) {
	t.Parallel()
	broken := strings.Replace(gt.Story("1", ""), "Body of story 1.", "See [the report](/no-such-page).", 1)
	b, o := keepingBuilder(t, map[string]string{
		"site.yaml":    gt.Site,
		"stories/a.md": broken,
		"stories/b.md": gt.Story("2", ""),
		"stories/c.md": strings.Replace(broken, "id: 1", "id: 3", 1),
	})
	b.DeferListings()
	site := newKeyed()
	build := func(changed ...string) {
		t.Helper()
		if changed != nil {
			b.Changed(changed)
		}
		if _, err := b.Build(site.has, site); err != nil {
			t.Fatal(err)
		}
	}
	build()
	var err error
	for left := 1; left > 0 && err == nil; {
		left, err = b.RenderPending(nil, site.has, site)
	}
	if _, ok := pipeline.Diagnostics(err); !ok || !strings.Contains(err.Error(), "broken link /no-such-page") {
		t.Fatalf("made later, a's page reports %v", err)
	}
	a, bFile, c := filepath.Join(o.Stories, "a.md"), filepath.Join(o.Stories, "b.md"), filepath.Join(o.Stories, "c.md")
	gt.Write(t, bFile, strings.Replace(gt.Story("2", ""), "Story 2", "Story Two", 1))
	build(bFile)
	if late := b.LateProblems(); len(late) != 2 || late[0].File != a || late[0].Line != 10 || late[1].File != c {
		t.Fatalf("after a build that made other pages: %v", late)
	}
	if err := os.Remove(c); err != nil {
		t.Fatal(err)
	}
	build(c)
	if late := b.LateProblems(); len(late) != 1 || late[0].File != a {
		t.Fatalf("c deleted: %v", late)
	}
	gt.Write(t, a, gt.Story("1", ""))
	build(a)
	if late := b.LateProblems(); len(late) != 0 {
		t.Fatalf("a's page made again, fixed: %v", late)
	}
}

// makeTheRest makes every page still pending and checks that the site is
// then the one a build from nothing makes, byte for byte.
func makeTheRest(t *testing.T, b *pipeline.Builder, site keyed, o pipeline.Options) {
	t.Helper()
	for left := 1; left > 0; {
		var err error
		if left, err = b.RenderPending(nil, site.has, site); err != nil {
			t.Fatal(err)
		}
	}
	o.Out, o.Cache = filepath.Join(t.TempDir(), "dist"), filepath.Join(t.TempDir(), "cache")
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	if d := differ(site.files, tree(t, o.Out)); len(d) > 0 {
		t.Errorf("made later, the site differs from a build from nothing: %v", d)
	}
}

// tree reads a folder's files.
func tree(t *testing.T, dir string) files {
	t.Helper()
	out := files{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Warm gives back the bodies a first build let go, and the build after it,
// taking the unchanged stories as they are, is the one a build from
// nothing makes: a's page shows c, whose tags change.
func TestWarmGivesTheBodiesBack(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{
		"site.yaml":    gt.Site,
		"stories/a.md": gt.Story("1", "tags: [RBI]\n"),
		"stories/b.md": gt.Story("2", "tags: [Trade]\n"),
		"stories/c.md": gt.Story("3", "tags: [RBI]\n"),
	})
	site := newKeyed()
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	if b.StoriesWithoutBodies() == 0 {
		t.Fatal("the first build kept every body: nothing to give back")
	}
	b.Warm()
	if n := b.StoriesWithoutBodies(); n != 0 {
		t.Fatalf("warmed, %d stories are still without their bodies", n)
	}
	c := filepath.Join(o.Stories, "c.md")
	if err := os.WriteFile(c, []byte(gt.Story("3", "tags: [Trade]\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Changed([]string{c})
	res, err := b.Build(site.has, site)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rendered < 2 {
		t.Errorf("%d pages rendered: a's, showing c, is one", res.Rendered)
	}
	o.Out, o.Cache = filepath.Join(t.TempDir(), "dist"), filepath.Join(t.TempDir(), "cache")
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	if d := differ(site.files, tree(t, o.Out)); len(d) > 0 {
		t.Errorf("the site differs from a build from nothing: %v", d)
	}
}

// servedSite is a sink as magazine dev's site is: it holds one good build
// (commit drops the files the last build did not put), says whether it has
// files a build lacks, and gives them back.
type servedSite struct {
	keyed
	put map[string]bool
}

func (s *servedSite) Put(path string, f pipeline.File) error {
	s.mu.Lock()
	s.put[path] = true
	s.mu.Unlock()
	return s.keyed.Put(path, f)
}

func (s *servedSite) commit() {
	for p := range s.keys {
		if !s.put[p] {
			delete(s.keys, p)
			delete(s.files, p)
		}
	}
	s.put = map[string]bool{}
}

func (s *servedSite) Lost(names []string) bool { return output.Lost(s.keys, names) }

func (s *servedSite) Read(path string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.files[path]; ok {
		return d, nil
	}
	return nil, fs.ErrNotExist
}

// A page that a deferring build did not make again is checked after it,
// from the site: a story's address gone makes the links to it from
// unchanged pages late problems (magazine build fails on them), and a
// late problem goes once the page it missed is there.
func TestUnchangedPagesCheckedAfterTheBuild(t *testing.T) {
	t.Parallel()
	linking := strings.Replace(gt.Story("1", ""), "Body of story 1.", "See [two](/two) and [three](/three).", 1)
	// b and c are of another category than a, which has newer stories of
	// its own to relate to: a's page does not change with them.
	other := func(id, path string) string {
		return strings.Replace(gt.Story(id, "path: "+path+"\n"), "Economic Policy", "Technology", 1)
	}
	b, o := keepingBuilder(t, map[string]string{
		"stories/a.md": linking,
		"stories/b.md": other("2", "/two"),
		"stories/d.md": gt.Story("7", ""),
		"stories/e.md": gt.Story("8", ""),
		"stories/f.md": gt.Story("9", ""),
	})
	b.DeferListings()
	site := &servedSite{newKeyed(), map[string]bool{}}
	a, bFile, c := filepath.Join(o.Stories, "a.md"), filepath.Join(o.Stories, "b.md"), filepath.Join(o.Stories, "c.md")
	// late builds (told which story changed, if any), makes every pending page and
	// checks the rest, and returns the late problems.
	late := func(changed ...string) []string {
		t.Helper()
		if changed != nil {
			b.Changed(changed)
		}
		if _, err := b.Build(site.has, site); err != nil {
			t.Fatal(err)
		}
		site.commit()
		for left := 1; left > 0; {
			var err error
			if left, err = b.RenderPending(nil, site.has, site); err != nil {
				if _, ok := pipeline.Diagnostics(err); !ok {
					t.Fatal(err)
				}
			}
		}
		var out []string
		for _, d := range b.LateProblems() {
			out = append(out, d.String())
		}
		return out
	}
	want := a + ":10: broken link /three: no page or file of the site has that address"
	if got := late(); len(got) != 1 || got[0] != want {
		t.Fatalf("first build: %v, want %s", got, want)
	}
	gt.Write(t, c, other("3", "/three"))
	if got := late(c); len(got) != 0 {
		t.Fatalf("once /three is there: %v", got)
	}
	gt.Write(t, bFile, other("2", "/deux"))
	want = a + ":10: broken link /two: no page or file of the site has that address"
	if got := late(bFile); len(got) != 1 || got[0] != want {
		t.Fatalf("b moved from /two: %v, want %s", got, want)
	}
	gt.Write(t, bFile, other("2", "/two"))
	if got := late(bFile); len(got) != 0 {
		t.Fatalf("b back at /two: %v", got)
	}
	// Moved again, and another story saved before the pages were checked
	// again: the next build, which lost no file, still has them checked.
	gt.Write(t, bFile, other("2", "/deux"))
	b.Changed([]string{bFile})
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	site.commit()
	d := filepath.Join(o.Stories, "d.md")
	gt.Write(t, d, strings.Replace(gt.Story("7", ""), "Body of story 7.", "Edited.", 1))
	if got := late(d); len(got) != 1 || got[0] != want {
		t.Fatalf("b moved, d saved before the check: %v, want %s", got, want)
	}
}
