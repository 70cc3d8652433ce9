package worker

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// A worker's stdin and stdout hold 1 MB each, not Linux's default 64 KB.
func TestWorkerPipesAreWide(t *testing.T) {
	t.Parallel()
	limit, _ := os.ReadFile("/proc/sys/fs/pipe-max-size")
	if n, err := strconv.Atoi(strings.TrimSpace(string(limit))); err != nil || n < 1<<20 {
		t.Skipf("pipes may not hold 1 MB here (pipe-max-size %q)", limit)
	}
	p, err := Start("node", t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pid := p.workers[0].cmd.Process.Pid
	for fd, name := range []string{"stdin", "stdout"} {
		// The worker's end of the pipe, opened anew from /proc.
		f, err := os.OpenFile(fmt.Sprintf("/proc/%d/fd/%d", pid, fd), os.O_RDWR|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		size, err := unix.FcntlInt(f.Fd(), unix.F_GETPIPE_SZ, 0)
		f.Close()
		if err != nil || size < 1<<20 {
			t.Errorf("%s: the pipe holds %d bytes (%v), want 1 MB", name, size, err)
		}
	}
}
