package story

import (
	"os"
	"strings"
	"testing"
)

// README.md's field table is made from the schema (go generate ./...);
// this fails when someone edits one and not the other.
func TestREADMEFieldTable(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	got, ok := FieldTableIn(string(readme))
	if !ok {
		t.Fatal("README.md has no <!-- story-fields --> section")
	}
	if got != FieldTable() {
		t.Errorf("README.md's story field table differs from generator/content/story.Story: run go generate ./...\nREADME:\n%s\nschema:\n%s", got, FieldTable())
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
