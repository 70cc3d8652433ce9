package pipeline

import (
	"bytes"
	"sync/atomic"

	json "github.com/goccy/go-json"

	"github.com/nivaran/magazine/generator/page/head"
)

// dataFile is a page's data file, {"head":…,"page":…}, made in one buffer
// (json.Encoder writes from its pooled buffer, where json.Marshal returns a
// copy), and the page data within it, which the worker renders. At 10,000
// stories a marshalled head and page data, then their copy in the file,
// were 440 MB of the build's 4 GB of garbage. github.com/goccy/go-json
// writes encoding/json's bytes (FuzzDataFile) in half the time: 0.25 s of
// CPU at 10,000 stories.
func dataFile(h head.Head, data any) (file, page []byte, err error) {
	var b bytes.Buffer
	// Room for a quarter more than the last one made: pages of a kind come
	// together (stories first), and a buffer that doubles allocates twice.
	last := int(lastDataFile.Load())
	b.Grow(max(4<<10, last+last/4))
	defer func() { lastDataFile.Store(int64(len(file))) }()
	enc := json.NewEncoder(&b)
	b.WriteString(`{"head":`)
	if err := enc.Encode(h); err != nil {
		return nil, nil, err
	}
	b.Truncate(b.Len() - 1) // Encode ends each value with a newline
	b.WriteString(`,"page":`)
	from := b.Len()
	if err := enc.Encode(data); err != nil {
		return nil, nil, err
	}
	b.Truncate(b.Len() - 1)
	to := b.Len()
	b.WriteByte('}')
	file = b.Bytes()
	return file, file[from:to], nil
}

// lastDataFile is the size of the data file dataFile made last.
var lastDataFile atomic.Int64
