package pipeline

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A broken link is found at every line holding it, whichever form it is
// written in there, in a story saved with Windows line breaks too.
func TestLinesOfABrokenLink(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.md")
	src := "See [a](/x/) and [b](/xy).\r\nAnd [c](/x).\r\n[r]: /x\r\nNot [d](/x/y).\r\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []writtenAt{{1, "/x/"}, {2, "/x"}, {3, "/x"}}
	if got := linesOf(file, "/x/"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := linesOf(file, "/gone/"); !reflect.DeepEqual(got, []writtenAt{{0, "/gone/"}}) {
		t.Errorf("a link not in the file: %v", got)
	}
}
