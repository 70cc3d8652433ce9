// Command bench times `magazine build` the way users run it: the CLI as a
// process, cold (no .cache), each build into fresh folders, on synthetic
// stories (generator/testkit/synth), interleaved with Hugo building the same story
// files as plain pages, and prints one table of medians and ratios.
//
// Cold means no .cache: the bundle of the unchanged frontend, which
// magazine keeps in node_modules/.cache, is reused as it is by every build
// after the first on a machine; one row times that first build (after
// npm ci) apart.
//
//	go run ./cmd/bench [-reps 5] [-big 10000] [-cases 10,300,1000,big]
//
// Wall time is what a user waits; CPU time (user+sys of the process and the
// children it waited for, the Node workers included) is less sensitive to
// other load on the machine. Memory is the process tree's resident set
// (magazine and its Node workers, or Hugo), sampled every 10 ms and summed
// over the processes alive at that moment: shared pages count once per
// process, so it is a little above what the tree really holds.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nivaran/magazine/generator/testkit/synth"
)

// A page template for Hugo: a title and the body, and a list of pages.
const hugoPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>%s</body></html>`

var hugoFiles = map[string]string{
	"config.toml":                  "baseURL = \"https://bench.example/\"\ntitle = \"Nivaran\"\n",
	"layouts/_default/single.html": fmt.Sprintf(hugoPage, "<article><h1>{{ .Title }}</h1>{{ .Content }}</article>"),
	"layouts/_default/list.html":   fmt.Sprintf(hugoPage, `<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>`),
}

// measured is one build.
type measured struct {
	wall, cpu time.Duration
	peak      int64 // bytes: the largest sum of the tree's resident sets
}

// series is every build of one case.
type series []measured

func (s series) median(f func(measured) float64) float64 {
	v := make([]float64, len(s))
	for i, m := range s {
		v[i] = f(m)
	}
	slices.Sort(v)
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func (s series) wall() float64 { return s.median(func(m measured) float64 { return m.wall.Seconds() }) }
func (s series) cpu() float64  { return s.median(func(m measured) float64 { return m.cpu.Seconds() }) }
func (s series) peak() float64 {
	return s.median(func(m measured) float64 { return float64(m.peak) / (1 << 20) })
}

type bench struct {
	root, work, bin, hugo string
	runs                  int // folders handed out so far
}

func main() {
	reps := flag.Int("reps", 5, "builds of each case (the 10,000-story cases: at most 3)")
	big := flag.Int("big", 10000, "stories in the large case; 0 skips it")
	only := flag.String("cases", "10,300,1000,big", "cases to run: 10, 300, 1000, big")
	bin := flag.String("bin", "bin/magazine", "the magazine CLI, built from this checkout")
	flag.Parse()
	root, _ := os.Getwd()
	// A folder of its own for this run, removed at the end, after every
	// measurement: on a file system without a journal (ext4 here), creating
	// files costs several times more for minutes after many were deleted,
	// which would time the disk rather than the build.
	b := &bench{root: root, work: filepath.Join(root, ".cache", "bench", strconv.FormatInt(time.Now().UnixNano(), 36)), bin: *bin}
	if _, err := os.Stat(b.bin); err != nil {
		fail("%s: %v (make bench builds it)", b.bin, err)
	}
	b.hugo, _ = exec.LookPath("hugo")
	defer os.RemoveAll(filepath.Dir(b.work)) // with any a killed run left
	want := map[string]bool{}
	for _, c := range strings.Split(*only, ",") {
		want[c] = true
	}

	type kase struct {
		name string
		n    int
		reps int
		run  func() measured
	}
	var cases []kase
	add := func(key, name string, n, reps int, run func() measured) {
		if want[key] {
			cases = append(cases, kase{name, n, reps, run})
		}
	}
	sizes := map[string]int{"10": 10, "300": 300, "1000": 1000, "big": *big}
	for _, key := range []string{"10", "300", "1000", "big"} {
		n := sizes[key]
		if n == 0 || !want[key] {
			continue
		}
		r := *reps
		if n >= 10000 {
			r = min(r, 3)
		}
		site := b.hugoSite(n) // holds the external-picture stories magazine builds too
		ext := filepath.Join(site, "content", "stories")
		if key != "10" {
			add(key, fmt.Sprintf("magazine %d ext", n), n, r, func() measured { return b.magazine(ext) })
		}
		if key != "big" {
			gen := filepath.Join(b.work, fmt.Sprintf("generated-%d", n))
			must(synth.WriteWith(gen, n, synth.Generated))
			add(key, fmt.Sprintf("magazine %d gen", n), n, r, func() measured { return b.magazine(gen) })
			if key == "10" {
				// The first build after npm ci: no stored bundle either.
				add(key, "magazine 10 gen unbundled", n, r, func() measured {
					must(os.RemoveAll(filepath.Join(root, "node_modules", ".cache", "magazine-bundle")))
					return b.magazine(gen)
				})
			}
		}
		if b.hugo != "" && (key == "1000" || key == "big") {
			add(key, fmt.Sprintf("hugo %d", n), n, r, func() measured { return b.hugoBuild(site) })
		}
	}
	must(os.WriteFile(filepath.Join(b.work, "site.yaml"), []byte(synth.Site), 0o644))
	// A first build, not timed, so every case finds the programs and
	// node_modules in the page cache alike.
	if len(cases) > 0 {
		cases[0].run()
	}

	load0, files0 := loadAvg(), b.fileProbe()
	results := map[string]series{}
	maxReps := 0
	for _, c := range cases {
		maxReps = max(maxReps, c.reps)
	}
	// Interleaved: every case once per round, so load from elsewhere on the
	// machine falls on all of them alike.
	for rep := range maxReps {
		for _, c := range cases {
			if rep < c.reps {
				m := c.run()
				results[c.name] = append(results[c.name], m)
				fmt.Fprintf(os.Stderr, "round %d: %-22s wall %6.2f s  cpu %6.2f s  peak %4d MB\n", rep+1, c.name, m.wall.Seconds(), m.cpu.Seconds(), m.peak>>20)
			}
		}
	}
	load1, files1 := loadAvg(), b.fileProbe()
	b.report(results, *reps, *big, load0, load1)
	fmt.Printf("file system: %d folders with a file each made in %.2f s at the start, %.2f s at the end (it takes several times\n"+
		"  longer for minutes after many files were deleted, which slows this build more than Hugo's: it makes twice the files)\n",
		probeFiles, files0.Seconds(), files1.Seconds())
}

// probeFiles is how many folders fileProbe makes, each with a file.
const probeFiles = 5000

// fileProbe times making probeFiles folders with an empty file each, as a
// build makes its pages' folders. They stay until the run's folder goes:
// deleting them would slow the builds after.
func (b *bench) fileProbe() time.Duration {
	dir := b.fresh()
	start := time.Now()
	for i := range probeFiles {
		sub := filepath.Join(dir, strconv.Itoa(i))
		must(os.Mkdir(sub, 0o755))
		must(os.WriteFile(filepath.Join(sub, "index.html"), nil, 0o644))
	}
	return time.Since(start)
}

func (b *bench) report(r map[string]series, reps, big int, load0, load1 string) {
	version := "not installed"
	if b.hugo != "" {
		out, _ := exec.Command(b.hugo, "version").Output()
		version = strings.Fields(string(out) + " ? ?")[1]
	}
	fmt.Printf("\nmagazine build (the CLI, cold, fresh folders) vs hugo %s (plain pages), interleaved, medians of %d (%d stories: of %d)\n",
		version, reps, big, min(reps, 3))
	fmt.Printf("load average %s at the start, %s at the end, on %d CPUs\n\n", load0, load1, runtime.NumCPU())
	fmt.Printf("%-38s %9s %9s %9s %9s %9s %9s\n", "", "wall", "cpu", "hugo wall", "hugo cpu", "ratio", "cpu ratio")
	row := func(label string, m, h series) {
		if len(m) == 0 {
			return
		}
		fmt.Printf("%-38s %8.2fs %8.2fs", label, m.wall(), m.cpu())
		if len(h) > 0 {
			fmt.Printf(" %8.2fs %8.2fs %8.2f× %8.2f×", h.wall(), h.cpu(), m.wall()/h.wall(), m.cpu()/h.cpu())
		}
		fmt.Println()
	}
	row("10 stories, default pictures", r["magazine 10 gen"], nil)
	row("  the same, first build after npm ci", r["magazine 10 gen unbundled"], nil)
	row("1,000 stories, pages only", r["magazine 1000 ext"], r["hugo 1000"])
	row(fmt.Sprintf("%d stories, pages only", big), r[fmt.Sprintf("magazine %d ext", big)], r[fmt.Sprintf("hugo %d", big)])
	if m := r[fmt.Sprintf("magazine %d ext", big)]; len(m) > 0 {
		fmt.Printf("%-38s %8.0f MB", fmt.Sprintf("  peak memory, process tree (%d)", big), m.peak())
		if h := r[fmt.Sprintf("hugo %d", big)]; len(h) > 0 {
			fmt.Printf("  hugo %.0f MB", h.peak())
		}
		fmt.Println()
	}
	for _, n := range []int{300, 1000} {
		g, e := r[fmt.Sprintf("magazine %d gen", n)], r[fmt.Sprintf("magazine %d ext", n)]
		if len(g) == 0 || len(e) == 0 {
			continue
		}
		fmt.Printf("%-38s %7.1fms %7.1fms   (default %.2f s, external %.2f s)\n", fmt.Sprintf("default pictures, added per story, %d", n),
			(g.wall()-e.wall())*1000/float64(n), (g.cpu()-e.cpu())*1000/float64(n), g.wall(), e.wall())
	}
}

// hugoSite writes a Hugo site whose content is n synthetic stories with
// external pictures; magazine builds the same files.
func (b *bench) hugoSite(n int) string {
	site := filepath.Join(b.work, fmt.Sprintf("site-%d", n))
	for name, content := range hugoFiles {
		must(os.MkdirAll(filepath.Dir(filepath.Join(site, name)), 0o755))
		must(os.WriteFile(filepath.Join(site, name), []byte(content), 0o644))
	}
	must(synth.Write(filepath.Join(site, "content", "stories"), n))
	return site
}

func (b *bench) fresh() string {
	b.runs++
	dir := filepath.Join(b.work, "run-"+strconv.Itoa(b.runs))
	must(os.MkdirAll(dir, 0o755))
	return dir
}

func (b *bench) magazine(stories string) measured {
	// A fresh cache folder too: cold.
	dir := b.fresh()
	return b.measure(b.bin, "build", "--config", filepath.Join(b.work, "site.yaml"), "--stories", stories,
		"--out", filepath.Join(dir, "dist"), "--cache-dir", filepath.Join(dir, "cache"))
}

func (b *bench) hugoBuild(site string) measured {
	dir := b.fresh()
	return b.measure(b.hugo, "--quiet", "--source", site, "--destination", filepath.Join(dir, "public"), "--cacheDir", filepath.Join(dir, "cache"))
}

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
