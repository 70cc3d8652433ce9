// Package output writes a build into a fresh folder beside the target and
// swaps it in only when everything succeeded, so readers and hosts never see
// a half-written dist/ and a failed build leaves the previous one untouched.
package output

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Dir is a build in progress.
type Dir struct {
	Final string // where the finished build goes, e.g. dist
	Tmp   string // where it is written meanwhile

	mu      sync.Mutex
	created map[string]bool
}

// Begin creates the staging folder next to final (same filesystem, so the
// swap is a rename).
func Begin(final string) (*Dir, error) {
	final = filepath.Clean(final)
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), "."+filepath.Base(final)+".building-")
	if err != nil {
		return nil, err
	}
	return &Dir{Final: final, Tmp: tmp, created: map[string]bool{}}, nil
}

// Write stores one file (path relative to the build root). Safe for
// concurrent use.
func (d *Dir) Write(rel string, data []byte) error {
	full := filepath.Join(d.Tmp, filepath.FromSlash(rel))
	dir := filepath.Dir(full)
	d.mu.Lock()
	ok := d.created[dir]
	d.mu.Unlock()
	if !ok {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		d.mu.Lock()
		d.created[dir] = true
		d.mu.Unlock()
	}
	return os.WriteFile(full, data, 0o644)
}

// Commit swaps the finished build in for the old one.
func (d *Dir) Commit() error {
	old := ""
	if _, err := os.Stat(d.Final); err == nil {
		old = d.Tmp + ".old"
		if err := os.Rename(d.Final, old); err != nil {
			return fmt.Errorf("moving the previous build aside: %w", err)
		}
	}
	if err := os.Rename(d.Tmp, d.Final); err != nil {
		if old != "" {
			_ = os.Rename(old, d.Final)
		}
		return fmt.Errorf("putting the new build in place: %w", err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// Abort discards the staging folder; the previous build stays as it was.
func (d *Dir) Abort() { _ = os.RemoveAll(d.Tmp) }
