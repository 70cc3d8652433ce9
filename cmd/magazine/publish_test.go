package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/pelletier/go-toml/v2"
	"github.com/rhysd/actionlint"
	"gopkg.in/yaml.v3"
)

// The publishing recipes of docs/deploy: each is checked for what its host
// reads, and run here where it can be.

func deployFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(gt.Root(t), "docs", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lint is actionlint's findings on a workflow, shellcheck's on its scripts
// among them when it is installed.
func lint(t *testing.T, name string, src []byte) []*actionlint.Error {
	t.Helper()
	opts := &actionlint.LinterOptions{}
	if sc, err := exec.LookPath("shellcheck"); err == nil {
		opts.Shellcheck = sc
	}
	l, err := actionlint.NewLinter(io.Discard, opts)
	if err != nil {
		t.Fatal(err)
	}
	errs, err := l.Lint(name, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	return errs
}

func TestGitHubPagesWorkflowLints(t *testing.T) {
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Log("shellcheck is not installed (apt-get install shellcheck): the run: scripts are not checked")
	}
	src := deployFile(t, "github-pages.yml")
	for _, e := range lint(t, "docs/deploy/github-pages.yml", src) {
		t.Errorf("docs/deploy/github-pages.yml:%d:%d: %s [%s]", e.Line, e.Column, e.Message, e.Kind)
	}
	// The linter is live: a step output that does not exist is an error.
	broken := bytes.Replace(src, []byte("steps.pages.outputs.base_url"), []byte("steps.page.outputs.base_url"), 1)
	if len(lint(t, "broken.yml", broken)) == 0 {
		t.Error("actionlint found nothing wrong in a workflow reading a step that does not exist")
	}
}

// workflow is what the test reads of a GitHub Actions workflow.
type workflow struct {
	Permissions map[string]string
	Jobs        map[string]struct {
		Permissions map[string]string
		Steps       []struct {
			Name, ID, Uses, Run string
			With, Env           map[string]string
		}
	}
}

// The workflow builds for the project site's address (configure-pages'
// base_url, https://<owner>.github.io/<repo>), uploads dist and deploys it
// with the least permissions; its Build step, run here with a real build,
// stops on a build without launchDate or with forms that post to the
// collector, and builds every address under the base path.
func TestGitHubPagesWorkflowBuildsAProjectSite(t *testing.T) {
	gt.SkipIfShort(t)
	t.Parallel()
	var wf workflow
	if err := yaml.Unmarshal(deployFile(t, "github-pages.yml"), &wf); err != nil {
		t.Fatal(err)
	}
	steps := map[string]int{}
	build := wf.Jobs["build"].Steps
	var script string
	var env map[string]string
	for i, s := range build {
		steps[strings.Split(s.Uses, "@")[0]] = i
		if s.Name == "Build" {
			script, env = s.Run, s.Env
			steps["Build"] = i
		}
	}
	pages, ok := steps["actions/configure-pages"]
	upload, ok2 := steps["actions/upload-pages-artifact"]
	if !ok || !ok2 || script == "" || !(pages < steps["Build"] && steps["Build"] < upload) {
		t.Fatalf("the build job's steps %v: want configure-pages, then Build, then upload-pages-artifact", steps)
	}
	if build[upload].With["path"] != "dist" {
		t.Errorf("upload-pages-artifact's path is %q, want dist", build[upload].With["path"])
	}
	deploy := wf.Jobs["deploy"]
	if len(deploy.Steps) != 1 || !strings.HasPrefix(deploy.Steps[0].Uses, "actions/deploy-pages@") ||
		deploy.Permissions["pages"] != "write" || deploy.Permissions["id-token"] != "write" || wf.Permissions["contents"] != "read" || len(wf.Permissions) != 1 {
		t.Errorf("the deploy job or the permissions are not what GitHub Pages asks for: %+v, %v", deploy, wf.Permissions)
	}

	const base = "https://owner.github.io/repo" // what configure-pages gives a project site
	run := func(t *testing.T, siteYAML string) (string, error) {
		dir, tmp := t.TempDir(), t.TempDir()
		root := gt.Root(t)
		for _, name := range []string{"frontend", "templates", "node_modules", "package.json"} {
			if err := os.Symlink(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		os.MkdirAll(filepath.Join(dir, "stories"), 0o755)
		os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
		os.WriteFile(filepath.Join(dir, "stories", "a.md"), []byte(gt.Story("5", "")), 0o644)
		os.WriteFile(filepath.Join(dir, "site.yaml"), []byte(siteYAML), 0o644)
		// bin/magazine is this test binary, as `go build` made it in the workflow.
		os.WriteFile(filepath.Join(dir, "bin", "magazine"), []byte("#!/bin/sh\nMAGAZINE_TEST_MAIN=1 exec "+os.Args[0]+` "$@"`+"\n"), 0o755)
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script) // GitHub's shell for run:
		cmd.Dir = dir
		cmd.Env = append(cleanEnv(), "RUNNER_TEMP="+tmp)
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+strings.ReplaceAll(v, "${{ steps.pages.outputs.base_url }}", base))
		}
		out, err := cmd.CombinedOutput()
		if err == nil {
			sitemap, _ := os.ReadFile(filepath.Join(dir, "dist", "sitemap.xml"))
			locs := regexp.MustCompile(`<loc>([^<]*)</loc>`).FindAllStringSubmatch(string(sitemap), -1)
			for _, m := range locs {
				if !strings.HasPrefix(m[1], base+"/") {
					t.Errorf("sitemap address %s is not under %s/", m[1], base)
				}
			}
			if len(locs) == 0 {
				t.Errorf("no sitemap addresses:\n%s", out)
			}
		}
		return string(out), err
	}
	hosted := "forms: {mode: hosted, launch: https://forms.example.org/f/1, editorial: https://forms.example.org/f/2, partnership: https://forms.example.org/f/3, newsletter: https://forms.example.org/f/4}"
	ready := regexp.MustCompile(`(?m)^forms: .*$`).ReplaceAllString(gt.Site, hosted)
	for name, c := range map[string]struct {
		site, want string
		ok         bool
	}{
		"ready":     {ready, "", true},
		"no launch": {strings.Replace(ready, "launchDate: 2025-09-10", `launchDate: ""`, 1), "warning: launchDate is not set", false},
		"collector": {gt.Site, "warning: dist/ needs `magazine serve`", false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out, err := run(t, c.site)
			if c.ok != (err == nil) || !strings.Contains(out, c.want) || !c.ok && !strings.Contains(out, "::error file=site.yaml::") {
				t.Errorf("Build step: %v, want it to succeed %v with %q:\n%s", err, c.ok, c.want, out)
			}
		})
	}
}

// goVersion is go.mod's go line, which the hosts' GO_VERSION repeats.
func goVersion(t *testing.T) string {
	b, err := os.ReadFile(filepath.Join(gt.Root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	return string(m[1])
}

// strictTOML decodes src into v, refusing any key v does not name.
func strictTOML(t *testing.T, name string, src []byte, v any) {
	t.Helper()
	if err := toml.NewDecoder(bytes.NewReader(src)).DisallowUnknownFields().Decode(v); err != nil {
		var d *toml.DecodeError
		var s *toml.StrictMissingError
		switch {
		case errors.As(err, &d):
			row, col := d.Position()
			t.Fatalf("%s:%d:%d: %v", name, row, col, err)
		case errors.As(err, &s):
			t.Fatalf("%s: keys Netlify or Cloudflare do not document: %s", name, s.String())
		}
		t.Fatalf("%s: %v", name, err)
	}
}

// netlifyTOML is the part of netlify.toml's keys the recipe may use, as
// docs.netlify.com's file-based configuration names them.
type netlifyTOML struct {
	Build struct {
		Base        string            `toml:"base"`
		Command     string            `toml:"command"`
		Publish     string            `toml:"publish"`
		Ignore      string            `toml:"ignore"`
		Environment map[string]string `toml:"environment"`
	} `toml:"build"`
	Redirects []struct {
		From   string            `toml:"from"`
		To     string            `toml:"to"`
		Status int               `toml:"status"`
		Force  bool              `toml:"force"`
		Query  map[string]string `toml:"query"`
	} `toml:"redirects"`
}

// netlify.toml builds into dist with go.mod's Go, and its commented rule
// that passes the forms' posts to a collector is a valid rule once
// uncommented.
func TestNetlifyConfig(t *testing.T) {
	src := deployFile(t, "netlify.toml")
	var cfg netlifyTOML
	strictTOML(t, "netlify.toml", src, &cfg)
	b := cfg.Build
	if b.Publish != "dist" || !strings.Contains(b.Command, "go build -o bin/magazine ./cmd/magazine && bin/magazine build") ||
		!strings.Contains(b.Command, `--base-url \"$URL/\"`) && !strings.Contains(b.Command, `--base-url "$URL/"`) {
		t.Errorf("[build] %+v: want the magazine built into dist for $URL", b)
	}
	if b.Environment["GO_VERSION"] != goVersion(t) {
		t.Errorf("GO_VERSION %q, want go.mod's %s", b.Environment["GO_VERSION"], goVersion(t))
	}
	if len(cfg.Redirects) != 0 {
		t.Errorf("netlify.toml has redirects of its own: they belong in the build's _redirects")
	}
	rule := regexp.MustCompile(`(?m)^# (\[\[redirects]]\n(?:#   .*\n)+)`).FindSubmatch(src)
	if rule == nil {
		t.Fatal("netlify.toml has no commented [[redirects]] rule for the forms")
	}
	var forms netlifyTOML
	strictTOML(t, "netlify.toml (forms rule)", []byte(strings.ReplaceAll(string(rule[1]), "#   ", "")), &forms)
	if r := forms.Redirects; len(r) != 1 || r[0].From != "/api/forms/*" || !strings.HasSuffix(r[0].To, "/api/forms/:splat") ||
		!strings.HasPrefix(r[0].To, "https://") || r[0].Status != 200 || !r[0].Force {
		t.Errorf("the forms rule %+v: want /api/forms/* passed (200, forced) to https://…/api/forms/:splat", r)
	}
}

// wranglerTOML is the part of a Pages project's wrangler.toml the recipe
// may use, as developers.cloudflare.com's Pages configuration names it.
type wranglerTOML struct {
	Name                string            `toml:"name"`
	PagesBuildOutputDir string            `toml:"pages_build_output_dir"`
	CompatibilityDate   string            `toml:"compatibility_date"`
	CompatibilityFlags  []string          `toml:"compatibility_flags"`
	SendMetrics         bool              `toml:"send_metrics"`
	Vars                map[string]string `toml:"vars"`
}

// wrangler.toml publishes dist, and the dashboard settings in its comment
// build it with go.mod's Go and the same command as Netlify's.
func TestCloudflarePagesConfig(t *testing.T) {
	src := deployFile(t, "wrangler.toml")
	var cfg wranglerTOML
	strictTOML(t, "wrangler.toml", src, &cfg)
	if cfg.PagesBuildOutputDir != "dist" || cfg.Name == "" || !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(cfg.CompatibilityDate) {
		t.Errorf("wrangler.toml %+v: want a name, pages_build_output_dir dist and a compatibility_date", cfg)
	}
	for _, want := range []string{
		"Build command           go build -o bin/magazine ./cmd/magazine && bin/magazine build\n",
		"Build output directory  dist\n",
		"MAGAZINE_BASE_URL = https://",
		"GO_VERSION = " + goVersion(t) + " (go.mod's)",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("wrangler.toml's dashboard settings lack %q", want)
		}
	}
}
