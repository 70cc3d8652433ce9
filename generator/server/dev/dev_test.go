package dev

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

func TestRebuildReloadAndOverlay(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	var log bytes.Buffer
	s, err := New(o, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	page := func() string {
		res, err := http.Get(srv.URL + "/story/1")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	if p := page(); !strings.Contains(p, "Body of story 1.") || !strings.Contains(p, `<script src="/__dev/client.js">`) {
		t.Fatal("page not served with the reload client")
	}
	// From the site's origin: the page's policy refuses inline script.
	if res, err := http.Get(srv.URL + "/__dev/client.js"); err != nil || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("the reload client: %v", err)
	} else if b, _ := io.ReadAll(res.Body); !strings.Contains(string(b), "new EventSource('/__dev/events')") {
		t.Fatalf("the reload client: %.80s", b)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/__dev/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(res.Body)
		var name, data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = line[7:]
			case strings.HasPrefix(line, "data: "):
				data += line[6:] + "\n"
			case line == "":
				events <- name + ":" + data
				name, data = "", ""
			}
		}
	}()
	next := func() string {
		select {
		case e := <-events:
			return e
		case <-time.After(30 * time.Second):
			t.Fatal("no event")
			return ""
		}
	}
	if e := next(); !strings.HasPrefix(e, "ready:") {
		t.Fatalf("first event %q", e)
	}

	// An edit is rebuilt, rendering only what changed, and tabs reload.
	file := filepath.Join(o.Stories, "a.md")
	src, _ := os.ReadFile(file)
	os.WriteFile(file, bytes.Replace(src, []byte("Body of story 1."), []byte("Edited body."), 1), 0o644)
	s.update([]string{file}) // as the watcher does
	if e := next(); !strings.HasPrefix(e, "reload:") {
		t.Fatalf("want reload, got %q", e)
	}
	if !strings.Contains(page(), "Edited body.") {
		t.Error("edit not served")
	}
	if s.last.Rendered != 1 {
		t.Errorf("rendered %d pages for a body edit", s.last.Rendered)
	}

	// A broken story: the overlay gets file:line, the last good page stays.
	os.WriteFile(file, bytes.Replace(src, []byte("title:"), []byte("titel:"), 1), 0o644)
	s.Rebuild()
	if e := next(); !strings.HasPrefix(e, "problem:") || !strings.Contains(e, file+`:3:1: unknown key "titel"`) {
		t.Fatalf("want the problem with file:line, got %q", e)
	}
	if !strings.Contains(page(), "Edited body.") {
		t.Error("last good page not served during the error")
	}
	if !strings.Contains(log.String(), `unknown key "titel"`) {
		t.Error("problem not printed in the terminal")
	}
	os.WriteFile(file, src, 0o644)
	s.Rebuild()
	if e := next(); !strings.HasPrefix(e, "reload:") {
		t.Fatalf("fixed: want reload, got %q", e)
	}
}

// A story's old address redirects (301) in dev as the built _redirects
// makes every host do, rather than answering 200 with a refresh page.
func TestAliasRedirects(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "path: /first\naliases: [/old-first]\n")})
	s, err := New(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, p := range []string{"/old-first", "/old-first/"} {
		res, err := client.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/first/" {
			t.Errorf("%s: %d to %q, want 301 to /first/", p, res.StatusCode, res.Header.Get("Location"))
		}
		// An editor may take the old address back at any moment.
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
	}
}

// Before any build has succeeded, every address shows the problems, with
// the client that reloads the page once a build does.
func TestFirstBuildFailingShowsItsProblems(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": strings.Replace(gt.Story("1", ""), "category: \"Economic Policy\"", "category: \"Gardening\"", 1)})
	var log bytes.Buffer
	s, err := New(o, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !strings.Contains(log.String(), "No build has succeeded yet") {
		t.Errorf("terminal: %s", log.String())
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string) (int, string) {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for _, p := range []string{"/", "/story/1/", "/nowhere"} {
		code, body := get(p)
		if code != http.StatusServiceUnavailable || !strings.Contains(body, "a.md:") || !strings.Contains(body, "Gardening") ||
			!strings.Contains(body, `<script src="/__dev/client.js">`) {
			t.Errorf("%s: %d %.300s", p, code, body)
		}
	}
	os.WriteFile(filepath.Join(o.Stories, "a.md"), []byte(gt.Story("1", "")), 0o644)
	s.Rebuild()
	if code, body := get("/story/1/"); code != 200 || !strings.Contains(body, "Body of story 1.") {
		t.Errorf("after the fix: %d %.200s", code, body)
	}
}

func TestWatchNoticesChanges(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	s, err := New(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	os.WriteFile(filepath.Join(o.Stories, "b.md"), []byte(gt.Story("2", "")), 0o644)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { s.Watch(stop, 20*time.Millisecond); close(done) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := s.site.Read("story/2/index.html"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("watcher did not rebuild")
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	<-done
}

// The later pages of listings a build leaves for later are made meanwhile.
func TestLaterPagesAreMadeMeanwhile(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"site.yaml":    gt.Site + "perPage: 1\n",
		"stories/a.md": gt.Story("1", ""),
		"stories/b.md": gt.Story("2", ""),
	})
	s, err := New(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const later = "category/economic-policy/page/2/index.html"
	for deadline := time.Now().Add(30 * time.Second); s.builder.Pending(later); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s is not made", later)
		}
	}
	if page, err := s.site.Read(later); err != nil || !strings.Contains(string(page), `href="/story/1/"`) {
		t.Errorf("%s: %v, or not the second page of the listing", later, err)
	}
}

// A broken link in a page made after the build shows once that page is
// made, and stays shown through edits elsewhere until it is fixed.
func TestLateBrokenLinkStaysShown(t *testing.T) {
	t.Parallel()
	broken := strings.Replace(gt.Story("1", ""), "Body of story 1.", "See [the report](/no-such-page).", 1)
	o := gt.Options(t, map[string]string{"stories/a.md": broken, "stories/b.md": gt.Story("2", "")})
	s, err := newServer(o, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	problem := func() string {
		s.mu.RLock()
		defer s.mu.RUnlock()
		return s.problem
	}
	if p := problem(); p != "" {
		t.Fatalf("the first build, which leaves the story pages for later: %s", p)
	}
	s.work.Lock()
	for s.makePending(nil) > 0 {
	}
	s.work.Unlock()
	if !strings.Contains(problem(), "broken link /no-such-page") {
		t.Fatalf("a's page made: %q", problem())
	}
	other := filepath.Join(o.Stories, "b.md")
	os.WriteFile(other, []byte(strings.Replace(gt.Story("2", ""), "Body of story 2.", "Edited.", 1)), 0o644)
	s.update([]string{other})
	if !strings.Contains(problem(), "broken link /no-such-page") {
		t.Fatalf("after an edit elsewhere: %q", problem())
	}
	a := filepath.Join(o.Stories, "a.md")
	os.WriteFile(a, []byte(gt.Story("1", "")), 0o644)
	s.update([]string{a})
	if p := problem(); p != "" {
		t.Fatalf("fixed: %q", p)
	}

	// Broken and fixed again, saved as editors that move a new file over
	// the story do: the watcher names no file, so the build leaves a's page
	// for later, and the problem goes, and the tabs are told, once it is made.
	tab := make(chan event, 16)
	s.mu.Lock()
	s.subs[tab] = true
	s.mu.Unlock()
	os.WriteFile(a, []byte(broken), 0o644)
	s.update(nil)
	s.work.Lock()
	for s.makePending(nil) > 0 {
	}
	s.work.Unlock()
	if !strings.Contains(problem(), "broken link /no-such-page") {
		t.Fatalf("broken again: %q", problem())
	}
	// The build succeeded: the tabs are told its pages are shown, not the
	// last good ones a failed build leaves.
	for seen := ""; seen != "late"; {
		select {
		case e := <-tab:
			if e.name == "problem" {
				t.Fatalf("a late broken link was shown as a failed build's: %q", e.data)
			}
			seen = e.name
		case <-time.After(5 * time.Second):
			t.Fatal("the open tabs were not told of the broken link")
		}
	}
	os.WriteFile(a, []byte(gt.Story("1", "")), 0o644)
	s.update(nil)
	s.work.Lock()
	for s.makePending(nil) > 0 {
	}
	s.work.Unlock()
	if p := problem(); p != "" {
		t.Fatalf("fixed, its page made after the build: %q", p)
	}
	for seen := ""; seen != "ready"; {
		select {
		case e := <-tab:
			seen = e.name
		case <-time.After(5 * time.Second):
			t.Fatal("the open tabs were not told the problem is gone")
		}
	}
}

// freshBuild builds o's site from nothing, into a folder it returns.
func freshBuild(t *testing.T, o pipeline.Options) string {
	t.Helper()
	o.Out = filepath.Join(t.TempDir(), "dist")
	o.Cache = filepath.Join(t.TempDir(), "cache")
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	return o.Out
}

// files lists a folder's files with a hash of each, folders aside.
func files(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = sha256.Sum256(data)
		return err
	})
	return out
}

// Through the watcher, a series of edits, an addition, a rename and a
// deletion leave the served site exactly as a build from nothing makes it;
// an edit to a story's text renders only that story's pages. With a story
// a listing page, the later pages of listings are made after the build:
// one asked for meanwhile is made at once, never served as it was.
func TestWatchedEditsMatchAFreshBuild(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"site.yaml":    gt.Site + "perPage: 1\n",
		"stories/a.md": gt.Story("1", "path: /first\ntags: [RBI]\n"),
		"stories/b.md": gt.Story("2", "tags: [RBI]\n"),
		"stories/c.md": gt.Story("3", "aliases: [/old-three]\n"),
	})
	o.Shared = nil
	s, err := newServer(o, io.Discard, false) // later pages of listings are made when asked for
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { s.Watch(stop, 10*time.Millisecond); close(done) }()
	defer func() { close(stop); <-done }()
	time.Sleep(100 * time.Millisecond) // the watcher is watching
	step := func(what string, change func()) *pipeline.Result {
		t.Helper()
		s.mu.RLock()
		before := s.last
		s.mu.RUnlock()
		change()
		deadline := time.Now().Add(30 * time.Second)
		for {
			s.mu.RLock()
			last, problem := s.last, s.problem
			s.mu.RUnlock()
			if problem != "" {
				t.Fatalf("%s: %s", what, problem)
			}
			if last != before {
				return last
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no rebuild", what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	story := func(name string) string { return filepath.Join(o.Stories, name) }
	replace := func(name, from, to string) {
		src, _ := os.ReadFile(story(name))
		if !strings.Contains(string(src), from) {
			t.Fatalf("%s lacks %q", name, from)
		}
		os.WriteFile(story(name), []byte(strings.Replace(string(src), from, to, 1)), 0o644)
	}
	res := step("a body edit", func() { replace("a.md", "Body of story 1.", "The body, edited.") })
	if res.Rendered != 1 || res.Pages != 2 {
		t.Errorf("a body edit rendered %d pages and put %d; want its one page at its two addresses", res.Rendered, res.Pages)
	}
	step("a title", func() { replace("b.md", `title: "Story 2"`, `title: "Story Two"`) })
	if res := step("a new story", func() { os.WriteFile(story("d.md"), []byte(gt.Story("4", "tags: [RBI]\n")), 0o644) }); res.Pending == 0 {
		t.Error("a new story moved no later page of a listing")
	}
	// Asked for at once, the later pages of the tag's listing are as a
	// build from nothing makes them.
	afresh := freshBuild(t, o)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, page := range []string{"tag/rbi/page/2/index.html", "tag/rbi/page/3/index.html"} {
		if !s.builder.Pending(page) {
			t.Errorf("%s was made before it was asked for", page)
		}
		res, err := http.Get(srv.URL + "/" + strings.TrimSuffix(page, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		fresh, err := os.ReadFile(filepath.Join(afresh, page))
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || string(body) != string(injectClient(fresh)) {
			t.Errorf("%s: %d, not the page a build from nothing makes", page, res.StatusCode)
		}
	}
	step("a rename", func() { os.Rename(story("d.md"), story("e.md")) })
	step("a deletion", func() { os.Remove(story("c.md")) })
	step("another body edit", func() { replace("b.md", "Do something.", "Do something sensible.") })

	s.work.Lock()
	for s.makePending(nil) > 0 {
	}
	s.work.Unlock()
	got, want := files(t, s.site.dir), files(t, freshBuild(t, o))
	for p, h := range want {
		if got[p] != h {
			t.Errorf("%s differs from a fresh build", p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s is served, but a fresh build has no such file", p)
		}
	}
}

// An editor's own files in the stories folder are no change to the site.
func TestEditorsFilesAreNoChange(t *testing.T) {
	for name, own := range map[string]bool{
		".a.md.swp": true, "a.md~": true, "4913": true, "#a.md#": true, "a.md.tmp": true, "a.md___jb_tmp___": true, "a.md___jb_old___": true,
		"a.md": false, "photo.jpg": false, "spelling-allow.txt": false, "#hashtag.md": false,
	} {
		if editorsOwn(name) != own {
			t.Errorf("%s: editor's own %v, want %v", name, !own, own)
		}
	}
}

// The stories folder renamed away and back (a branch switch, a restore)
// is watched again: a later edit is still built.
func TestWatchSurvivesTheStoriesFolderMovingAwayAndBack(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", "")})
	// In a folder of its own, as /srv/desk/stories beside a checkout: only
	// the stories folder's own parent sees it come back.
	elsewhere := filepath.Join(t.TempDir(), "stories")
	if err := os.Rename(o.Stories, elsewhere); err != nil {
		t.Fatal(err)
	}
	o.Stories = elsewhere
	s, err := New(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stop, done, ready := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() { s.WatchFrom(stop, 20*time.Millisecond, ready); close(done) }()
	defer func() { close(stop); <-done }()
	<-ready
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal(what)
			}
		}
	}
	away := o.Stories + ".away"
	if err := os.Rename(o.Stories, away); err != nil {
		t.Fatal(err)
	}
	waitFor("the missing folder was not reported", func() bool {
		s.mu.RLock()
		defer s.mu.RUnlock()
		return strings.Contains(s.problem, "cannot read the stories folder")
	})
	if err := os.Rename(away, o.Stories); err != nil {
		t.Fatal(err)
	}
	waitFor("the folder's return was not built", func() bool {
		s.mu.RLock()
		defer s.mu.RUnlock()
		return s.problem == ""
	})
	os.WriteFile(filepath.Join(o.Stories, "b.md"), []byte(gt.Story("2", "")), 0o644)
	waitFor("an edit after the folder came back was not built", func() bool {
		_, err := s.site.Read("story/2/index.html")
		return err == nil
	})
}
