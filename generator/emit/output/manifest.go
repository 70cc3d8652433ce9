package output

import (
	json "github.com/goccy/go-json"
	"os"
	"path/filepath"
)

// Manifest records the key of every file of a finished build, so the next
// build can leave unchanged files alone. It lives in the cache folder,
// outside dist/; deleting it just makes the next build a full one.
//
// A manifest describes one generation of the output folder: Gen is the
// identity of the folder it was written for. The folder that a commit
// swaps in carries that identity, and no other folder can (see Gen), so a
// manifest whose generation never reached dist/ — the build died before
// the swap — is never trusted.
type Manifest struct {
	Out   string            `json:"out"`
	Gen   Gen               `json:"gen"`
	Files map[string]string `json:"files"`
	Sizes map[string]int64  `json:"sizes,omitempty"` // bytes of each file, for the next build's Sizes
}

// Gen identifies a folder: its device and inode, and for a generation also
// its modification time, which the commit sets to a random instant. A new
// folder that happened to reuse a deleted generation's inode would still
// differ in that time.
type Gen struct {
	Dev   uint64 `json:"dev"`
	Ino   uint64 `json:"ino"`
	Mtime int64  `json:"mtime,omitempty"`
}

// spare describes the staging folder kept between builds: the generation
// before the current one. It holds the same files as dist/ (hard links to
// the same inodes) except at Stale paths, so the next build turns it into
// the new generation by touching only those and the files it changes.
type spare struct {
	Of    Gen      `json:"of"`  // the generation of dist/ it is compared with
	Dir   Gen      `json:"dir"` // the folder itself (device and inode)
	Stale []string `json:"stale"`
}

const (
	manifestName = "build-manifest.json"
	spareName    = "build-spare.json"
)

// LoadManifest returns the manifest of the build now in out, or nil when
// there is none, it belongs to another output folder, or out is not the
// generation it describes.
func LoadManifest(cacheDir, out string) *Manifest {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil
	}
	var m Manifest
	if !load(filepath.Join(cacheDir, manifestName), &m) || m.Out != abs || m.Files == nil || m.Gen == (Gen{}) {
		return nil
	}
	if g, ok := identity(abs); !ok || g != m.Gen {
		return nil
	}
	return &m
}

// Has reports whether the build in the output folder has path with that
// key. Safe on a nil manifest. It does not look at each file: a manifest is
// only trusted for the generation it was written with, and after changing
// dist/ by hand, build with --clean.
func (m *Manifest) Has(path, key string) bool {
	return m != nil && m.Files[path] == key
}

// Lost reports whether the build in the output folder has a file that
// names (a new build's files) lacks: a page that did not change may then
// link to it.
func (m *Manifest) Lost(names []string) bool {
	return m != nil && Lost(m.Files, names)
}

// Lost reports whether files (path -> key: a build's) has one that names
// lacks.
func Lost(files map[string]string, names []string) bool {
	now := make(map[string]bool, len(names))
	for _, n := range names {
		now[n] = true
	}
	for p := range files {
		if !now[p] {
			return true
		}
	}
	return false
}

// Read returns a file of the build in the output folder.
func (m *Manifest) Read(path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(m.Out, filepath.FromSlash(path)))
}

// loadSpare returns the paths where the spare folder may differ from the
// generation m describes, or ok=false when the folder cannot be trusted.
func loadSpare(cacheDir, dir string, m *Manifest) (map[string]bool, bool) {
	var s spare
	if m == nil || !load(filepath.Join(cacheDir, spareName), &s) || s.Of != m.Gen {
		return nil, false
	}
	if g, ok := identity(dir); !ok || g.Dev != s.Dir.Dev || g.Ino != s.Dir.Ino {
		return nil, false
	}
	stale := make(map[string]bool, len(s.Stale))
	for _, p := range s.Stale {
		stale[p] = true
	}
	return stale, true
}

func load(path string, v any) bool {
	data, err := os.ReadFile(path)
	return err == nil && json.Unmarshal(data, v) == nil
}

// save writes v beside path and renames it into place, so a reader (or a
// build killed meanwhile) sees the old file or the new one.
func save(path string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func forget(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}
