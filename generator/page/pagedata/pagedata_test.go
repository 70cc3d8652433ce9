package pagedata_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/page/pagedata"
	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

var update = flag.Bool("update", false, "rewrite testdata/pages from a build of the newsroom fixture")

// frontend/src/types.ts is generated; a change to the Go types without
// go generate ./... fails here (and so in CI).
func TestTypesAreCurrent(t *testing.T) {
	got, err := os.ReadFile(filepath.Join(gt.Root(t), pagedata.TypesFile))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != pagedata.TypeScript() {
		t.Errorf("%s is stale: run go generate ./...", pagedata.TypesFile)
	}
}

// goldenPages are the pages whose data vitest renders (frontend/src/pagedata.test.tsx):
// golden file name -> the built page holding the data, as the page carries
// it (without its blocks' HTML and its cards, which are in its markup), and
// beside it (name.html) the page's markup, from which the browser reads
// those (frontend/src/readpage.ts).
var goldenPages = map[string]string{
	"story.json":    "rbi-policy/index.html",
	"story-3.json":  "story/8/index.html",
	"home.json":     "index.html",
	"tag.json":      "tag/rbi/index.html",
	"author.json":   "author/asha-rao/index.html",
	"notfound.json": "404.html",
}

// The page data of a real build of the newsroom fixture, kept in
// testdata/pages for the browser's tests, as the search index's is. Each
// file must also decode into the Go types with no unknown field and no null
// (the TypeScript types say no field is null).
func TestGoldenPages(t *testing.T) {
	o := gt.Options(t, gt.Newsroom())
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	for name, file := range goldenPages {
		raw := gt.Read(t, o.Out, file)
		markup := strings.TrimSuffix(name, ".json") + ".html"
		golden(t, markup, []byte(gt.Between(raw, `<div id="root">`, "</div>\n<script type=\"application/json\" id=\"page-data\">")+"\n"))
		page := json.RawMessage(html.UnescapeString(gt.Between(raw, `<script type="application/json" id="page-data">`, "</script>")))
		strictly(t, name, page, &pagedata.Page{})
		if bytes.Contains(page, []byte(":null")) {
			t.Errorf("%s: a field is null:\n%s", name, page)
		}
		var indented bytes.Buffer
		if err := json.Indent(&indented, page, "", "  "); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		indented.WriteByte('\n')
		golden(t, name, indented.Bytes())
	}
}

// golden compares got with testdata/pages/name, or writes it there with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", "pages", name)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (run go test ./generator/page/pagedata -update and read the diff):\n%s", file, got)
	}
}

func strictly(t *testing.T, name string, data []byte, into any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		t.Errorf("%s does not decode into %T: %v", name, into, err)
	}
}
