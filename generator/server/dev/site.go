package dev

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/nivaran/magazine/generator/emit/output"
	"github.com/nivaran/magazine/generator/pipeline"
)

// siteDir holds the last good build on disk, where the server reads it: a
// 10,000-story site is ~600 MB, too much to keep in memory. A build's new
// files are written beside it and moved in, each with one rename, only
// once the build succeeded, so the last good pages stay up meanwhile.
type siteDir struct {
	dir, staging string
	mu           sync.Mutex
	keys         map[string]string // every file's key
}

// openSiteDir starts from an empty folder: a site kept from an earlier
// session has no keys to trust.
func openSiteDir(dir string) (*siteDir, error) {
	staging := dir + ".staging"
	for _, d := range []string{dir, staging} {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	return &siteDir{dir: dir, staging: staging, keys: map[string]string{}}, nil
}

// has reports whether the site holds path with key (pipeline.Build's have).
func (d *siteDir) has(path, key string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.keys[path] == key
}

// begin starts receiving a build.
func (d *siteDir) begin() *staged {
	return &staged{d: d, keys: map[string]string{}, files: map[string]string{}}
}

// staged is one build on its way into a siteDir.
type staged struct {
	d     *siteDir
	mu    sync.Mutex
	keys  map[string]string // every file the build put
	files map[string]string // path -> its new bytes, written under staging
	n     int
}

func (s *staged) Put(path string, f pipeline.File) error {
	s.mu.Lock()
	if f.Key == "" && f.Data == nil {
		// A page made when asked for (pipeline.Builder.DeferListings):
		// the site keeps the file it has, if any, and its key.
		s.d.mu.Lock()
		s.keys[path] = s.d.keys[path]
		s.d.mu.Unlock()
		s.mu.Unlock()
		return nil
	}
	s.keys[path] = f.Key
	if f.Data == nil && f.More == nil || s.d.has(path, f.Key) {
		s.mu.Unlock()
		return nil // the site holds it already
	}
	s.n++
	tmp := filepath.Join(s.d.staging, strconv.Itoa(s.n))
	s.files[path] = tmp
	s.mu.Unlock()
	return writeFile(tmp, f)
}

// Put writes a file into the site at once, by one rename that readers see
// whole: a page made after its build (pipeline.Builder.RenderPending).
func (d *siteDir) Put(path string, f pipeline.File) error {
	if f.Data != nil || f.More != nil {
		out, err := os.CreateTemp(d.staging, "page-")
		if err != nil {
			return err
		}
		out.Close()
		if err := writeFile(out.Name(), f); err != nil {
			os.Remove(out.Name())
			return err
		}
		dst := filepath.Join(d.dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(out.Name(), dst); err != nil {
			os.Remove(out.Name())
			return err
		}
	}
	d.mu.Lock()
	d.keys[path] = f.Key
	d.mu.Unlock()
	return nil
}

// writeFile writes f's bytes to a new file at path.
func writeFile(path string, f pipeline.File) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	for _, part := range append([][]byte{f.Data}, f.More...) {
		if _, err := out.Write(part); err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

// commit moves the build's new files into the site. After a whole build
// (all), the files it did not put go.
func (s *staged) commit(all bool) error {
	d := s.d
	d.mu.Lock()
	defer d.mu.Unlock()
	for path, tmp := range s.files {
		dst := filepath.Join(d.dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(tmp, dst); err != nil {
			return err
		}
	}
	for path, key := range s.keys {
		d.keys[path] = key
	}
	if all {
		for path := range d.keys {
			if _, ok := s.keys[path]; !ok {
				os.Remove(filepath.Join(d.dir, filepath.FromSlash(path)))
				delete(d.keys, path)
			}
		}
	}
	return nil
}

// abort drops what the build wrote.
func (s *staged) abort() {
	for _, tmp := range s.files {
		os.Remove(tmp)
	}
}

// Read returns a file of the site: the link check of pages a build did not
// make again reads them (pipeline.Builder.RenderPending).
func (d *siteDir) Read(path string) ([]byte, error) {
	return fs.ReadFile(os.DirFS(d.dir), path)
}

// Lost reports whether the site has a file that names (a build's files)
// lacks: pages the build did not make again may link to it.
func (s *staged) Lost(names []string) bool {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	return output.Lost(s.d.keys, names)
}

// Read returns a file of the site as the last good build left it.
func (s *staged) Read(path string) ([]byte, error) { return s.d.Read(path) }
