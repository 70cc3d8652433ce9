package worker

import (
	"os"
	"runtime"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

func niceOf(t *testing.T, tid int) int {
	t.Helper()
	prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
	if err != nil {
		t.Fatal(err)
	}
	return 20 - prio
}

// After Yield, every thread of the build, including threads started later,
// runs at nice 5 or nicer; the workers keep the priority they started with.
func TestYieldLeavesWorkersFirst(t *testing.T) {
	t.Parallel()
	before := niceOf(t, unix.Gettid())
	p, err := Start("node", t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	Yield()
	want := max(before, yieldNice)
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		if got := niceOf(t, tid); got != want {
			t.Errorf("thread %d: nice %d, want %d", tid, got, want)
		}
	}
	// A goroutine locked to its thread has one of its own, made now.
	later := make(chan int)
	go func() {
		runtime.LockOSThread()
		later <- niceOf(t, unix.Gettid())
	}()
	if got := <-later; got != want {
		t.Errorf("a thread started after Yield: nice %d, want %d", got, want)
	}
	if got := niceOf(t, p.workers[0].cmd.Process.Pid); got != before {
		t.Errorf("the worker: nice %d, want %d as before", got, before)
	}
}
