// Package dev is the writing loop: build once, serve the site from memory,
// watch the sources, rebuild what a change affects, and reload open tabs.
// A content error is shown in the browser and the terminal while the last
// good pages keep being served.
package dev

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	"github.com/nivaran/magazine/generator/server/serve"
)

// Server is a running dev session.
type Server struct {
	opt     pipeline.Options
	log     io.Writer
	builder *pipeline.Builder
	site    *siteDir // the last good build, served from disk

	// What changed since the last good build: some sources, or (all) any.
	work  sync.Mutex // one build at a time, and guards dirty
	dirty struct {
		all   bool
		files map[string]bool
	}

	mu      sync.RWMutex
	last    *pipeline.Result
	base    string // the site's base path, which it is served below
	problem string // the last build's error, "" when it succeeded
	failed  bool   // the last build failed, or a page left for later could not be made: its problem stands until a build succeeds
	subs    map[chan event]bool
	built   string // fingerprint of the sources the first build saw

	// The pages a build left to render when asked for (DeferListings) are
	// made meanwhile by a goroutine, which kick wakes and quit stops.
	kick, quit, stopped chan struct{}
	closing             sync.Once
}

type event struct{ name, data string }

// New builds the site once. A failing first build is not fatal: the
// server starts, shows the error, and waits for a fix.
func New(opt pipeline.Options, log io.Writer) (*Server, error) { return newServer(opt, log, true) }

// newServer is New; without background (tests), the pages a build leaves
// for later are made only when asked for.
func newServer(opt pipeline.Options, log io.Writer, background bool) (*Server, error) {
	opt = opt.WithDefaults()
	b, err := pipeline.NewBuilder(opt)
	if err != nil {
		return nil, err
	}
	b.KeepState()
	b.DeferListings()
	site, err := openSiteDir(filepath.Join(opt.Cache, "dev"))
	if err != nil {
		b.Close()
		return nil, err
	}
	s := &Server{opt: opt, log: log, builder: b, site: site, subs: map[chan event]bool{},
		kick: make(chan struct{}, 1), quit: make(chan struct{}), stopped: make(chan struct{})}
	if background {
		go s.renderPending()
	} else {
		close(s.stopped)
	}
	// The site is served below the base path its config has now (a config
	// with mistakes is shown by the build, and served at the root).
	if cfg, err := opt.SiteConfig(); err == nil {
		s.base = cfg.BasePath
	}
	s.built = s.fingerprint()
	s.Rebuild()
	return s, nil
}

// Close stops the render workers. Closing twice is safe.
func (s *Server) Close() error {
	s.closing.Do(func() { close(s.quit) })
	<-s.stopped
	return s.builder.Close()
}

// Rebuild builds again, reusing every page whose inputs did not change, and
// tells open tabs to reload (or shows them the error).
func (s *Server) Rebuild() { s.update(nil) }

// update brings the site up to date after changes to the source files
// changed (nil: any source may have changed). An edit to the text of
// stories that changes nothing other pages show is patched into the last
// build (pipeline.Builder.Edit); anything else is built again.
func (s *Server) update(changed []string) {
	s.work.Lock()
	defer s.work.Unlock()
	start := time.Now()
	if changed == nil || s.dirty.files == nil { // before the first good build
		s.dirty.all = true
	} else {
		for _, f := range changed {
			s.dirty.files[f] = true
		}
	}
	next := s.site.begin()
	var sum *pipeline.Result
	var err error
	patched := false
	stories := s.storyEdits()
	if stories != nil {
		sum, patched, err = s.builder.Edit(stories, next)
	}
	if !patched {
		next.abort()
		next = s.site.begin()
		have := s.site.has
		if stories != nil {
			s.builder.Changed(stories)
		}
		sum, err = s.builder.Build(have, next)
	}
	if err != nil {
		next.abort()
		msg := err.Error()
		if l, ok := pipeline.Diagnostics(err); ok {
			msg = l.Error()
		}
		s.mu.Lock()
		s.problem, s.failed = msg, true
		s.mu.Unlock()
		if s.last == nil {
			fmt.Fprintf(s.log, "\n%s\nNo build has succeeded yet: the browser shows these problems until one does.\n", msg)
		} else {
			fmt.Fprintf(s.log, "\n%s\nThe last good build is still being served.\n", msg)
		}
		s.broadcast(event{"problem", msg})
		return
	}
	if err := next.commit(!patched); err != nil {
		fmt.Fprintf(s.log, "\nwriting the site: %v\n", err)
		return
	}
	s.dirty.all, s.dirty.files = false, map[string]bool{}
	s.mu.Lock()
	s.last, s.problem, s.failed = sum, "", false
	if late := s.builder.LateProblems(); len(late) > 0 {
		s.problem = late.Error() // in pages this build did not make again
	}
	s.mu.Unlock()
	later := ""
	if sum.Pending > 0 {
		later = fmt.Sprintf(", %d more to follow", sum.Pending)
	}
	select { // for the pending pages, and to ready the next build
	case s.kick <- struct{}{}:
	default: // awake already
	}
	fmt.Fprintf(s.log, "Rebuilt %d pages (%d rendered%s) in %s\n", sum.Pages, sum.Rendered, later, time.Since(start).Round(time.Millisecond))
	s.broadcast(event{"reload", ""})
}

// storyEdits are the changes since the last good build when each is a
// story file of the stories folder (Edit decides whether they were
// edits to its text), or nil.
func (s *Server) storyEdits() []string {
	if s.dirty.all || len(s.dirty.files) == 0 {
		return nil
	}
	var files []string
	for f := range s.dirty.files {
		if filepath.Dir(f) != filepath.Clean(s.opt.Stories) || filepath.Ext(f) != ".md" {
			return nil
		}
		files = append(files, f)
	}
	sort.Strings(files)
	return files
}

// Handler serves the site below its base path (Base), the reload events
// and (mounted by the caller) anything else, such as the form collector.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/__dev/events", s.events)
	mux.HandleFunc("/__dev/client.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = io.WriteString(w, client)
	})
	site := serve.FS(os.DirFS(s.site.dir), s.base, injectClient)
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.RLock()
		built, problem := s.last != nil, s.problem
		s.mu.RUnlock()
		title := "No build has succeeded yet"
		if built {
			if s.askFor(r.URL.Path) {
				site.ServeHTTP(w, r)
				return
			}
			title = "This page could not be made"
			s.mu.RLock()
			problem = s.problem
			s.mu.RUnlock()
		}
		// The address shows why, and the page reloads by itself once a
		// build succeeds (the client script).
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		if problem == "" {
			problem = "The site is being built."
		}
		fmt.Fprintf(w, problemPage, title, title, html.EscapeString(problem))
	}))
	return mux
}

// problemPage is what an address shows when there is no page to serve:
// before a build succeeded, or when the last build's page of it could not
// be made (its title twice, then the problems).
const problemPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title></head>
<body><main><h1>%s</h1><pre style="white-space:pre-wrap">%s</pre>
<p>Fix the problems and save: this page reloads by itself.</p></main>
<script src="/__dev/client.js"></script></body></html>
`

// Base is the base path the site is served below: "" at the root.
func (s *Server) Base() string { return s.base }

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
	problem, kind := s.problem, problemKind(s.failed)
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
		write(event{kind, problem})
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

// problemKind names the event of the problem shown: "problem" when the
// build failed (the last good pages are served), "late" when it succeeded
// but a page it made, or made after it, has a broken link.
func problemKind(failed bool) string {
	if failed {
		return "problem"
	}
	return "late"
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
  const show = (lead) => (e) => {
    let el = overlay();
    if (!el) {
      el = document.createElement('div');
      el.id = 'dev-overlay';
      el.setAttribute('role', 'alert');
      el.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,33,61,.94);color:#fff;font:15px/1.5 ui-monospace,monospace;padding:2rem;overflow:auto;white-space:pre-wrap';
      document.body.append(el);
    }
    el.textContent = lead + '\n\n' + e.data;
  };
  es.addEventListener('problem', show('The build failed. Fix these and save; the last good pages are shown meanwhile.'));
  es.addEventListener('late', show('The pages shown are up to date, but magazine build would stop on these. Fix them and save.'));
})();
`
