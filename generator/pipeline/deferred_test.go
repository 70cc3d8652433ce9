package pipeline_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

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
	for left > 0 {
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
	res, err = b.Build(site.has, site)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pending != 0 || res.Rendered != 0 {
		t.Errorf("nothing changed, yet %d pages rendered and %d pending", res.Rendered, res.Pending)
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
