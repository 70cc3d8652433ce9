package terms

import (
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
