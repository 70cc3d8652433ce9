package output

import (
	"bytes"
	"errors"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// exchange swaps two folders in one step (renameat2 RENAME_EXCHANGE): a
// reader resolving a path under either name sees one whole folder or the
// other, never a mix and never nothing.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return swapInTwoSteps(a, b) // a file system without the exchange
	}
	return err
}

// umaskNarrows reports whether the process's umask would take bits from
// 0644 files and 0755 folders, so they must be set after creating them.
// Linux shows the umask in /proc (since 4.7) without changing it; where
// it does not, the modes are set every time.
func umaskNarrows() bool {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return true
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte("Umask:")); ok {
			m, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 32)
			return err != nil || m&0o755 != 0
		}
	}
	return true
}
