package fence

import (
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
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

// yaml.v3 names some syntax errors a line or more early, at the construct
// they broke; YAMLError gives the line the mistake is on, and keeps yaml's
// line where that one is already wrong (an unclosed quote).
func TestYAMLErrorLine(t *testing.T) {
	for doc, want := range map[string]int{
		"id: 5\ntitle: T\ntags: [a, b\nauthor: A\n":                           3, // yaml.v3: line 2
		"id: 5\ntitle: T\n\tauthor: A\n":                                      3, // a tab; yaml.v3: line 2
		"id: 5\n- b\n":                                                        2, // yaml.v3: line 1
		"name: N\nhome:\n  lead: 1\n featured: [1]\n":                         4, // yaml.v3: line 3
		"name: N\nsections:\n  - {label: a, path: /}\n   perPage: 12\nx: 1\n": 4, // yaml.v3: line 2
		"id: 5\ntitle: \"RBI holds\nintro: \"The MPC paused.\"\n":             2, // the quote opens here
		"id: 5\nunits: % of total\n":                                          2,
		"id: 5\r\ntitle: T\r\ntags: [a, b\r\nauthor: A\r\n":                   3,
	} {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(doc), &n)
		if err == nil {
			t.Fatalf("%q: no error", doc)
		}
		if line, msg := YAMLError([]byte(doc), err); line != want {
			t.Errorf("%q: line %d (%s), want %d (yaml.v3: %v)", doc, line, msg, want, err)
		}
	}
}

// A key indented too far is said to be, not to need quotes.
func TestYAMLErrorHints(t *testing.T) {
	for doc, want := range map[string]string{
		"name: N\nperPage: 12\n  latest: 6\n": "(is this key indented more than the keys around it?)",
		"title: GST: the reforms\n":           `(put the value in double quotes: title: "GST: the reforms")`,
		"units: % of total\n":                 `(put the value in double quotes: units: "% of total")`,
		"caption: Mumbai: the \"RBI\" HQ\n":   `(put the value in double quotes: caption: "Mumbai: the \"RBI\" HQ")`,
		"tags:\n\t- RBI\n":                    "(indent with spaces, not a tab)",
	} {
		var n yaml.Node
		if _, msg := YAMLError([]byte(doc), yaml.Unmarshal([]byte(doc), &n)); !strings.HasSuffix(msg, want) {
			t.Errorf("%q: %s, want …%s", doc, msg, want)
		}
	}
	for line, want := range map[string]string{
		"- @RBI":                          `- "@RBI"`,
		"- name: Ira: the columnist":      `- name: "Ira: the columnist"`,
		"title: GST: the reforms # draft": `title: "GST: the reforms" # draft`,
	} {
		if got := quoted(line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}
