package story

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"unsafe"

	"github.com/nivaran/magazine/generator/blobcache"
	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/markdown"
)

// Cache remembers parsed stories between builds (see package blobcache),
// keyed by each file's name and content, so a build after editing one story
// parses one story: at 10,000 stories parsing is most of a rebuild.
type Cache struct{ blobs *blobcache.Cache }

// OpenCache reads the cache at path; a missing, foreign or damaged file
// gives an empty cache, never an error.
func OpenCache(path string, opt Options) *Cache {
	// Parsing checks categories and images against these, so they are part
	// of what the stories were parsed with.
	with := blobcache.KeyOf(append([]string{opt.ImageDir}, opt.Categories...)...)
	return &Cache{blobcache.Open(path, "stories "+blobcache.Program()+" "+hex.EncodeToString(with[:]))}
}

// Save records the stories parsed since OpenCache.
func (c *Cache) Save() error {
	if c == nil {
		return nil
	}
	return c.blobs.Save()
}

// parse is Parse through the cache. Only stories without problems are
// kept; the featured image's existence is checked every time.
func (c *Cache) parse(file string, src []byte, opt Options) (*Story, diag.List) {
	if c == nil {
		return Parse(file, src, opt)
	}
	key := blobcache.KeyOf(file, unsafe.String(unsafe.SliceData(src), len(src)))
	if body, ok := c.blobs.Get(key); ok {
		if s, err := decodeStory(body); err == nil {
			s.File = file
			return s, checkImage(s, opt)
		}
	}
	s, diags := Parse(file, src, opt)
	if s != nil && len(diags) == 0 {
		// Encoded when saved, not now: a copy of every story would double
		// the memory a build holds.
		c.blobs.PutFunc(key, func() string { return encodeStory(s) })
	}
	return s, diags
}

// encodeStory writes every field of a story but File (the caller's name
// for it). TestCacheCoversEveryField fails when a field is added to Story
// and not here.
func encodeStory(s *Story) string {
	e := &encoder{}
	e.int(s.ID)
	for _, v := range []string{s.Title, s.Heading, s.Introduction, s.Author, s.Category, s.FeaturedImage,
		s.ImageAlt, s.ImageCaption, s.Path, s.ReadTime, s.MetaTitle, s.MetaDescription, s.Layout, s.BackLabel} {
		e.str(v)
	}
	t, _ := s.PublishedAt.Time.MarshalBinary()
	e.str(string(t))
	e.bool(s.PublishedAt.HasClock)
	e.bool(s.ImageOverlay)
	e.int(s.ImageWidth)
	e.int(s.ImageHeight)
	e.strs(s.Aliases)
	e.strs(s.Tags)
	e.strs(s.MetaTags)
	x := s.Extra
	e.str(x.HeroKicker)
	e.str(x.BottomLine)
	e.count(len(x.Indicators))
	for _, in := range x.Indicators {
		e.str(in.Label)
		e.str(in.Value)
		e.str(in.Note)
	}
	e.bool(x.Playbook != nil)
	if p := x.Playbook; p != nil {
		e.strs(p.Immediate)
		e.strs(p.MediumTerm)
		e.strs(p.Implementation)
	}
	e.bool(x.Investment != nil)
	if in := x.Investment; in != nil {
		e.str(in.Title)
		e.strs(in.Points)
	}
	e.blocks(s.Body.Blocks)
	e.int(s.Body.Words)
	e.bool(s.Body.Spotlight)
	e.bool(s.Body.Embeds)
	e.str(s.Body.Text)
	keys := make([]string, 0, len(s.lines))
	for k := range s.lines {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	e.count(len(keys))
	for _, k := range keys {
		e.str(k)
		e.int(s.lines[k])
	}
	return string(e.b)
}

func decodeStory(body string) (*Story, error) {
	d := &decoder{s: body}
	s := &Story{}
	s.ID = d.int()
	for _, v := range []*string{&s.Title, &s.Heading, &s.Introduction, &s.Author, &s.Category, &s.FeaturedImage,
		&s.ImageAlt, &s.ImageCaption, &s.Path, &s.ReadTime, &s.MetaTitle, &s.MetaDescription, &s.Layout, &s.BackLabel} {
		*v = d.str()
	}
	if err := s.PublishedAt.Time.UnmarshalBinary([]byte(d.str())); err != nil && d.err == nil {
		d.err = err
	}
	s.PublishedAt.HasClock = d.bool()
	s.ImageOverlay = d.bool()
	s.ImageWidth = d.int()
	s.ImageHeight = d.int()
	s.Aliases = d.strs()
	s.Tags = d.strs()
	s.MetaTags = d.strs()
	x := &s.Extra
	x.HeroKicker = d.str()
	x.BottomLine = d.str()
	if n := d.count(); n > 0 {
		x.Indicators = make([]Indicator, n)
		for i := range x.Indicators {
			x.Indicators[i] = Indicator{Label: d.str(), Value: d.str(), Note: d.str()}
		}
	}
	if d.bool() {
		x.Playbook = &Playbook{Immediate: d.strs(), MediumTerm: d.strs(), Implementation: d.strs()}
	}
	if d.bool() {
		x.Investment = &Investment{Title: d.str(), Points: d.strs()}
	}
	s.Body.Blocks = d.blocks(0)
	s.Body.Words = d.int()
	s.Body.Spotlight = d.bool()
	s.Body.Embeds = d.bool()
	s.Body.Text = d.str()
	n := d.count()
	s.lines = make(map[string]int, n)
	for range n {
		k := d.str()
		s.lines[k] = d.int()
	}
	if d.err == nil && d.at != len(d.s) {
		d.err = errCorrupt
	}
	return s, d.err
}

type encoder struct{ b []byte }

func (e *encoder) int(v int)    { e.b = binary.AppendVarint(e.b, int64(v)) }
func (e *encoder) count(n int)  { e.b = binary.AppendUvarint(e.b, uint64(n)) }
func (e *encoder) str(v string) { e.count(len(v)); e.b = append(e.b, v...) }
func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}
func (e *encoder) strs(v []string) {
	e.count(len(v))
	for _, s := range v {
		e.str(s)
	}
	e.bool(v == nil)
}

func (e *encoder) blocks(bs []markdown.Block) {
	e.count(len(bs))
	for _, b := range bs {
		e.str(b.Type)
		e.str(b.HTML)
		e.str(b.Title)
		e.blocks(b.Children)
		e.rich(b)
	}
	e.bool(bs == nil)
}

// rich holds a block's figure or embed, rare enough that JSON costs nothing.
type rich struct {
	Figure *markdown.Figure `json:"f,omitempty"`
	Embed  *markdown.Embed  `json:"e,omitempty"`
}

func (e *encoder) rich(b markdown.Block) {
	if b.Figure == nil && b.Embed == nil {
		e.str("")
		return
	}
	j, _ := json.Marshal(rich{b.Figure, b.Embed})
	e.str(string(j))
}

func (d *decoder) rich(b *markdown.Block) {
	s := d.str()
	if s == "" || d.err != nil {
		return
	}
	var r rich
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		d.err = errCorrupt
		return
	}
	b.Figure, b.Embed = r.Figure, r.Embed
}

var errCorrupt = errors.New("story cache: damaged entry")

// decoder reads what encoder wrote. Strings are slices of the input, not
// copies. Any inconsistency sets err and yields zero values: a damaged
// cache costs a parse, never a crash.
type decoder struct {
	s   string
	at  int
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint([]byte(d.s[d.at:min(len(d.s), d.at+binary.MaxVarintLen64)]))
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.at += n
	return v
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint([]byte(d.s[d.at:min(len(d.s), d.at+binary.MaxVarintLen64)]))
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.at += n
	return int(v)
}

// count is a length that must fit in what is left.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.s)-d.at) {
		d.err = errCorrupt
		return 0
	}
	return int(n)
}

func (d *decoder) raw(n int) string {
	if d.err != nil || n > len(d.s)-d.at {
		d.err = errCorrupt
		return strings.Repeat("\x00", n)
	}
	d.at += n
	return d.s[d.at-n : d.at]
}

func (d *decoder) str() string { return d.raw(d.count()) }

func (d *decoder) bool() bool {
	b := d.raw(1)
	if b[0] > 1 {
		d.err = errCorrupt
	}
	return b[0] == 1
}

func (d *decoder) strs() []string {
	n := d.count()
	var v []string
	if n > 0 {
		v = make([]string, n)
		for i := range v {
			v[i] = d.str()
		}
	}
	if nilSlice := d.bool(); !nilSlice && v == nil {
		v = []string{}
	}
	return v
}

func (d *decoder) blocks(depth int) []markdown.Block {
	n := d.count()
	if depth > 64 {
		d.err = errCorrupt
		return nil
	}
	bs := make([]markdown.Block, n)
	for i := range bs {
		bs[i] = markdown.Block{Type: d.str(), HTML: d.str(), Title: d.str(), Children: d.blocks(depth + 1)}
		d.rich(&bs[i])
	}
	if d.bool() {
		return nil
	}
	return bs
}
