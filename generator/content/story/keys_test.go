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

// Every key the code names by hand anywhere in the generator,
// s.Line("category"), s.ItemLine("tags", i) or s.Given("author"), is a field
// of Story: a misspelt key would put its problems on line 1.
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
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && slices.Contains([]string{"Line", "ItemLine", "Given"}, sel.Sel.Name) {
					lit = call.Args[0]
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
