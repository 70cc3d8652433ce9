package story

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
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
	s.File, s.Modified = "", time.Time{} // the file's, not its content's
	s.lines = map[string]int{"id": 2, "title": 3}
	got, err := decodeStory(encodeStory(s))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("a field does not survive the cache (add it to encodeStory and decodeStory):\n got %+v\nwant %+v", got, s)
	}
}

func TestCacheRoundTripsTheMagazinesStories(t *testing.T) {
	files, _ := filepath.Glob("../../stories/*.md")
	if len(files) == 0 {
		t.Fatal("no stories")
	}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		s, diags := Parse(f, src, Options{})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		got, err := decodeStory(encodeStory(s))
		if err != nil {
			t.Fatal(err)
		}
		got.File = f
		if !reflect.DeepEqual(got, s) {
			t.Errorf("%s changes through the cache", f)
		}
	}
}

func TestCacheDamageNeverCrashes(t *testing.T) {
	src, _ := os.ReadFile("../../stories/" + firstStory(t))
	s, _ := Parse("x.md", src, Options{})
	enc := encodeStory(s)
	for i := range len(enc) {
		if _, err := decodeStory(enc[:i]); err == nil {
			t.Fatalf("truncated at %d of %d: no error", i, len(enc))
		}
		b := []byte(enc)
		b[i] ^= 0xff
		decodeStory(string(b)) // an error or a different story, never a panic
	}
}

func firstStory(t *testing.T) string {
	files, _ := filepath.Glob("../../stories/*.md")
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
