package bundle

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Below a base path, every reference between the bundle's files carries
// it: the boot script's to the entry, the entry's to the
// lazy screens, theirs to the chunk they share. Run in Node with the base
// path's folder as the files' own, the bundle still works, so none was
// missed; the bundle without a base path is the bundle as made.
func TestWithBaseReachesEveryFile(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"frontend/src/styles.css":        ".a { color: red }\n",
		"frontend/src/common.ts":         "export const common = (s: string) => s + ' common';\n",
		"frontend/src/one.ts":            "import { common } from './common';\nexport const one = () => common('one');\n",
		"frontend/src/two.ts":            "import { common } from './common';\nexport const two = () => common('two');\n",
		"frontend/src/entry-client.tsx":  "import './styles.css';\nPromise.all([import('./one'), import('./two')]).then(([a, b]) => console.log(a.one(), b.two()));\n",
		"frontend/src/server/worker.tsx": "console.log('server');\n",
	})
	res := buildOnce(t, filepath.Join(root, "frontend"))
	if res.WithBase("") != res {
		t.Error("WithBase(\"\") changed the bundle")
	}
	at := res.WithBase("/magazine")
	c := at.Client
	if c.Entry != res.Client.Entry || c.Boot != res.Client.Boot || at.Hash == res.Hash {
		t.Errorf("names %s %s (want %s %s), hash %s (want a new one)", c.Entry, c.Boot, res.Client.Entry, res.Client.Boot, at.Hash)
	}
	if strings.Contains(string(res.Client.Files[strings.TrimPrefix(res.Client.Boot, "/")]), "/magazine") {
		t.Error("WithBase changed the bundle it was given")
	}
	boot := string(c.Files[strings.TrimPrefix(c.Boot, "/")])
	for _, want := range []string{`import("/magazine` + c.Entry + `")`} {
		if !strings.Contains(boot, want) {
			t.Errorf("the boot script lacks %s:\n%s", want, boot)
		}
	}
	ref := regexp.MustCompile(`"(/[^"]*)"`)
	shared := 0
	out := t.TempDir()
	for name, data := range c.Files {
		if !strings.HasSuffix(name, ".js") {
			continue
		}
		for _, m := range ref.FindAllStringSubmatch(string(data), -1) {
			if !strings.HasPrefix(m[1], "/magazine/assets/") || c.Files[strings.TrimPrefix(m[1], "/magazine/")] == nil {
				t.Errorf("%s refers to %s, not a file of the bundle below /magazine/", name, m[1])
			}
			if strings.Contains(m[1], "/chunk-") {
				shared++
			}
		}
		// Node resolves /magazine/assets/x as the file x beside the entry.
		writeTree(t, out, map[string]string{filepath.Base(name): strings.ReplaceAll(string(data), `"/magazine/assets/`, `"./`)})
	}
	if shared == 0 {
		t.Error("the lazy screens share no chunk: the test no longer covers chunk imports")
	}
	got, err := exec.Command("node", filepath.Join(out, filepath.Base(c.Entry))).CombinedOutput()
	if err != nil || strings.TrimSpace(string(got)) != "one common two common" {
		t.Fatalf("running the bundle below /magazine/: %v\n%s", err, got)
	}
}
