// Package search builds the static search index the browser's search page
// loads: a small manifest plus JSON shards, so 10,000 stories arrive in parts
// and only when someone searches.
package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/content/terms"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/parallel"
)

// Dir is where the index lives under dist/; the browser's loadIndex defaults
// to /search/.
const Dir = "search"

// ShardBytes caps one shard's raw size, so the first results can show
// while later shards are still arriving and no single response is large.
const ShardBytes = 250_000

// Version changes whenever the file format does.
const Version = 1

// Doc is one story in the index, with short JSON keys: the keys repeat once
// per story, and at 10,000 stories long names would cost real bytes.
type Doc struct {
	ID       int      `json:"i"`
	Title    string   `json:"t"`
	Intro    string   `json:"n"`
	Category int      `json:"c"` // index into Manifest.Categories
	Author   int      `json:"a"` // index into Manifest.Authors
	Tags     []string `json:"g,omitempty"`
	Date     string   `json:"d"`           // YYYY-MM-DD as the story gives it
	Path     string   `json:"p,omitempty"` // omitted when it is /story/<id>
	Body     string   `json:"w,omitempty"` // body words, see bodyWords
}

// Manifest is search/manifest.json. Shard names are relative to it.
type Manifest struct {
	Version    int      `json:"version"`
	Count      int      `json:"count"`
	Categories []string `json:"categories"`
	Authors    []string `json:"authors"`
	Shards     []string `json:"shards"`
}

// Index is the built index: the manifest's tables and every doc, newest
// first. The browser ranks over it (frontend/src/search/rank.ts), tested
// against the cases in testdata/ranking.json over the index Go builds.
type Index struct {
	Manifest Manifest
	Docs     []Doc
	encoded  [][]byte // Docs[i] as Files writes it, once it has; nil when not yet
}

// Build makes the index files for stories, keyed by path relative to dist/:
// search/manifest.json and search/index-<n>.json.
func Build(stories []*story.Story) (map[string][]byte, error) {
	return New(stories).Files()
}

// NewWith is New reusing the body words of stories that earlier builds
// reduced (see package blobcache): nearly all of the work, otherwise. When
// prev is the index of the last build in this process (magazine dev),
// Files encodes only the docs that are not in it alike.
func NewWith(stories []*story.Story, words *blobcache.Cache, prev *Index) *Index {
	idx := newIndex(stories, words)
	idx.keep(prev)
	return idx
}

// keep takes prev's encoding of each doc that is unchanged in idx: at
// 10,000 stories, encoding every doc took 20-40 ms of each build.
func (idx *Index) keep(prev *Index) {
	if prev == nil {
		return
	}
	at := make(map[int]int, len(prev.Docs))
	for i := range prev.Docs {
		if i < len(prev.encoded) && prev.encoded[i] != nil {
			at[prev.Docs[i].ID] = i
		}
	}
	idx.encoded = make([][]byte, len(idx.Docs))
	for i := range idx.Docs {
		if j, ok := at[idx.Docs[i].ID]; ok && same(&idx.Docs[i], &prev.Docs[j]) {
			idx.encoded[i] = prev.encoded[j]
		}
	}
}

// same reports whether two docs are alike in every field.
func same(a, b *Doc) bool {
	return a.ID == b.ID && a.Title == b.Title && a.Intro == b.Intro && a.Category == b.Category &&
		a.Author == b.Author && slices.Equal(a.Tags, b.Tags) && a.Date == b.Date && a.Path == b.Path && a.Body == b.Body
}

// Reindex takes in the new body of a story already indexed, the rest of it
// unchanged (magazine dev, after an edit to one story's text), and reports
// whether it found it.
func (idx *Index) Reindex(s *story.Story) bool {
	for i := range idx.Docs {
		if idx.Docs[i].ID == s.ID {
			idx.Docs[i].Body = bodyWords(make(map[string]bool, 512), s.Body.Terms, s.Title, s.Introduction, s.Category, s.Byline(), strings.Join(s.Tags, " "))
			if i < len(idx.encoded) {
				idx.encoded[i] = nil
			}
			return true
		}
	}
	return false
}

// New indexes stories. Docs are ordered newest first (then by id, highest
// first), which is also the tie-break in ranking: among equal scores the
// more recent story wins, with no dates to compare in the browser.
func New(stories []*story.Story) *Index { return newIndex(stories, nil) }

func newIndex(stories []*story.Story, words *blobcache.Cache) *Index {
	sorted := slices.Clone(stories)
	story.Newest(sorted)
	idx := &Index{Manifest: Manifest{Version: Version}}
	// The tables are in name order, so a doc's numbers change only when a
	// category or byline is added or goes (and magazine dev encodes only
	// the docs that changed: see keep).
	var cats, authors map[string]int
	idx.Manifest.Categories, cats = table(sorted, func(s *story.Story) string { return s.Category })
	idx.Manifest.Authors, authors = table(sorted, (*story.Story).Byline)
	idx.Docs = make([]Doc, len(sorted))
	for i, s := range sorted {
		d := Doc{
			ID:       s.ID,
			Title:    s.Title,
			Intro:    s.Introduction,
			Category: cats[s.Category],
			Author:   authors[s.Byline()],
			Tags:     s.Tags,
			Date:     s.PublishedAt.Format("2006-01-02"),
		}
		if p := s.CanonicalPath(); p != story.StoryPath(s.ID) {
			d.Path = p
		}
		idx.Docs[i] = d
	}
	// Reducing the bodies is nearly all the work; stories are independent.
	parallel.ForWorkers(len(sorted), func() func(int) error {
		seen := make(map[string]bool, 512)
		return func(i int) error {
			s := sorted[i]
			fields := []string{s.Body.Terms, s.Title, s.Introduction, s.Category, s.Byline(), strings.Join(s.Tags, " ")}
			if words == nil {
				idx.Docs[i].Body = bodyWords(seen, fields[0], fields[1:]...)
				return nil
			}
			key := blobcache.KeyOf(fields...)
			body, ok := words.Get(key)
			if !ok {
				body = bodyWords(seen, fields[0], fields[1:]...)
				words.Put(key, body)
			}
			idx.Docs[i].Body = body
			return nil
		}
	})
	idx.Manifest.Count = len(idx.Docs)
	return idx
}

// table is the distinct values of field over stories, in order, and each
// one's number.
func table(stories []*story.Story, field func(*story.Story) string) ([]string, map[string]int) {
	at := map[string]int{}
	for _, s := range stories {
		at[field(s)] = 0
	}
	names := slices.AppendSeq(make([]string, 0, len(at)), maps.Keys(at)) // [] in JSON when empty
	slices.Sort(names)
	for i, n := range names {
		at[n] = i
	}
	return names, at
}

// bodyWords reduces a body's terms (markdown.Doc.Terms) to those not
// already in the story's other fields, sorted and space-separated. Leaving
// those out changes no ranking: a word found in the title, tags, intro,
// category or author already scores more than a body match would. Sorting
// puts shared prefixes side by side, which gzip likes.
// seen is scratch space, emptied first.
func bodyWords(seen map[string]bool, body string, other ...string) string {
	clear(seen)
	for _, o := range other {
		terms.Each(o, func(w string) { seen[w] = true })
	}
	var out []string
	terms.Each(body, func(w string) {
		if !seen[w] {
			seen[w] = true
			if terms.Indexable(w) {
				out = append(out, w)
			}
		}
	})
	slices.Sort(out)
	return strings.Join(out, " ")
}

// ShardName is the file name of shard n, beside the manifest; shard 0
// exists whenever a story does.
func ShardName(n int) string { return fmt.Sprintf("index-%d.json", n) }

// Files renders the manifest and the shards. Docs fill shards in order until
// the next one would pass ShardBytes, so the first shard holds the newest.
func (idx *Index) Files() (map[string][]byte, error) {
	files := map[string][]byte{}
	var shard bytes.Buffer
	m := idx.Manifest
	m.Shards = []string{}
	flush := func() {
		if shard.Len() == 0 {
			return
		}
		shard.WriteString("]\n")
		name := ShardName(len(m.Shards))
		files[Dir+"/"+name] = bytes.Clone(shard.Bytes())
		m.Shards = append(m.Shards, name)
		shard.Reset()
	}
	if len(idx.encoded) != len(idx.Docs) {
		idx.encoded = make([][]byte, len(idx.Docs))
	}
	for i := range idx.Docs {
		raw := idx.encoded[i]
		if raw == nil {
			var err error
			if raw, err = marshal(&idx.Docs[i]); err != nil {
				return nil, fmt.Errorf("search index: story %d: %v", idx.Docs[i].ID, err)
			}
			idx.encoded[i] = raw
		}
		// The separator now and the closing "]\n" later take two bytes each.
		if shard.Len() > 0 && shard.Len()+2+len(raw)+2 > ShardBytes {
			flush()
		}
		if shard.Len() == 0 {
			shard.WriteByte('[')
		} else {
			shard.WriteString(",\n")
		}
		shard.Write(raw)
	}
	flush()
	raw, err := marshal(m)
	if err != nil {
		return nil, err
	}
	files[Dir+"/manifest.json"] = append(raw, '\n')
	return files, nil
}

// marshal is json.Marshal without HTML escaping: these files are fetched,
// never inlined into a page, and "&" as \u0026 would only cost bytes.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
