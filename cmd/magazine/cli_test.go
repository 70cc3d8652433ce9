package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The crash test runs the CLI as a process, the way an editor
// or CI does (the test binary is the magazine command: see TestMain).

// sandbox is a site: site.yaml, stories/, and dist/ with its cache beside it.
type sandbox struct {
	t    *testing.T
	dir  string
	repo string
}

func newSite(t *testing.T, stories map[string]string) *sandbox {
	gt.SkipIfShort(t)
	s := &sandbox{t: t, dir: t.TempDir(), repo: gt.Root(t)}
	os.WriteFile(filepath.Join(s.dir, "site.yaml"), []byte(gt.Site), 0o644)
	s.setStories(stories)
	return s
}

// setStories replaces the stories folder's files with these.
func (s *sandbox) setStories(stories map[string]string) {
	dir := filepath.Join(s.dir, "stories")
	os.RemoveAll(dir)
	os.MkdirAll(dir, 0o755)
	for name, text := range stories {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
}

func (s *sandbox) out() string { return filepath.Join(s.dir, "dist") }

// command prepares `magazine <verb>` for this site, run from the repository
// (the frontend and templates are read from there).
func (s *sandbox) command(verb string, env ...string) *exec.Cmd {
	args := []string{verb, "--stories", filepath.Join(s.dir, "stories"), "--config", filepath.Join(s.dir, "site.yaml")}
	if verb == "build" {
		args = append(args, "--out", s.out())
	}
	cmd := magazine(s.t, env, args...)
	cmd.Dir = s.repo
	cmd.SysProcAttr.Setpgid = true // so a kill reaches the Node workers too
	return cmd
}

// run runs a command to the end and returns its exit code, stdout and stderr.
func (s *sandbox) run(verb string, env ...string) (int, string, string) {
	s.t.Helper()
	cmd := s.command(verb, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		s.t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

func (s *sandbox) build() {
	s.t.Helper()
	if code, _, stderr := s.run("build"); code != 0 {
		s.t.Fatalf("build failed:\n%s", stderr)
	}
}

// ls is the names in dir, sorted, space-separated.
func ls(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

// `build --out DIR` elsewhere adds DIR to its parent and nothing else: the
// build's own folders go to --cache-dir, by default .cache in the project.
func TestBuildOutElsewhereLeavesItsParentAlone(t *testing.T) {
	s := newSite(t, map[string]string{"1.md": gt.Story("1", "")})
	www := filepath.Join(t.TempDir(), "www")
	os.MkdirAll(www, 0o755)
	build := func(extra ...string) {
		t.Helper()
		args := append([]string{"build", "--stories", filepath.Join(s.dir, "stories"), "--config", filepath.Join(s.dir, "site.yaml"),
			"--out", filepath.Join(www, "dist")}, extra...)
		cmd := magazine(t, nil, args...)
		cmd.Dir = s.repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", extra, err, out)
		}
	}
	for range 2 { // the second build starts from the spare generation
		build()
	}
	if got := ls(t, www); got != "dist" {
		t.Errorf("--out's folder holds %s, want dist alone", got)
	}
	if got := ls(t, s.dir); got != ".cache site.yaml stories" {
		t.Errorf("the project holds %s, want .cache site.yaml stories", got)
	}
	if got := ls(t, filepath.Join(s.dir, ".cache")); !strings.Contains(got, "dist.spare") {
		t.Errorf(".cache holds %s, want the spare generation dist.spare among them", got)
	}

	cache := filepath.Join(t.TempDir(), "build-cache")
	for range 2 {
		build("--cache-dir", cache)
	}
	if !strings.Contains(ls(t, cache), "dist.spare") || ls(t, www) != "dist" {
		t.Errorf("--cache-dir %s holds %s; --out's folder %s", cache, ls(t, cache), ls(t, www))
	}
}
