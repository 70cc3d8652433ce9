// Package ramtmp puts a test binary's temporary folders in memory. Tests
// that build whole sites make and remove thousands of files and folders;
// on a disk that costs more system time than the builds themselves (39 of
// go test ./...'s 93 CPU-seconds on an ext4 disk mounted with discard, 15
// on tmpfs). The code under test is the same: tmpfs renames, links and
// modes are the POSIX ones the builds rely on.
package ramtmp

import (
	"os"
	"testing"
)

// Run runs the tests with TMPDIR in a fresh folder of /dev/shm, when that
// is a memory file system with room, and removes the folder afterwards
// (or a later run does, when this one dies first).
// Elsewhere it runs them as they are. Then it calls each stop, for servers
// the tests share, before the folder goes. Call it from TestMain.
func Run(m *testing.M, stop ...func()) int {
	if dir := folder(); dir != "" {
		defer os.RemoveAll(dir)
		os.Setenv("TMPDIR", dir)
	}
	code := m.Run()
	for _, f := range stop {
		f()
	}
	return code
}
