package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"
)

// hollow is what the worker is sent for data, and the holes.
func hollow(t *testing.T, data []byte) ([]byte, [][2]int) {
	t.Helper()
	spans := holes(data)
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	writeHollow(w, data, spans)
	w.Flush()
	return b.Bytes(), spans
}

// Every string under "html", at any depth, is cut out and nothing else:
// the request is the same JSON with a numbered placeholder in each.
func TestHolesCutEveryHTMLString(t *testing.T) {
	t.Parallel()
	page := func(a, b, c string) map[string]any {
		return map[string]any{"title": `say "html":"no"`, "text": "html", "blocks": []any{
			map[string]any{"type": "p", "html": a},
			map[string]any{"type": "spotlight", "children": []any{map[string]any{"type": "p", "html": b}, map[string]any{"type": "hr"}}},
			map[string]any{"type": "p", "html": c},
		}}
	}
	data, _ := json.Marshal(page(`<b>"a\`, `x\`, ""))
	req, spans := hollow(t, data)
	var got any
	if err := json.Unmarshal(req, &got); err != nil {
		t.Fatalf("request %s: %v", req, err)
	}
	want, _ := json.Marshal(page("\x000\x00", "\x001\x00", "\x002\x00"))
	var w any
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(got, w) {
		t.Fatalf("request %s, want %s", req, want)
	}
	answer, err := fill([]byte("<p>\x000\x00</p><p>\x001\x00</p>\x002\x00|"), data, spans)
	if err != nil || string(answer) != `<p><b>"a\</p><p>x\</p>|` {
		t.Fatalf("filled page %q, %v", answer, err)
	}
}

// A page whose data holds a NUL of its own is sent whole: a NUL in its
// answer could be that one.
func TestNoHolesBesideANUL(t *testing.T) {
	t.Parallel()
	data, _ := json.Marshal(map[string]any{"title": "a\x00b", "blocks": []map[string]string{{"html": "<p>x</p>"}}})
	if req, spans := hollow(t, data); spans != nil || !bytes.Equal(req, data) {
		t.Fatalf("holes %v, request %s", spans, req)
	}
	page, err := fill([]byte("a\x00b"), data, nil)
	if err != nil || string(page) != "a\x00b" {
		t.Fatalf("page %q, %v", page, err)
	}
}

// An answer with a NUL that is no placeholder of the request is an error,
// not a page with something missing.
func TestFillRejectsAStrayNUL(t *testing.T) {
	t.Parallel()
	data := []byte(`{"html":"x"}`)
	spans := holes(data)
	for _, answer := range []string{"a\x00b", "a\x001\x00", "a\x00-1\x00", "a\x00\x00"} {
		if page, err := fill([]byte(answer), data, spans); err == nil {
			t.Errorf("%q filled as %q", answer, page)
		}
	}
}

// appendUnescaped reads every JSON string as encoding/json does, with a lone
// surrogate as U+FFFD (as Node writes one in UTF-8).
func FuzzUnescape(f *testing.F) {
	for _, s := range []string{`a\u003cb\u003e`, `\"\\\/\b\f\n\r\t`, `\ud83d\udcc8`, `\ud83d`, `\udcc8x`, `\ud83d\u0041`, `\ud83d\ud83d\udcc8`, `\u2028`, `€é`, `\u00E9`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want string
		if !utf8.ValidString(s) || json.Unmarshal([]byte(`"`+s+`"`), &want) != nil {
			return // not the contents of a string json.Marshal writes
		}
		if got := string(appendUnescaped(nil, []byte(s))); got != want {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	})
}

// The HTML the generator escapes comes back as it was.
func FuzzHoleRoundTrip(f *testing.F) {
	f.Add("<p>“₹1 lakh” &amp; 📈</p>\u2028\\")
	f.Fuzz(func(t *testing.T, html string) {
		data, _ := json.Marshal(map[string]string{"html": html})
		spans := holes(data)
		if bytes.Contains(data, []byte(`\u0000`)) {
			if spans != nil {
				t.Fatal("holes beside a NUL")
			}
			return
		}
		var want string
		json.Unmarshal(data[len(`{"html":`):len(data)-1], &want) // as Node reads it (invalid UTF-8 is U+FFFD)
		page, err := fill([]byte("\x000\x00"), data, spans)
		if err != nil || string(page) != want {
			t.Fatalf("%q: %q, %v", html, page, err)
		}
	})
}

// A page's inline data is its data without the blocks' HTML, which the
// browser reads from the page: every other member stays as it was.
func TestWithoutHTML(t *testing.T) {
	t.Parallel()
	type block struct {
		Type     string  `json:"type"`
		HTML     string  `json:"html,omitempty"`
		Children []block `json:"children,omitempty"`
	}
	page := map[string]any{"kind": "story", "title": `a "html":"quoted" title`, "blocks": []block{
		{Type: "p", HTML: `<b>x</b> \ "y"`}, {Type: "hr"},
		{Type: "spotlight", Children: []block{{Type: "p", HTML: "in the box"}}},
	}}
	data, _ := json.Marshal(page)
	got := WithoutHTML(data)
	var back map[string]any
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	page["blocks"] = []block{{Type: "p"}, {Type: "hr"}, {Type: "spotlight", Children: []block{{Type: "p"}}}}
	want, _ := json.Marshal(page)
	var wantBack map[string]any
	json.Unmarshal(want, &wantBack)
	if !reflect.DeepEqual(back, wantBack) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Where a member is not after a comma, or the data holds a NUL, it stays whole.
	for _, whole := range []string{`{"html":"<p>x</p>","type":"p"}`, `[{"type":"p","html":"a\u0000"}]`} {
		if got := WithoutHTML([]byte(whole)); string(got) != whole {
			t.Errorf("%s became %s", whole, got)
		}
	}
}

func TestEmptyLists(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"list":{"title":"T","cards":[{"title":"a \"cards\":[ ] ]","image":{"w":[1]}},{"t":"}"}],"page":1}}`: `{"list":{"title":"T","cards":[],"page":1}}`,
		`{"story":{"related":[{"x":"[["}],"blocks":[{"cards":[1,[2]]}]}}`:                                     `{"story":{"related":[],"blocks":[{"cards":[]}]}}`,
		`{"title":"\"cards\":[1]","cards":[]}`:                                                                `{"title":"\"cards\":[1]","cards":[]}`,
		`{"cards":[{"title":"not closed"}`:                                                                    `{"cards":[{"title":"not closed"}`,
	} {
		if got := EmptyLists([]byte(in), "cards", "related"); string(got) != want {
			t.Errorf("%s\n got %s\nwant %s", in, got, want)
		}
	}
}
