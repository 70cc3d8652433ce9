package build

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/head"
)

// A data file is {"head":…,"page":…} as json.Marshal writes each, HTML
// escaped, and the page data the worker gets is exactly its "page" value,
// however its size compares with the file made before it.
func TestDataFile(t *testing.T) {
	h := head.Head{Title: "Tariffs & <trade>", Tags: []head.Tag{{Name: "meta", Attrs: [][2]string{{"name", "description"}}}},
		JSONLD: []json.RawMessage{json.RawMessage(`{"@type":"NewsArticle"}`)}}
	for _, page := range []any{
		map[string]any{"kind": "story", "body": strings.Repeat("word ", 20000)},
		map[string]any{"kind": "about"},
		[]int{1, 2, 3},
	} {
		file, pd, err := dataFile(h, page)
		if err != nil {
			t.Fatal(err)
		}
		hj, _ := json.Marshal(h)
		want, _ := json.Marshal(page)
		if !bytes.Equal(pd, want) {
			t.Errorf("page data %.60s…, want %.60s…", pd, want)
		}
		if w := `{"head":` + string(hj) + `,"page":` + string(want) + `}`; string(file) != w {
			t.Errorf("file %.80s…, want %.80s…", file, w)
		}
	}
}
