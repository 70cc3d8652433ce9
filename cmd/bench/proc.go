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
	p := b.start(name, args...)
	err := p.cmd.Wait()
	m := measured{wall: time.Since(p.began), peak: p.stop()}
	if err != nil {
		fail("%s %s: %v\n%s", name, strings.Join(args, " "), err, p.out.String())
	}
	if ru, ok := p.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return m
}

// process is a started command, its output and its tree's memory, sampled
// every 10 ms until stop.
type process struct {
	cmd   *exec.Cmd
	out   *bytes.Buffer
	began time.Time
	done  chan struct{}
	peak  chan int64
}

func (b *bench) start(name string, args ...string) *process {
	p := &process{cmd: exec.Command(name, args...), out: &bytes.Buffer{}, done: make(chan struct{}), peak: make(chan int64)}
	p.cmd.Dir = b.root
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	p.began = time.Now()
	must(p.cmd.Start())
	go func() { p.peak <- sampleTree(p.cmd.Process.Pid, p.done) }()
	return p
}

// stop ends the sampling and returns the largest resident set seen, bytes.
func (p *process) stop() int64 {
	close(p.done)
	return <-p.peak
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
