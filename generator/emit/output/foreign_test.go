package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A build replaces its output folder whole, so it refuses one that holds
// files no build made, and leaves them be; an earlier build, with or
// without its cache, is replaced.
func TestFolderNoBuildMadeIsRefused(t *testing.T) {
	for _, c := range []struct {
		name  string
		files []string
		ok    bool
	}{
		{"missing", nil, true},
		{"empty", []string{""}, true},
		{"an earlier build whose cache went", []string{"index.html", "assets/app.js", "story/1/index.html"}, true},
		{"someone's files", []string{"precious.txt", "sub/notes.txt"}, false},
		{"stories", []string{"rbi-policy.md"}, false},
		{"a site beside its sources", []string{"index.html", "site.yaml", "stories/a.md"}, false},
		{"a repository", []string{"index.html", ".git/HEAD"}, false},
		{"a site with a README", []string{"index.html", "README.md"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSite(t)
			for _, f := range c.files {
				p := filepath.Join(s.out, filepath.FromSlash(f))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if f == "" {
					os.MkdirAll(s.out, 0o755)
				} else {
					os.WriteFile(p, []byte("kept"), 0o644)
				}
			}
			w, err := Open(s.out, s.cache, false)
			if c.ok {
				if err != nil {
					t.Fatal(err)
				}
				w.Put("index.html", File{Key: "k", Data: []byte("new")})
				if _, err := w.Commit(); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				w.Abort()
				t.Fatal("opened")
			}
			if !strings.Contains(err.Error(), "holds files no build made") {
				t.Errorf("error: %v", err)
			}
			for _, f := range c.files {
				if f == "" {
					continue
				}
				if b, err := os.ReadFile(filepath.Join(s.out, filepath.FromSlash(f))); string(b) != "kept" {
					t.Errorf("%s: %q, %v", f, b, err)
				}
			}
			// Not even the lock is held: the next build may run.
			if w, err := Open(filepath.Join(s.root, "other"), s.cache, false); err != nil {
				t.Fatal(err)
			} else {
				w.Abort()
			}
		})
	}
}
