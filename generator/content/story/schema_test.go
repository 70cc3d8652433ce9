package story

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The editors' field table is made from the schema (go generate ./...);
// this fails when someone edits one and not the other.
func TestFieldTableInEditingGuide(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("../../..", FieldTableFile))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := FieldTableIn(string(doc))
	if !ok {
		t.Fatalf("%s has no <!-- story-fields --> section", FieldTableFile)
	}
	if got != FieldTable() {
		t.Errorf("%s's story field table differs from generator/content/story.Story: run go generate ./...\ndoc:\n%s\nschema:\n%s", FieldTableFile, got, FieldTable())
	}
}

func TestEveryKeyIsDocumented(t *testing.T) {
	for _, f := range Fields {
		if f.Doc == "" || f.Example == "" {
			t.Errorf("%s: give it doc and example tags", f.Key)
		}
		if strings.Contains(f.Example, "`") {
			t.Errorf("%s: a backquote in the example breaks the table", f.Key)
		}
	}
}
