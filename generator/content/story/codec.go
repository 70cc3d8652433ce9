package story

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"slices"
	"time"
)

// The cache's codec is derived from the Story type by reflection: every
// exported field, recursively, in declaration order. A field added to Story
// (or to markdown.Block) is cached with no further code; a type it cannot
// encode (an interface, an unexported field) stops the program at start, so
// no build can cache part of a story.

// codec encodes stories for one site time zone: dates in that zone decode
// in it again (other zones as fixed offsets), so a cached story is equal to
// a parsed one.
type codec struct{ loc *time.Location }

func storyCodec(loc *time.Location) *codec { return &codec{loc} }

var storyCoder = compile(reflect.TypeFor[Story](), map[reflect.Type]*coder{})

// encode appends s to dst.
func (c *codec) encode(dst []byte, s *Story) []byte {
	e := &encoder{loc: c.loc, b: dst}
	storyCoder.enc(e, reflect.ValueOf(s).Elem())
	return e.b
}

func (c *codec) decode(body string) (*Story, error) {
	d := &decoder{s: body, loc: c.loc}
	s := &Story{}
	storyCoder.dec(d, reflect.ValueOf(s).Elem())
	if d.err == nil && d.at != len(d.s) {
		d.err = errCorrupt
	}
	return s, d.err
}

type coder struct {
	enc func(*encoder, reflect.Value)
	dec func(*decoder, reflect.Value)
}

var timeType = reflect.TypeFor[time.Time]()

// maxDepth bounds nesting when decoding, so a damaged entry cannot recurse deeply.
const maxDepth = 64

// compile builds the coder of t; memo lets recursive types (a block's
// children are blocks) refer to themselves.
func compile(t reflect.Type, memo map[reflect.Type]*coder) *coder {
	if c, ok := memo[t]; ok {
		return c
	}
	c := &coder{}
	memo[t] = c
	switch k := t.Kind(); {
	case t == timeType:
		c.enc, c.dec = encTime, decTime
	case k == reflect.String:
		c.enc = func(e *encoder, v reflect.Value) { e.str(v.String()) }
		c.dec = func(d *decoder, v reflect.Value) { v.SetString(d.str()) }
	case k == reflect.Bool:
		c.enc = func(e *encoder, v reflect.Value) { e.bool(v.Bool()) }
		c.dec = func(d *decoder, v reflect.Value) { v.SetBool(d.bool()) }
	case k >= reflect.Int && k <= reflect.Int64:
		c.enc = func(e *encoder, v reflect.Value) { e.int(v.Int()) }
		c.dec = func(d *decoder, v reflect.Value) { v.SetInt(d.int()) }
	case k >= reflect.Uint && k <= reflect.Uintptr:
		c.enc = func(e *encoder, v reflect.Value) { e.uint(v.Uint()) }
		c.dec = func(d *decoder, v reflect.Value) { v.SetUint(d.uvarint()) }
	case k == reflect.Float32 || k == reflect.Float64:
		c.enc = func(e *encoder, v reflect.Value) { e.uint(math.Float64bits(v.Float())) }
		c.dec = func(d *decoder, v reflect.Value) { v.SetFloat(math.Float64frombits(d.uvarint())) }
	case k == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		c.enc = func(e *encoder, v reflect.Value) { e.str(string(v.Bytes())); e.bool(v.IsNil()) }
		c.dec = func(d *decoder, v reflect.Value) {
			if b := []byte(d.str()); !d.bool() {
				v.SetBytes(b)
			}
		}
	case k == reflect.Slice:
		elem := compile(t.Elem(), memo)
		c.enc = func(e *encoder, v reflect.Value) {
			e.count(v.Len())
			for i := range v.Len() {
				elem.enc(e, v.Index(i))
			}
			e.bool(v.IsNil())
		}
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.count()
			if !d.enter() {
				return
			}
			// Grown in place: a slice made by reflect.MakeSlice costs a
			// second allocation for its header.
			v.Grow(n)
			v.SetLen(n)
			for i := range n {
				elem.dec(d, v.Index(i))
			}
			d.depth--
			if nilSlice := d.bool(); nilSlice {
				v.SetZero()
			} else if n == 0 {
				v.Set(reflect.MakeSlice(t, 0, 0))
			}
		}
	case k == reflect.Array:
		elem := compile(t.Elem(), memo)
		c.enc = func(e *encoder, v reflect.Value) {
			for i := range v.Len() {
				elem.enc(e, v.Index(i))
			}
		}
		c.dec = func(d *decoder, v reflect.Value) {
			for i := range v.Len() {
				elem.dec(d, v.Index(i))
			}
		}
	case k == reflect.Pointer:
		elem := compile(t.Elem(), memo)
		c.enc = func(e *encoder, v reflect.Value) {
			if e.bool(!v.IsNil()); !v.IsNil() {
				elem.enc(e, v.Elem())
			}
		}
		c.dec = func(d *decoder, v reflect.Value) {
			if d.bool() && d.enter() {
				p := reflect.New(t.Elem())
				elem.dec(d, p.Elem())
				d.depth--
				v.Set(p)
			}
		}
	case k == reflect.Map && (t.Key().Kind() == reflect.String || t.Key().Kind() == reflect.Int):
		key, val := compile(t.Key(), memo), compile(t.Elem(), memo)
		c.enc = func(e *encoder, v reflect.Value) {
			keys := v.MapKeys() // sorted, so equal maps encode equally
			slices.SortFunc(keys, func(a, b reflect.Value) int {
				if a.Kind() == reflect.String {
					return cmp.Compare(a.String(), b.String())
				}
				return cmp.Compare(a.Int(), b.Int())
			})
			e.count(len(keys))
			for _, k := range keys {
				key.enc(e, k)
				val.enc(e, v.MapIndex(k))
			}
			e.bool(v.IsNil())
		}
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.count()
			m := reflect.MakeMapWithSize(t, n)
			k, x := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
			for range n { // SetMapIndex copies k and x
				key.dec(d, k)
				val.dec(d, x)
				m.SetMapIndex(k, x)
			}
			if !d.bool() {
				v.Set(m)
			}
		}
	case k == reflect.Struct:
		fields := make([]*coder, t.NumField())
		for i := range t.NumField() {
			if !t.Field(i).IsExported() {
				panic("story cache: cannot encode unexported field " + t.String() + "." + t.Field(i).Name)
			}
			fields[i] = compile(t.Field(i).Type, memo)
		}
		c.enc = func(e *encoder, v reflect.Value) {
			for i, f := range fields {
				f.enc(e, v.Field(i))
			}
		}
		c.dec = func(d *decoder, v reflect.Value) {
			for i, f := range fields {
				f.dec(d, v.Field(i))
			}
		}
	default:
		panic("story cache: cannot encode " + t.String())
	}
	return c
}

// A time is its instant and its zone: UTC, the site's zone, or a fixed offset.
// Times are read and written in place: boxing them in interfaces would
// allocate for every date of every story.
func encTime(e *encoder, v reflect.Value) {
	t := *(*time.Time)(v.Addr().UnsafePointer())
	e.int(t.Unix())
	e.int(int64(t.Nanosecond()))
	switch t.Location() {
	case time.UTC:
		e.count(0)
	case e.loc:
		e.count(1)
	default:
		name, offset := t.Zone()
		e.count(2)
		e.str(name)
		e.int(int64(offset))
	}
}

func decTime(d *decoder, v reflect.Value) {
	t := time.Unix(d.int(), d.int())
	switch d.count() {
	case 0:
		t = t.UTC()
	case 1:
		t = t.In(d.loc)
	case 2:
		t = t.In(time.FixedZone(d.str(), int(d.int())))
	default:
		d.err = errCorrupt
	}
	if d.err == nil {
		*(*time.Time)(v.Addr().UnsafePointer()) = t
	}
}

type encoder struct {
	b   []byte
	loc *time.Location
}

func (e *encoder) int(v int64)   { e.b = binary.AppendVarint(e.b, v) }
func (e *encoder) uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *encoder) count(n int)   { e.uint(uint64(n)) }
func (e *encoder) str(v string)  { e.count(len(v)); e.b = append(e.b, v...) }
func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

var errCorrupt = errors.New("story cache: damaged entry")

// decoder reads what encoder wrote. Strings are slices of the input, not
// copies. Any inconsistency sets err and yields zero values: a damaged
// cache costs a parse, never a crash.
type decoder struct {
	s     string
	at    int
	err   error
	depth int
	loc   *time.Location
}

func (d *decoder) enter() bool {
	if d.depth++; d.depth > maxDepth {
		d.err = errCorrupt
	}
	return d.err == nil
}

func (d *decoder) uvarint() uint64 {
	s, at := d.s, d.at // locals: the loop then runs in registers
	if d.err != nil {
		return 0
	}
	if at < len(s) && s[at] < 0x80 { // most numbers here are lengths below 128
		d.at = at + 1
		return uint64(s[at])
	}
	var v uint64
	for shift := uint(0); at < len(s) && shift < 64; shift += 7 {
		b := s[at]
		at++
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			d.at = at
			return v
		}
	}
	d.err = errCorrupt
	return 0
}

func (d *decoder) int() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1) // binary.AppendVarint's zig-zag
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

func (d *decoder) str() string {
	n := d.count()
	if d.err != nil {
		return ""
	}
	d.at += n
	return d.s[d.at-n : d.at]
}

func (d *decoder) bool() bool {
	if d.err != nil || d.at >= len(d.s) || d.s[d.at] > 1 {
		d.err = errCorrupt
		return false
	}
	d.at++
	return d.s[d.at-1] == 1
}
