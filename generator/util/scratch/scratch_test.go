package scratch

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestDeadOwnersFoldersGo(t *testing.T) {
	parent := t.TempDir()
	// A folder of a process that died: a lock file nobody holds.
	dead := filepath.Join(parent, "work-dead")
	os.MkdirAll(dead, 0o755)
	os.WriteFile(filepath.Join(dead, ".lock"), nil, 0o644)
	live, release, err := New(parent, "work-")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Error("a dead owner's folder should go")
	}
	// A live owner's folder stays (flock locks conflict between open files,
	// even in one process).
	second, release2, err := New(parent, "work-")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Error("a live owner's folder was removed")
	}
	release()
	release2()
	if _, err := os.Stat(second); !os.IsNotExist(err) {
		t.Error("release should remove the folder")
	}
}

// Folders made at the same moment by other owners are never taken for a
// dead owner's: each folder outlives its owner's use of it.
func TestConcurrentOwnersKeepTheirFolders(t *testing.T) {
	parent := t.TempDir()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			for range 80 {
				dir, release, err := New(parent, "work-")
				if err != nil {
					errs <- err
					return
				}
				if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
					errs <- err
					release()
					return
				}
				release()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
