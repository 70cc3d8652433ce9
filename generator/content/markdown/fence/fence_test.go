package fence

import (
	"reflect"
	"testing"
)

func TestHeader(t *testing.T) {
	src := "title: CPI\ntitel: x\ntitle: again\nunits: [a, b]\nalt:\n"
	fields, problems := Header([]byte(src), 10, []string{"title", "units", "alt"})
	want := []Problem{
		{11, `unknown key "titel" (did you mean "title"?)`},
		{12, "title is given twice"},
		{13, "units must be a single value"},
	}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("problems\n got %v\nwant %v", problems, want)
	}
	if fields["title"] != (Field{"CPI", 10}) || fields["alt"] != (Field{"", 14}) {
		t.Errorf("fields %v", fields)
	}
	if _, p := Header([]byte("just text"), 1, []string{"a"}); len(p) != 1 || p[0].Line != 1 {
		t.Errorf("a header that is not key: value lines: %v", p)
	}
	if _, p := Header([]byte("a: b\nc: \"open\n"), 5, []string{"a", "c"}); len(p) != 1 || p[0].Line < 5 {
		t.Errorf("a YAML error keeps its line: %v", p)
	}
}

// yaml.v3 also ends lines at U+2028, U+2029 and U+0085; a story file does
// not: problems stay on the file's lines.
func TestLinesAsTheFileCountsThem(t *testing.T) {
	_, p := Header([]byte("t: \"a\u2028b\u2029c\u0085d\"\nc: 1\nt: 2\n"), 5, []string{"t", "c"})
	if len(p) != 1 || p[0] != (Problem{7, "t is given twice"}) {
		t.Errorf("got %v, want t given twice at line 7", p)
	}
	_, p = Header([]byte("\"\u2028: 0"), 5, []string{"a"})
	if len(p) != 1 || p[0].Line != 5 {
		t.Errorf("a YAML error on a block's only line: %v", p)
	}
	fileLine := FileLines([]byte("a\u2028b\r\nc\rd\n"))
	for n, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 7: 6} {
		if got := fileLine(n); got != want {
			t.Errorf("yaml line %d: file line %d, want %d", n, got, want)
		}
	}
}

func TestSplit(t *testing.T) {
	head, rest, line, ok := Split([]byte("a: 1\nb: 2\n---\nx,y\n"))
	if !ok || string(head) != "a: 1\nb: 2\n" || string(rest) != "x,y\n" || line != 4 {
		t.Errorf("got %q %q %d %v", head, rest, line, ok)
	}
	if _, _, _, ok := Split([]byte("a: 1\n")); ok {
		t.Error("no --- line")
	}
}
