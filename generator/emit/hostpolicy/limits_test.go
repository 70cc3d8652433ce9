package hostpolicy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMeasureAndWarn(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(dir, "a", "b", "index.html"), make([]byte, 3000), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), make([]byte, 100), 0o644)
	os.WriteFile(filepath.Join(dir, RedirectsFile), []byte("# a note\n\n/old /new/ 301\n/old/ /new/ 301\n"), 0o644)
	s, err := Measure(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Files != 3 || s.Entries != 5 || s.Bytes != 3100+int64(len("# a note\n\n/old /new/ 301\n/old/ /new/ 301\n")) || s.Largest != "a/b/index.html" || s.Redirects != 2 {
		t.Errorf("%+v", s)
	}
	if w := s.Warnings(); len(w) != 0 {
		t.Errorf("a small site passes no limit: %v", w)
	}
	// A 10,000-story site as issue 33 measured it, with 2,020 redirect rules.
	big := Size{Bytes: 964 << 20, Files: 28_539, Entries: 46_373, Largest: "search/index-0.json", LargestBytes: 30 << 20, Redirects: 2_020}
	got := strings.Join(big.Warnings(), "\n")
	for _, want := range []string{
		"warning: Cloudflare Pages (Free plan) takes at most 20,000 files; this build has 28,539 files",
		"warning: Cloudflare Pages (Free plan) takes files of at most 25.0 MB; search/index-0.json has 30.0 MB",
		"warning: Cloudflare Pages (Free plan) takes at most 2,000 redirect rules; this build has 2,020 redirect rules",
		"warning: GitLab Pages (GitLab.com) takes at most 1,000 redirect rules",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "GitHub Pages") {
		t.Errorf("964 MB is under GitHub Pages' 1 GB:\n%s", got)
	}
	big.Bytes = 1100 << 20
	if got := strings.Join(big.Warnings(), "\n"); !strings.Contains(got, "warning: GitHub Pages takes at most 1.00 GB; this build has 1.07 GB") {
		t.Errorf("over 1 GB:\n%s", got)
	}
}
