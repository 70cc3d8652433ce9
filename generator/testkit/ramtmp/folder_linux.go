package ramtmp

import (
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// Least room left on the memory disk for it to be used.
const minFree = 2 << 30

const prefix = "magazine-test-"

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
	dir, err := os.MkdirTemp("/dev/shm", prefix)
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
