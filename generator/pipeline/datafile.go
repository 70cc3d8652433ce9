package pipeline

import (
	"bytes"
	"sync/atomic"

	json "github.com/goccy/go-json"

	"github.com/nivaran/magazine/generator/render/worker"
)

// pageJSON is a page's data, the JSON the worker renders it from and the
// page carries inline (without what its markup holds: inline), made
// in one buffer: json.Encoder writes from its pooled buffer, where
// json.Marshal returns a copy. github.com/goccy/go-json writes
// encoding/json's bytes (FuzzPageJSON) in half the time.
func pageJSON(data any) ([]byte, error) {
	var b bytes.Buffer
	// Room for a quarter more than the last one made: pages of a kind come
	// together (stories first), and a buffer that doubles allocates twice.
	last := int(lastPageJSON.Load())
	b.Grow(max(4<<10, last+last/4))
	if err := json.NewEncoder(&b).Encode(data); err != nil {
		return nil, err
	}
	b.Truncate(b.Len() - 1) // Encode ends each value with a newline
	lastPageJSON.Store(int64(b.Len()))
	return b.Bytes(), nil
}

// cardLists are the page data's lists of cards that a page shows whole, as
// cards (a listing's, a story's related stories): the data a page carries
// inline has them empty, and the browser reads them from the cards
// (frontend/src/readpage.ts, readCards). Inline, they were a tenth of a 10,000-story
// site's bytes.
var cardLists = []string{"cards", "related"}

// inline is the data a page carries: its data without what its markup
// holds already, its blocks' HTML and its cards.
func inline(data []byte) []byte {
	return worker.EmptyLists(worker.WithoutHTML(data), cardLists...)
}

// lastPageJSON is the size of the page data pageJSON made last.
var lastPageJSON atomic.Int64
