package ramtmp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// A folder left by a test binary that died goes; a running one's stays.
func TestReapTakesOnlyDeadRunsFolders(t *testing.T) {
	if _, err := os.Stat("/dev/shm"); err != nil {
		t.Skip("no /dev/shm")
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join("/dev/shm", prefix+strconv.Itoa(dead.Process.Pid)+"-1")
	kept := filepath.Join("/dev/shm", prefix+strconv.Itoa(os.Getpid())+"-1")
	for _, d := range []string{gone, kept} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	defer os.RemoveAll(kept)
	reap()
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("a dead run's folder stayed: %v", err)
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("a live run's folder went: %v", err)
	}
}
