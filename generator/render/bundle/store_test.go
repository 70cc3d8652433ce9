package bundle

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A stored bundle comes back while nothing it is made from changed, and
// not after a frontend file or the lockfile changed.
func TestStoreMatchesItsInputs(t *testing.T) {
	root := t.TempDir()
	frontend := filepath.Join(root, "frontend")
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package-lock.json", `{"v":1}`)
	write("frontend/src/App.tsx", "export const a = 1;")
	dir := filepath.Join(root, "store")
	res := &Result{Client: &Client{Entry: "/assets/e.js", CSS: []string{"/assets/e.css"}, Files: map[string][]byte{"assets/e.js": []byte("x")}},
		Server: []byte("module.exports = 1"), Hash: "h"}

	s := NewStore(dir, frontend)
	if s.Load() != nil {
		t.Fatal("an empty store returned a bundle")
	}
	if err := s.Save(res); err != nil {
		t.Fatal(err)
	}
	if got := NewStore(dir, frontend).Load(); !reflect.DeepEqual(got, res) {
		t.Fatalf("stored %+v, loaded %+v", res, got)
	}
	for _, change := range [][2]string{{"frontend/src/App.tsx", "export const a = 2;"}, {"frontend/src/new.css", "a{}"}, {"package-lock.json", `{"v":2}`}, {"frontend/tsconfig.json", "{}"}} {
		before := NewStore(dir, frontend)
		if before.Load() == nil || !before.Unchanged() {
			t.Fatal("a store whose inputs did not change says they did")
		}
		write(change[0], change[1])
		if before.Unchanged() {
			t.Errorf("after changing %s the store says its inputs are unchanged", change[0])
		}
		if NewStore(dir, frontend).Load() != nil {
			t.Errorf("after changing %s the stored bundle still matched", change[0])
		}
		if err := NewStore(dir, frontend).Save(res); err != nil { // stored anew for the next change
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "bundle-*.gob"))
	if len(files) != kept {
		t.Errorf("the store keeps %d bundles, want %d", len(files), kept)
	}
	damaged := NewStore(dir, frontend)
	damaged.Load()
	os.WriteFile(damaged.file(), []byte("garbage"), 0o644)
	if NewStore(dir, frontend).Load() != nil {
		t.Error("a damaged store returned a bundle")
	}
}

// Builds that start together take turns between Load and Save: the first
// bundles, the others load what it stored.
func TestBuildsTakeTurnsToBundle(t *testing.T) {
	root, frontend := smallFrontend(t)
	var bundled atomic.Int32
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			s := NewStore(filepath.Join(root, "store"), frontend)
			defer s.Turn()()
			if s.Load() == nil {
				bundled.Add(1)
				time.Sleep(50 * time.Millisecond) // esbuild at work
				if err := s.Save(&Result{Client: &Client{}}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if n := bundled.Load(); n != 1 {
		t.Errorf("four builds starting together bundled %d times, want once", n)
	}
}

// A bundle made while the frontend changed is not stored: it may be made
// from the old files or the new.
func TestStoreSkipsABundleOfChangingInputs(t *testing.T) {
	root, frontend := smallFrontend(t)
	s := NewStore(filepath.Join(root, "store"), frontend)
	s.Load()
	os.WriteFile(filepath.Join(frontend, "src", "a.ts"), []byte("2"), 0o644)
	if err := s.Save(&Result{Client: &Client{}}); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(root, "store", "*.gob")); len(files) > 0 {
		t.Error("stored a bundle whose inputs changed while it was made")
	}
}

// smallFrontend is a folder with a lockfile and a frontend of one file.
func smallFrontend(t *testing.T) (root, frontend string) {
	root = t.TempDir()
	frontend = filepath.Join(root, "frontend")
	os.MkdirAll(filepath.Join(frontend, "src"), 0o755)
	os.WriteFile(filepath.Join(root, "package-lock.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(frontend, "src", "a.ts"), []byte("1"), 0o644)
	return root, frontend
}
