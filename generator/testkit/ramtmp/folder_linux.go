package ramtmp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Least room left on the memory disk for it to be used.
const minFree = 2 << 30

const prefix = "magazine-test-"

// reap removes the folders of test binaries that died without removing
// theirs (a panic, a -timeout, Ctrl-C): named by process, they belong to
// one that no longer runs.
func reap() {
	entries, _ := os.ReadDir("/dev/shm")
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		pid, err := strconv.Atoi(strings.SplitN(rest, "-", 2)[0])
		if !ok || err != nil || !e.IsDir() {
			continue
		}
		if unix.Kill(pid, 0) == unix.ESRCH {
			os.RemoveAll(filepath.Join("/dev/shm", e.Name()))
		}
	}
}

func folder() string {
	// A test's child process (a re-run test binary, perhaps killed) works
	// in its parent's folder, which the parent removes.
	if strings.HasPrefix(os.Getenv("TMPDIR"), "/dev/shm/"+prefix) {
		return ""
	}
	var fs unix.Statfs_t
	if unix.Statfs("/dev/shm", &fs) != nil || fs.Type != unix.TMPFS_MAGIC || fs.Bavail*uint64(fs.Bsize) < minFree {
		return ""
	}
	reap()
	dir, err := os.MkdirTemp("/dev/shm", prefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return ""
	}
	// Sticky and open to all, as /tmp is: PostgreSQL runs as another user.
	if os.Chmod(dir, 0o777|os.ModeSticky) != nil {
		os.RemoveAll(dir)
		return ""
	}
	return dir
}
