package story

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every key the code names by hand, s.Line("category") or s.Lines["author"]
// anywhere in the generator, is a field of Story: a misspelt key would put
// its problems on line 1.
func TestHandTypedKeysAreFields(t *testing.T) {
	keys := Keys()
	fset := token.NewFileSet()
	found := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var lit ast.Expr
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Line" && len(n.Args) == 1 {
					lit = n.Args[0]
				}
			case *ast.IndexExpr:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Lines" {
					lit = n.Index
				}
			}
			if b, ok := lit.(*ast.BasicLit); ok && b.Kind == token.STRING {
				key, _ := strconv.Unquote(b.Value)
				found++
				if !slices.Contains(keys, key) {
					t.Errorf("%s: %q is not a key of Story (%s)", fset.Position(b.Pos()), key, strings.Join(keys, ", "))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Errorf("found %d hand-typed keys: the walk missed the code", found)
	}
}
