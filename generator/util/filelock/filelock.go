// Package filelock makes processes that share a folder take turns: an
// exclusive lock on a file, held until it is released or the process ends
// (the kernel releases it, so a killed process never leaves it held).
package filelock

import (
	"os"
	"time"
)

// pollEvery is how often Wait tries again while another holds the lock.
const pollEvery = 10 * time.Millisecond

// Wait locks path, creating it, waiting at most patience for another
// holder to let go. It returns the function that releases the lock and
// whether the lock was taken: false when another still held it after that
// long or the file system cannot lock, and the caller goes on without it.
func Wait(path string, patience time.Duration) (release func(), ok bool) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return func() {}, false
	}
	deadline := time.Now().Add(patience)
	for {
		busy, err := try(f)
		if err == nil && !busy {
			return func() { f.Close() }, true
		}
		if err != nil || time.Now().After(deadline) {
			f.Close()
			return func() {}, false
		}
		time.Sleep(pollEvery)
	}
}
