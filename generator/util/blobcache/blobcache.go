// Package blobcache keeps values computed by one build for the next, in one
// file of the build's cache folder: parsed stories, the search words of each
// story. Values are keyed by a hash of everything they are computed from. New
// values are appended; when most of the file is stale it is rewritten. Each
// entry carries a checksum and the file names what wrote it (a stamp that
// includes a hash of the running program), so a torn write or a new version
// of the generator costs a recomputation, never a wrong answer or a crash.
package blobcache

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/zeebo/xxh3"
	"golang.org/x/sync/errgroup"
)

// Key identifies a value by what it is computed from.
type Key [16]byte

// KeyOf hashes the parts a value is computed from (lengths included, so
// ("ab","c") and ("a","bc") differ), with XXH3-128 (github.com/zeebo/xxh3):
// a key names a value, it guards against no adversary, and a build hashes
// every page it writes, ~900 MB at 10,000 stories, where SHA-256 took 0.3 s
// of CPU.
func KeyOf(parts ...string) Key {
	h := xxh3.New128()
	var n [binary.MaxVarintLen64]byte
	for _, p := range parts {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(p)))])
		h.WriteString(p)
	}
	return h.Sum128().Bytes()
}

// Program stands for the running executable in stamps: a rebuilt generator
// may compute values differently. It is the executable's path, size and
// modification time, as make would judge it: hashing the whole file took
// longer than loading ten stories.
var Program = sync.OnceValue(func() string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			fmt.Fprintf(h, "%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
})

// Cache is one cache file, safe for concurrent use.
type Cache struct {
	path    string
	header  string
	mu      sync.Mutex
	entries map[Key]string
	used    map[Key]bool
	fresh   map[Key]appender // computed when saved: a build need not hold a copy of every value
	sound   bool             // the file read to its end with no damage
	retain  bool             // Retain
	// disk is the file's size and time as this cache last read or wrote
	// it: a retained cache whose file another build has written since
	// rewrites it rather than append to what it no longer knows.
	disk struct {
		size int64
		mod  time.Time
	}
}

const magic = "nivaran cache 1\n"

// Open reads the cache at path, keeping it only if it was written with the
// same stamp. A missing, foreign or damaged file gives an empty cache.
func Open(path, stamp string) *Cache {
	c := &Cache{path: path, header: magic + stamp + "\n", entries: map[Key]string{}, used: map[Key]bool{}, fresh: map[Key]appender{}}
	data, err := readAll(path)
	if err != nil || len(data) == 0 {
		return c
	}
	// Values are slices of data, which nothing changes: no copies.
	s := unsafe.String(&data[0], len(data))
	if !strings.HasPrefix(s, c.header) {
		return c
	}
	for at := len(c.header); at < len(s); {
		k, v, next, ok := entry(s, at)
		if !ok {
			return c // damaged from here on: the next Save rewrites the file
		}
		c.entries[k] = v
		at = next
	}
	c.sound = true
	return c
}

// readPart is the least one core reads of a cache file.
var readPart = 16 << 20

// readAll reads the file at path, a large one on every core: copying the
// 115 MB of parsed stories at 10,000 into fresh memory took 0.1 s on one
// core, before any story could be loaded.
func readAll(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	// What the file held when it was opened: a value appended since is
	// read by the next build.
	data := make([]byte, fi.Size())
	var g errgroup.Group
	step := max(readPart, (len(data)+runtime.GOMAXPROCS(0)-1)/runtime.GOMAXPROCS(0))
	for at := 0; at < len(data); at += step {
		g.Go(func() error {
			_, err := f.ReadAt(data[at:min(len(data), at+step)], int64(at))
			return err
		})
	}
	return data, g.Wait()
}

// entry reads the key, value and checksum at s[at:].
func entry(s string, at int) (k Key, v string, next int, ok bool) {
	if len(s)-at < len(k) {
		return k, "", 0, false
	}
	copy(k[:], s[at:])
	at += len(k)
	n, w := binary.Uvarint([]byte(s[at:min(len(s), at+binary.MaxVarintLen64)]))
	if w <= 0 || n > uint64(len(s)-at-w) || len(s)-at-w-int(n) < 4 {
		return k, "", 0, false
	}
	at += w
	v = s[at : at+int(n)]
	at += int(n)
	if binary.LittleEndian.Uint32([]byte(s[at:at+4])) != crc32.ChecksumIEEE(inPlace(v)) {
		return k, "", 0, false
	}
	return k, v, at + 4, true
}

// Get returns the value stored under k, if any.
func (c *Cache) Get(k Key) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[k] = true
	v, ok := c.entries[k]
	return v, ok
}

// appender appends a value to dst.
type appender func(dst []byte) []byte

func value(v string) appender { return func(dst []byte) []byte { return append(dst, v...) } }

// Put stores a value computed by this build.
func (c *Cache) Put(k Key, v string) { c.PutFunc(k, value(v)) }

// PutFunc stores the value v will append when the cache is saved, into a
// buffer the save reuses: a value returned as a string was a copy of every
// story (300 MB at 10,000).
func (c *Cache) PutFunc(k Key, v func(dst []byte) []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[k] = true
	c.fresh[k] = v
}

// Stored is how many values Open found in the file.
func (c *Cache) Stored() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Fresh is how many values were stored since Open.
func (c *Cache) Fresh() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.fresh)
}

// noteDisk records the file's size and time (disk).
func (c *Cache) noteDisk() {
	if fi, err := os.Stat(c.path); err == nil {
		c.disk.size, c.disk.mod = fi.Size(), fi.ModTime()
	}
}

// changedOnDisk reports whether the file is not as this cache left it.
func (c *Cache) changedOnDisk() bool {
	fi, err := os.Stat(c.path)
	return err != nil || fi.Size() != c.disk.size || !fi.ModTime().Equal(c.disk.mod)
}

// Retain has Save keep what it writes in memory too, for Renew: a process
// that builds again and again (magazine dev) then reads the file once, and
// holds one copy of it, not the last build's and the next's.
func (c *Cache) Retain() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.retain = true
	c.noteDisk() // the file as Open read it
}

// Reuse is the cache at path, written with stamp, for another build in this
// process (magazine dev): c itself, renewed, when it is that and retained,
// else the file opened and retained; so the file is read once, and held once.
func (c *Cache) Reuse(path, stamp string) *Cache {
	if c != nil && c.path == path && c.header == magic+stamp+"\n" && c.retained() {
		c.Renew()
		return c
	}
	c = Open(path, stamp)
	c.Retain()
	return c
}

func (c *Cache) retained() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.retain
}

// Renew readies a retained cache for another build: no value counts as
// used by it yet.
func (c *Cache) Renew() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used = map[Key]bool{}
}

// Save writes the values stored since Open (or Renew): appended to the
// file, or the file rewritten with only what this build used when most of
// it is stale (or damaged).
func (c *Cache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.fresh) == 0 && c.sound {
		return nil
	}
	var written map[Key]string // what a retained cache keeps of this save
	var keep func(k Key, v []byte)
	if c.retain {
		written = map[Key]string{}
		keep = func(k Key, v []byte) { written[k] = string(v) }
		if c.changedOnDisk() {
			c.sound = false // rewritten whole, with this cache's stamp
		}
	}
	stale := 0
	for k := range c.entries {
		if !c.used[k] {
			stale++
		}
	}
	if c.sound && stale <= len(c.entries)/2 {
		if f, err := os.OpenFile(c.path, os.O_WRONLY|os.O_APPEND, 0); err == nil {
			w := bufio.NewWriter(f)
			write(w, c.fresh, keep)
			err := errors.Join(w.Flush(), f.Close())
			if err == nil && c.retain {
				maps.Copy(c.entries, written)
				c.fresh = map[Key]appender{}
				c.noteDisk()
			}
			return err
		}
	}
	used := map[Key]appender{}
	for k := range c.used {
		if v, ok := c.entries[k]; ok {
			used[k] = value(v)
			if c.retain {
				written[k] = v // no copy: the value is in memory already
			}
		}
	}
	maps.Copy(used, c.fresh)
	if keep != nil {
		all := keep
		keep = func(k Key, v []byte) {
			if _, ok := c.fresh[k]; ok { // the others are kept already
				all(k, v)
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	tmp := c.path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(c.header)
	write(w, used, keep)
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, c.path); err != nil {
		return err
	}
	if c.retain {
		c.entries, c.fresh, c.sound = written, map[Key]appender{}, true
		c.noteDisk()
	}
	return nil
}

// write writes entries, telling keep (when not nil) each value written.
func write(w *bufio.Writer, entries map[Key]appender, keep func(Key, []byte)) {
	keys := make([]Key, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int { return strings.Compare(string(a[:]), string(b[:])) })
	var num [binary.MaxVarintLen64]byte
	var v []byte
	for _, k := range keys {
		v = entries[k](v[:0])
		w.Write(k[:])
		w.Write(binary.AppendUvarint(num[:0], uint64(len(v))))
		w.Write(v)
		w.Write(binary.LittleEndian.AppendUint32(num[:0], crc32.ChecksumIEEE(v)))
		if keep != nil {
			keep(k, v)
		}
	}
}

// inPlace is s's bytes for reading, without the copy []byte(s) makes (as
// much garbage as the cache file's size, when checksumming every value).
func inPlace(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
