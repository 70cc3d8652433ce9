package search

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/content/terms"
	"github.com/nivaran/magazine/generator/testkit/synth"
	"github.com/nivaran/magazine/generator/util/blobcache"
)

var update = flag.Bool("update", false, "rewrite testdata/index from testdata/ranking.json")

type fixture struct {
	StopWords []string `json:"stopWords"`
	Stories   []struct {
		ID           int      `json:"id"`
		Title        string   `json:"title"`
		Introduction string   `json:"introduction"`
		Category     string   `json:"category"`
		Author       string   `json:"author"`
		Tags         []string `json:"tags"`
		PublishedAt  string   `json:"publishedAt"`
		Path         string   `json:"path"`
		Body         string   `json:"body"`
	} `json:"stories"`
	Cases []struct {
		Why  string `json:"why"`
		Q    string `json:"q"`
		Want []int  `json:"want"`
	} `json:"cases"`
}

func loadFixture(t testing.TB) (fixture, []*story.Story) {
	t.Helper()
	raw, err := os.ReadFile("testdata/ranking.json")
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	var stories []*story.Story
	for _, s := range f.Stories {
		d, err := story.ParseDate(s.PublishedAt)
		if err != nil {
			t.Fatal(err)
		}
		stories = append(stories, &story.Story{
			ID: s.ID, Title: s.Title, Introduction: s.Introduction, Category: s.Category,
			Author: s.Author, Tags: s.Tags, PublishedAt: d, Path: s.Path,
			Body: markdown.Doc{Terms: terms.Distinct(s.Body)},
		})
	}
	return f, stories
}

func TestStopWordsAreTheSharedList(t *testing.T) {
	f, _ := loadFixture(t)
	if !slices.Equal(f.StopWords, terms.StopWords) {
		t.Errorf("testdata/ranking.json stopWords differ from terms.StopWords:\n%v\n%v", f.StopWords, terms.StopWords)
	}
}

// The browser's tests load testdata/index, so it must be what Build makes now.
func TestIndexFilesMatchTestdata(t *testing.T) {
	_, stories := loadFixture(t)
	files, err := Build(stories)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		path := filepath.Join("testdata", "index", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s differs from %s (run go test -update and read the diff):\n%s", name, path, data)
		}
	}
	if len(files) != 2 {
		t.Errorf("files = %d, want a manifest and one shard", len(files))
	}
}

func TestDocFields(t *testing.T) {
	_, stories := loadFixture(t)
	idx := New(stories)
	m := idx.Manifest
	// Newest first: story 5 (2025-09-03) leads, story 8 (2025-08-01) ends.
	if idx.Docs[0].ID != 5 || idx.Docs[len(idx.Docs)-1].ID != 8 {
		t.Errorf("order: first %d, last %d; want 5 and 8", idx.Docs[0].ID, idx.Docs[len(idx.Docs)-1].ID)
	}
	byID := map[int]Doc{}
	for _, d := range idx.Docs {
		byID[d.ID] = d
	}
	d := byID[1]
	if d.Path != "/india-making-gst-work-for-indian-economy" || d.Date != "2025-08-20" ||
		m.Categories[d.Category] != "Policy & Reform" || m.Authors[d.Author] != "Nivaran Economy Desk" ||
		d.Intro != "Simpler slabs and faster refunds." || !slices.Equal(d.Tags, []string{"Tax"}) {
		t.Errorf("doc 1 = %+v", d)
	}
	// A story without a fixed path lives at /story/<id>, which the browser derives.
	if byID[3].Path != "" {
		t.Errorf("doc 3 path = %q, want it omitted", byID[3].Path)
	}
	// Body: lower-cased, distinct, sorted, without stop words, one-letter
	// words or words already in the title, intro, tags, category or author.
	if got, want := d.Body, "council exporters fix it months wait"; got != want {
		t.Errorf("doc 1 body = %q, want %q", got, want)
	}
}

// The build keeps a body's terms, not its text: the index must not notice.
func TestBodyTermsIndexAsTheText(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range synthetic(t, 40) {
		other := []string{s.Title, s.Introduction, s.Category, s.Byline(), s.Tags[0]}
		want := bodyWords(seen, s.Body.Text, other...)
		if got := bodyWords(seen, s.Body.Terms, other...); got != want || want == "" {
			t.Fatalf("%s: from terms %q\nfrom text  %q", s.File, got, want)
		}
	}
}

func TestShards(t *testing.T) {
	skipIfShort(t)
	stories := synthetic(t, 3000)
	files, err := Build(stories)
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(files["search/manifest.json"], &m); err != nil {
		t.Fatal(err)
	}
	if m.Count != 3000 || len(m.Shards) < 2 || len(files) != len(m.Shards)+1 {
		t.Fatalf("manifest count %d, %d shards, %d files", m.Count, len(m.Shards), len(files))
	}
	ids := map[int]bool{}
	prev := "9999-12-31"
	for i, name := range m.Shards {
		if name != fmt.Sprintf("index-%d.json", i) {
			t.Errorf("shard %d is named %q", i, name)
		}
		raw := files["search/"+name]
		if len(raw) > ShardBytes {
			t.Errorf("%s is %d bytes, over %d", name, len(raw), ShardBytes)
		}
		var docs []Doc
		if err := json.Unmarshal(raw, &docs); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, d := range docs {
			if d.Date > prev {
				t.Fatalf("%s: story %d (%s) after an older one (%s)", name, d.ID, d.Date, prev)
			}
			prev = d.Date
			ids[d.ID] = true
		}
	}
	if len(ids) != 3000 {
		t.Errorf("%d distinct stories in the shards, want 3000", len(ids))
	}
}

// The budget: the whole index for 10,000 synthetic stories under 1.5 MB gzipped.
// The index of 10,000 stories stays within its budget, 1.5 MB gzipped.
// Each story is one entry of one shard and each shard is compressed on its
// own, so the index grows in proportion to the stories: it is measured at
// 3,000 (parsed once for TestShards as well) and scaled. Parsing 10,000
// took four seconds of CPU; their index was 456 KB, 3,000 scaled 468 KB.
func TestSizeFor10000(t *testing.T) {
	skipIfShort(t)
	const n = 3000
	files, err := Build(synthetic(t, n))
	if err != nil {
		t.Fatal(err)
	}
	raw, gz := 0, 0
	for _, data := range files {
		raw += len(data)
		gz += gzipSize(data)
	}
	scaled := gz * 10000 / n
	t.Logf("%d synthetic stories: %d files, %d bytes raw, %d bytes gzipped; %d for 10,000", n, len(files), raw, gz, scaled)
	if scaled > 1_500_000 {
		t.Errorf("the index of 10,000 stories would be %d bytes gzipped, over the 1.5 MB budget", scaled)
	}
}

func gzipSize(data []byte) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Len()
}

var (
	synthMu      sync.Mutex
	synthStories []*story.Story
)

// skipIfShort skips a test of the index of 3,000 synthetic stories, which
// takes ~1.7 s of CPU to parse, in go test -short's inner loop.
func skipIfShort(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 3,000 stories: run without -short")
	}
}

// synthetic parses the first n synthetic stories, kept between tests and
// benchmarks: parsing 10,000 Markdown files takes a few seconds.
func synthetic(t testing.TB, n int) []*story.Story {
	t.Helper()
	synthMu.Lock()
	defer synthMu.Unlock()
	for i := len(synthStories); i < n; i++ {
		s, diags := story.Parse(fmt.Sprintf("synthetic-%05d.md", i), synth.Story(i), story.Options{})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		synthStories = append(synthStories, s)
	}
	return synthStories[:n]
}

func TestNewWithCachedWordsIsTheSame(t *testing.T) {
	_, stories := loadFixture(t)
	want, err := Build(stories)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "words.bin")
	for i := range 2 {
		words := blobcache.Open(path, "test")
		got, err := NewWith(stories, words, nil).Files()
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("build %d through the cache differs", i+1)
		}
		if fresh := words.Fresh(); (i == 0) != (fresh == len(stories)) || (i == 1 && fresh != 0) {
			t.Fatalf("build %d reduced %d bodies", i+1, fresh)
		}
		words.Save()
	}
}

// An index that takes the last one's encoded docs is the one a build from
// nothing makes, after a story was edited and a newest one added, and then
// one deleted; only the docs that changed are encoded again.
func TestNewWithTheLastIndex(t *testing.T) {
	_, stories := loadFixture(t)
	last := NewWith(stories, nil, nil)
	if _, err := last.Files(); err != nil {
		t.Fatal(err)
	}
	edited, added := *stories[1], *stories[2]
	edited.Title += " again"
	added.ID = 9999
	added.PublishedAt.Time = added.PublishedAt.AddDate(5, 0, 0)
	now := append([]*story.Story{stories[0], &edited, &added}, stories[2:]...)
	kept := func(idx *Index) int {
		n := 0
		for _, e := range idx.encoded {
			if e != nil {
				n++
			}
		}
		return n
	}
	idx := NewWith(now, nil, last)
	if n := kept(idx); n != len(now)-2 {
		t.Errorf("%d of %d docs kept their encoding, not all but the edited and the added", n, len(now))
	}
	isFresh(t, idx, now)
	now = now[1:] // stories[0] goes
	isFresh(t, NewWith(now, nil, idx), now)
}

// isFresh fails t when idx's files are not those a build of stories from
// nothing makes.
func isFresh(t *testing.T, idx *Index, stories []*story.Story) {
	t.Helper()
	want, err := Build(stories)
	if err != nil {
		t.Fatal(err)
	}
	got, err := idx.Files()
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(got, want, bytes.Equal) {
		t.Error("the index differs from a build from nothing")
	}
}

// Reindexing one story's new body gives the index a build from nothing gives.
func TestReindexOneBody(t *testing.T) {
	_, stories := loadFixture(t)
	idx := New(stories)
	edited := *stories[1]
	edited.Body.Terms += " zanzibar"
	stories[1] = &edited
	want, _ := Build(stories)
	if before, _ := idx.Files(); maps.EqualFunc(before, want, bytes.Equal) {
		t.Fatal("the edit changes nothing in the index")
	}
	if !idx.Reindex(&edited) {
		t.Fatal("the story was not found")
	}
	got, _ := idx.Files()
	if !maps.EqualFunc(got, want, bytes.Equal) {
		t.Error("reindexed differs from a build from nothing")
	}
	if idx.Reindex(&story.Story{ID: -1}) {
		t.Error("found a story the index does not hold")
	}
}
