package blobcache

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestRoundTripAppendAndCompact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c", "x.bin")
	c := Open(path, "v1")
	for i := range 4 {
		c.Put(KeyOf("k", strconv.Itoa(i)), "value "+strconv.Itoa(i))
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = Open(path, "v1")
	if c.Stored() != 4 {
		t.Fatalf("stored %d", c.Stored())
	}
	for i := range 3 { // the fourth goes unused
		if v, ok := c.Get(KeyOf("k", strconv.Itoa(i))); !ok || v != "value "+strconv.Itoa(i) {
			t.Fatalf("get %d: %q %v", i, v, ok)
		}
	}
	c.Put(KeyOf("k", "new"), "appended")
	size := fileSize(t, path)
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if grown := fileSize(t, path) - size; grown <= 0 || grown > 64 {
		t.Fatalf("one small value should be appended, the file grew by %d bytes", grown)
	}
	// Only one of five used: the file is rewritten with just that one.
	c = Open(path, "v1")
	c.Get(KeyOf("k", "new"))
	c.Put(KeyOf("k", "newer"), "x")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if c = Open(path, "v1"); c.Stored() != 2 {
		t.Fatalf("after compaction: %d stored, want 2", c.Stored())
	}
}

func TestOtherStampOrDamageIsEmptyNotAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.bin")
	c := Open(path, "v1")
	c.Put(KeyOf("a"), "first")
	c.Put(KeyOf("b"), "second")
	c.Save()
	if Open(path, "v2").Stored() != 0 {
		t.Error("a cache written with another stamp was used")
	}
	data, _ := os.ReadFile(path)
	data[len(data)-6] ^= 0xff // inside the last entry
	os.WriteFile(path, data, 0o644)
	c = Open(path, "v1")
	if c.Stored() != 1 {
		t.Fatalf("damaged last entry: %d stored, want the first only", c.Stored())
	}
	c.Get(KeyOf("a"))
	c.Get(KeyOf("b"))
	c.Save() // rewrites the damaged file whole, with what was used and intact
	if c = Open(path, "v1"); c.Stored() != 1 || c.sound != true {
		t.Fatalf("after rewrite: %d stored, sound %v", c.Stored(), c.sound)
	}
	for n := range len(data) {
		os.WriteFile(path, data[:n], 0o644)
		Open(path, "v1") // any truncation: no panic
	}
}

func TestKeyOfSeparatesParts(t *testing.T) {
	if KeyOf("ab", "c") == KeyOf("a", "bc") {
		t.Error("parts run together")
	}
}

func fileSize(t *testing.T, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// A file larger than one read part is read in parts on every core: each
// value comes back whole, wherever the parts split it.
func TestLargeFileReadsInParts(t *testing.T) {
	defer func(was int) { readPart = was }(readPart)
	readPart = 1000 // a file of ~40 KB in parts of at least 1,000 bytes
	path := filepath.Join(t.TempDir(), "x.bin")
	c := Open(path, "v1")
	value := func(i int) string { return strings.Repeat(strconv.Itoa(i%10), 1000+i) }
	const n = 40
	for i := range n {
		c.Put(KeyOf(strconv.Itoa(i)), value(i))
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = Open(path, "v1")
	if c.Stored() != n {
		t.Fatalf("stored %d of %d", c.Stored(), n)
	}
	for i := range n {
		if v, ok := c.Get(KeyOf(strconv.Itoa(i))); !ok || v != value(i) {
			t.Fatalf("value %d: found %v, %d bytes", i, ok, len(v))
		}
	}
}

// A retained cache, renewed for build after build, answers as the cache a
// fresh Open would read, whether Save appended or rewrote the file, and
// appends each value once.
func TestRetainedCacheIsTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.bin")
	c := Open(path, "v1")
	c.Retain()
	same := func(when string) {
		t.Helper()
		read := Open(path, "v1")
		if read.Stored() != c.Stored() {
			t.Fatalf("%s: the file holds %d values, the retained cache %d", when, read.Stored(), c.Stored())
		}
		for k, v := range read.entries {
			if got, ok := c.Get(k); !ok || got != v {
				t.Fatalf("%s: retained %q %v, the file %q", when, got, ok, v)
			}
		}
	}
	for i := range 4 {
		c.Put(KeyOf(strconv.Itoa(i)), "value "+strconv.Itoa(i))
	}
	if err := c.Save(); err != nil { // the file is new: written whole
		t.Fatal(err)
	}
	same("written")
	c.Renew()
	for i := range 3 {
		c.Get(KeyOf(strconv.Itoa(i)))
	}
	c.Put(KeyOf("new"), "appended")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	same("appended")
	grown := fileSize(t, path)
	if err := c.Save(); err != nil || fileSize(t, path) != grown {
		t.Fatalf("saved twice, the file grew from %d to %d bytes (%v)", grown, fileSize(t, path), err)
	}
	c.Renew()
	c.Get(KeyOf("new")) // one of five used: rewritten with it alone and the fresh one
	c.Put(KeyOf("newer"), "x")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	same("rewritten")
	if c.Stored() != 2 || fileSize(t, path) >= grown {
		t.Fatalf("rewritten: %d values, %d bytes (from %d)", c.Stored(), fileSize(t, path), grown)
	}
	c.Renew()
	if err := c.Save(); err != nil { // nothing new: nothing written
		t.Fatal(err)
	}
	same("saved again")

	// Another program's build rewrote the file meanwhile: the retained
	// cache writes it whole again, never appends under the other's stamp.
	other := Open(path, "v2")
	other.Put(KeyOf("theirs"), "not v1's")
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	c.Renew()
	c.Get(KeyOf("new"))
	c.Get(KeyOf("newer"))
	c.Put(KeyOf("newest"), "y")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	same("after another program's build")
	if _, ok := Open(path, "v1").Get(KeyOf("theirs")); ok {
		t.Error("the other program's value is read under this one's stamp")
	}
}

func TestReuseKeepsOnlyTheSameFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.bin")
	c := (*Cache)(nil).Reuse(path, "v1") // a new cache, retained
	c.Put(KeyOf("a"), "1")
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if again := c.Reuse(path, "v1"); again != c {
		t.Error("the same file and stamp: not the cache itself")
	}
	if v, ok := c.Get(KeyOf("a")); !ok || v != "1" {
		t.Errorf("reused, it lost its value: %q %v", v, ok)
	}
	if plain := Open(path, "v1"); plain.Reuse(path, "v1") == plain {
		t.Error("reused a cache that was not retained: it keeps nothing it saved")
	}
	for _, other := range []struct{ path, stamp string }{{path, "v2"}, {filepath.Join(dir, "y.bin"), "v1"}} {
		o := c.Reuse(other.path, other.stamp)
		if _, ok := o.Get(KeyOf("a")); o == c || ok {
			t.Errorf("%s with stamp %s: reused the cache of %s with v1", other.path, other.stamp, path)
		}
	}
}
