package dev

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watch rebuilds after each change to the sources, until stop closes. The
// kernel tells of a change as it happens (github.com/fsnotify/fsnotify:
// inotify on Linux, kqueue, ReadDirectoryChangesW), so a save is built at
// once, and with the files that changed, which decides how much is built
// again (update); changes that arrive within quiet of each other are taken
// together, as an editor's save is often several. Where no watcher can be
// had, the sources are polled every quiet*10 (a name, size and time of
// every file) and everything is built again after a change.
func (s *Server) Watch(stop <-chan struct{}, quiet time.Duration) {
	s.WatchFrom(stop, quiet, nil)
}

// WatchFrom is Watch, closing ready (when not nil) once every source is
// watched: a change from then on is seen.
func (s *Server) WatchFrom(stop <-chan struct{}, quiet time.Duration, ready chan<- struct{}) {
	watching := func() {
		if ready != nil {
			close(ready)
		}
	}
	w, err := fsnotify.NewWatcher()
	if err == nil {
		err = s.watchAll(w)
	}
	if err != nil {
		fmt.Fprintf(s.log, "watching the sources: %v; polling them instead\n", err)
		if w != nil {
			w.Close()
		}
		watching()
		s.poll(stop, quiet*10)
		return
	}
	defer w.Close()
	if s.fingerprint() != s.built { // changed before the watcher was
		s.update(nil)
	}
	watching()
	changed := map[string]bool{}
	whole := false // a source folder came (back): everything in it is new
	var settle <-chan time.Time
	for {
		select {
		case <-stop:
			return
		case e, ok := <-w.Events:
			if !ok {
				return
			}
			if e.Has(fsnotify.Create) && s.isSource(e.Name) {
				if info, err := os.Stat(e.Name); err == nil && info.IsDir() {
					s.watchTree(w, e.Name) // a new folder: watch it, and what it holds changed
					whole = true
				}
			}
			if s.isSource(e.Name) {
				changed[e.Name] = true
				settle = time.After(quiet)
			}
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(s.log, "watching the sources: %v\n", err)
			s.update(nil) // events may have been lost
		case <-settle:
			files := make([]string, 0, len(changed))
			for f := range changed {
				files = append(files, f)
			}
			clear(changed)
			if whole {
				files, whole = nil, false
			}
			s.update(files)
		}
	}
}

// sources are the folders and files a build reads.
func (s *Server) sources() (dirs, files []string) {
	o := s.opt
	dirs = []string{o.Stories, filepath.Join(o.Root, "templates"), filepath.Join(o.Root, "frontend", "src"), filepath.Join(o.Root, "frontend", "public")}
	return dirs, append([]string{o.Config}, o.Overlays...)
}

// watchAll watches every source folder and its subfolders, the folder
// each is in (a source folder renamed away loses its watch, and is seen
// coming back only from there), and the folders of the config files (a
// file replaced by a rename is watched only through its folder).
func (s *Server) watchAll(w *fsnotify.Watcher) error {
	dirs, files := s.sources()
	for _, d := range dirs {
		if err := s.watchTree(w, d); err != nil {
			return err
		}
		// Only a help: a parent that cannot be watched (missing, unreadable)
		// leaves the folder watched as before.
		_ = w.Add(filepath.Dir(filepath.Clean(d)))
	}
	for _, f := range files {
		if err := w.Add(filepath.Dir(f)); err != nil {
			return err
		}
	}
	return nil
}

func (s *Server) watchTree(w *fsnotify.Watcher, root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return nil
		}
		if err != nil || !d.IsDir() {
			return err
		}
		return w.Add(p)
	})
}

// isSource reports whether a path is one a build reads: under a source
// folder, or a config file (their folders hold other files too).
func (s *Server) isSource(path string) bool {
	if editorsOwn(filepath.Base(path)) {
		return false
	}
	dirs, files := s.sources()
	for _, f := range files {
		if filepath.Clean(path) == filepath.Clean(f) {
			return true
		}
	}
	for _, d := range dirs {
		if rel, err := filepath.Rel(d, path); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// editorsOwn reports the names editors give their lock, swap, backup and
// temporary files (Vim's .x.md.swp and 4913, Emacs's #x.md# and x.md~,
// JetBrains' x.md___jb_tmp___, x.md.tmp): saving one is no change to the
// site, and rebuilding for it would reload every open tab as the editor
// types.
func editorsOwn(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") || name == "4913" ||
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") ||
		strings.HasSuffix(name, ".tmp") || strings.HasSuffix(name, "___jb_tmp___") || strings.HasSuffix(name, "___jb_old___")
}

// poll rebuilds everything after a change to the fingerprint of the sources.
func (s *Server) poll(stop <-chan struct{}, interval time.Duration) {
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
				s.update(nil)
			}
		}
	}
}

// fingerprint summarises names, sizes and modification times of every
// source file.
func (s *Server) fingerprint() string {
	dirs, files := s.sources()
	var parts []string
	for _, p := range append(dirs, files...) {
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
