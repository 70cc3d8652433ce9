package output

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
)

// site is a test's output folder and cache.
type site struct {
	t          *testing.T
	root       string
	out, cache string
}

func newSite(t *testing.T) *site {
	root := t.TempDir()
	return &site{t: t, root: root, out: filepath.Join(root, "dist"), cache: filepath.Join(root, "cache")}
}

// build writes files (data "" means: unchanged, no content given) and commits.
func (s *site) build(full bool, files map[string]File) (int, error) {
	s.t.Helper()
	w, err := Open(s.out, s.cache, full)
	if err != nil {
		s.t.Fatal(err)
	}
	for p, f := range files {
		if err := w.Put(p, f); err != nil {
			w.Abort()
			return 0, err
		}
	}
	return w.Commit()
}

// tree reads every file under dir.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func same(a, b map[string]string) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

func ino(t *testing.T, p string) uint64 {
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}

func TestFreshThenChangedThenFromTheSpare(t *testing.T) {
	s := newSite(t)
	files := map[string]File{
		"index.html":      {Key: "k1", Data: []byte("home")},
		"a/index.html":    {Key: "k2", Data: []byte("a")},
		"gone/index.html": {Key: "k3", Data: []byte("gone")},
		"assets/app-X.js": {Key: "k4", Data: []byte("js")},
	}
	if n, err := s.build(false, files); err != nil || n != 4 {
		t.Fatalf("fresh: %d %v", n, err)
	}
	man := LoadManifest(s.cache, s.out)
	if man == nil || !man.Has("a/index.html", "k2") || man.Has("a/index.html", "other") {
		t.Fatal("manifest not recorded")
	}
	delete(files, "gone/index.html")
	files["a/index.html"] = File{Key: "k2b", Data: []byte("a2")}
	files["index.html"] = File{Key: "k1"} // unchanged: no data needed
	if n, err := s.build(false, files); err != nil || n != 1 {
		t.Fatalf("changed: wrote %d %v", n, err)
	}
	want := map[string]string{"index.html": "home", "a/index.html": "a2", "assets/app-X.js": "js"}
	if got := tree(t, s.out); !same(got, want) {
		t.Fatalf("dist: %v", got)
	}
	// The previous generation is kept as the spare, sharing unchanged files.
	spare := inCache(s.out, s.cache).staging
	if got := tree(t, spare); !same(got, map[string]string{"index.html": "home", "a/index.html": "a", "gone/index.html": "gone", "assets/app-X.js": "js"}) {
		t.Fatalf("spare: %v", got)
	}
	if ino(t, filepath.Join(spare, "index.html")) != ino(t, filepath.Join(s.out, "index.html")) {
		t.Error("an unchanged file should be one inode in both generations")
	}
	// The next build starts from the spare: it replaces only what differs.
	files["b/index.html"] = File{Key: "k5", Data: []byte("b")}
	files["a/index.html"] = File{Key: "k2b"}
	if n, err := s.build(false, files); err != nil || n != 1 {
		t.Fatalf("third: wrote %d %v", n, err)
	}
	want["b/index.html"] = "b"
	if got := tree(t, s.out); !same(got, want) {
		t.Fatalf("dist after the third build: %v", got)
	}
	if _, err := os.Stat(filepath.Join(s.out, "gone")); !os.IsNotExist(err) {
		t.Error("a folder left empty should go")
	}
}

// A full build leaves a twin of its generation in hard links as the spare
// one, recorded as identical to dist/: the next build starts from it and
// replaces only what changed, rather than linking every unchanged file.
func TestFullBuildLeavesItsTwinAsTheSpare(t *testing.T) {
	s := newSite(t)
	files := map[string]File{
		"index.html":   {Key: "k1", Data: []byte("home")},
		"a/index.html": {Key: "k2", Data: []byte("a")},
		"b/c/d.json":   {Key: "k3", Data: []byte("{}")},
	}
	if n, err := s.build(true, files); err != nil || n != 3 {
		t.Fatalf("full: %d %v", n, err)
	}
	p := inCache(s.out, s.cache)
	if got := tree(t, p.staging); !same(got, tree(t, s.out)) {
		t.Fatalf("the spare is not dist/: %v", got)
	}
	if ino(t, filepath.Join(p.staging, "b/c/d.json")) != ino(t, filepath.Join(s.out, "b/c/d.json")) {
		t.Error("the spare's file is not dist/'s, linked")
	}
	if stale, ok := loadSpare(s.cache, p.staging, LoadManifest(s.cache, s.out)); !ok || len(stale) != 0 {
		t.Fatalf("the spare is not recorded as identical to dist/: %v %v", ok, stale)
	}
	if _, err := os.Stat(p.twin); !os.IsNotExist(err) {
		t.Errorf("the twin is left as well: %v", err)
	}
	w, err := Open(s.out, s.cache, false)
	if err != nil {
		t.Fatal(err)
	}
	if w.fresh || len(w.stale) != 0 {
		t.Fatalf("the next build starts afresh (%v) or with %d stale files", w.fresh, len(w.stale))
	}
	files["a/index.html"] = File{Key: "k2b", Data: []byte("a2")}
	files["index.html"], files["b/c/d.json"] = File{Key: "k1"}, File{Key: "k3"}
	for path, f := range files {
		if err := w.Put(path, f); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := w.Commit(); err != nil || n != 1 {
		t.Fatalf("next: wrote %d %v", n, err)
	}
	if got := tree(t, s.out); !same(got, map[string]string{"index.html": "home", "a/index.html": "a2", "b/c/d.json": "{}"}) {
		t.Fatalf("dist: %v", got)
	}
}

// failAfterPut starts a build that puts one file and then fails.
func failAfterPut(t *testing.T, s *site, path string, f File) {
	t.Helper()
	w, err := Open(s.out, s.cache, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Put(path, f); err != nil {
		t.Fatal(err)
	}
	w.Abort()
}

// A build that replaces an older generation's folder with a file, and then
// fails, leaves the spare without that folder's files: the next build must
// put them back.
func TestFailedBuildThatRemovedAFolder(t *testing.T) {
	s := newSite(t)
	page := map[string]File{"about/index.html": {Key: "k1", Data: []byte("about")}}
	if _, err := s.build(true, page); err != nil {
		t.Fatal(err)
	}
	failAfterPut(t, s, "about", File{Key: "k2", Data: []byte("a file")}) // the file takes the folder's place in the spare
	if _, err := s.build(false, map[string]File{"about/index.html": {Key: "k1"}}); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, s.out); !same(got, map[string]string{"about/index.html": "about"}) {
		t.Fatalf("dist: %v", got)
	}
}

// A path that turns from a file into a folder and back, with a failed
// build between: the spare's stale files on a path that is a file again
// are gone, not an error, and every build is right.
func TestFileToFolderAndBackAcrossAFailedBuild(t *testing.T) {
	s := newSite(t)
	file := map[string]File{"about": {Key: "k1", Data: []byte("a file")}}
	if _, err := s.build(true, file); err != nil {
		t.Fatal(err)
	}
	failAfterPut(t, s, "about/index.html", File{Key: "k2", Data: []byte("a page")}) // its folder takes the file's place in the spare
	for i := range 2 {
		if _, err := s.build(false, map[string]File{"about": {Key: "k1"}}); err != nil {
			t.Fatalf("build %d after the failed one: %v", i+1, err)
		}
		if got := tree(t, s.out); !same(got, map[string]string{"about": "a file"}) {
			t.Fatalf("dist: %v", got)
		}
	}
}

// TestRandomBuilds runs many builds of random file sets, some aborted
// half-way or abandoned as if the process died, and checks dist/ after
// every commit against what the build put.
func TestRandomBuilds(t *testing.T) {
	s := newSite(t)
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"index.html", "a/index.html", "a/b/index.html", "a/b/c.json", "x.xml", "d/e/f/g.html", "d/index.html", "z/index.html"}
	var committed map[string]string
	for round := range 300 {
		files := map[string]File{}
		want := map[string]string{}
		for _, n := range names {
			if r.IntN(4) == 0 {
				continue
			}
			v := fmt.Sprintf("%s v%d", n, r.IntN(3)) + strings.Repeat("!", r.IntN(3))
			want[n] = v
			files[n] = File{Key: v, Data: []byte(v)}
		}
		w, err := Open(s.out, s.cache, r.IntN(20) == 0)
		if err != nil {
			t.Fatal(err)
		}
		ending := r.IntN(6) // 0: abort, 1: die, else commit
		put := 0
		for n, f := range files {
			if ending < 2 && put > r.IntN(len(files)+1) {
				break
			}
			if w.Has(n, f.Key) && r.IntN(2) == 0 {
				f.Data = nil
			}
			if err := w.Put(n, f); err != nil {
				t.Fatal(err)
			}
			put++
		}
		switch ending {
		case 0:
			w.Abort()
		case 1: // killed: nothing more runs
			close(w.jobs)
			w.wg.Wait()
			w.lock.Close()
		default:
			if _, err := w.Commit(); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			committed = want
			sizes, folders := w.Sizes()
			wantSizes, wantFolders, err := hostpolicy.Walk(s.out)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(sizes) != fmt.Sprint(wantSizes) || folders != wantFolders {
				t.Fatalf("round %d: sizes %v in %d folders; dist has %v in %d", round, sizes, folders, wantSizes, wantFolders)
			}
		}
		if committed != nil {
			if got := tree(t, s.out); !same(got, committed) {
				t.Fatalf("round %d (ending %d): dist\n%v\nwant\n%v", round, ending, got, committed)
			}
		}
	}
}

func TestAbortLeavesOutputAlone(t *testing.T) {
	s := newSite(t)
	if _, err := s.build(false, map[string]File{"i.html": {Key: "k", Data: []byte("old")}}); err != nil {
		t.Fatal(err)
	}
	w, err := Open(s.out, s.cache, false)
	if err != nil {
		t.Fatal(err)
	}
	w.Put("i.html", File{Key: "k2", Data: []byte("new")})
	w.Abort()
	if got := tree(t, s.out); !same(got, map[string]string{"i.html": "old"}) {
		t.Errorf("an aborted build changed dist/: %v", got)
	}
	// The next build still starts from what the aborted one left.
	if _, err := s.build(false, map[string]File{"i.html": {Key: "k"}, "j.html": {Key: "j", Data: []byte("j")}}); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, s.out); !same(got, map[string]string{"i.html": "old", "j.html": "j"}) {
		t.Errorf("after an aborted build: %v", got)
	}
}

func TestPutStopsAfterAFailedWrite(t *testing.T) {
	s := newSite(t)
	w, err := Open(s.out, s.cache, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Put("a/1.html", File{Key: "1", Data: []byte("1")}); err != nil {
		t.Fatal(err)
	}
	// Every later write fails: the staging folder is gone.
	for deadline := time.Now().Add(5 * time.Second); ; {
		if err := os.RemoveAll(w.staging); err != nil {
			t.Fatal(err)
		}
		err = w.Put(fmt.Sprintf("b/%d.html", time.Now().UnixNano()), File{Key: "k", Data: []byte("x")})
		if err != nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Put after a failed write: %v, want the write's error", err)
	}
	if _, err := w.Commit(); err == nil {
		t.Error("Commit after a failed write succeeded")
	}
}

// A file in parts is written whole, empty parts and all.
func TestFileInParts(t *testing.T) {
	s := newSite(t)
	big := strings.Repeat("x", 1<<20)
	f := File{Key: "k", Data: nil, More: [][]byte{[]byte("<p>"), nil, []byte(big), {}, []byte("</p>")}}
	if _, err := s.build(false, map[string]File{"p.html": f, "q.html": {Key: "q", Data: []byte("q"), More: [][]byte{}}}); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, s.out); !same(got, map[string]string{"p.html": "<p>" + big + "</p>", "q.html": "q"}) {
		t.Errorf("got %d files; p.html is %d bytes", len(got), len(got["p.html"]))
	}
}

func TestWriteRefusesMissingData(t *testing.T) {
	s := newSite(t)
	_, err := s.build(false, map[string]File{"x.html": {Key: "k"}})
	if err == nil || !strings.Contains(err.Error(), "x.html has no content") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(s.out); !os.IsNotExist(err) {
		t.Error("dist created")
	}
	if entries, _ := os.ReadDir(s.root); len(entries) != 1 { // the cache folder
		t.Errorf("left behind: %v", entries)
	}
}

func TestFileAndFolderAtOnePathIsAnError(t *testing.T) {
	for _, files := range [][2]string{{"feed.xml", "feed.xml/index.html"}, {"a/b/index.html", "a/b"}, {"x.html", "x.html"}} {
		s := newSite(t)
		w, err := Open(s.out, s.cache, false)
		if err != nil {
			t.Fatal(err)
		}
		err = w.Put(files[0], File{Key: "1", Data: []byte("1")})
		if err == nil {
			err = w.Put(files[1], File{Key: "2", Data: []byte("2")})
		}
		w.Abort()
		if err == nil {
			t.Errorf("%v: no error", files)
		}
	}
}

func TestManifestOnlyForItsGeneration(t *testing.T) {
	s := newSite(t)
	if _, err := s.build(false, map[string]File{"i.html": {Key: "k", Data: []byte("x")}}); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(s.root, "b")
	os.MkdirAll(other, 0o755)
	if LoadManifest(s.cache, other) != nil {
		t.Error("a manifest only applies to the folder it was written for")
	}
	// dist/ replaced by another folder (a restore from a copy, say).
	os.RemoveAll(s.out)
	os.MkdirAll(s.out, 0o755)
	os.WriteFile(filepath.Join(s.out, "i.html"), []byte("stale"), 0o644)
	if LoadManifest(s.cache, s.out) != nil {
		t.Fatal("a manifest must not describe a folder it was not written for")
	}
	if n, err := s.build(false, map[string]File{"i.html": {Key: "k", Data: []byte("x")}}); err != nil || n != 1 {
		t.Fatalf("rebuild: %d %v", n, err)
	}
	if got := tree(t, s.out); !same(got, map[string]string{"i.html": "x"}) {
		t.Errorf("%v", got)
	}
}

func TestLeftoversOfDeadBuildsAreCleared(t *testing.T) {
	s := newSite(t)
	for _, d := range []string{".dist.building-123", ".dist-changes.building-456", ".dist.old", ".dist.spare"} {
		os.MkdirAll(filepath.Join(s.root, d, "x"), 0o755)
	}
	if _, err := s.build(false, map[string]File{"i.html": {Key: "k", Data: []byte("x")}}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(s.root)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "cache dist" {
		t.Errorf("left: %v", names)
	}
}

// Hosts serve dist/ as another user: every folder must be 0755 and every
// file 0644, whatever the umask of the build.
func TestOutputReadableByOthers(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	s := newSite(t)
	files := map[string]File{"index.html": {Key: "1", Data: []byte("1")}, "a/b/index.html": {Key: "2", Data: []byte("2")}}
	for range 3 { // a fresh build, then two from the spare
		if _, err := s.build(false, files); err != nil {
			t.Fatal(err)
		}
		files["c/index.html"] = File{Key: fmt.Sprint(len(files)), Data: []byte("c")}
		files["a/b/index.html"] = File{Key: fmt.Sprint(len(files)), Data: []byte("b")}
		checkModes(t, s.out)
	}
}

func checkModes(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := d.Info()
		want := fs.FileMode(0o644)
		if d.IsDir() {
			want = 0o755
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
		return nil
	})
}

// BenchmarkRebuildOneChange times putting a 20,000-file build in place when
// one file changed, from the spare generation (the usual rebuild).
func BenchmarkRebuildOneChange(b *testing.B) {
	root := b.TempDir()
	out, cache := filepath.Join(root, "dist"), filepath.Join(root, "cache")
	files := map[string]File{}
	for i := range 20000 {
		p := fmt.Sprintf("story/%d/index.html", i)
		files[p] = File{Key: "k", Data: []byte(p)}
	}
	put := func() {
		w, err := Open(out, cache, false)
		if err != nil {
			b.Fatal(err)
		}
		for p, f := range files {
			if err := w.Put(p, f); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := w.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	put()
	put() // the first rebuild links every file into a new spare folder
	i := 0
	for b.Loop() {
		i++
		files["story/7/index.html"] = File{Key: fmt.Sprint(i), Data: []byte(fmt.Sprint(i))}
		put()
	}
}

// A manifest written before sizes were recorded: the sizes of the files a
// build keeps are read from the output folder.
func TestSizesFromAManifestWithout(t *testing.T) {
	s := newSite(t)
	if _, err := s.build(false, map[string]File{"a/index.html": {Key: "1", Data: []byte("12345")}, "b.xml": {Key: "2", Data: []byte("12")}}); err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if !load(filepath.Join(s.cache, manifestName), &m) || len(m.Sizes) != 2 {
		t.Fatalf("manifest sizes %v", m.Sizes)
	}
	m.Sizes = nil
	if err := save(filepath.Join(s.cache, manifestName), &m); err != nil {
		t.Fatal(err)
	}
	w, err := Open(s.out, s.cache, false)
	if err != nil {
		t.Fatal(err)
	}
	for p, f := range map[string]File{"a/index.html": {Key: "1"}, "c/d.html": {Key: "3", Data: []byte("123")}} {
		if err := w.Put(p, f); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if sizes, folders := w.Sizes(); fmt.Sprint(sizes) != "map[a/index.html:5 c/d.html:3]" || folders != 2 {
		t.Errorf("sizes %v in %d folders", sizes, folders)
	}
}
