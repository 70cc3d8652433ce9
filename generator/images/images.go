// Package images turns pictures into the files a page needs: editors' photos
// resized for srcset, cover art drawn for stories without a photo, and a
// 1200x630 social card per story. Everything is pure Go (image/*,
// golang.org/x/image), deterministic, and cached by content so a warm build
// decodes and encodes nothing.
//
// The processor never writes into dist/ itself: it returns paths relative to
// the site root (images/…) and the bytes, and the build writes them.
package images

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Widths are the srcset steps. 1200 is the widest a story page ever shows an
// image at, and the width of the social-card shape.
var Widths = [...]int{480, 800, 1200}

// Variant is one encoded size of a picture.
type Variant struct {
	Path   string // relative to the site root, e.g. images/cover/5-1a2b3c4d-800.jpg
	Width  int
	Height int
	// Cached is the file in the cache holding the same bytes, for callers
	// that would rather hard-link than copy; empty without a cache.
	Cached string
}

// Result is every variant of one picture, narrowest first.
type Result struct {
	Variants []Variant
	// Width and Height are the largest variant's, the picture's intrinsic size
	// for <img width height> and og:image:width/height.
	Width, Height int
	// Files maps each variant's Path to its bytes.
	Files map[string][]byte
}

// Largest is the widest variant, the one to use as <img src> and og:image.
func (r Result) Largest() Variant {
	if len(r.Variants) == 0 {
		return Variant{}
	}
	return r.Variants[len(r.Variants)-1]
}

// Srcset is the srcset attribute value, each path prefixed with base
// (usually "/").
func (r Result) Srcset(base string) string {
	parts := make([]string, len(r.Variants))
	for i, v := range r.Variants {
		parts[i] = fmt.Sprintf("%s%s %dw", base, v.Path, v.Width)
	}
	return strings.Join(parts, ", ")
}

// Processor makes the pictures. The zero value works without a cache and
// without social cards; set the fields before first use and share one
// *Processor across goroutines (it is safe for concurrent use).
type Processor struct {
	// CacheDir keeps encoded files between builds (e.g. .cache/images); empty
	// means no cache. Entries are keyed by the source's content and the
	// encoder settings, so they never go stale, only unused.
	CacheDir string
	// FontDir holds the typefaces for social cards (frontend/fonts; the card typefaces are not shipped to readers).
	FontDir string
	// Workers bounds Batch's concurrency; 0 means one per CPU.
	Workers int

	fontsOnce sync.Once
	fonts     *fontSet
	fontsErr  error

	encoded atomic.Int64 // files encoded (cache misses)
	cached  atomic.Int64 // files served from the cache
}

// Stats counts files (one per variant) encoded and served from the cache
// since the processor was made, for the build summary.
type Stats struct{ Encoded, Cached int64 }

// Stats reports the work done so far.
func (p *Processor) Stats() Stats {
	return Stats{Encoded: p.encoded.Load(), Cached: p.cached.Load()}
}

// Error is a picture that could not be used; Error() starts with the file's
// path, so the build can report `story.md:9: featuredImage: <err>`.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// JobKind says which picture a Job asks for.
type JobKind int

const (
	EditorJob JobKind = iota // resize the photo at Src
	CoverJob                 // draw cover art for ID and Category
	CardJob                  // draw the social card Card
)

// Job is one picture for Batch.
type Job struct {
	Kind     JobKind
	Src      string // EditorJob: source file
	ID       int    // CoverJob
	Category string // CoverJob
	Card     Card   // CardJob
}

// Output is a Job's result; for a CardJob, Result has the single 1200x630
// variant.
type Output struct {
	Result Result
	Err    error
}

// Batch runs jobs on a bounded number of goroutines and returns one Output
// per job, in the jobs' order. With a warm cache it only hashes and reads.
func (p *Processor) Batch(jobs []Job) []Output {
	out := make([]Output, len(jobs))
	n := p.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = min(n, len(jobs))
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				out[i] = p.run(jobs[i])
			}
		})
	}
	wg.Wait()
	return out
}

func (p *Processor) run(j Job) Output {
	var r Result
	var err error
	switch j.Kind {
	case EditorJob:
		r, err = p.Editor(j.Src)
	case CoverJob:
		r, err = p.Cover(j.ID, j.Category)
	case CardJob:
		r, err = p.card(j.Card)
	default:
		err = fmt.Errorf("images: unknown job kind %d", j.Kind)
	}
	return Output{Result: r, Err: err}
}
