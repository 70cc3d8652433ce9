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

func TestSplit(t *testing.T) {
	head, rest, line, ok := Split([]byte("a: 1\nb: 2\n---\nx,y\n"))
	if !ok || string(head) != "a: 1\nb: 2\n" || string(rest) != "x,y\n" || line != 4 {
		t.Errorf("got %q %q %d %v", head, rest, line, ok)
	}
	if _, _, _, ok := Split([]byte("a: 1\n")); ok {
		t.Error("no --- line")
	}
}
