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

// Has reports whether out holds path with that key. Safe on a nil manifest.
func (m *Manifest) Has(path, key string) bool {
	if m == nil || m.Files[path] != key {
		return false
	}
	_, err := os.Stat(filepath.Join(m.Out, filepath.FromSlash(path)))
	return err == nil
}

// Write puts files into out and records them in the cache's manifest. With
// no manifest it writes a fresh folder and swaps it in (see Dir); otherwise
// it replaces only changed files, each by an atomic rename, and removes files
// the site no longer has. It returns how many files it wrote.
func Write(out, cacheDir string, man *Manifest, files map[string]File) (int, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return 0, err
	}
	for p, f := range files {
		if f.Data == nil && !man.Has(p, f.Key) {
			return 0, fmt.Errorf("output: %s has no content and is not in the previous build", p)
		}
	}
	var written int
	if man == nil {
		written, err = writeFresh(abs, files)
	} else {
		written, err = writeChanged(man, files)
	}
	if err != nil {
		return written, err
	}
	next := &Manifest{Out: abs, Files: make(map[string]string, len(files))}
	for p, f := range files {
		next.Files[p] = f.Key
	}
	return written, next.save(cacheDir)
}

func writeFresh(out string, files map[string]File) (int, error) {
	d, err := Begin(out)
	if err != nil {
		return 0, err
	}
	if err := parallel(files, func(p string, f File) error { return d.Write(p, f.Data) }); err != nil {
		d.Abort()
		return 0, err
	}
	return len(files), d.Commit()
}

func writeChanged(man *Manifest, files map[string]File) (int, error) {
	changed := map[string]File{}
	for p, f := range files {
		if !man.Has(p, f.Key) {
			changed[p] = f
		}
	}
	err := parallel(changed, func(p string, f File) error { return replace(filepath.Join(man.Out, filepath.FromSlash(p)), f.Data) })
	if err != nil {
		return 0, err
	}
	for p := range man.Files {
		if _, keep := files[p]; !keep {
			os.Remove(filepath.Join(man.Out, filepath.FromSlash(p)))
		}
	}
	return len(changed), nil
}

// replace writes a file beside its target and renames it over the target,
// so a reader sees the old file or the new one, never half of one.
func replace(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp-write"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func (m *Manifest) save(cacheDir string) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return replace(filepath.Join(cacheDir, manifestName), data)
}

// parallel runs fn over files with more goroutines than cores: writing is
// bound by the file system's latency, not by the CPU.
func parallel(files map[string]File, fn func(string, File) error) error {
	type item struct {
		p string
		f File
	}
	items := make(chan item)
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range items {
				if err := fn(it.p, it.f); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for p, f := range files {
		items <- item{p, f}
	}
	close(items)
	wg.Wait()
	return first
}
