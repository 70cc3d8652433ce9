package pipeline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// One test per defect of issue 17 (and issue 15's permissions), through
// the build and check entry points.

func check(o pipeline.Options) error {
	_, err := pipeline.Check(o)
	return err
}

// A build that fails while putting files in place changes nothing, and the
// build after it is exactly right (it must not trust a manifest that no
// longer describes dist/).
func TestLateFailureChangesNothing(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", ""), "stories/b.md": gt.Story("2", "")})
	o.Root = t.TempDir()
	copyDir(t, gt.Root(t), o.Root, "frontend", "templates")
	run(t, o)
	original := gt.Tree(t, o.Out)

	// An edit that changes many files, and a static file that collides
	// with a page only when files are put in place.
	story := filepath.Join(o.Stories, "a.md")
	os.WriteFile(story, []byte(strings.Replace(gt.Story("1", ""), `title: "Story 1"`, `title: "Story One"`, 1)), 0o644)
	public := filepath.Join(o.Root, "frontend", "public", "about")
	os.WriteFile(public, []byte("a file where a page's folder goes"), 0o644)
	_, err := pipeline.Run(o)
	if err == nil || !strings.Contains(err.Error(), "about") {
		t.Fatalf("want a failure naming about, got %v", err)
	}
	if gt.Tree(t, o.Out) != original {
		t.Fatal("a failed build changed dist/")
	}
	// Undo both: the next build must give back the original site exactly.
	os.Remove(public)
	os.WriteFile(story, []byte(gt.Story("1", "")), 0o644)
	run(t, o)
	if gt.Tree(t, o.Out) != original {
		t.Fatal("the build after a failed one does not match the site")
	}
}

func TestLeftoversOfKilledBuildsAreCleared(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	parent := filepath.Dir(o.Out)
	for _, d := range []string{".dist.building-1234", ".dist-changes.building-5678"} {
		os.MkdirAll(filepath.Join(parent, d, "story"), 0o700)
	}
	run(t, o)
	for _, d := range []string{".dist.building-1234", ".dist-changes.building-5678"} {
		if _, err := os.Stat(filepath.Join(parent, d)); !os.IsNotExist(err) {
			t.Errorf("%s left behind", d)
		}
	}
}

// Hosts serve dist/ as another user (nginx's www-data): every folder and
// file must be readable by others, whatever the umask.
func TestDistReadableByOthers(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	for i := range 2 { // a fresh build, then an incremental one
		if i == 1 {
			os.WriteFile(filepath.Join(o.Stories, "b.md"), []byte(gt.Story("2", "")), 0o644)
		}
		run(t, o)
		filepath.Walk(o.Out, func(p string, fi os.FileInfo, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm()&0o004 == 0 || fi.IsDir() && fi.Mode().Perm()&0o001 == 0 {
				t.Errorf("%s: mode %v is not readable by others", p, fi.Mode().Perm())
			}
			return nil
		})
	}
}

// featuredImage never reaches outside stories/, and check says so too.
func TestPicturesStayInsideStories(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	src, _ := os.ReadFile(filepath.Join(gt.Root(t), "generator", "images", "testdata", "not-an-image.jpg"))
	outside := filepath.Join(filepath.Dir(o.Stories), "elsewhere", "big.png")
	os.MkdirAll(filepath.Dir(outside), 0o755)
	os.WriteFile(outside, src, 0o644)
	for _, image := range []string{"../elsewhere/big.png", "../../../../../../../../../dev/zero", "../../../../../../../../../etc/passwd"} {
		os.WriteFile(filepath.Join(o.Stories, "a.md"), []byte(gt.Story("1", "featuredImage: "+image+"\n")), 0o644)
		want := filepath.Join(o.Stories, "a.md") + `:8: featuredImage: "` + image + `" points outside the stories folder`
		if err := check(o); err == nil || err.Error() != want {
			t.Errorf("check %s: %v", image, err)
		}
		if image == "../elsewhere/big.png" {
			if _, err := pipeline.Run(o); err == nil || err.Error() != want {
				t.Errorf("build %s: %v", image, err)
			}
		}
	}
}

// A story cannot take over another story's URL.
func TestNoStoryTakesAnothersURL(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", ""), "stories/b.md": gt.Story("9001", "path: /story/1\n")})
	want := filepath.Join(o.Stories, "b.md") + ":8: path: /story/1 is reserved: /story/<id> is each story's own address (this story's is /story/9001)"
	for name, f := range map[string]func(pipeline.Options) error{"check": check, "build": func(o pipeline.Options) error { _, err := pipeline.Run(o); return err }} {
		if err := f(o); err == nil || err.Error() != want {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The site's own file names are not story paths: check and build say so
// at the story's line.
func TestReservedOutputNames(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"/sitemap.xml", "/feed.xml", "/index.html", "/404.html", "/assets/x", "/images/x", "/robots.txt", "/news-sitemap.xml"} {
		o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "path: "+p+"\n")})
		prefix := filepath.Join(o.Stories, "a.md") + ":8: path: " + p + " "
		if err := check(o); err == nil || !strings.HasPrefix(err.Error(), prefix) || strings.Contains(err.Error(), "\n") {
			t.Errorf("check %s: %v", p, err)
		}
		if _, err := pipeline.Run(o); err == nil || !strings.HasPrefix(err.Error(), prefix) {
			t.Errorf("build %s: %v", p, err)
		}
		if _, err := os.Stat(o.Out); !os.IsNotExist(err) {
			t.Errorf("%s: dist/ written", p)
		}
	}
}

// check reports the picture problems the build finds.
func TestCheckFindsBadPictures(t *testing.T) {
	t.Parallel()
	for name, setup := range map[string]func(dir string){
		"text.jpg": func(dir string) { os.WriteFile(filepath.Join(dir, "images", "text.jpg"), []byte("hello"), 0o644) },
		"huge.png": func(dir string) { os.WriteFile(filepath.Join(dir, "images", "huge.png"), []byte(hugePNG()), 0o644) },
		"x.jpg":    func(dir string) { os.MkdirAll(filepath.Join(dir, "images", "x.jpg"), 0o755) },
	} {
		o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "featuredImage: images/"+name+"\n")})
		os.MkdirAll(filepath.Join(o.Stories, "images"), 0o755)
		setup(o.Stories)
		err := check(o)
		if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(o.Stories, "a.md")+":8: featuredImage: ") {
			t.Errorf("check %s: %v", name, err)
		}
		if _, berr := pipeline.Run(o); berr == nil || err == nil || berr.Error() != err.Error() {
			t.Errorf("build %s: %v", name, berr)
		}
	}
}

// Limits: NUL and control characters in front matter, huge stories,
// runaway titles.
func TestLimits(t *testing.T) {
	t.Parallel()
	s := gt.Story("1", "")
	for name, src := range map[string]string{
		"NUL in the title": strings.Replace(s, `title: "Story 1"`, `title: "Story\0 1"`, 1),
		"20 MB story":      strings.Replace(s, "Body of story 1.", strings.Repeat("Body of story one. ", 1<<20), 1),
		"2,000-char title": strings.Replace(s, `title: "Story 1"`, `title: "`+strings.Repeat("a", 2000)+`"`, 1),
	} {
		o := gt.Options(t, map[string]string{"stories/a.md": src})
		if _, err := pipeline.Run(o); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(o.Stories, "a.md")+":") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A duplicate id is blamed on the file that introduced it: the one changed
// last, whatever the names; so is its copied path, in the same run, not
// once the id is fixed.
func TestDuplicateBlamesTheNewerFile(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "path: /x\n"), "stories/b.md": gt.Story("2", "")})
	a, b := filepath.Join(o.Stories, "a.md"), filepath.Join(o.Stories, "b.md")
	os.WriteFile(b, []byte(gt.Story("1", "path: /x\n")), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(b, old, old) // b.md was there first
	want := a + ":2: id 1 is already used by " + b + "\n" + a + ":8: path: /x is already used by " + b
	if err := check(o); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// Removing a page that an unchanged page links to is a broken link too,
// though that page is not rendered again.
func TestRemovedPageStillLinkedFails(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"stories/a.md": strings.Replace(gt.Story("1", ""), "Body of story 1.", "Body of story 1, after [the other](/gone-soon).", 1),
		"stories/b.md": gt.Story("2", "aliases: [/gone-soon]\n"),
	})
	run(t, o)
	// Story 2 drops the alias; story 1's page does not change.
	os.WriteFile(filepath.Join(o.Stories, "b.md"), []byte(gt.Story("2", "")), 0o644)
	want := filepath.Join(o.Stories, "a.md") + ":10: broken link /gone-soon: no page or file of the site has that address"
	if err := check(o); err == nil || err.Error() != want {
		t.Errorf("check: %v", err)
	}
	if _, err := pipeline.Run(o); err == nil || err.Error() != want {
		t.Errorf("build: %v", err)
	}
}
