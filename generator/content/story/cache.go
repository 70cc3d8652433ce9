package story

import (
	"encoding/hex"
	"time"
	"unsafe"

	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/diag"
)

// Cache remembers parsed stories between builds (see package blobcache),
// keyed by each file's name and content, so a build after editing one story
// parses one story: at 10,000 stories parsing is most of a rebuild.
type Cache struct {
	blobs       *blobcache.Cache
	codec       *codec
	path, stamp string
}

// OpenCache reads the cache at path; a missing, foreign or damaged file
// gives an empty cache, never an error.
func OpenCache(path string, opt Options) *Cache { return (*Cache)(nil).open(path, opt, false) }

func (c *Cache) open(path string, opt Options, again bool) *Cache {
	// Parsing checks categories and authors against these, reads dates in
	// the time zone and links below the base path, so they are part of
	// what stories were parsed with.
	parts := append([]string{zoneOf(opt).String(), "base " + opt.Base, "categories"}, opt.Categories...)
	if opt.Authors != nil {
		parts = append(append(parts, "authors"), opt.Authors...)
	}
	with := blobcache.KeyOf(parts...)
	stamp := "stories " + blobcache.Program() + " " + hex.EncodeToString(with[:])
	if c != nil && c.path == path && c.stamp == stamp {
		c.blobs.Renew()
		return c
	}
	c = &Cache{blobcache.Open(path, stamp), storyCodec(zoneOf(opt)), path, stamp}
	if again {
		c.blobs.Retain()
	}
	return c
}

// Reuse is the cache at path for another build in this process (magazine
// dev): c itself when it is that file's, opened with the same options, so
// the file is not read again; else the file's, read once and then kept in
// memory as it is saved. Stories decoded from it share its memory, so a
// build that read it afresh held two copies (115 MB each at 10,000).
func (c *Cache) Reuse(path string, opt Options) *Cache { return c.open(path, opt, true) }

// Save records the stories parsed since OpenCache.
func (c *Cache) Save() error {
	if c == nil {
		return nil
	}
	return c.blobs.Save()
}

// again is old, a story loaded by an earlier build from a file unchanged
// since, for this build: old itself when it kept its body, else as cached
// under its key; nil when the cache has no such entry.
func (c *Cache) again(old *Story) *Story {
	var k blobcache.Key
	if c == nil || hex.DecodedLen(len(old.Key)) != len(k) {
		return nil
	}
	if _, err := hex.Decode(k[:], []byte(old.Key)); err != nil {
		return nil
	}
	if old.Body.Blocks != nil {
		if _, ok := c.blobs.Get(k); ok { // still used: kept when the file is compacted
			return old
		}
		return nil
	}
	s := c.lookup(old.File, k)
	if s != nil {
		s.FileTime = old.FileTime
	}
	return s
}

// RestoreBody gives s back the body blocks a build let go once its pages
// were made, as cached under its key, and reports whether it could.
func (c *Cache) RestoreBody(s *Story) bool {
	if s.Body.Blocks != nil {
		return true
	}
	cached := c.again(s)
	if cached == nil {
		return false
	}
	s.Body.Blocks = cached.Body.Blocks
	return true
}

// lookup is the story of file cached under k, if the cache has it.
func (c *Cache) lookup(file string, k blobcache.Key) *Story {
	if c == nil {
		return nil
	}
	body, ok := c.blobs.Get(k)
	if !ok {
		return nil
	}
	s, err := c.codec.decode(body)
	if err != nil {
		return nil
	}
	s.File, s.Key = file, hex.EncodeToString(k[:])
	return s
}

// parse is Parse through the cache, setting the story's Key and FileTime,
// and letting its text go unless opt.KeepText; fresh says it was parsed,
// not found. Only stories without problems are kept. (Pictures are
// checked by package media on every build.)
func (c *Cache) parse(file string, src []byte, modified time.Time, opt Options) (s *Story, diags diag.List, fresh bool) {
	key := blobcache.KeyOf(file, unsafe.String(unsafe.SliceData(src), len(src)))
	if s := c.lookup(file, key); s != nil {
		s.FileTime = modified
		return s, nil, false
	}
	s, diags = Parse(file, src, opt) // which keeps nothing of src (TestParseKeepsNothingOfItsInput)
	if s == nil {
		return nil, diags, true
	}
	s.Key, s.FileTime = hex.EncodeToString(key[:]), modified
	if !opt.KeepText {
		s.Body.Text = "" // before it is encoded: the cache keeps no text
	}
	if c != nil && len(diags) == 0 {
		// Encoded when saved, not now, unless the spill holds it already:
		// a copy of every story would double the memory a build holds.
		sp := opt.Spill // capturing opt put a copy of Options on the heap for every story
		c.blobs.PutFunc(key, func(dst []byte) []byte {
			if at, ok := sp.spanOf(s); ok {
				out, _ := sp.read(dst, at) // unread, an empty value: parsed again next time
				return out
			}
			return c.codec.encode(dst, s)
		})
	}
	return s, diags, true
}
