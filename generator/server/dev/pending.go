package dev

import (
	"fmt"
	"path"
	"strings"

	"github.com/nivaran/magazine/generator/pipeline"
)

// renderPending makes the pages the last build left for later, a chunk
// at a time, each chunk put into the site as it is made; a build or a
// reader's request for one of them goes between two chunks.
func (s *Server) renderPending() {
	defer close(s.stopped)
	for {
		select {
		case <-s.quit:
			return
		case <-s.kick:
		}
		for left := 1; left > 0; {
			select {
			case <-s.quit:
				return
			default:
			}
			s.work.Lock()
			left = s.makePending(nil)
			s.work.Unlock()
		}
	}
}

// askFor makes the page at a requested address now, if the last build left
// it for later: no page older than the last good build is ever served.
func (s *Server) askFor(urlPath string) {
	rel, ok := strings.CutPrefix(urlPath, s.base+"/")
	if !ok {
		return
	}
	for _, f := range []string{rel, path.Join(rel, "index.html")} {
		if s.builder.Pending(f) {
			s.work.Lock()
			s.makePending([]string{f})
			s.work.Unlock()
			return
		}
	}
}

// makePending makes the pending pages showing files (or the next chunk of
// them) and moves them into the site; it reports how many are left, or 0
// after a failure, which stays pending for a reader to ask again.
// s.work must be held.
func (s *Server) makePending(files []string) int {
	next := s.site.begin()
	left, err := s.builder.RenderPending(files, s.site.has, next)
	if cerr := next.commit(false); err == nil && cerr != nil {
		err = fmt.Errorf("writing the site: %w", cerr)
	}
	if err == nil {
		return left
	}
	msg := err.Error()
	if l, ok := pipeline.Diagnostics(err); ok {
		msg = l.Error()
	}
	fmt.Fprintf(s.log, "\n%s\n", msg)
	s.mu.Lock()
	s.problem = msg
	s.mu.Unlock()
	s.broadcast(event{"problem", msg})
	return 0
}
