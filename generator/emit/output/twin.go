package output

import (
	"os"
	"path/filepath"
)

// linkTwin links a file this build wrote into the twin, if it keeps one.
func (w *Writer) linkTwin(p, full string) {
	w.mu.Lock()
	lost := w.twinLost
	w.mu.Unlock()
	if w.twin == "" || lost {
		return
	}
	to := filepath.Join(w.twin, filepath.FromSlash(p))
	err := w.mkdirs(w.twin, filepath.Dir(to))
	if err == nil {
		err = os.Link(full, to)
	}
	if err != nil {
		w.mu.Lock()
		w.twinLost = true
		w.mu.Unlock()
	}
}

// keepTwin makes a full build's twin the spare generation, once the build
// is in place: recorded as identical to it, after it is complete and where
// the next build looks. A build that dies before the record leaves a
// folder the next one removes.
func (w *Writer) keepTwin(gen Gen) {
	twin := w.twin
	if twin == "" {
		return
	}
	w.twin = ""
	if w.twinLost || os.RemoveAll(w.staging) != nil || os.Rename(twin, w.staging) != nil {
		os.RemoveAll(twin)
		return
	}
	step("twin in place")
	if g, ok := identity(w.staging); ok {
		_ = save(filepath.Join(w.cache, spareName), spare{Of: gen, Dir: Gen{Dev: g.Dev, Ino: g.Ino}})
		step("twin recorded")
	}
}
