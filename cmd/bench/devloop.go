package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// loop is the writing loop of a server that rebuilds on save, as an editor
// meets it: from start to the first page served, and from a story's file
// written to the served page showing the change (or, for an added or
// deleted story, its page there or gone).
type loop struct {
	first                time.Duration
	edits, adds, deletes []time.Duration
	peak                 int64 // the process tree's largest resident set, bytes
}

// editLoop starts a server with args (where {addr} and {port} stand for
// a free port's) on the stories in storiesDir, measures the loop on the
// story in file, with id, and stops it. page is the address of a story's
// page; added makes the file of a new story with id.
func (b *bench) editLoop(bin string, args []string, storiesDir, file string, id int, page func(id int, file string) string, added func(id int) []byte) loop {
	addr := freeAddr()
	_, port, _ := net.SplitHostPort(addr)
	for i, a := range args {
		args[i] = strings.NewReplacer("{addr}", addr, "{port}", port).Replace(a)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = b.root
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	must(cmd.Start())
	done := make(chan struct{})
	peak := make(chan int64)
	go func() { peak <- sampleTree(cmd.Process.Pid, done) }()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	wait := func(ok func() bool, limit time.Duration) {
		deadline := time.Now().Add(limit)
		for !ok() {
			select {
			case <-exited:
				fail("%s stopped:\n%s", bin, out.String())
			default:
			}
			if time.Now().After(deadline) {
				fail("%s: no change served after %s", bin, limit)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	url := func(id int, file string) string { return "http://" + addr + page(id, file) }
	var l loop
	wait(func() bool { return status(url(id, file)) == 200 }, 10*time.Minute)
	l.first = time.Since(start)
	path := filepath.Join(storiesDir, file)
	src, err := os.ReadFile(path)
	must(err)
	for i := range 10 {
		marker := fmt.Sprintf("Edit marker %d %d", i, time.Now().UnixNano())
		edited := strings.Replace(string(src), "\n\n", "\n\n"+marker+".\n\n", 1)
		t := time.Now()
		must(os.WriteFile(path, []byte(edited), 0o644))
		wait(func() bool { return strings.Contains(get(url(id, file)), marker) }, time.Minute)
		l.edits = append(l.edits, time.Since(t))
		time.Sleep(300 * time.Millisecond)
	}
	must(os.WriteFile(path, src, 0o644))
	time.Sleep(time.Second)
	for i := range 3 {
		nid := 900000 + i
		name := fmt.Sprintf("zz-added-%d.md", i)
		f := filepath.Join(storiesDir, name)
		t := time.Now()
		must(os.WriteFile(f, added(nid), 0o644))
		wait(func() bool { return status(url(nid, name)) == 200 }, time.Minute)
		l.adds = append(l.adds, time.Since(t))
		time.Sleep(500 * time.Millisecond)
		t = time.Now()
		must(os.Remove(f))
		wait(func() bool { return status(url(nid, name)) == 404 }, time.Minute)
		l.deletes = append(l.deletes, time.Since(t))
		time.Sleep(500 * time.Millisecond)
	}
	close(done)
	l.peak = <-peak
	cmd.Process.Signal(syscall.SIGINT)
	<-exited
	return l
}

func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(err)
	defer ln.Close()
	return ln.Addr().String()
}

func status(url string) int {
	res, err := http.Get(url)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

func get(url string) string {
	res, err := http.Get(url)
	if err != nil {
		return ""
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return string(body)
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// copyStories copies a folder of story files into a fresh one.
func (b *bench) copyStories(from string) string {
	to := filepath.Join(b.fresh(), "stories")
	must(os.CopyFS(to, os.DirFS(from)))
	return to
}
