package images

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// modTimes lists every cache file with its modification time.
func modTimes(t *testing.T, dir string) map[string]time.Time {
	out := map[string]time.Time{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		out[p] = info.ModTime()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A warm build must not encode a photo again: it finds every size in the
// cache, keeps the cache files as they were and returns the same bytes.
// (Cards are drawn again: no cheaper than reading them back.)
func TestCacheHitAvoidsEncoding(t *testing.T) {
	cache, src := t.TempDir(), t.TempDir()
	photoPath := writeFile(t, src, "photo.jpg", encodeJPEG(t, photo(1000, 700, false)))
	build := func() (*Processor, map[string][]byte) {
		p := &Processor{CacheDir: cache, FontDir: testFonts}
		e, err := p.Editor(photoPath)
		if err != nil {
			t.Fatal(err)
		}
		path, card, err := p.SocialCard(sampleCards[0])
		if err != nil {
			t.Fatal(err)
		}
		e.Files[path] = card
		return p, e.Files
	}

	cold, first := build()
	if got := cold.Stats(); got.Encoded != 3+1 || got.Cached != 0 {
		t.Fatalf("cold build: %+v, want 4 encoded", got)
	}
	before := modTimes(t, cache)
	if len(before) != 3+1 { // three sizes and the photo's manifest
		t.Fatalf("cache holds %d files: %v", len(before), before)
	}

	warm, second := build()
	if got := warm.Stats(); got.Encoded != 1 || got.Cached != 3 {
		t.Errorf("warm build: %+v, want the card encoded, 3 from the cache", got)
	}
	for f, mt := range modTimes(t, cache) {
		if !before[f].Equal(mt) {
			t.Errorf("%s was rewritten", f)
		}
	}
	if !maps.EqualFunc(first, second, bytes.Equal) {
		t.Error("the warm build's files differ from the cold build's")
	}
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
	if p.Stats().Encoded != 6 || a.Variants[0].Path == b.Variants[0].Path || b.Height != 500 {
		t.Errorf("replaced photo: %+v, paths %s %s", p.Stats(), a.Variants[0].Path, b.Variants[0].Path)
	}
	// A cache entry that went missing is made again, not reported as there.
	if err := os.Remove(b.Variants[1].Cached); err != nil {
		t.Fatal(err)
	}
	p2 := &Processor{CacheDir: cache}
	c, err := p2.Editor(path)
	if err != nil {
		t.Fatal(err)
	}
	if p2.Stats().Encoded != 3 || !bytes.Equal(c.Files[c.Variants[1].Path], b.Files[b.Variants[1].Path]) {
		t.Errorf("repair: %+v", p2.Stats())
	}
}

func TestNoCacheDir(t *testing.T) {
	p := &Processor{}
	path := writeFile(t, t.TempDir(), "photo.jpg", encodeJPEG(t, photo(500, 300, false)))
	for range 2 {
		r, err := p.Editor(path)
		if err != nil {
			t.Fatal(err)
		}
		if r.Variants[0].Cached != "" {
			t.Errorf("Cached %q without a cache", r.Variants[0].Cached)
		}
	}
	if got := p.Stats(); got.Encoded != 4 || got.Cached != 0 {
		t.Errorf("%+v", got)
	}
}
