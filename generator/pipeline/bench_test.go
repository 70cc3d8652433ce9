package pipeline_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/synth"
)

// BenchmarkColdBuild builds N synthetic stories (env N, default 1000) from
// scratch each iteration and reports stories/s, each phase and peak memory.
//
//	N=10000 go test -run '^$' -bench ColdBuild -benchtime 1x ./generator/pipeline/
func BenchmarkColdBuild(b *testing.B) {
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	workers := 2
	if v, err := strconv.Atoi(os.Getenv("WORKERS")); err == nil && v > 0 {
		workers = v
	}
	pipeline.TuneGC(pipeline.MemoryLimit(n)) // as magazine build does
	o := gt.Options(b, map[string]string{"site.yaml": synth.Site})
	o.Now = time.Now() // as magazine build does: the synthetic stories, dated through 2025, are all out
	work := benchDir(b)
	o.Stories = filepath.Join(work, "stories")
	if err := synth.Write(o.Stories, n); err != nil {
		b.Fatal(err)
	}
	o.Workers = workers
	phases := map[string]float64{}
	var res *pipeline.Result
	i := 0
	b.ResetTimer()
	for b.Loop() {
		// Fresh folders each time, no caches: deleting the last build's
		// files would slow this one down (see benchDir).
		i++
		o.Out, o.Cache = filepath.Join(work, "dist-"+strconv.Itoa(i)), filepath.Join(work, "cache-"+strconv.Itoa(i))
		var err error
		if res, err = pipeline.Run(o); err != nil {
			b.Fatal(err)
		}
		for _, p := range res.Phases {
			phases[p.Name] += p.Took.Seconds() * 1000
		}
	}
	b.StopTimer()
	iters := float64(b.N)
	b.ReportMetric(float64(n)*iters/b.Elapsed().Seconds(), "stories/s")
	for name, ms := range phases {
		b.ReportMetric(ms/iters, strings.ReplaceAll(name, " ", "-")+"-ms")
	}
	b.ReportMetric(float64(goPeakKB())/1024, "go-peak-MB")
	b.ReportMetric(float64(res.WorkerPeak)/(1<<20), "node-worker-peak-MB")
	b.ReportMetric(float64(res.Pages), "pages")
	if out, _ := filepath.Glob(filepath.Join(o.Out, "story", "*", "index.html")); len(out) != n {
		b.Fatalf("built %d story pages, want %d", len(out), n)
	}
}

// BenchmarkHugoBaseline builds the same N synthetic stories with Hugo as
// plain pages (a title and the body, a list of pages), cold, for the issue's
// yardstick: a cold build within twice Hugo's time. It is skipped where
// Hugo is not installed (apt-get install hugo).
func BenchmarkHugoBaseline(b *testing.B) {
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		b.Skip("hugo is not installed")
	}
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	site := benchDir(b)
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>%s</body></html>`
	files := map[string]string{
		"config.toml":                  "baseURL = \"https://test.example/\"\ntitle = \"Nivaran\"\n",
		"layouts/_default/single.html": fmt.Sprintf(page, "<article><h1>{{ .Title }}</h1>{{ .Content }}</article>"),
		"layouts/_default/list.html":   fmt.Sprintf(page, `<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>`),
	}
	for name, content := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(site, name)), 0o755)
		if err := os.WriteFile(filepath.Join(site, name), []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := synth.Write(filepath.Join(site, "content", "stories"), n); err != nil {
		b.Fatal(err)
	}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		i++
		cmd := exec.Command(hugo, "--quiet", "--source", site, "--destination", "public-"+strconv.Itoa(i))
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("hugo: %v\n%s", err, out)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "stories/s")
}

// benchDir is a new folder for one benchmark on the repository's disk (where
// dist/ normally lives, not /tmp). It is removed afterwards unless BENCH_KEEP
// is set, as `make bench` does to remove them all at its end: on a file
// system without a journal (this machine's ext4), creating a file costs up to
// 15 times more for a few minutes after many files were deleted, because the
// kernel skips the recently freed inodes one by one; deleting a benchmark's
// files right before the next one times that, not the build.
func benchDir(b *testing.B) string {
	dir := filepath.Join(gt.Root(b), ".cache", "bench", fmt.Sprintf("%s-%d", b.Name(), time.Now().UnixNano()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	if os.Getenv("BENCH_KEEP") == "" {
		b.Cleanup(func() { os.RemoveAll(dir) })
	}
	return dir
}

// goPeakKB is this process's peak resident memory (VmHWM).
func goPeakKB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			kb, _ := strconv.Atoi(f[1])
			return kb
		}
	}
	return 0
}

// BenchmarkWarmEdit builds N synthetic stories once, then times rebuilding
// after an editor changes one story's body (what `magazine build` does on a
// working copy whose dist/ is current).
func BenchmarkWarmEdit(b *testing.B) {
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	pipeline.TuneGC(pipeline.MemoryLimit(n))
	o := gt.Options(b, map[string]string{"site.yaml": synth.Site})
	o.Now = time.Now()
	work := benchDir(b)
	o.Stories, o.Out, o.Cache = filepath.Join(work, "stories"), filepath.Join(work, "dist"), filepath.Join(work, "cache")
	if err := synth.Write(o.Stories, n); err != nil {
		b.Fatal(err)
	}
	if _, err := pipeline.Run(o); err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(o.Stories, "synthetic-00007.md")
	src, _ := os.ReadFile(file)
	var res *pipeline.Result
	i := 0
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		i++
		os.WriteFile(file, []byte(strings.Replace(string(src), "**Section 1", "An edit, number "+strconv.Itoa(i)+".\n\n**Section 1", 1)), 0o644)
		b.StartTimer()
		var err error
		if res, err = pipeline.Run(o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Rendered), "rendered")
	b.ReportMetric(float64(res.Written), "written")
	b.ReportMetric(float64(goPeakKB())/1024, "go-peak-MB")
}
