package filelock

import (
	"path/filepath"
	"testing"
	"time"
)

func TestOneHolderAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	release, ok := Wait(path, time.Second)
	if !ok {
		t.Fatal("a free lock was not taken")
	}
	// Another open file of the same process is refused while it is held...
	if _, ok := Wait(path, 50*time.Millisecond); ok {
		t.Fatal("a held lock was taken twice")
	}
	// ...and takes it once it is let go.
	taken := make(chan bool)
	go func() {
		r, ok := Wait(path, 5*time.Second)
		r()
		taken <- ok
	}()
	time.Sleep(30 * time.Millisecond)
	release()
	if !<-taken {
		t.Fatal("a released lock was not taken")
	}
}

func TestNoFolderNoLock(t *testing.T) {
	release, ok := Wait(filepath.Join(t.TempDir(), "missing", "lock"), time.Second)
	release()
	if ok {
		t.Fatal("a lock in a missing folder cannot be taken")
	}
}
