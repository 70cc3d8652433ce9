// Package images makes the pictures a page needs: cover art drawn as SVG for
// stories without a photo (cover.go, scenes.go), a 1200x630 social card per
// story (card.go, text.go), and editors' photos resized for srcset
// (photo.go). Everything is pure Go and deterministic; photos and cards are
// cached by content (cache.go), so a warm build encodes nothing.
//
// Nothing here writes into dist/: callers get paths relative to the site
// root (images/…) and the bytes. It knows nothing of stories or the site:
// package media decides which pictures a site has and what pages call
// them; this one draws and encodes pixels, so each is tested on its own
// terms (a plan against the stories, a drawing against its bytes).
package images

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"
)

// Widths are the srcset steps of photos. 1200 is the widest a story page
// ever shows a picture at, and the width of the social card.
var Widths = [...]int{480, 800, 1200}

// Variant is one encoded size of a picture.
type Variant struct {
	Path   string // relative to the site root, e.g. images/monsoon-1a2b3c4d-800.jpg
	Width  int
	Height int
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

// Processor makes photos and social cards. Set the fields before first use
// and share one *Processor across goroutines (it is safe for concurrent
// use): it keeps what every card shares (fonts, glyphs, backdrops).
type Processor struct {
	// CacheDir keeps encoded files between builds (e.g. .cache/images); empty
	// means no cache. Entries are keyed by the source's content and the
	// encoder settings, so they never go stale, only unused.
	CacheDir string
	// FontDir holds the typefaces of social cards (frontend/fonts; they are
	// not shipped to readers).
	FontDir string

	// decoding holds the pixels of the pictures being decoded at once,
	// at most decodeBudget (DecodeBudget unless a test sets less).
	decodeBudget              int64
	decodeOnce                sync.Once
	decoding                  *semaphore.Weighted
	decodingNow, decodingPeak atomic.Int64 // pixels

	fontsOnce sync.Once
	fonts     *fontSet
	fontsErr  error
	backdrops sync.Map // backdropKey -> *backdrop
	setters   sync.Pool
}

// Error is a picture that could not be used; Error() starts with the file's
// path, so the build can report `story.md:9: featuredImage: <err>`.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }
