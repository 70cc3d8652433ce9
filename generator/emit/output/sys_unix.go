//go:build unix

package output

import (
	"os"
	"syscall"
)

func identity(path string) (Gen, bool) {
	fi, err := os.Lstat(path)
	if err != nil || !fi.IsDir() {
		return Gen{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return Gen{}, false
	}
	return Gen{Dev: uint64(st.Dev), Ino: uint64(st.Ino), Mtime: fi.ModTime().UnixNano()}, true
}

// lock holds an exclusive lock on path until the file is closed (or the
// process dies), so two builds of one site never share the staging folder.
func lock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
