package dev

import (
	"fmt"
	"path"
	"strings"

	"github.com/nivaran/magazine/generator/pipeline"
)

// renderPending makes the pages the last build left for later, a few at a
// time, each written into the site as it is made; a build or a reader's
// request for one of them goes between two batches. Then it readies the
// next build (pipeline.Builder.Warm).
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
			left = s.makePendingLocked(nil)
		}
		s.work.Lock()
		s.builder.Warm()
		s.work.Unlock()
	}
}

// makePendingLocked is makePending, taking s.work.
func (s *Server) makePendingLocked(files []string) int {
	s.work.Lock()
	defer s.work.Unlock()
	return s.makePending(files)
}

// askFor makes the page at a requested address now, if the last build left
// it for later, and reports false when it could not: then the site holds an
// older page there, which is not to be served.
func (s *Server) askFor(urlPath string) bool {
	rel, ok := strings.CutPrefix(urlPath, s.base+"/")
	if !ok {
		return true
	}
	for _, f := range []string{rel, path.Join(rel, "index.html")} {
		if s.builder.Pending(f) {
			s.makePendingLocked([]string{f})
			return !s.builder.Pending(f)
		}
	}
	return true
}

// makePending makes the pending pages showing files (or the next chunk of
// them, or checks the links of the next pages the build did not make
// again), each written into the site as it is made; it reports how many
// are left, or 0 after a failure, which stays pending for a reader to ask
// again. Broken links are shown as a build's are, the pages made all the
// same. s.work must be held.
func (s *Server) makePending(files []string) int {
	left, err := s.builder.RenderPending(files, s.site.has, s.site)
	if _, ok := pipeline.Diagnostics(err); err != nil && !ok {
		fmt.Fprintf(s.log, "\n%v\n", err)
		s.mu.Lock()
		s.problem, s.failed = err.Error(), true
		s.mu.Unlock()
		s.broadcast(event{"problem", err.Error()})
		return 0
	}
	s.showLate()
	return left
}

// showLate shows the problems found in pages made or checked after their
// build (pipeline.Builder.LateProblems) in place of those shown, unless a
// build failed since, or a page could not be made: a page made again, or a
// missing page now there, takes its problem away (the overlay goes), as a
// new one adds it.
func (s *Server) showLate() {
	msg := ""
	if late := s.builder.LateProblems(); len(late) > 0 {
		msg = late.Error()
	}
	s.mu.Lock()
	if s.failed || msg == s.problem {
		s.mu.Unlock()
		return
	}
	s.problem = msg
	s.mu.Unlock()
	if msg == "" {
		s.broadcast(event{"ready", ""})
		return
	}
	fmt.Fprintf(s.log, "\n%s\n", msg)
	s.broadcast(event{problemKind(false), msg})
}
