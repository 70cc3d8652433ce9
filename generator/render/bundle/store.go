package bundle

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/nivaran/magazine/generator/util/filelock"
)

// Store keeps the last bundle on disk under the key of everything it is
// made from, so that a build whose frontend did not change skips esbuild:
// bundling costs ~0.3–0.5 s of CPU, most of a small site's cold build.
// The bundle does not depend on the content, so the store lives with the
// installed packages (node_modules/.cache), not in the build's cache: a
// fresh clone after `npm ci` bundles once, and every cold build after it
// reuses that.
//
// The key covers every file under frontend/ (names and bytes), the
// lockfile (the packages the bundles import) and the running executable
// (its path, size and time: esbuild's version and this package's options
// and passes are compiled into it).
type Store struct {
	dir, frontend string
	key           string // set by Load
}

// kept is how many bundles a store keeps: one per binary or frontend in
// use (a checkout of another branch, a second build of the program) is
// enough for switching between them without bundling every time.
const kept = 4

func (s *Store) file() string { return filepath.Join(s.dir, "bundle-"+s.key[:20]+".gob") }

// stored is the store's file: the key it was made under and the bundle.
type stored struct {
	Key    string
	Result *Result
}

// NewStore keeps frontend's bundle in dir.
func NewStore(dir, frontend string) *Store {
	return &Store{dir: dir, frontend: frontend}
}

// Load returns the stored bundle when it was made from the inputs there
// are now, else nil; a later Save stores under that same key (a key that
// cannot be computed matches nothing).
func (s *Store) Load() *Result {
	s.key = inputKey(s.frontend)
	if s.key == "" {
		return nil
	}
	data, err := os.ReadFile(s.file())
	if err != nil {
		return nil
	}
	var st stored
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&st) != nil || st.Key != s.key || st.Result == nil || st.Result.Client == nil {
		return nil
	}
	return st.Result
}

// Unchanged reports whether the inputs are still those of the last Load.
func (s *Store) Unchanged() bool { return s.key != "" && inputKey(s.frontend) == s.key }

// Turn waits until no other build of this store is between its Load and
// Save, and holds it that way until the returned function is called: of
// builds that start together on an unchanged frontend (a CI job building
// two sites, the processes of a test suite), one bundles and the others
// load its bundle, instead of each spending the same CPU. A build waits at
// most a minute, then goes on by itself.
func (s *Store) Turn() (done func()) {
	if os.MkdirAll(s.dir, 0o755) != nil {
		return func() {}
	}
	release, _ := filelock.Wait(filepath.Join(s.dir, "turn.lock"), time.Minute)
	return release
}

// Save replaces the stored bundle with r, atomically: a concurrent build
// reads the old one or the new one. When the inputs changed since Load (an
// edit while esbuild ran), r may be made from either, and is not stored.
// Failing to save only costs speed.
func (s *Store) Save(r *Result) error {
	key := inputKey(s.frontend)
	if key == "" || (s.key != "" && key != s.key) {
		return nil
	}
	s.key = key
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(stored{Key: s.key, Result: r}); err != nil {
		return err
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.dir, ".bundle-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.file())
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	s.prune()
	return nil
}

// prune removes all but the newest bundles the store keeps.
func (s *Store) prune() {
	files, _ := filepath.Glob(filepath.Join(s.dir, "bundle-*.gob"))
	if len(files) <= kept {
		return
	}
	age := map[string]int64{}
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			age[f] = fi.ModTime().UnixNano()
		}
	}
	slices.SortFunc(files, func(a, b string) int { return cmp.Compare(age[b], age[a]) })
	for _, f := range files[kept:] {
		os.Remove(f)
	}
}

// inputKey hashes what the bundles are made from; "" when it cannot.
func inputKey(frontend string) string {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	abs, err := filepath.Abs(frontend)
	if err != nil {
		return ""
	}
	wd, _ := os.Getwd() // metafile paths, and so the registry, are relative to it
	for _, s := range []string{exe, strconv.FormatInt(fi.Size(), 10), strconv.FormatInt(fi.ModTime().UnixNano(), 10), abs, wd} {
		h.Write([]byte(s + "\x00"))
	}
	lock, err := os.ReadFile(filepath.Join(filepath.Dir(abs), "package-lock.json"))
	if err != nil {
		return ""
	}
	h.Write(lock)
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "node_modules" || d.Name() == ".out" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(abs, p)
		h.Write([]byte("\x00" + rel + "\x00" + strconv.Itoa(len(data)) + "\x00"))
		h.Write(data)
		return nil
	})
	if err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}
