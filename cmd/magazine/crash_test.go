package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The two versions of the site the crash test moves between: the new one
// edits a body, retitles a story (which changes the listings), removes one
// story and adds another.
func oldStories() map[string]string {
	m := map[string]string{}
	for _, id := range []string{"1", "2", "3", "4", "5", "6"} {
		m["s"+id+".md"] = gt.Story(id, "")
	}
	return m
}

func newStories() map[string]string {
	m := oldStories()
	m["s2.md"] = strings.Replace(m["s2.md"], "Body of story 2.", "A rewritten first paragraph.", 1)
	m["s3.md"] = strings.Replace(m["s3.md"], `title: "Story 3"`, `title: "Story Three, Retitled"`, 1)
	delete(m, "s4.md")
	m["s7.md"] = gt.Story("7", "")
	return m
}

var stepLine = regexp.MustCompile(`magazine: (?:paused at )?step (\d+): (.*)`)

// TestKilledBuildLeavesOldOrNew kills a real `magazine build` (SIGKILL) at
// steps of incremental builds — while it renders and stages files, while it
// removes old ones, and at each step of the commit — and checks that dist/
// is then byte-for-byte the old build or the new one, and that the next
// build makes exactly the new one. Builds alternate between the two
// versions, each starting where the last left off.
func TestKilledBuildLeavesOldOrNew(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about forty builds")
	}
	t.Parallel() // its own site folder; the longest test here
	s := newSite(t, newStories())
	s.build()
	sites := [2]string{gt.Tree(t, s.out()), ""} // new, old
	versions := [2]map[string]string{newStories(), oldStories()}
	s.setStories(versions[1])
	s.build() // the new site's files become the spare generation
	sites[1] = gt.Tree(t, s.out())
	if sites[0] == sites[1] {
		t.Fatal("the two versions should differ")
	}

	// One uninterrupted build each way, listing their steps.
	var steps [2][]string
	took := time.Duration(math.MaxInt64)
	for _, v := range []int{0, 1} {
		s.setStories(versions[v])
		t0 := time.Now()
		code, _, stderr := s.run("build", "MAGAZINE_TEST_PAUSE=list")
		took = min(took, time.Since(t0))
		if code != 0 {
			t.Fatalf("build: %s", stderr)
		}
		if got := gt.Tree(t, s.out()); got != sites[v] {
			t.Fatalf("an incremental build differs from a build from nothing:\n%s\nwant\n%s", got, sites[v])
		}
		for _, m := range stepLine.FindAllStringSubmatch(stderr, -1) {
			steps[v] = append(steps[v], m[2])
		}
		if !slices.Contains(steps[v], "swapped") || !slices.ContainsFunc(steps[v], func(s string) bool { return strings.HasPrefix(s, "remove ") }) {
			t.Fatalf("steps: %v", steps[v])
		}
	}
	// dist/ now holds the old version; the next build makes the new one.
	to := 0

	// kill stops a build of version `to` as it starts the named step (or
	// after a delay), checks dist/, and builds that version in full.
	kill := func(step string, after time.Duration) {
		t.Helper()
		what := fmt.Sprintf("killed at %q", step)
		s.setStories(versions[to])
		cmd := s.command("build", "MAGAZINE_TEST_PAUSE="+step)
		if step == "" {
			what = fmt.Sprintf("killed after %v", after)
			cmd = s.command("build")
		}
		stderr, _ := cmd.StderrPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		paused := make(chan bool, 1)
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "magazine: paused at") {
					paused <- true
				}
			}
			close(paused)
		}()
		if step == "" {
			time.Sleep(after)
		} else {
			select {
			case _, ok := <-paused:
				if !ok {
					err := cmd.Wait()
					// Which files a build writes and which it links from the
					// spare generation depends on what earlier kills left there.
					if err != nil || !strings.HasPrefix(step, "write ") || gt.Tree(t, s.out()) != sites[to] {
						t.Fatalf("%s: the build ended without reaching it (%v)", what, err)
					}
					t.Logf("%s: linked from the spare generation this time, not written", what)
					to = 1 - to
					return
				}
			case <-time.After(3 * time.Minute):
				t.Fatalf("%s: never reached", what)
			}
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		t.Log(what)
		if got := gt.Tree(t, s.out()); got != sites[0] && got != sites[1] {
			t.Fatalf("%s: dist/ is neither the old build nor the new one:\n%s", what, got)
		}
		s.build()
		if gt.Tree(t, s.out()) != sites[to] {
			t.Fatalf("%s: the next build did not make the new site", what)
		}
		entries, _ := os.ReadDir(s.dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		// The build's own folders, the spare generation among them, are in .cache.
		if got := strings.Join(names, " "); got != ".cache dist site.yaml stories" {
			t.Fatalf("%s: left in the site folder: %s", what, got)
		}
		to = 1 - to
	}
	points := [2][]string{killPoints(steps[0], 3), killPoints(steps[1], 1)}
	for i := range max(len(points[0]), len(points[1])) {
		for range 2 {
			if i < len(points[to]) {
				kill(points[to][i], 0)
			} else {
				to = 1 - to
			}
		}
	}
	// And at moments no step names, spread over a build's time.
	for _, part := range []time.Duration{5, 3, 2} {
		kill("", took/part)
	}
	// A build from nothing (no manifest: --clean, a new cache folder) keeps
	// a twin of its generation in hard links as the next spare one: killed
	// once the twin is in place but not yet recorded, or once it is.
	for _, step := range []string{"twin in place", "twin recorded"} {
		if err := os.Remove(filepath.Join(s.dir, ".cache", "build-manifest.json")); err != nil {
			t.Fatal(err)
		}
		kill(step, 0)
	}
}

// killPoints picks the steps to kill at: every step of the commit, n
// staging steps spread over the build, and the first and last removals.
// Steps that depend on what the spare folder held (hard links) are left to
// the timed kills.
func killPoints(steps []string, n int) []string {
	var points, staged, removed []string
	for _, name := range steps {
		switch {
		case strings.HasPrefix(name, "write "):
			staged = append(staged, name)
		case strings.HasPrefix(name, "remove "):
			removed = append(removed, name)
		case strings.HasPrefix(name, "link "):
		default:
			points = append(points, name)
		}
	}
	for i := range n {
		points = append(points, staged[i*(len(staged)-1)/max(1, n-1)])
	}
	return append(points, removed[0], removed[len(removed)-1])
}
