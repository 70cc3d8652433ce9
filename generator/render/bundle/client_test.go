package bundle

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// What every page needs is one file, and a lazily loaded screen shares the
// entry's modules instead of carrying copies: run the output in Node and
// check that the screen sees the entry's very object.
func TestLazyScreensShareTheEntrysModules(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"frontend/src/shared.ts":         "export const box = { marker: 'shared-module-body' };\nexport const unused = () => 'unused-export-body';\n",
		"frontend/src/helper.ts":         "export const helper = () => 'helper';\n",
		"frontend/src/lazy.ts":           "import { box } from './shared';\nimport { helper } from './helper';\nexport const check = (b: object) => (b === box ? 'same ' : 'different ') + helper();\n",
		"frontend/src/other.ts":          "import { helper } from './helper';\nexport default helper;\n",
		"frontend/src/entry-client.tsx":  "import { box } from './shared';\nimport('./lazy').then((m) => import('./other').then((o) => console.log(m.check(box), o.default())));\n",
		"frontend/src/server/worker.tsx": "console.log('server');\n",
	})
	c := bundleOnce(t, filepath.Join(root, "frontend"))
	entry := string(c.Files[strings.TrimPrefix(c.Entry, "/")])
	if strings.Contains(entry, "import{") || strings.Contains(entry, "from\"") {
		t.Errorf("the entry imports other chunks; want one file:\n%s", entry)
	}
	if !strings.Contains(entry, "shared-module-body") || strings.Contains(entry, "unused-export-body") {
		t.Errorf("the entry should hold shared.ts without its unused export:\n%s", entry)
	}
	// A page names only the boot script, which loads the entry after first paint.
	if boot := string(c.Files[strings.TrimPrefix(c.Boot, "/")]); !strings.Contains(boot, `import("`+c.Entry+`")`) {
		t.Errorf("the boot script %s does not load the entry %s:\n%s", c.Boot, c.Entry, boot)
	}
	out := t.TempDir()
	for name, data := range c.Files {
		if name == strings.TrimPrefix(c.Entry, "/") {
			continue
		}
		if strings.Contains(string(data), "shared-module-body") {
			t.Errorf("%s carries a copy of shared.ts", name)
		}
		// Node resolves the site's /assets/ URLs as files beside the entry.
		writeTree(t, out, map[string]string{filepath.Base(name): strings.ReplaceAll(string(data), `"/assets/`, `"./`)})
	}
	writeTree(t, out, map[string]string{"entry.mjs": strings.ReplaceAll(entry, `"/assets/`, `"./`)})
	got, err := exec.Command("node", filepath.Join(out, "entry.mjs")).CombinedOutput()
	if err != nil || strings.TrimSpace(string(got)) != "same helper helper" {
		t.Fatalf("running the bundle: %v\n%s", err, got)
	}
}

func TestImportsReadsWhatTheProbeImports(t *testing.T) {
	code := `import{a as b,"default" as c}from"nivaran-shared:/x/r.mjs";import d,{e}from"nivaran-shared:/x/s.js";` +
		`import*as f from"nivaran-shared:/x/t.js";import"nivaran-shared:/x/u.js";export{g}from"nivaran-shared:/x/r.mjs";` +
		`import("nivaran-shared:/x/v.js");`
	uses := map[string]*use{}
	if err := imports(code, uses); err != nil {
		t.Fatal(err)
	}
	want := map[string]use{
		"/x/r.mjs": {names: map[string]bool{"a": true, "default": true, "g": true}},
		"/x/s.js":  {names: map[string]bool{"default": true, "e": true}},
		"/x/t.js":  {all: true, names: map[string]bool{}},
		"/x/u.js":  {names: map[string]bool{}},
		"/x/v.js":  {all: true, names: map[string]bool{}},
	}
	got := map[string]use{}
	for k, v := range uses {
		got[k] = *v
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("imports:\n got %v\nwant %v", got, want)
	}
}

func TestMarkPure(t *testing.T) {
	src := "var A = React3.createContext(null);\nA.displayName = \"A\";\nvar L = React.forwardRef(function L() {});\nB.displayName = name;\nvar M = React10.memo(X);\n"
	want := "var A = /* @__PURE__ */ React3.createContext(null);\n\nvar L = /* @__PURE__ */ React.forwardRef(function L() {});\nB.displayName = name;\nvar M = /* @__PURE__ */ React10.memo(X);\n"
	if got := string(markPure([]byte(src))); got != want {
		t.Errorf("markPure:\n%s\nwant\n%s", got, want)
	}
}

// magazine dev rebuilds with the registry of the last build: after any edit
// the output must be what a fresh build makes, even when a module moves
// into the entry's static graph and out again.
func TestRebuildsMatchFreshBuilds(t *testing.T) {
	root := t.TempDir()
	entry := "frontend/src/entry-client.tsx"
	lazyOnly := "import('./lazy').then((m) => console.log(m.check({})));\n"
	files := map[string]string{
		"frontend/src/shared.ts":         "export const box = {};\n",
		"frontend/src/lazy.ts":           "import { box } from './shared';\nexport const check = (b: object) => b === box;\n",
		entry:                            "import { box } from './shared';\nconsole.log(box);\n" + lazyOnly,
		"frontend/src/server/worker.tsx": "console.log('server');\n",
	}
	writeTree(t, root, files)
	dev, err := New(filepath.Join(root, "frontend"))
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for i, src := range []string{
		files[entry],
		files[entry], // unchanged
		"import { box } from './shared';\nimport { check } from './lazy';\nconsole.log(check(box));\n" + lazyOnly, // lazy.ts now static too
		files[entry], // and lazy again
	} {
		writeTree(t, root, map[string]string{entry: src})
		res, err := dev.Build()
		if err != nil {
			t.Fatal(err)
		}
		want := bundleOnce(t, filepath.Join(root, "frontend"))
		if !reflect.DeepEqual(res.Client, want) {
			t.Errorf("build %d: the rebuild differs from a fresh build:\n got %v\nwant %v", i, names(res.Client), names(want))
		}
	}
}

func names(c *Client) []string {
	var out []string
	for n := range c.Files {
		out = append(out, n)
	}
	sort.Strings(out)
	return append(out, "entry "+c.Entry)
}

// bundleOnce is the client bundle of frontend from a bundler of its own.
func bundleOnce(t *testing.T, frontend string) *Client { return buildOnce(t, frontend).Client }

// buildOnce is the bundles of frontend from a bundler of its own.
func buildOnce(t *testing.T, frontend string) *Result {
	t.Helper()
	b, err := New(frontend)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	res, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A search page's first script runs before the entry, so it is a bundle of
// its own: it carries the modules it shares with the entry, imports nothing,
// and runs alone. A frontend without one has none.
func TestSearchFirstScriptStandsAlone(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"frontend/src/shared.ts":         "export const word = () => 'first-script-ran';\n",
		"frontend/src/entry-client.tsx":  "import { word } from './shared';\nconsole.log(word());\n",
		"frontend/src/search/first.ts":   "import { word } from '../shared';\nconsole.log(word());\n",
		"frontend/src/server/worker.tsx": "console.log('server');\n",
	})
	c := bundleOnce(t, filepath.Join(root, "frontend"))
	if !strings.HasPrefix(c.SearchFirst, "/assets/search-first-") || !strings.HasSuffix(c.SearchFirst, ".js") {
		t.Fatalf("SearchFirst = %q", c.SearchFirst)
	}
	first := string(c.Files[strings.TrimPrefix(c.SearchFirst, "/")])
	if strings.Contains(first, "import") || strings.Contains(first, registryGlobal) {
		t.Errorf("the first script must stand alone:\n%s", first)
	}
	out := t.TempDir()
	writeTree(t, out, map[string]string{"first.mjs": first})
	if got, err := exec.Command("node", filepath.Join(out, "first.mjs")).CombinedOutput(); err != nil || strings.TrimSpace(string(got)) != "first-script-ran" {
		t.Fatalf("running the first script: %v\n%s", err, got)
	}

	bare := t.TempDir()
	writeTree(t, bare, map[string]string{
		"frontend/src/entry-client.tsx":  "console.log('entry');\n",
		"frontend/src/server/worker.tsx": "console.log('server');\n",
	})
	if c := bundleOnce(t, filepath.Join(bare, "frontend")); c.SearchFirst != "" {
		t.Errorf("SearchFirst = %q without search/first.ts", c.SearchFirst)
	}
}
