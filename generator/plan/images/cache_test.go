package images

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cacheFiles lists the cache's files (not its manifests) and their bytes.
func cacheFiles(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "-json") {
			return err
		}
		out[p], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A warm build takes every size of a photo from the cache instead of
// encoding it: what the cache holds is what it returns.
func TestCacheServesWarmBuilds(t *testing.T) {
	cache, src := t.TempDir(), t.TempDir()
	path := writeFile(t, src, "photo.jpg", encodeJPEG(t, photo(1000, 700, false)))
	cold, err := (&Processor{CacheDir: cache}).Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	entries := cacheFiles(t, cache)
	if len(entries) != 3 {
		t.Fatalf("cache holds %d sizes, want 3", len(entries))
	}
	for file, data := range entries {
		if !bytes.Contains(bytes.Join(mapValues(cold.Files), nil), data) {
			t.Errorf("%s does not hold a size the cold build made", file)
		}
		os.WriteFile(file, append([]byte("cached:"), data...), 0o644)
	}
	warm, err := (&Processor{CacheDir: cache}).Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range warm.Variants {
		if !bytes.HasPrefix(warm.Files[v.Path], []byte("cached:")) || !bytes.Equal(warm.Files[v.Path][7:], cold.Files[v.Path]) {
			t.Errorf("%s was not served from the cache", v.Path)
		}
	}
}

func mapValues(m map[string][]byte) [][]byte {
	var out [][]byte
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func TestCacheFollowsContent(t *testing.T) {
	cache, src := t.TempDir(), t.TempDir()
	p := &Processor{CacheDir: cache}
	path := writeFile(t, src, "photo.jpg", encodeJPEG(t, photo(900, 600, false)))
	a, err := p.Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	// The editor replaces the photo under the same name: new bytes, new
	// hash in the file names, so no reader's cache shows the old one.
	writeFile(t, src, "photo.jpg", encodeJPEG(t, photo(900, 500, false)))
	b, err := p.Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	if a.Variants[0].Path == b.Variants[0].Path || b.Height != 500 {
		t.Errorf("replaced photo: paths %s %s, height %d", a.Variants[0].Path, b.Variants[0].Path, b.Height)
	}
	// A cache entry that went missing is made again, not reported as there.
	data, _ := os.ReadFile(path)
	k := key(editorRecipe, data)
	if err := os.Remove(filepath.Join(cache, k[:2], k+"-480.jpg")); err != nil {
		t.Fatal(err)
	}
	c, err := (&Processor{CacheDir: cache}).Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range c.Variants {
		if !bytes.Equal(c.Files[v.Path], b.Files[v.Path]) {
			t.Errorf("%s: repaired from a cache with a hole, it differs", v.Path)
		}
	}
	if n := len(cacheFiles(t, cache)); n != 6 {
		t.Errorf("cache holds %d sizes after the repair, want 6", n)
	}
}

func TestNoCacheDir(t *testing.T) {
	path := writeFile(t, t.TempDir(), "photo.jpg", encodeJPEG(t, photo(500, 300, false)))
	for range 2 {
		r, err := (&Processor{}).Editor(path)
		if err != nil || len(r.Variants) != 2 || len(r.Files) != 2 {
			t.Fatalf("%+v %v", r.Variants, err)
		}
	}
}
