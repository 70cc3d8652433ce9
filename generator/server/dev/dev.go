// Package dev is the writing loop: build once, serve the site from memory,
// watch the sources, rebuild what a change affects, and reload open tabs.
// A content error is shown in the browser and the terminal while the last
// good pages keep being served.
package dev

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	"github.com/nivaran/magazine/generator/server/serve"
)

// Server is a running dev session.
type Server struct {
	opt     pipeline.Options
	log     io.Writer
	builder *pipeline.Builder

	mu      sync.RWMutex
	keys    map[string]string // last good build: each file's key
	files   fstest.MapFS      // and its contents, served
	last    *pipeline.Result
	problem string // the last build's error, "" when it succeeded
	subs    map[chan event]bool
	built   string // fingerprint of the sources the first build saw
}

type event struct{ name, data string }

// New builds the site once. A failing first build is not fatal: the
// server starts, shows the error, and waits for a fix.
func New(opt pipeline.Options, log io.Writer) (*Server, error) {
	opt = opt.WithDefaults()
	b, err := pipeline.NewBuilder(opt)
	if err != nil {
		return nil, err
	}
	s := &Server{opt: opt, log: log, builder: b, files: fstest.MapFS{}, subs: map[chan event]bool{}}
	s.built = s.fingerprint()
	s.Rebuild()
	return s, nil
}

// Close stops the render workers.
func (s *Server) Close() error { return s.builder.Close() }

// Rebuild builds again, reusing every page whose inputs did not change, and
// tells open tabs to reload (or shows them the error).
func (s *Server) Rebuild() {
	start := time.Now()
	s.mu.RLock()
	prevKeys, prevFiles := s.keys, s.files
	s.mu.RUnlock()
	have := func(path, key string) bool { return prevKeys[path] == key }
	next := memory{keys: map[string]string{}, files: fstest.MapFS{}, prev: prevFiles}
	sum, err := s.builder.Build(have, next)
	if err != nil {
		msg := err.Error()
		if l, ok := pipeline.Diagnostics(err); ok {
			msg = l.Error()
		}
		s.mu.Lock()
		s.problem = msg
		s.mu.Unlock()
		fmt.Fprintf(s.log, "\n%s\nThe last good build is still being served.\n", msg)
		s.broadcast(event{"problem", msg})
		return
	}
	s.mu.Lock()
	s.keys, s.files, s.last, s.problem = next.keys, next.files, sum, ""
	s.mu.Unlock()
	fmt.Fprintf(s.log, "Rebuilt %d pages (%d rendered) in %s\n", sum.Pages, sum.Rendered, time.Since(start).Round(time.Millisecond))
	s.broadcast(event{"reload", ""})
}

// memory holds a build in memory; unchanged pages keep the previous bytes.
type memory struct {
	keys  map[string]string
	files fstest.MapFS
	prev  fstest.MapFS
}

func (m memory) Put(path string, f pipeline.File) error {
	data := f.Data
	if f.More != nil {
		data = bytes.Join(append([][]byte{f.Data}, f.More...), nil)
	} else if data == nil {
		data = m.prev[path].Data
	}
	m.keys[path] = f.Key
	m.files[path] = &fstest.MapFile{Data: data, Mode: 0o644}
	return nil
}

// Handler serves the site, the reload events and (mounted by the caller)
// anything else, such as the form collector.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/__dev/events", s.events)
	mux.HandleFunc("/__dev/client.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = io.WriteString(w, client)
	})
	mux.Handle("/", serve.FS(liveFS{s}, injectClient))
	return mux
}

// liveFS reads from whichever build is current at the time of the request.
type liveFS struct{ s *Server }

func (l liveFS) Open(name string) (fs.File, error) {
	l.s.mu.RLock()
	files := l.s.files
	l.s.mu.RUnlock()
	return files.Open(name)
}

func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	// The stream outlives the server's read and write timeouts.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	ch := make(chan event, 4)
	s.mu.Lock()
	s.subs[ch] = true
	problem := s.problem
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, ch)
		s.mu.Unlock()
	}()
	write := func(e event) {
		fmt.Fprintf(w, "event: %s\n", e.name)
		for _, line := range strings.Split(e.data, "\n") {
			fmt.Fprintf(w, "data: %s\n", line)
		}
		fmt.Fprint(w, "\n")
		fl.Flush()
	}
	if problem != "" {
		write(event{"problem", problem})
	} else {
		write(event{"ready", ""})
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case e := <-ch:
			write(e)
		}
	}
}

func (s *Server) broadcast(e event) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for ch := range s.subs {
		select {
		case ch <- e:
		default: // a stalled tab misses an event rather than blocking the build
		}
	}
}

// Watch polls the sources and rebuilds after a change, until stop closes.
// Polling (every interval) needs no platform-specific watcher and catches
// editors that replace files by renaming.
func (s *Server) Watch(stop <-chan struct{}, interval time.Duration) {
	last := s.built
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if now := s.fingerprint(); now != last {
				last = now
				s.Rebuild()
			}
		}
	}
}

// fingerprint summarises names, sizes and modification times of every
// watched file.
func (s *Server) fingerprint() string {
	o := s.opt
	paths := []string{o.Stories, o.Config, filepath.Join(o.Root, "templates"), filepath.Join(o.Root, "frontend", "src"), filepath.Join(o.Root, "frontend", "public")}
	paths = append(paths, o.Overlays...)
	var parts []string
	for _, p := range paths {
		filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if info, err := d.Info(); err == nil {
				parts = append(parts, fmt.Sprintf("%s|%d|%d", path, info.Size(), info.ModTime().UnixNano()))
			}
			return nil
		})
	}
	sort.Strings(parts)
	return strings.Join(parts, "\n")
}

// injectClient adds the reload-and-overlay script to every page, from
// the site's own origin: the page's Content-Security-Policy refuses
// inline script.
func injectClient(html []byte) []byte {
	i := strings.LastIndex(string(html), "</body>")
	if i < 0 {
		return html
	}
	const tag = `<script src="/__dev/client.js"></script>` + "\n"
	out := make([]byte, 0, len(html)+len(tag))
	out = append(out, html[:i]...)
	out = append(out, tag...)
	return append(out, html[i:]...)
}

// client listens for rebuilds: reload on success, an overlay with the
// problems on failure, and the overlay goes when the next build succeeds.
const client = `(() => {
  const es = new EventSource('/__dev/events');
  const overlay = () => document.getElementById('dev-overlay');
  es.addEventListener('reload', () => location.reload());
  es.addEventListener('ready', () => overlay() && location.reload());
  es.addEventListener('problem', (e) => {
    let el = overlay();
    if (!el) {
      el = document.createElement('div');
      el.id = 'dev-overlay';
      el.setAttribute('role', 'alert');
      el.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,33,61,.94);color:#fff;font:15px/1.5 ui-monospace,monospace;padding:2rem;overflow:auto;white-space:pre-wrap';
      document.body.append(el);
    }
    el.textContent = 'The build failed. Fix these and save; the last good pages are shown meanwhile.\n\n' + e.data;
  });
})();
`
