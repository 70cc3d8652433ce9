package bundle

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The server bundle requires packages from node_modules rather than
// containing them, so installing other versions must change the hash that
// decides which pages are rendered again.
func TestHashFollowsInstalledPackages(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"frontend/src/entry-client.tsx":  "console.log('client');\n",
		"frontend/src/server/worker.tsx": "import { renderToString } from 'react-dom/server';\nconsole.log(renderToString);\n",
		"package-lock.json":              `{"packages": {"node_modules/react": {"version": "19.2.0"}}}`,
	}
	writeTree(t, root, files)
	b, err := New(filepath.Join(root, "frontend"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(first.Server), `require("react-dom/server")`) {
		t.Fatalf("the server bundle should require react-dom/server, not contain it:\n%s", first.Server)
	}
	same, _ := b.Build()
	os.WriteFile(filepath.Join(root, "package-lock.json"), []byte(strings.Replace(files["package-lock.json"], "19.2.0", "19.3.0", 1)), 0o644)
	upgraded, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if same.Hash != first.Hash || upgraded.Hash == first.Hash {
		t.Errorf("hashes: first %s, unchanged %s, after an upgrade %s", first.Hash, same.Hash, upgraded.Hash)
	}
}

// The worker requires React from node_modules and nothing else: the router
// is in the bundle (required, Node would load it as an ES module, ~70 ms of
// every worker's start).
func TestServerBundleRequiresOnlyReact(t *testing.T) {
	server := buildOnce(t, "../../../frontend").Server
	required := regexp.MustCompile(`require\("([^"]+)"\)`).FindAllStringSubmatch(string(server), -1)
	react := false
	for _, m := range required {
		switch name := m[1]; {
		case name == "react-dom/server":
			react = true
		case name == "react" || name == "react/jsx-runtime" || name == "react-dom" || strings.HasPrefix(name, "node:"):
		default:
			t.Errorf("the server bundle requires %q; only React should stay in node_modules", name)
		}
	}
	if !react {
		t.Errorf("the server bundle should require react-dom/server, not contain it")
	}
}

// A rebuild with no change, as magazine dev does after each save: the three
// passes of the browser bundle and the server bundle.
func BenchmarkRebuild(b *testing.B) {
	bd, err := New("../../../frontend")
	if err != nil {
		b.Fatal(err)
	}
	defer bd.Close()
	if _, err := bd.Build(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := bd.Build(); err != nil {
			b.Fatal(err)
		}
	}
}
