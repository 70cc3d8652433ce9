package generator

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// rank is each folder's place in the flow: a package may import its own
// rank or a lower one. util is below every stage; pipeline above them all.
var rank = map[string]int{
	"util": 0, "content": 1, "plan": 2, "page": 3, "render": 4, "emit": 5,
	"pipeline": 6, "server": 7, "testkit": 8,
}

const module = "github.com/nivaran/magazine/generator/"

func TestImportsFollowTheFlow(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == "doc.go" {
			return err
		}
		from := strings.Split(filepath.ToSlash(path), "/")[0]
		if _, ok := rank[from]; !ok {
			t.Errorf("%s: folder %q is in no stage of the flow (add it to rank and doc.go)", path, from)
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, module) {
				continue
			}
			to := strings.Split(strings.TrimPrefix(p, module), "/")[0]
			if rank[to] > rank[from] {
				t.Errorf("%s imports %s: %s comes after %s in the flow", path, p, to, from)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
