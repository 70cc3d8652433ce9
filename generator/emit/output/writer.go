// Package output puts a build's files in place all at once: a reader of
// dist/ — a web server, a deploy copying it — sees the previous build or
// the new one, never a mix, and a build that fails or dies changes nothing.
//
// The new generation is assembled in a staging folder (in the cache
// folder, see place.go), and one system call, renameat2(RENAME_EXCHANGE),
// swaps the two folders. The previous generation then stays as the staging
// folder of the next build: it shares every unchanged file with dist/
// through hard links, so the next build only replaces the files that differ
// (those this build wrote or removed, recorded in the cache) and the ones it
// changes itself. A commit costs what changed, not the size of the site. A
// build from nothing, which has no older generation to share files with,
// links each file it writes into a twin folder, the next spare one.
package output

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

// File is one output file. Key identifies its content (or the inputs it is
// made from); Data may be nil when the previous build has that key.
type File struct {
	Key  string
	Data []byte
	// More follows Data in a file made of parts, a page and its shell:
	// written together in one system call, never copied into one buffer
	// (at 10,000 stories, 570 MB of copies).
	More [][]byte
}

// parts is the file's content.
func (f File) parts() [][]byte {
	if f.Data == nil && f.More == nil {
		return nil
	}
	return append([][]byte{f.Data}, f.More...)
}

// Writer receives a build's files as they are made and puts them in place
// on Commit. Put is called from one goroutine at a time.
type Writer struct {
	out     string // absolute path of the output folder
	staging string // where the next generation is assembled
	old     string // where a swap in two steps puts the old generation
	// twin, in a full build, gets a hard link to each file written: once
	// the build is in place, it is the spare generation, identical to it,
	// so the next build replaces only what changes instead of linking
	// every unchanged file (at 10,000 stories, 0.9 s of 1.7 s). Only a
	// speed-up: twinLost drops it.
	twin     string
	twinLost bool
	// unknown: the staging folder may differ from out where stale does
	// not say (a folder could not be read): it cannot be kept as a spare.
	unknown bool
	cache   string
	man     *Manifest // the build now in out; nil for a full build
	lock    *os.File

	next   map[string]string // path -> key of every file of this build
	sizes  map[string]int64  // path -> bytes of every file of this build
	layout Layout

	fresh bool // staging was made empty by this build: nothing to remove before writing
	chmod bool // the umask would narrow 0644 and 0755: set modes explicitly

	mu    sync.Mutex
	stale map[string]bool // paths where staging may differ from out
	wrote []string        // paths written (not linked) by this build
	made  map[string]bool // staging folders known to exist
	err   error

	jobs chan job
	wg   sync.WaitGroup
}

type job struct {
	path string
	data [][]byte
	link bool // hard-link the unchanged file from out (data, if any, is the fallback)
}

// Open starts a build of out. Unless full is set, the manifest in cacheDir
// tells which files the build in out already has. It waits while another
// build of the same site holds the cache folder's lock, and clears what
// builds that died left behind.
func Open(out, cacheDir string, full bool) (*Writer, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	l, err := lock(filepath.Join(cacheDir, "build.lock"))
	if err != nil {
		return nil, err
	}
	if err := refuseForeign(abs, cacheDir); err != nil {
		l.Close()
		return nil, err
	}
	w := &Writer{out: abs, cache: cacheDir, lock: l,
		next: map[string]string{}, sizes: map[string]int64{}, made: map[string]bool{}, chmod: umaskNarrows()}
	if err := w.prepare(full); err != nil {
		l.Close()
		return nil, err
	}
	step("staging ready")
	workers := 4 * runtime.GOMAXPROCS(0) // writing waits on the disk, not the CPU
	if pauseAt != "" {
		workers = 1 // the test hook counts steps in a fixed order
	}
	w.jobs = make(chan job, 64)
	for range workers {
		w.wg.Go(func() {
			for j := range w.jobs {
				w.fail(w.do(j))
			}
		})
	}
	return w, nil
}

// prepare makes the staging folder: the spare generation when the cache
// says how it differs from out, otherwise a fresh folder.
func (w *Writer) prepare(full bool) error {
	if err := os.MkdirAll(filepath.Dir(w.out), 0o755); err != nil {
		return err
	}
	p := place(w.out, w.cache)
	w.staging, w.old = p.staging, p.old
	if err := clearLeftovers(w.out, w.cache, p); err != nil {
		return err
	}
	if !full {
		w.man = LoadManifest(w.cache, w.out)
	}
	if w.man == nil {
		// Nothing that describes an older generation may outlive this build.
		if err := errors.Join(forget(filepath.Join(w.cache, manifestName)), forget(filepath.Join(w.cache, spareName))); err != nil {
			return err
		}
	}
	stale, ok := loadSpare(w.cache, w.staging, w.man)
	// The spare folder is about to change: until this build commits or
	// aborts, nothing vouches for it.
	if err := forget(filepath.Join(w.cache, spareName)); err != nil {
		return err
	}
	if !ok {
		if err := os.RemoveAll(w.staging); err != nil {
			return err
		}
		if err := os.Mkdir(w.staging, 0o755); err != nil {
			return err
		}
		w.fresh = true
		if w.man == nil && os.Mkdir(p.twin, 0o755) == nil {
			w.twin = p.twin
		}
		// A fresh folder differs from out at every file out has.
		stale = map[string]bool{}
		if w.man != nil {
			for p := range w.man.Files {
				stale[p] = true
			}
		}
	}
	w.stale = stale
	return os.Chmod(w.staging, 0o755)
}

// Has reports whether the build now in the output folder has path with
// that key: such a file needs no new content.
func (w *Writer) Has(path, key string) bool { return w.man.Has(path, key) }

// Previous is the manifest of the build now in the output folder, nil
// for a full build.
func (w *Writer) Previous() *Manifest { return w.man }

// Put records a file of this build and stages it unless the staging folder
// already has it. Data may be nil only for a file Has reports. Once staging
// a file has failed (a full disk, say), Put returns that error, so a build
// stops at once rather than making every other page for nothing.
func (w *Writer) Put(p string, f File) error {
	w.mu.Lock()
	failed := w.err
	w.mu.Unlock()
	if failed != nil {
		return failed
	}
	if err := w.layout.Add(p); err != nil {
		return err
	}
	w.next[p] = f.Key
	if w.Has(p, f.Key) {
		if err := w.keptSize(p); err != nil {
			return err
		}
		w.mu.Lock()
		stale := w.stale[p]
		w.mu.Unlock()
		if stale {
			w.jobs <- job{path: p, data: f.parts(), link: true}
		}
		return nil
	}
	data := f.parts()
	if data == nil {
		return fmt.Errorf("output: %s has no content and is not in the previous build", p)
	}
	for _, b := range data {
		w.sizes[p] += int64(len(b))
	}
	w.mu.Lock()
	w.stale[p] = true
	w.wrote = append(w.wrote, p)
	w.mu.Unlock()
	w.jobs <- job{path: p, data: data}
	return nil
}

// keptSize records the size of a file kept from the previous build: as
// its manifest says, or as the file in the output folder is (a manifest
// from before sizes were recorded).
func (w *Writer) keptSize(p string) error {
	if n, ok := w.man.Sizes[p]; ok {
		w.sizes[p] = n
		return nil
	}
	info, err := os.Lstat(filepath.Join(w.out, filepath.FromSlash(p)))
	if err != nil {
		return err
	}
	w.sizes[p] = info.Size()
	return nil
}

// Sizes is the bytes of every file of this build, and how many folders
// hold them (the site's own folder aside): what a host counts, known
// without reading the folder back.
func (w *Writer) Sizes() (files map[string]int64, folders int) {
	return w.sizes, len(w.layout.dirs)
}

// Layout is the set of a site's file paths. It refuses a path given twice,
// or used both as a file and as a folder (a page at /feed.xml would need
// feed.xml to be a folder), so a build stops with a message instead of
// failing to write. A check of the site without writing uses it too.
type Layout struct {
	files map[string]bool
	dirs  map[string]bool
}

// Add records one file path of the site.
func (l *Layout) Add(p string) error {
	if l.files == nil {
		l.files, l.dirs = map[string]bool{}, map[string]bool{}
	}
	if !fs.ValidPath(p) || p == "." {
		return fmt.Errorf("output: %q is not a file path inside the site", p)
	}
	if l.files[p] {
		return fmt.Errorf("output: two files of the site are both %s", p)
	}
	if l.dirs[p] {
		return fmt.Errorf("output: %s is both a file and a folder of the site", p)
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if l.files[d] {
			return fmt.Errorf("output: %s is both a file and a folder of the site (%s)", d, p)
		}
		l.dirs[d] = true
	}
	l.files[p] = true
	return nil
}

func (w *Writer) fail(err error) {
	if err != nil {
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.mu.Unlock()
	}
}

// do stages one file: a hard link to the unchanged file in out, or new
// content. Either replaces whatever the staging folder held at that path
// without writing through it: the old file may be a link shared with out.
func (w *Writer) do(j job) error {
	full := filepath.Join(w.staging, filepath.FromSlash(j.path))
	if err := w.mkdirs(w.staging, filepath.Dir(full)); err != nil {
		return err
	}
	if !w.fresh {
		if err := w.removeEntry(full); err != nil {
			return err
		}
	}
	if j.link {
		err := os.Link(filepath.Join(w.out, filepath.FromSlash(j.path)), full)
		if err == nil {
			w.mu.Lock()
			delete(w.stale, j.path)
			w.mu.Unlock()
			step("link " + j.path)
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if j.data == nil {
			return fmt.Errorf("output: %s is missing from %s, which has been changed by hand since the last build: build with --clean",
				j.path, filepath.Base(w.out))
		}
		w.mu.Lock()
		w.wrote = append(w.wrote, j.path)
		w.mu.Unlock()
	}
	if err := writeFile(full, j.data, w.chmod); err != nil {
		return err
	}
	w.linkTwin(j.path, full)
	step("write " + j.path)
	return nil
}

// writeFile creates a new file readable by everyone, whatever the umask
// (chmod: the umask would take some of 0644 away).
func writeFile(name string, data [][]byte, chmod bool) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	werr := writeParts(f, data)
	if chmod {
		werr = errors.Join(werr, f.Chmod(0o644))
	}
	return errors.Join(werr, f.Close())
}

// mkdirs makes dir and its parents inside root (the staging folder or the
// twin), readable by everyone. A file of an older generation where this
// build needs a folder is removed.
func (w *Writer) mkdirs(root, dir string) error {
	w.mu.Lock()
	known := w.made[dir]
	w.mu.Unlock()
	if known || dir == root {
		return nil
	}
	if err := w.mkdirs(root, filepath.Dir(dir)); err != nil {
		return err
	}
	err := os.Mkdir(dir, 0o755)
	existed := errors.Is(err, fs.ErrExist) // perhaps from an older version, with other modes
	if existed {
		fi, serr := os.Lstat(dir)
		if serr != nil {
			return serr
		}
		err = nil
		if !fi.IsDir() {
			w.staleUnder(dir)
			if err = os.Remove(dir); err == nil || os.IsNotExist(err) {
				err = os.Mkdir(dir, 0o755)
			}
		}
		if errors.Is(err, fs.ErrExist) {
			err = nil // another worker made it meanwhile
		}
	}
	if err == nil && (w.chmod || existed) {
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.made[dir] = true
	w.mu.Unlock()
	return nil
}

// removeEntry removes a file from the staging folder, or a folder of an
// older generation where this build has a file; a missing entry is fine.
// The files of such a folder are stale from then on: should the build fail,
// the next one starting from this folder must not count on them.
func (w *Writer) removeEntry(name string) error {
	err := os.Remove(name)
	if err == nil || os.IsNotExist(err) {
		return nil
	}
	if fi, serr := os.Lstat(name); serr == nil && fi.IsDir() {
		w.staleUnder(name)
		return os.RemoveAll(name)
	}
	return err
}

// staleUnder marks every file below name, in the staging folder, stale.
func (w *Writer) staleUnder(name string) {
	err := filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(w.staging, p)
		w.mu.Lock()
		w.stale[filepath.ToSlash(rel)] = true
		w.mu.Unlock()
		return err
	})
	if err != nil {
		w.mu.Lock()
		w.unknown = true
		w.mu.Unlock()
	}
}

// Commit makes the staging folder the new generation and swaps it in. It
// returns how many files were written (the rest were unchanged).
func (w *Writer) Commit() (int, error) {
	close(w.jobs)
	w.wg.Wait()
	if w.err != nil {
		w.keepSpare()
		return 0, w.err
	}
	written, err := w.commit()
	w.lock.Close()
	return written, err
}

func (w *Writer) commit() (int, error) {
	// Files the site no longer has: everything the staging folder may hold
	// is out's files plus the stale paths.
	gone := map[string]bool{}
	for p := range w.stale {
		gone[p] = true
	}
	if w.man != nil {
		for p := range w.man.Files {
			gone[p] = true
		}
	}
	for p := range gone {
		if _, keep := w.next[p]; keep {
			delete(gone, p)
			continue
		}
		if err := w.remove(p); err != nil {
			w.keepSpare()
			return 0, err
		}
		step("remove " + p)
	}

	// The new generation's identity: its own inode, and a modification
	// time no other folder has.
	nonce := time.Now().Truncate(time.Second).Add(time.Duration(rand.Int64N(int64(time.Second))))
	if err := os.Chtimes(w.staging, nonce, nonce); err != nil {
		w.keepSpare()
		return 0, err
	}
	gen, _ := identity(w.staging)
	prev, hadOut := identity(w.out)
	if w.man != nil && hadOut {
		// After the swap, the old generation is the spare one; it differs
		// from the new one where this build wrote or removed files.
		stale := append(append([]string(nil), w.wrote...), keys(gone)...)
		if err := save(filepath.Join(w.cache, spareName), spare{Of: gen, Dir: Gen{Dev: prev.Dev, Ino: prev.Ino}, Stale: stale}); err != nil {
			return 0, err
		}
	}
	step("spare recorded")
	// Saved before the swap: until the swap, out is not the generation it
	// names, so it is not trusted; after it, it is right.
	if err := save(filepath.Join(w.cache, manifestName), &Manifest{Out: w.out, Gen: gen, Files: w.next, Sizes: w.sizes}); err != nil {
		return 0, err
	}
	step("manifest saved")
	var err error
	if hadOut {
		err = exchange(w.staging, w.out, w.old)
	} else {
		err = os.Rename(w.staging, w.out)
	}
	if err != nil {
		return 0, fmt.Errorf("putting the new build in place: %w", err)
	}
	step("swapped")
	if w.man == nil && hadOut {
		// A full build shares nothing with the old generation: drop it.
		if err := os.RemoveAll(w.staging); err != nil {
			return 0, err
		}
		step("old build removed")
	}
	w.keepTwin(gen)
	return len(w.wrote), nil
}

// remove deletes a file from the staging folder, and folders left empty.
func (w *Writer) remove(p string) error {
	full := filepath.Join(w.staging, filepath.FromSlash(p))
	err := os.Remove(full)
	if errors.Is(err, syscall.ENOTDIR) {
		return nil // a folder on its way is a file of this build now
	}
	if err != nil && !os.IsNotExist(err) {
		if fi, serr := os.Lstat(full); serr == nil && fi.IsDir() {
			return nil // a folder of this build now
		}
		return err
	}
	for d := filepath.Dir(full); d != w.staging && strings.HasPrefix(d, w.staging); d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			break // not empty
		}
	}
	return nil
}

// Abort discards the build; out stays as it was.
func (w *Writer) Abort() {
	close(w.jobs)
	w.wg.Wait()
	w.keepSpare()
	w.lock.Close()
}

// keepSpare records how the staging folder now differs from out, so the
// next build can still start from it; without a manifest there is nothing
// to compare it with, and it goes.
func (w *Writer) keepSpare() {
	if w.twin != "" {
		os.RemoveAll(w.twin)
		w.twin = ""
	}
	w.mu.Lock()
	stale, unknown := keys(w.stale), w.unknown
	w.mu.Unlock()
	if w.man == nil || unknown {
		os.RemoveAll(w.staging)
		return
	}
	g, ok := identity(w.staging)
	if !ok || save(filepath.Join(w.cache, spareName), spare{Of: w.man.Gen, Dir: Gen{Dev: g.Dev, Ino: g.Ino}, Stale: stale}) != nil {
		os.RemoveAll(w.staging)
	}
}

// swapInTwoSteps is the exchange where the file system cannot do it in
// one: out is briefly absent (never mixed), and a build that dies in
// between is repaired by the next (see clearLeftovers).
func swapInTwoSteps(staging, out, old string) error {
	if err := os.Rename(out, old); err != nil {
		return err
	}
	if err := os.Rename(staging, out); err != nil {
		os.Rename(old, out)
		return err
	}
	return os.Rename(old, staging)
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
