package output

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// File is one output file. Key identifies its content (or the inputs it is
// made from); Data may be nil when the destination already has that key.
type File struct {
	Key  string
	Data []byte
}

// Manifest records which key each file of a finished build has, so the next
// build can leave unchanged files alone. It lives in the cache folder, outside
// dist/; deleting it just makes the next build a full one.
type Manifest struct {
	Out   string            `json:"out"`
	Files map[string]string `json:"files"`
}

const manifestName = "build-manifest.json"

// LoadManifest returns the manifest for out, or nil when there is none, it
// belongs to another output folder, or out itself is gone.
func LoadManifest(cacheDir, out string) *Manifest {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(abs); err != nil {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(cacheDir, manifestName))
	if err != nil {
		return nil
	}
	var m Manifest
	if json.Unmarshal(data, &m) != nil || m.Out != abs || m.Files == nil {
		return nil
	}
	return &m
}

// Has reports whether the previous build wrote path with that key. Safe on
// a nil manifest. It trusts the manifest rather than checking each file on
// disk, which would cost more than the build itself on a large site; after
// changing dist/ by hand, build with --clean.
func (m *Manifest) Has(path, key string) bool {
	return m != nil && m.Files[path] == key
}

// Writer receives a build's files as they are made and puts them in place
// when the build succeeds. With no manifest it fills a fresh folder and swaps
// it in (see Dir). Otherwise it stages only the files whose key changed
// beside out, and on Commit renames each over its old version and removes
// files the site no longer has. Either way nothing in out changes before
// Commit, and an aborted build leaves out as it was.
type Writer struct {
	out   string
	cache string
	man   *Manifest
	stage *Dir // the fresh folder, or the staging folder for changed files
	next  map[string]string
	moved []string // staged paths to move into out on Commit

	files chan staged
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
}

type staged struct {
	path string
	data []byte
}

// NewWriter starts writing a build for out. man is the previous build's
// manifest, or nil for a full build.
func NewWriter(out, cacheDir string, man *Manifest) (*Writer, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	stage := abs
	if man != nil {
		stage = abs + "-changes"
	}
	d, err := Begin(stage)
	if err != nil {
		return nil, err
	}
	w := &Writer{out: abs, cache: cacheDir, man: man, stage: d, next: map[string]string{}, files: make(chan staged, 64)}
	// Writing is bound by the file system's latency, not by the CPU: more
	// writers than cores.
	for range 4 * runtime.GOMAXPROCS(0) {
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			for f := range w.files {
				if err := d.Write(f.path, f.data); err != nil {
					w.mu.Lock()
					if w.err == nil {
						w.err = err
					}
					w.mu.Unlock()
				}
			}
		}()
	}
	return w, nil
}

// Put records a file and writes it unless the previous build has it
// already. Data may be nil only for such a file.
func (w *Writer) Put(path string, f File) error {
	w.next[path] = f.Key
	if w.man.Has(path, f.Key) {
		return nil
	}
	if f.Data == nil {
		return fmt.Errorf("output: %s has no content and is not in the previous build", path)
	}
	if w.man != nil {
		w.moved = append(w.moved, path)
	}
	w.files <- staged{path, f.Data}
	return nil
}

// Commit puts the build in place and saves its manifest. It returns how
// many files were written.
func (w *Writer) Commit() (int, error) {
	close(w.files)
	w.wg.Wait()
	if w.err != nil {
		w.stage.Abort()
		return 0, w.err
	}
	written := len(w.next)
	if w.man == nil {
		if err := w.stage.Commit(); err != nil {
			return 0, err
		}
	} else {
		written = len(w.moved)
		for _, p := range w.moved {
			to := filepath.Join(w.out, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return 0, err
			}
			if err := os.Rename(filepath.Join(w.stage.Tmp, filepath.FromSlash(p)), to); err != nil {
				return 0, err
			}
		}
		for p := range w.man.Files {
			if _, keep := w.next[p]; !keep {
				os.Remove(filepath.Join(w.out, filepath.FromSlash(p)))
			}
		}
		w.stage.Abort()
	}
	next := &Manifest{Out: w.out, Files: w.next}
	return written, next.save(w.cache)
}

// Abort discards everything written so far.
func (w *Writer) Abort() {
	close(w.files)
	w.wg.Wait()
	w.stage.Abort()
}

func (m *Manifest) save(cacheDir string) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	path := filepath.Join(cacheDir, manifestName)
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
