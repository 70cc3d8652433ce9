//go:build unix

package scratch

import (
	"os"
	"syscall"
)

// hold locks path (creating it only when create is set); without wait it
// fails at once when another process holds the lock.
func hold(path string, create bool) (*os.File, error) {
	flag := os.O_RDWR
	if create {
		flag |= os.O_CREATE
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_EX
	if !create {
		how |= syscall.LOCK_NB
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
