package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func read(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t *testing.T, out, cache string, man *Manifest, files map[string]File) (int, error) {
	t.Helper()
	w, err := NewWriter(out, cache, man)
	if err != nil {
		t.Fatal(err)
	}
	for p, f := range files {
		if err := w.Put(p, f); err != nil {
			w.Abort()
			return 0, err
		}
	}
	return w.Commit()
}

func TestWriteFreshThenChanged(t *testing.T) {
	root := t.TempDir()
	out, cache := filepath.Join(root, "dist"), filepath.Join(root, "cache")
	files := map[string]File{
		"index.html":      {Key: "k1", Data: []byte("home")},
		"a/index.html":    {Key: "k2", Data: []byte("a")},
		"gone/index.html": {Key: "k3", Data: []byte("gone")},
		"assets/app-X.js": {Key: "k4", Data: []byte("js")},
	}
	n, err := write(t, out, cache, LoadManifest(cache, out), files)
	if err != nil || n != 4 {
		t.Fatalf("fresh: %d %v", n, err)
	}
	man := LoadManifest(cache, out)
	if man == nil || !man.Has("a/index.html", "k2") || man.Has("a/index.html", "other") {
		t.Fatal("manifest not recorded")
	}
	delete(files, "gone/index.html")
	files["a/index.html"] = File{Key: "k2b", Data: []byte("a2")}
	files["index.html"] = File{Key: "k1"} // unchanged: no data needed
	n, err = write(t, out, cache, man, files)
	if err != nil || n != 1 {
		t.Fatalf("changed: wrote %d %v", n, err)
	}
	if read(t, filepath.Join(out, "a/index.html")) != "a2" || read(t, filepath.Join(out, "index.html")) != "home" {
		t.Error("contents")
	}
	if _, err := os.Stat(filepath.Join(out, "gone/index.html")); !os.IsNotExist(err) {
		t.Error("stale file kept")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(root, "*-changes*")); len(leftovers) != 0 {
		t.Error(leftovers)
	}
}

func TestAbortLeavesOutputAlone(t *testing.T) {
	root := t.TempDir()
	out, cache := filepath.Join(root, "dist"), filepath.Join(root, "cache")
	if _, err := write(t, out, cache, nil, map[string]File{"i.html": {Key: "k", Data: []byte("old")}}); err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(out, cache, LoadManifest(cache, out))
	if err != nil {
		t.Fatal(err)
	}
	w.Put("i.html", File{Key: "k2", Data: []byte("new")})
	w.Abort()
	if read(t, filepath.Join(out, "i.html")) != "old" {
		t.Error("an aborted build changed dist/")
	}
	if entries, _ := os.ReadDir(root); len(entries) != 2 {
		t.Errorf("staging left behind: %v", entries)
	}
}

func TestWriteRefusesMissingData(t *testing.T) {
	root := t.TempDir()
	_, err := write(t, filepath.Join(root, "dist"), root, nil, map[string]File{"x.html": {Key: "k"}})
	if err == nil || !strings.Contains(err.Error(), "x.html has no content") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "dist")); !os.IsNotExist(err) {
		t.Error("dist created")
	}
}

func TestManifestForAnotherFolder(t *testing.T) {
	root := t.TempDir()
	a, b, cache := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "cache")
	if _, err := write(t, a, cache, nil, map[string]File{"i.html": {Key: "k", Data: []byte("x")}}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(b, 0o755)
	if LoadManifest(cache, b) != nil {
		t.Error("a manifest only applies to the folder it was written for")
	}
}
