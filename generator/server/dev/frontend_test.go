package dev

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/render/bundle"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The first build of magazine dev takes the bundle stored by an earlier
// build when the frontend is unchanged; an edit of the frontend after it is
// bundled afresh, its styles and its server-rendered text alike, whether
// esbuild bundled in the idle moment before (Warm) or not.
func TestFrontendEditAfterAStoredBundle(t *testing.T) {
	for _, warm := range []bool{false, true} {
		t.Run(map[bool]string{false: "cold", true: "warmed"}[warm], func(t *testing.T) {
			t.Parallel()
			frontendEditAfterAStoredBundle(t, warm)
		})
	}
}

func frontendEditAfterAStoredBundle(t *testing.T, warm bool) {
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	o.Shared = nil
	// A copy of the repository's frontend and template, to edit, with the
	// repository's packages but a bundle store of its own (node_modules/.cache).
	repo := o.Root
	o.Root = t.TempDir()
	for _, dir := range []string{"frontend", "templates"} {
		if err := os.CopyFS(filepath.Join(o.Root, dir), os.DirFS(filepath.Join(repo, dir))); err != nil {
			t.Fatal(err)
		}
	}
	packages, err := os.ReadDir(filepath.Join(repo, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(o.Root, "node_modules"), 0o755)
	for _, p := range packages {
		if p.Name() != ".cache" {
			if err := os.Symlink(filepath.Join(repo, "node_modules", p.Name()), filepath.Join(o.Root, "node_modules", p.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	lock, err := os.ReadFile(filepath.Join(repo, "package-lock.json")) // part of the stored bundle's key
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(o.Root, "package-lock.json"), lock, 0o644); err != nil {
		t.Fatal(err)
	}
	const copyright, stored, edited, colour = "All rights reserved.", "All rights stored.", "All rights kept.", "#123457"
	// A build stores the bundle of the unchanged frontend; its server side
	// is marked, so that a page shows whether it came from the store.
	freshBuild(t, o)
	store := bundle.NewStore(filepath.Join(o.Root, "node_modules", ".cache", "magazine-bundle"), filepath.Join(o.Root, "frontend"))
	res := store.Load()
	if res == nil || !bytes.Contains(res.Server, []byte(copyright)) {
		t.Fatal("the build stored no bundle with the footer's text")
	}
	res.Server = bytes.Replace(res.Server, []byte(copyright), []byte(stored), 1)
	if err := store.Save(res); err != nil {
		t.Fatal(err)
	}

	s, err := newServer(o, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string) string {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", path, res.Status)
		}
		return string(b)
	}
	stylesheet := regexp.MustCompile(`<link rel="stylesheet" href="([^"]+\.css)"`)
	styles := func(page string) string {
		t.Helper()
		m := stylesheet.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no stylesheet in the page: %.300s", page)
		}
		return get(m[1])
	}
	page := get("/story/1/")
	if !strings.Contains(page, stored) || strings.Contains(styles(page), colour) {
		t.Fatal("the first build did not take the stored bundle")
	}

	edit := func(rel, from, to string) string {
		t.Helper()
		p := filepath.Join(o.Root, "frontend", "src", rel)
		src, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(src), from) {
			t.Fatalf("%s lacks %q (%v)", rel, from, err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if warm {
		s.work.Lock()
		s.builder.Warm()
		s.work.Unlock()
	}
	s.update([]string{
		edit("components/Footer.tsx", copyright, edited),
		edit("styles.css", "body {", "body {\n  outline-color: "+colour+";"),
	})
	if s.problem != "" {
		t.Fatal(s.problem)
	}
	page = get("/story/1/")
	if !strings.Contains(page, edited) || strings.Contains(page, stored) {
		t.Error("the edited footer is not in the page served after the edit")
	}
	if !strings.Contains(styles(page), colour) {
		t.Error("the edited styles are not served after the edit")
	}
}
