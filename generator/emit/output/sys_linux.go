package output

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// exchange swaps two folders in one step (renameat2 RENAME_EXCHANGE): a
// reader resolving a path under either name sees one whole folder or the
// other, never a mix and never nothing.
func exchange(staging, out, old string) error {
	err := unix.Renameat2(unix.AT_FDCWD, staging, unix.AT_FDCWD, out, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return swapInTwoSteps(staging, out, old) // a file system without the exchange
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

// writeParts writes data to f one part after another, with as few system
// calls as the kernel takes (writev).
func writeParts(f *os.File, data [][]byte) error {
	if len(data) == 1 {
		_, err := f.Write(data[0])
		return err
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	left := append([][]byte(nil), data...) // trimmed as it is written
	var werr error
	err = conn.Write(func(fd uintptr) bool {
		for {
			for len(left) > 0 && len(left[0]) == 0 {
				left = left[1:]
			}
			if len(left) == 0 {
				return true
			}
			n, err := unix.Writev(int(fd), left[:min(len(left), 1024)]) // IOV_MAX
			if err == unix.EINTR {
				continue
			}
			if err == nil && n == 0 {
				err = io.ErrShortWrite
			}
			if err != nil {
				werr = err
				return true
			}
			for len(left) > 0 && n >= len(left[0]) {
				n -= len(left[0])
				left = left[1:]
			}
			if n > 0 {
				left[0] = left[0][n:]
			}
		}
	})
	return errors.Join(err, werr)
}
