package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/generatortest"
)

// The crash and catalogue tests run the CLI as a process, the way an editor
// or CI does (the test binary is the magazine command: see TestMain).

// sandbox is a site: site.yaml, stories/, and dist/ with its cache beside it.
type sandbox struct {
	t    *testing.T
	dir  string
	repo string
}

func newSite(t *testing.T, stories map[string]string) *sandbox {
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

// fingerprint is every file and folder under dir with its mode and a hash
// of its content: equal fingerprints are byte-for-byte equal trees.
func fingerprint(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s %v", filepath.ToSlash(rel), fi.Mode())
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			line += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		lines = append(lines, line)
		return nil
	})
	if os.IsNotExist(err) {
		return "(missing)"
	}
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// snapshot copies the sandbox, keeping hard links (dist/ and its spare
// share files), and restore puts a snapshot back.
func (s *sandbox) snapshot() string {
	s.t.Helper()
	to := s.t.TempDir()
	if out, err := exec.Command("cp", "-a", s.dir+"/.", to).CombinedOutput(); err != nil {
		s.t.Fatalf("snapshot: %v %s", err, out)
	}
	return to
}

func (s *sandbox) restore(from string) {
	s.t.Helper()
	entries, _ := os.ReadDir(s.dir)
	for _, e := range entries {
		os.RemoveAll(filepath.Join(s.dir, e.Name()))
	}
	if out, err := exec.Command("cp", "-a", from+"/.", s.dir).CombinedOutput(); err != nil {
		s.t.Fatalf("restore: %v %s", err, out)
	}
}
