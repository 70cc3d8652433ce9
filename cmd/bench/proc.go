package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func (b *bench) measure(name string, args ...string) measured {
	// The previous build's output goes to the disk first, untimed: written
	// back while this one runs, it took the CPU from it (a 10,000-story
	// build leaves ~1 GB to write), which no user building once pays.
	syscall.Sync()
	cmd := exec.Command(name, args...)
	cmd.Dir = b.root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	must(cmd.Start())
	done := make(chan struct{})
	peak := make(chan int64)
	go func() { peak <- sampleTree(cmd.Process.Pid, done) }()
	err := cmd.Wait()
	wall := time.Since(start)
	close(done)
	m := measured{wall: wall, peak: <-peak}
	if err != nil {
		fail("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return m
}

// sampleTree returns the largest total resident memory of pid and its
// descendants seen until done is closed.
func sampleTree(pid int, done <-chan struct{}) int64 {
	var peak int64
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		var sum int64
		for _, p := range tree(pid) {
			sum += statusKB(p, "VmRSS:") << 10
		}
		peak = max(peak, sum)
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
	}
}

// tree is pid and its descendants, from /proc/<pid>/task/<tid>/children.
func tree(pid int) []int {
	out := []int{pid}
	for i := 0; i < len(out); i++ {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", out[i]))
		for _, t := range tasks {
			data, _ := os.ReadFile(t)
			for _, f := range strings.Fields(string(data)) {
				if c, err := strconv.Atoi(f); err == nil {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

func statusKB(pid int, key string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, key) {
			f := strings.Fields(line)
			if len(f) > 1 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb
			}
		}
	}
	return 0
}

func loadAvg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data) + " ? ? ?")
	return strings.Join(f[:3], " ")
}

func must(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(1)
}
