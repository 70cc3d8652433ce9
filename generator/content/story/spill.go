package story

import (
	"fmt"
	"os"
	"sync"
	"unsafe"
)

// Spill keeps the bodies of stories parsed by a build on disk from the
// moment each is parsed until its pages are made, so a build holds the
// bodies of the pages in hand, not of every story: at 100,000 stories the
// bodies (most of them their blocks' HTML, ~14 KB a story) were 1.4 GB of
// a 2.7 GB peak. A story is written as the story cache encodes it, which
// Cache.Save then copies rather than encoding it again.
//
// Its file is in the build's cache folder and has no name from the start:
// the system frees it when the build ends, however it ends.
type Spill struct {
	f     *os.File
	codec *codec
	mu    sync.Mutex
	end   int64
	at    map[*Story]span
	close sync.Once
}

type span struct{ off, n int64 }

// NewSpill makes an empty spill in dir, for stories parsed with opt.
func NewSpill(dir string, opt Options) (*Spill, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "bodies-*.tmp")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return &Spill{f: f, codec: storyCodec(zoneOf(opt)), at: map[*Story]span{}}, nil
}

// put writes s to the spill and lets its blocks go, using buf for the
// encoding; it returns buf for reuse. A story it cannot write keeps its
// blocks.
func (sp *Spill) put(s *Story, buf []byte) []byte {
	buf = sp.codec.encode(buf[:0], s)
	sp.mu.Lock()
	off := sp.end
	sp.end += int64(len(buf))
	sp.mu.Unlock()
	if _, err := sp.f.WriteAt(buf, off); err != nil {
		return buf
	}
	sp.mu.Lock()
	sp.at[s] = span{off, int64(len(buf))}
	sp.mu.Unlock()
	s.Body.Blocks = nil
	return buf
}

// Holds reports whether the spill holds s: its blocks may then be let go
// at any time, and restored.
func (sp *Spill) Holds(s *Story) bool {
	_, ok := sp.spanOf(s)
	return ok
}

func (sp *Spill) spanOf(s *Story) (span, bool) {
	if sp == nil {
		return span{}, false
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	at, ok := sp.at[s]
	return at, ok
}

// read appends the encoding of s written by put to dst.
func (sp *Spill) read(dst []byte, at span) ([]byte, error) {
	n := len(dst)
	dst = append(dst, make([]byte, at.n)...)
	if _, err := sp.f.ReadAt(dst[n:], at.off); err != nil {
		return dst[:n], err
	}
	return dst, nil
}

// Restore gives s back the blocks put let go. Only one goroutine may
// restore or change a story at a time. A story the spill does not hold,
// or that holds its blocks, is left as it is.
func (sp *Spill) Restore(s *Story) error {
	at, ok := sp.spanOf(s)
	if !ok || s.Body.Blocks != nil {
		return nil
	}
	b, err := sp.read(nil, at)
	if err != nil {
		return fmt.Errorf("cannot read its parsed body back: %w", err)
	}
	// The blocks share b: one allocation for the whole body.
	back, err := sp.codec.decode(unsafe.String(unsafe.SliceData(b), len(b)))
	if err != nil {
		return fmt.Errorf("cannot read its parsed body back: %w", err)
	}
	s.Body.Blocks = back.Body.Blocks
	return nil
}

// Close frees the spill's file. A story let go and not restored keeps no
// body.
func (sp *Spill) Close() error {
	if sp == nil {
		return nil
	}
	var err error
	sp.close.Do(func() { err = sp.f.Close() })
	return err
}
