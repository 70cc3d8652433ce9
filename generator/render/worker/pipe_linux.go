package worker

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// widen makes a pipe to or from a worker hold up to 1 MB (Linux's limit
// for unprivileged processes) instead of 64 KB, three or four pages: Node
// then waits less for Go's goroutines while Go's threads are busy elsewhere.
// A pipe the system refuses to widen stays as it is.
func widen(pipe any) {
	if c, ok := pipe.(syscall.Conn); ok {
		if raw, err := c.SyscallConn(); err == nil {
			raw.Control(func(fd uintptr) { unix.FcntlInt(fd, unix.F_SETPIPE_SZ, 1<<20) })
		}
	}
}
