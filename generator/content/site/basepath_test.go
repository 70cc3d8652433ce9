package site

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// basePathCases are testdata/basepath.json, which frontend/src/sitepath.test.ts reads too.
type basePathCases struct {
	BaseURLs [][2]string `json:"baseURLs"`
	Paths    [][3]string `json:"paths"`
	Srcsets  [][3]string `json:"srcsets"`
}

func readBasePathCases(t *testing.T) basePathCases {
	t.Helper()
	raw, err := os.ReadFile("testdata/basepath.json")
	if err != nil {
		t.Fatal(err)
	}
	var c basePathCases
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.BaseURLs) == 0 || len(c.Paths) == 0 || len(c.Srcsets) == 0 {
		t.Fatal("testdata/basepath.json lost its cases")
	}
	return c
}

func TestBasePathSharedCases(t *testing.T) {
	c := readBasePathCases(t)
	for _, v := range c.BaseURLs {
		var cfg Config
		if err := cfg.SetBaseURL(v[0]); err != nil || cfg.BasePath != v[1] {
			t.Errorf("SetBaseURL(%q): base path %q (%v), want %q", v[0], cfg.BasePath, err, v[1])
		}
		// Absolute URLs are built from BaseURL: the path once, never its slash twice.
		if want := strings.TrimSuffix(v[0], "/") + "/about/"; cfg.Abs("/about/") != want {
			t.Errorf("%s: Abs(/about/) = %q, want %q", v[0], cfg.Abs("/about/"), want)
		}
	}
	for _, v := range c.Paths {
		if got := WithBase(v[0], v[1]); got != v[2] {
			t.Errorf("WithBase(%q, %q) = %q, want %q", v[0], v[1], got, v[2])
		}
	}
	for _, v := range c.Srcsets {
		if got := SrcsetWithBase(v[0], v[1]); got != v[2] {
			t.Errorf("SrcsetWithBase(%q, %q) = %q, want %q", v[0], v[1], got, v[2])
		}
	}
}

func TestBaseURLPathMustNeedNoEscaping(t *testing.T) {
	for _, raw := range []string{
		"https://example.org/my magazine/", "https://example.org/a%2Fb/", "https://example.org/a//b/",
		"https://example.org/../x/", "https://example.org/x?y=1", "https://example.org/x#top", "https://example.org/x/#",
		"https://user@example.org/", "https://example.org/\"x\"/", "https://example.org/x<y/",
	} {
		var cfg Config
		if err := cfg.SetBaseURL(raw); err == nil {
			t.Errorf("SetBaseURL(%q) accepted, base path %q", raw, cfg.BasePath)
		} else if !strings.HasPrefix(err.Error(), "baseURL: ") {
			t.Errorf("SetBaseURL(%q): %v", raw, err)
		}
	}
}

func TestBaseURLErrorHasItsLine(t *testing.T) {
	_, err := load(t, "name: Nivaran\ntagline: Solutions\neditorEmail: desk@nivaran.example\nbaseURL: https://example.org/my magazine/\ncategories: [Economic Policy]\n")
	want := `site.yaml:4: baseURL: "https://example.org/my magazine/": each folder of its path may hold only letters, digits and - . _ ~ (like https://example.org/magazine/)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
