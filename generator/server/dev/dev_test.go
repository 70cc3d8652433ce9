package dev

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

func TestRebuildReloadAndOverlay(t *testing.T) {
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
	s.Rebuild()
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

func TestWatchNoticesChanges(t *testing.T) {
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
		s.mu.RLock()
		_, ok := s.files["story/2/index.html"]
		s.mu.RUnlock()
		if ok {
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
