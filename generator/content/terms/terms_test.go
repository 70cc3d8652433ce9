package terms

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"The RBI's 5.5% repo rate", "rbi repo rate"},
		{"GST, GST and gst", "gst gst gst"},
		{"Make in India — ‘Atmanirbhar’ Bharat", "make india atmanirbhar bharat"},
		{"IT and US exports", "it us exports"},
		{"भारत की अर्थव्यवस्था", "भारत की अर्थव्यवस्था"},
		{"2025-26 budget", "2025 26 budget"},
		{"S&P and M&A, R&D-led; S & P, &x, y&, AT&T&Co", "s&p m&a r&d led at&t&co"},
		{"भारत&India", "भारत&india"},
	} {
		if got := strings.Join(Tokens(c.in), " "); got != c.want {
			t.Errorf("Tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDistinct(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"The RBI's repo rate: the RBI held the rate", "rbi repo rate held"},
		{"GST, gst and Gst", "gst"},
		{"a I of", ""},
		{"भारत की अर्थव्यवस्था, भारत", "भारत की अर्थव्यवस्था"},
	} {
		if got := Distinct(c.in); got != c.want {
			t.Errorf("Distinct(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Each finds words in the text as written and lowers only those with
// capitals; it must split and lower exactly as lowering the whole text first.
func TestEachIsSplittingTheLoweredText(t *testing.T) {
	texts := []string{
		"The RBI's 5.5% REPO rate—held", "ÉCONOMIE Économie", "İstanbul KELVIN ΣΊΣΥΦΟΣ",
		"भारत की GDP ₹3.5 लाख करोड़", "mixed\xffbytes AND\xc3", "2025-26 Q1FY26", "S&P M&A &x y& a&&b É&Ü &",
	}
	files, _ := filepath.Glob("../../../stories/*.md")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	if len(files) == 0 {
		t.Fatal("no stories to read")
	}
	for _, s := range texts {
		var got []string
		Each(s, func(w string) { got = append(got, w) })
		if want := splitLowered(s); !slices.Equal(got, want) {
			t.Errorf("Each(%.40q…):\n got %q\nwant %q", s, got, want)
		}
	}
}

// splitLowered is Each as it was first written: the text lowered whole,
// then split into runs of word characters.
func splitLowered(s string) []string {
	var out []string
	s = strings.ToLower(s)
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r):
			if start < 0 {
				start = i
			}
		case r == '&' && start >= 0 && wordAt(s, i+1):
			// joins the runs on its sides: s&p
		case start >= 0:
			out = append(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func FuzzEach(f *testing.F) {
	for _, s := range []string{"The RBI's 5.5% REPO", "ÉCONOMIE Économie", "भारत की GDP ₹3.5", "mixed\xffbytes AND\xc3", "a\u00a0b—c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got []string
		Each(s, func(w string) { got = append(got, w) })
		if want := splitLowered(s); !slices.Equal(got, want) {
			t.Fatalf("Each(%q) = %q, want %q", s, got, want)
		}
	})
}
