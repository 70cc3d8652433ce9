// Command gen writes the files derived from the Go types: the TypeScript
// types of page data (frontend/src/types.ts) and the table of story
// front-matter keys in docs/editing.md. Run it with go generate ./... after
// changing either.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/page/pagedata"
)

func main() {
	root := flag.String("root", ".", "repository root")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	if err := os.WriteFile(filepath.Join(root, pagedata.TypesFile), []byte(pagedata.TypeScript()), 0o644); err != nil {
		return err
	}
	guide := filepath.Join(root, story.FieldTableFile)
	doc, err := os.ReadFile(guide)
	if err != nil {
		return err
	}
	out, ok := story.WithFieldTable(string(doc))
	if !ok {
		return fmt.Errorf("%s has no <!-- story-fields: --> ... <!-- /story-fields --> section", guide)
	}
	return os.WriteFile(guide, []byte(out), 0o644)
}
