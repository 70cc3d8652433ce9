//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// try takes f's lock if no other open file holds it; busy when one does.
func try(f *os.File) (busy bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}
