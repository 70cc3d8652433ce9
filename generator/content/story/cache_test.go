package story

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/testkit/synth"
)

// fill sets every exported field reachable from v to a non-zero value
// (blocks nest: three levels of them).
func fill(v reflect.Value, seed *int, depth int) {
	*seed++
	switch v.Kind() {
	case reflect.String:
		v.SetString("value " + strings.Repeat("x", *seed))
	case reflect.Int:
		v.SetInt(int64(*seed))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), seed, depth+1)
	case reflect.Slice:
		if depth > 6 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), seed, depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		k, x := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, seed, depth+1)
		fill(x, seed, depth+1)
		v.SetMapIndex(k, x)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2025, 8, 12, 10, 30, 0, 0, time.FixedZone("", 19800))))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), seed, depth+1)
			}
		}
	default:
		panic("fill: add a case for " + v.Kind().String())
	}
}

func TestCacheCoversEveryField(t *testing.T) {
	s := &Story{}
	seed := 0
	fill(reflect.ValueOf(s).Elem(), &seed, 0)
	c := storyCodec(DefaultZone)
	got, err := c.decode(string(c.encode(nil, s)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("a field does not survive the cache:\n got %+v\nwant %+v", got, s)
	}
}

func TestCacheRoundTripsTheMagazinesStories(t *testing.T) {
	files, _ := filepath.Glob("../../../stories/*.md")
	if len(files) == 0 {
		t.Fatal("no stories")
	}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		s, diags := Parse(f, src, Options{})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		c := storyCodec(DefaultZone)
		got, err := c.decode(string(c.encode(nil, s)))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("%s changes through the cache", f)
		}
	}
}

func TestCacheDamageNeverCrashes(t *testing.T) {
	src, _ := os.ReadFile("../../../stories/" + firstStory(t))
	s, _ := Parse("x.md", src, Options{})
	c := storyCodec(DefaultZone)
	enc := string(c.encode(nil, s))
	for i := range len(enc) {
		if _, err := c.decode(enc[:i]); err == nil {
			t.Fatalf("truncated at %d of %d: no error", i, len(enc))
		}
		b := []byte(enc)
		b[i] ^= 0xff
		c.decode(string(b)) // an error or a different story, never a panic
	}
}

func firstStory(t *testing.T) string {
	files, _ := filepath.Glob("../../../stories/*.md")
	if len(files) == 0 {
		t.Fatal("no stories")
	}
	return filepath.Base(files[0])
}

func TestLoadDirThroughTheCache(t *testing.T) {
	dir := t.TempDir()
	stories := filepath.Join(dir, "stories")
	os.MkdirAll(stories, 0o755)
	for i, id := range []string{"5", "6", "7"} {
		body := strings.Replace(good, "id: 5", "id: "+id, 1)
		body = strings.Replace(body, "path: /rbi-policy", "path: /p"+id, 1)
		os.WriteFile(filepath.Join(stories, "s"+string(rune('a'+i))+".md"), []byte(body), 0o644)
	}
	cacheFile := filepath.Join(dir, "cache", "stories.bin")
	want, diags := LoadDir(stories, opt)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	load := func(o Options) (*Cache, []*Story) {
		t.Helper()
		o.Cache = OpenCache(cacheFile, o)
		got, diags := LoadDir(stories, o)
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if err := o.Cache.Save(); err != nil {
			t.Fatal(err)
		}
		return o.Cache, got
	}
	if c, got := load(opt); c.blobs.Fresh() != 3 || !reflect.DeepEqual(got, want) {
		t.Fatalf("first load: %d parsed, same stories %v", c.blobs.Fresh(), reflect.DeepEqual(got, want))
	}
	if c, got := load(opt); c.blobs.Fresh() != 0 || c.blobs.Stored() != 3 || !reflect.DeepEqual(got, want) {
		t.Fatalf("second load: %d parsed, %d cached, same stories %v", c.blobs.Fresh(), c.blobs.Stored(), reflect.DeepEqual(got, want))
	}

	// An edit parses that story again, and only it.
	edited := filepath.Join(stories, "sb.md")
	src, _ := os.ReadFile(edited)
	os.WriteFile(edited, []byte(strings.Replace(string(src), "RBI holds", "RBI holds again", 1)), 0o644)
	if c, got := load(opt); c.blobs.Fresh() != 1 || got[1].Title != "RBI holds again" {
		t.Fatalf("after an edit: %d parsed, title %q", c.blobs.Fresh(), got[1].Title)
	}

	// Other site categories (which parsing checks) ignore the cache.
	other := Options{Categories: append([]string{"Technology"}, opt.Categories...)}
	if c, _ := load(other); c.blobs.Stored() != 0 || c.blobs.Fresh() != 3 {
		t.Fatalf("other options: %d cached entries used", c.blobs.Stored())
	}

	// A damaged file costs a parse, and is rewritten whole.
	data, _ := os.ReadFile(cacheFile)
	os.WriteFile(cacheFile, data[:len(data)-10], 0o644)
	if c, got := load(other); c.blobs.Fresh() != 1 || !reflect.DeepEqual(got[0], func() *Story { _, s := load(other); return s[0] }()) {
		t.Fatalf("damaged cache: %d parsed", c.blobs.Fresh())
	}
	if c, _ := load(other); c.blobs.Fresh() != 0 || c.blobs.Stored() != 3 {
		t.Fatalf("after the rewrite: %d parsed, %d cached", c.blobs.Fresh(), c.blobs.Stored())
	}
}

// A cache reused build after build (magazine dev) is read once, loads the
// stories a cache opened afresh would, parses only what changed, and is
// opened afresh for other options.
func TestReusedCache(t *testing.T) {
	dir := t.TempDir()
	stories := filepath.Join(dir, "stories")
	os.MkdirAll(stories, 0o755)
	for i, id := range []string{"5", "6"} {
		body := strings.Replace(good, "id: 5", "id: "+id, 1)
		body = strings.Replace(body, "path: /rbi-policy", "path: /p"+id, 1)
		os.WriteFile(filepath.Join(stories, "s"+string(rune('a'+i))+".md"), []byte(body), 0o644)
	}
	cacheFile := filepath.Join(dir, "stories.bin")
	var c *Cache
	load := func(o Options, parsed int) {
		t.Helper()
		want, _ := LoadDir(stories, o)
		o.Cache = c.Reuse(cacheFile, o)
		got, diags := LoadDir(stories, o)
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if o.Cache.blobs.Fresh() != parsed || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d parsed (want %d), same stories as without a cache %v", o.Cache.blobs.Fresh(), parsed, reflect.DeepEqual(got, want))
		}
		if err := o.Cache.Save(); err != nil {
			t.Fatal(err)
		}
		c = o.Cache
	}
	load(opt, 2)
	first := c
	load(opt, 0)
	edited := filepath.Join(stories, "sb.md")
	src, _ := os.ReadFile(edited)
	os.WriteFile(edited, []byte(strings.Replace(string(src), "RBI holds", "RBI holds again", 1)), 0o644)
	load(opt, 1)
	if c != first {
		t.Error("the same options opened the cache again")
	}
	load(Options{Categories: append([]string{"Technology"}, opt.Categories...)}, 2)
	if c == first {
		t.Error("other options reused the cache")
	}
	load(opt, 2) // the file holds the other options' stories now
}

// A file LoadDir is told is unchanged is not read: its story is the one
// given, or when that one let its body go, the cache's; one the cache
// lacks is read after all.
func TestLoadDirTakesUnchangedFilesAsTheyWere(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.md")
	os.WriteFile(file, []byte(good), 0o644)
	o := opt
	cacheFile := filepath.Join(t.TempDir(), "stories.bin")
	o.Cache = OpenCache(cacheFile, o)
	first, diags := LoadDir(dir, o)
	if err := o.Cache.Save(); len(diags) > 0 || err != nil {
		t.Fatal(diags, err)
	}
	o.Cache = OpenCache(cacheFile, o)
	os.WriteFile(file, []byte(strings.Replace(good, "RBI holds", "RBI moves", 1)), 0o644)
	o.Unchanged = map[string]*Story{file: first[0]}
	if got, _ := LoadDir(dir, o); got[0] != first[0] {
		t.Errorf("told it is unchanged, the file was read: %q", got[0].Title)
	}
	bodiless := *first[0]
	bodiless.Body.Blocks = nil
	o.Unchanged[file] = &bodiless
	if got, _ := LoadDir(dir, o); !reflect.DeepEqual(got, first) {
		t.Errorf("told it is unchanged, its body let go, the file was read: %q", got[0].Title)
	}
	bodiless.Key = strings.Repeat("0", len(first[0].Key))
	if got, _ := LoadDir(dir, o); got[0].Title == first[0].Title {
		t.Error("a story the cache lacks was not read")
	}
}

// A build keeps a body's search terms, not its text, cached or not; the
// spelling check asks for the text and gets it even where the cache has
// none.
func TestLoadDirKeepsTextOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte(good), 0o644)
	parsed, _ := Parse("a.md", []byte(good), opt)
	if parsed.Body.Text == "" || parsed.Body.Terms == "" {
		t.Fatalf("Parse: text %q, terms %q", parsed.Body.Text, parsed.Body.Terms)
	}
	cacheFile := filepath.Join(dir, "cache", "stories.bin")
	for round := range 2 { // the second from the cache
		o := opt
		o.Cache = OpenCache(cacheFile, o)
		got, diags := LoadDir(dir, o)
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if got[0].Body.Text != "" || got[0].Body.Terms != parsed.Body.Terms {
			t.Errorf("round %d: text %q, terms %q; want no text, terms %q", round, got[0].Body.Text, got[0].Body.Terms, parsed.Body.Terms)
		}
		o.Cache.Save()
	}
	o := opt
	o.Cache, o.KeepText = OpenCache(cacheFile, o), true
	if got, _ := LoadDir(dir, o); got[0].Body.Text != parsed.Body.Text {
		t.Errorf("KeepText: text %q, want %q", got[0].Body.Text, parsed.Body.Text)
	}
}

// BenchmarkCacheCodec decodes (and encodes) 1,000 synthetic stories: the
// warm-build cost of the cache codec alone, without reading or hashing files.
func BenchmarkCacheCodec(b *testing.B) {
	var encoded []string
	c := storyCodec(DefaultZone)
	for i := range 1000 {
		s, diags := Parse("x.md", synth.Story(i), Options{})
		if len(diags) > 0 {
			b.Fatal(diags)
		}
		encoded = append(encoded, string(c.encode(nil, s)))
	}
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			for _, e := range encoded {
				if _, err := c.decode(e); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	s, _ := Parse("x.md", synth.Story(1), Options{})
	b.Run("encode", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			for range 1000 {
				buf = c.encode(buf[:0], s)
			}
		}
	})
}

// LoadDir reads every file into one reused buffer and parses from it: a
// parsed story must keep nothing of the bytes it was parsed from.
func TestParseKeepsNothingOfItsInput(t *testing.T) {
	files, _ := filepath.Glob("../../../stories/*.md")
	if len(files) == 0 {
		t.Fatal("no stories")
	}
	sources := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources[f] = src
	}
	// Saved on Windows (normalise copies it) and with blocks of every kind.
	chart := "\n```chart\ntype: column\ntitle: T\nsource: S\n---\nYear,A\n2023,1\n2024,2\n```\n\n```embed\nhttps://youtu.be/aBcDeFgHiJk\n```\n"
	sources["crlf.md"] = []byte("\ufeff" + strings.ReplaceAll(strings.Replace(good, "Second paragraph.\n", "Second paragraph.\n"+chart, 1), "\n", "\r\n"))
	for f, src := range sources {
		want, wantDiags := Parse(f, bytes.Clone(src), Options{KeepText: true})
		got, _ := Parse(f, src, Options{KeepText: true})
		if len(wantDiags) > 0 {
			t.Fatalf("%s: %v", f, wantDiags)
		}
		for i := range src {
			src[i] = 'x'
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the story changed when the bytes it was parsed from did", f)
		}
	}
}
