package output

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func names(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var n []string
	for _, e := range entries {
		n = append(n, e.Name())
	}
	return strings.Join(n, " ")
}

// buildThrice makes a fresh build, then two from the spare generation.
func buildThrice(t *testing.T, s *site) {
	t.Helper()
	files := map[string]File{"index.html": {Key: "1", Data: []byte("1")}, "a/index.html": {Key: "2", Data: []byte("2")}}
	for i := range 3 {
		files["a/index.html"] = File{Key: string(rune('a' + i)), Data: []byte{byte('a' + i)}}
		if _, err := s.build(false, files); err != nil {
			t.Fatal(err)
		}
	}
	if got := tree(t, s.out); !same(got, map[string]string{"index.html": "1", "a/index.html": "c"}) {
		t.Fatalf("dist: %v", got)
	}
}

// --out DIR elsewhere: DIR's folder gains DIR and nothing else; the
// build's own folders are in the cache.
func TestBuildKeepsItsFoldersInTheCache(t *testing.T) {
	root := t.TempDir()
	s := &site{t: t, root: root, out: filepath.Join(root, "www", "dist"), cache: filepath.Join(root, "project", ".cache")}
	buildThrice(t, s)
	if got := names(t, filepath.Dir(s.out)); got != "dist" {
		t.Errorf("beside dist: %s, want dist alone", got)
	}
	if got := names(t, s.cache); !strings.Contains(got, "dist.spare") || strings.Contains(got, "probe") {
		t.Errorf("cache: %s, want the spare generation there and no probe", got)
	}
	if ino(t, filepath.Join(inCache(s.out, s.cache).staging, "index.html")) != ino(t, filepath.Join(s.out, "index.html")) {
		t.Error("the spare generation in the cache should share unchanged files with dist/")
	}
}

// A cache on another mount cannot hold a folder that is renamed into
// DIR's place: the staging folder stays beside DIR, as documented.
func TestBuildFoldersStayBesideOutAcrossMounts(t *testing.T) {
	shm, err := os.MkdirTemp("/dev/shm", "output-test-")
	if err != nil {
		t.Skip("no /dev/shm to put dist/ on another file system")
	}
	defer os.RemoveAll(shm)
	cache := filepath.Join(t.TempDir(), ".cache")
	var a, b syscall.Stat_t
	if syscall.Stat(shm, &a) != nil || syscall.Stat(filepath.Dir(cache), &b) != nil || a.Dev == b.Dev {
		t.Skip("/dev/shm is on the same file system as the temporary folder")
	}
	s := &site{t: t, root: shm, out: filepath.Join(shm, "dist"), cache: cache}
	buildThrice(t, s)
	if got := names(t, shm); got != ".dist.spare dist" {
		t.Errorf("beside dist: %s, want .dist.spare dist", got)
	}
	if got := names(t, cache); strings.Contains(got, "dist.spare") || strings.Contains(got, "probe") {
		t.Errorf("cache: %s", got)
	}
	// Moving the cache back to dist/'s disk moves the spare folder there.
	s.cache = filepath.Join(shm, ".cache")
	buildThrice(t, s)
	if got := names(t, shm); got != ".cache dist" {
		t.Errorf("after the cache moved beside dist: %s, want .cache dist", got)
	}
}
