package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// asciiCases: ASCII only, two- and three-byte characters, one outside the
// Basic Multilingual Plane (a surrogate pair), Devanagari with its vowel
// signs, and characters at the edges of an eight-byte word.
var asciiCases = []string{
	`{"title":"RBI holds the repo rate"}`,
	`{"q":"“Quoted” — ₹5,000 crore","n":[1,2.5,null,true]}`,
	`{"emoji":"growth 📈 and 🇮🇳"}`,
	`{"hi":"भारत की अर्थव्यवस्था"}`,
	`{"a":"1234567é","b":"é1234567","c":"\"escaped\\\\ already\u00e9"}`,
}

func ascii(t testing.TB, in []byte) []byte {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	writeASCII(w, in)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func sameJSON(t testing.TB, in []byte) {
	out := ascii(t, in)
	for i, c := range out {
		if c >= 0x80 {
			t.Fatalf("byte %d of %q is not ASCII", i, out)
		}
	}
	var a, b any
	if err := json.Unmarshal(in, &a); err != nil {
		t.Fatalf("%q is not JSON, which is all the worker is sent: %v", in, err)
	}
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatalf("%q became %q, not JSON: %v", in, out, err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("%q became %q: %v, want %v", in, out, b, a)
	}
}

func TestWriteASCIIIsTheSameJSON(t *testing.T) {
	t.Parallel()
	for _, c := range asciiCases {
		sameJSON(t, []byte(c))
	}
	if got := string(ascii(t, []byte(`"a📈b"`))); got != `"a\ud83d\udcc8b"` {
		t.Errorf("a character outside the BMP: %s, want a surrogate pair", got)
	}
}

func FuzzWriteASCII(f *testing.F) {
	for _, c := range asciiCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// As the page data is made: json.Marshal of any string.
		in, _ := json.Marshal(map[string]string{"s": s})
		sameJSON(t, in)
	})
}
