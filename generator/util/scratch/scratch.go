// Package scratch makes private working folders that a killed process
// leaves behind only until the next one starts: each holds a lock while its
// owner lives, and New removes those whose lock is free.
package scratch

import (
	"os"
	"path/filepath"
)

// New makes a folder named prefix* in parent, removes the folders of dead
// owners, and returns the folder and a function that removes it.
func New(parent, prefix string) (string, func(), error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return "", nil, err
	}
	// The lock file takes its name only once it is locked: another owner
	// starting meanwhile could otherwise lock it first, between its
	// creation and ours, and take the folder for a dead owner's. A folder
	// without one is left alone.
	held, err := hold(filepath.Join(dir, ".lock-new"), true)
	if err == nil {
		if err = os.Rename(filepath.Join(dir, ".lock-new"), filepath.Join(dir, ".lock")); err != nil {
			held.Close()
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	others, _ := filepath.Glob(filepath.Join(parent, prefix+"*"))
	for _, o := range others {
		if o == dir {
			continue
		}
		if f, err := hold(filepath.Join(o, ".lock"), false); err == nil {
			os.RemoveAll(o)
			f.Close()
		}
	}
	return dir, func() { os.RemoveAll(dir); held.Close() }, nil
}
