// Command bench times magazine the way users run it: the CLI as a process,
// cold (no .cache), each build into fresh folders, on synthetic stories
// (generator/testkit/synth), interleaved with Hugo building the same story
// files in two configurations (the same kinds of pages, and story pages
// only: hugo.go says what each builds), and prints one table of medians
// and ratios; then the writing loop of magazine dev against hugo server,
// an incremental build, and what each build's output weighs.
//
// Cold means no .cache: the bundle of the unchanged frontend, which
// magazine keeps in node_modules/.cache, is reused as it is by every build
// after the first on a machine; one row times that first build (after
// npm ci) apart.
//
//	go run ./cmd/bench [-reps 5] [-big 10000] [-cases 10,300,1000,big,loop]
//
// Wall time is what a user waits; CPU time (user+sys of the process and the
// children it waited for, the Node workers included) is less sensitive to
// other load on the machine. Memory is the process tree's resident set
// (magazine and its Node workers, or Hugo), sampled every 10 ms and summed
// over the processes alive at that moment: shared pages count once per
// process, so it is a little above what the tree really holds.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/testkit/synth"
)

// measured is one build.
type measured struct {
	wall, cpu time.Duration
	peak      int64  // bytes: the largest sum of the tree's resident sets
	out       string // the folder built into
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
	only := flag.String("cases", "10,300,1000,big,loop", "cases to run: 10, 300, 1000, big, loop (magazine dev and an incremental build, at -big)")
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
		reps int
		run  func() measured
	}
	var cases []kase
	add := func(name string, reps int, run func() measured) {
		cases = append(cases, kase{name, reps, run})
	}
	sizes := map[string]int{"10": 10, "300": 300, "1000": 1000, "big": *big}
	sites := map[int]string{}
	for _, key := range []string{"10", "300", "1000", "big"} {
		n := sizes[key]
		if n == 0 || !want[key] && !(key == "big" && want["loop"]) {
			continue
		}
		r := *reps
		if n >= 10000 {
			r = min(r, 3)
		}
		if n >= 100000 {
			r = 1
		}
		site := b.hugoSite(n) // holds the external-picture stories magazine builds too
		sites[n] = site
		if !want[key] {
			continue
		}
		ext := filepath.Join(site, "content", "stories")
		if key != "10" {
			add(fmt.Sprintf("magazine %d ext", n), r, func() measured { return b.magazine(ext) })
		}
		if key != "big" {
			gen := filepath.Join(b.work, fmt.Sprintf("generated-%d", n))
			must(synth.WriteWith(gen, n, synth.Generated))
			add(fmt.Sprintf("magazine %d gen", n), r, func() measured { return b.magazine(gen) })
			if key == "10" {
				// The first build after npm ci: no stored bundle either.
				add("magazine 10 gen unbundled", r, func() measured {
					must(os.RemoveAll(filepath.Join(root, "node_modules", ".cache", "magazine-bundle")))
					return b.magazine(gen)
				})
			}
		}
		if b.hugo != "" && (key == "1000" || key == "big") {
			for _, c := range hugoConfigs {
				add(fmt.Sprintf("hugo %s %d", c.key, n), r, func() measured { return b.hugoBuild(site, c) })
			}
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
	if want["loop"] && *big > 0 {
		b.loops(sites[*big], *big)
	}
	fmt.Printf("\nfile system: %d folders with a file each made in %.2f s at the start, %.2f s at the end (it takes several times\n"+
		"  longer for minutes after many files were deleted)\n", probeFiles, files0.Seconds(), files1.Seconds())
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
	fmt.Printf("\nmagazine build (the CLI, cold, fresh folders) vs hugo %s, interleaved, medians of %d (%d stories: of %d)\n",
		version, reps, big, min(reps, 3))
	fmt.Printf("load average %s at the start, %s at the end, on %d CPUs\n%s\n\n", load0, load1, runtime.NumCPU(), describeHugo())
	fmt.Printf("%-38s %17s", "", "magazine")
	for _, c := range hugoConfigs {
		fmt.Printf("   %-28s", c.label)
	}
	fmt.Printf("\n%-38s %8s %8s", "", "wall", "cpu")
	for range hugoConfigs {
		fmt.Printf("   %8s %19s", "wall", "ratio (cpu ratio)")
	}
	fmt.Println()
	row := func(label string, m series, n int) {
		if len(m) == 0 {
			return
		}
		fmt.Printf("%-38s %7.2fs %7.2fs", label, m.wall(), m.cpu())
		for _, c := range hugoConfigs {
			if h := r[fmt.Sprintf("hugo %s %d", c.key, n)]; len(h) > 0 {
				fmt.Printf("   %7.2fs %7.2f× (%5.2f×)    ", h.wall(), m.wall()/h.wall(), m.cpu()/h.cpu())
			}
		}
		fmt.Println()
	}
	row("10 stories, default pictures", r["magazine 10 gen"], 10)
	row("  the same, first build after npm ci", r["magazine 10 gen unbundled"], 10)
	row("1,000 stories", r["magazine 1000 ext"], 1000)
	if big != 1000 {
		row(fmt.Sprintf("%d stories", big), r[fmt.Sprintf("magazine %d ext", big)], big)
	}
	if m := r[fmt.Sprintf("magazine %d ext", big)]; len(m) > 0 {
		fmt.Printf("%-40s %8.0f MB", fmt.Sprintf("  peak memory, process tree (%d)", big), m.peak())
		for _, c := range hugoConfigs {
			if h := r[fmt.Sprintf("hugo %s %d", c.key, big)]; len(h) > 0 {
				fmt.Printf("  %s %.0f MB", c.label, h.peak())
			}
		}
		fmt.Println()
		// What a host stores: bytes and files (folders aside) of the last build of each.
		size := func(s series) hostpolicy.Size {
			sz, err := hostpolicy.Measure(s[len(s)-1].out)
			must(err)
			return sz
		}
		ms := size(m)
		fmt.Printf("%-40s %6.0f MB in %d files", fmt.Sprintf("  output (%d)", big), float64(ms.Bytes)/(1<<20), ms.Files)
		for _, c := range hugoConfigs {
			if h := r[fmt.Sprintf("hugo %s %d", c.key, big)]; len(h) > 0 {
				hs := size(h)
				fmt.Printf("; %s %.0f MB in %d", c.label, float64(hs.Bytes)/(1<<20), hs.Files)
			}
		}
		fmt.Println()
	}
	for _, n := range []int{300, 1000} {
		g, e := r[fmt.Sprintf("magazine %d gen", n)], r[fmt.Sprintf("magazine %d ext", n)]
		if len(g) == 0 || len(e) == 0 {
			continue
		}
		fmt.Printf("%-40s %7.1fms %7.1fms   (default %.2f s, external %.2f s)\n", fmt.Sprintf("default pictures, added per story, %d", n),
			(g.wall()-e.wall())*1000/float64(n), (g.cpu()-e.cpu())*1000/float64(n), g.wall(), e.wall())
	}
}

// loops measures the writing loop at n stories: magazine dev (and hugo
// server, with the same kinds of pages, where Hugo is installed), and an
// incremental magazine build after one edit.
func (b *bench) loops(site string, n int) {
	stories := filepath.Join(site, "content", "stories")
	const file, id = "synthetic-00042.md", 1042
	story, err := os.ReadFile(filepath.Join(stories, file))
	must(err)
	added := func(nid int) []byte {
		return []byte(strings.Replace(string(story), fmt.Sprintf("id: %d\n", id), fmt.Sprintf("id: %d\n", nid), 1))
	}
	fmt.Printf("\nthe writing loop at %d stories: from a story's file written to the served page showing it\n", n)
	print := func(label string, l loop) {
		fmt.Printf("%-26s first page %6.1fs  edit %4.0f ms (%v)  add %4.0f ms  delete %4.0f ms  peak %4d MB\n", label, l.first.Seconds(),
			float64(median(l.edits).Milliseconds()), rounded(l.edits), float64(median(l.adds).Milliseconds()), float64(median(l.deletes).Milliseconds()), l.peak>>20)
		if len(l.unserved) > 0 {
			fmt.Printf("%-26s never served: %s\n", "", strings.Join(l.unserved, ", "))
		}
	}
	dir := b.copyStories(stories)
	magazinePage := func(id int, _ string) string { return fmt.Sprintf("/story/%d/", id) }
	print("magazine dev", b.editLoop(b.bin, []string{"dev", "--config", filepath.Join(b.work, "site.yaml"), "--stories", dir,
		"--addr", "{addr}", "--cache-dir", filepath.Join(filepath.Dir(dir), "cache")}, dir, file, id, magazinePage, added))
	if b.hugo != "" {
		copy := filepath.Join(b.fresh(), "site")
		must(os.CopyFS(copy, os.DirFS(site)))
		hugoPage := func(_ int, file string) string { return "/stories/" + strings.TrimSuffix(file, ".md") + "/" }
		print("hugo server (same kinds)", b.editLoop(b.hugo, []string{"server", "--source", copy, "--config", "same.toml",
			"--bind", "127.0.0.1", "--port", "{port}", "--disableLiveReload", "--cacheDir", filepath.Join(filepath.Dir(copy), "cache")},
			filepath.Join(copy, "content", "stories"), file, id, hugoPage, added))
	}
	// An incremental build: the cache and output of one build, one story
	// edited, the next build.
	run := b.fresh()
	cmd := []string{"build", "--config", filepath.Join(b.work, "site.yaml"), "--stories", dir, "--out", filepath.Join(run, "dist"), "--cache-dir", filepath.Join(run, "cache")}
	b.measure(b.bin, cmd...)
	// The first build after a cold one also links every unchanged file into
	// the spare folder the later ones start from (see package output).
	var first measured
	var times series
	for i := range 4 {
		must(os.WriteFile(filepath.Join(dir, file), []byte(strings.Replace(string(story), "\n\n", fmt.Sprintf("\n\nIncremental %d.\n\n", i), 1)), 0o644))
		m := b.measure(b.bin, cmd...)
		if i == 0 {
			first = m
			continue
		}
		times = append(times, m)
	}
	fmt.Printf("%-26s %.2f s (median of 3; one story edited, warm .cache and spare folder; the first after a cold build: %.2f s; hugo has no incremental build)\n",
		"magazine build, again", times.wall(), first.wall.Seconds())
}

func rounded(d []time.Duration) []int64 {
	out := make([]int64, len(d))
	for i, x := range d {
		out[i] = x.Milliseconds()
	}
	return out
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
	out := filepath.Join(dir, "dist")
	m := b.measure(b.bin, "build", "--config", filepath.Join(b.work, "site.yaml"), "--stories", stories,
		"--out", out, "--cache-dir", filepath.Join(dir, "cache"))
	m.out = out
	return m
}
