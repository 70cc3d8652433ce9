// Package fence reads the small YAML headers of a story's fenced blocks
// (```chart, ```figure, ```embed): one "key: value" a line, each key known,
// every value a single scalar, with the line each key was written on so
// problems point at the story file's own line.
package fence

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nivaran/magazine/generator/util/diag"
	"gopkg.in/yaml.v3"
)

// Problem is one mistake in a block. Line counts from 1 at the block's
// first content line; the caller turns it into a line of the story file.
type Problem struct {
	Line    int
	Message string
}

func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Message) }

// Field is one header value and where it was written.
type Field struct {
	Value string
	Line  int
}

// Header parses src (lines starting at line first) as key: value pairs.
// Keys not in known are problems, with a "did you mean" hint.
func Header(src []byte, first int, known []string) (map[string]Field, []Problem) {
	fields := map[string]Field{}
	var problems []Problem
	if strings.TrimSpace(string(src)) == "" {
		return fields, nil
	}
	var root yaml.Node
	fileLine := FileLines(src)
	if err := yaml.Unmarshal(src, &root); err != nil {
		line, msg := YAMLError(src, err)
		return fields, []Problem{{first + fileLine(line) - 1, "not valid YAML: " + msg}}
	}
	if len(root.Content) == 0 {
		return fields, nil
	}
	m := root.Content[0]
	if m.Kind != yaml.MappingNode {
		return fields, []Problem{{first + fileLine(m.Line) - 1, "write one \"key: value\" a line (keys: " + strings.Join(known, ", ") + ")"}}
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := first + fileLine(k.Line) - 1
		switch {
		case !contains(known, k.Value):
			msg := fmt.Sprintf("unknown key %q", k.Value)
			if s := diag.Suggest(k.Value, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else {
				msg += " (keys: " + strings.Join(known, ", ") + ")"
			}
			problems = append(problems, Problem{line, msg})
		case fields[k.Value].Line != 0:
			problems = append(problems, Problem{line, k.Value + " is given twice"})
		case v.Kind != yaml.ScalarNode:
			problems = append(problems, Problem{line, k.Value + " must be a single value"})
			fields[k.Value] = Field{Line: line}
		default:
			val := v.Value
			if v.Tag == "!!null" {
				val = ""
			}
			fields[k.Value] = Field{Value: strings.TrimSpace(val), Line: line}
		}
	}
	return fields, problems
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Split cuts a block at its first line of "---": the header before, the
// rest after, and the line (from 1) the rest starts on. ok is false when
// there is no such line.
func Split(src []byte) (head, rest []byte, restLine int, ok bool) {
	line := 1
	for off := 0; off < len(src); line++ {
		next := len(src)
		if end := bytes.IndexByte(src[off:], '\n'); end >= 0 {
			next = off + end + 1
		}
		if string(bytes.TrimSpace(src[off:next])) == "---" {
			return src[:off], src[next:], line + 1, true
		}
		off = next
	}
	return src, nil, line, false
}

// FileLines maps yaml.v3's line numbers in src to lines counted as the
// story file counts them (a line ends at \n, \r\n or a lone \r): yaml.v3
// also ends lines at U+0085, U+2028 and U+2029, as YAML 1.1 did, so its own
// count would point past them. One scan of src, then a lookup per line.
func FileLines(src []byte) func(n int) int {
	if !bytes.ContainsAny(src, "\u0085\u2028\u2029") {
		return func(n int) int { return n } // the usual case
	}
	fileLine := []int{0, 1} // of each yaml.v3 line, from 1
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		last := fileLine[len(fileLine)-1]
		switch {
		case r == '\r' && i+1 < len(src) && src[i+1] == '\n':
			size = 2
			fallthrough
		case r == '\n' || r == '\r':
			fileLine = append(fileLine, last+1)
		case r == '\u0085' || r == '\u2028' || r == '\u2029':
			fileLine = append(fileLine, last)
		}
		i += size
	}
	return func(n int) int {
		if n < len(fileLine) {
			return fileLine[max(n, 1)]
		}
		return fileLine[len(fileLine)-1] + n - (len(fileLine) - 1) // past the end
	}
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// YAMLError splits yaml.v3's syntax error in src into its line (from 1,
// within src) and its message. yaml.v3 names some errors early (an
// unclosed [ at the line before its key, a tab at the line before it, a
// stray "- item" at the mapping above, a mis-indented key at the mapping
// it broke): when src up to the line named is good YAML, the line is the
// first after it, within yamlLookAhead, by which src is wrong in the same
// words.
func YAMLError(src []byte, err error) (int, string) {
	line, msg := splitYAMLError(err)
	lines := bytes.SplitAfter(src, []byte("\n"))
	upTo := func(k int) error {
		var n yaml.Node
		return yaml.Unmarshal(bytes.Join(lines[:k], nil), &n)
	}
	// At most yamlLookAhead lines on, each a parse of the lines so far: a
	// long list named at its start would make it quadratic.
	if !oddBreaks(src) && line < len(lines) && upTo(line) == nil {
		for k := line + 1; k <= min(len(lines), line+yamlLookAhead); k++ {
			if e := upTo(k); e != nil {
				if _, m := splitYAMLError(e); m == msg {
					line = k
				}
				break
			}
		}
	}
	// The two an editor meets: a value starting with %, @ or ` (units: % of
	// total), and a value holding ": " (title: GST: the reforms); or a key
	// indented more than the keys around it.
	text := ""
	if line >= 1 && line <= len(lines) {
		text = string(lines[line-1])
	}
	_, value, _ := strings.Cut(text, ":")
	indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
	switch {
	case strings.Contains(indent, "\t"):
		msg += " (indent with spaces, not a tab)"
	case strings.Contains(msg, "mapping values are not allowed") && !strings.Contains(value, ": ") && indent != "":
		msg += " (is this key indented more than the keys around it?)"
	case strings.Contains(msg, "cannot start any token") || strings.Contains(msg, "mapping values are not allowed"):
		msg += " (put the value in double quotes: " + quoted(strings.TrimSpace(text)) + ")"
	}
	return line, msg
}

// quoted is a "key: value" or "- item" line with its value in double
// quotes, as the hint shows it; a line of neither shape gets the example.
func quoted(line string) string {
	prefix, value := "", line
	if item, ok := strings.CutPrefix(line, "- "); ok {
		prefix, value = "- ", item
	}
	if k, v, ok := strings.Cut(value, ": "); ok && k != "" && !strings.ContainsAny(k, " \"'") {
		prefix, value = prefix+k+": ", v
	} else if prefix == "" {
		return `units: "% of total"`
	}
	comment := ""
	if i := strings.Index(value, " #"); i >= 0 { // a comment stays outside the quotes
		value, comment = value[:i], value[i:]
	}
	value = strings.TrimSpace(value)
	if value == "" || strings.HasPrefix(value, `"`) {
		return `units: "% of total"`
	}
	return prefix + `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value) + `"` + comment
}

// yamlLookAhead is how far past yaml.v3's line YAMLError looks.
const yamlLookAhead = 50

// splitYAMLError is yaml.v3's error as its line and its words.
func splitYAMLError(err error) (int, string) {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return line, m[2]
	}
	return 1, strings.TrimPrefix(err.Error(), "yaml: ")
}

// oddBreaks reports line breaks YAML counts that a split at \n does not
// (a lone \r, NEL, LS, PS): then yaml.v3's own line stands.
func oddBreaks(src []byte) bool {
	return bytes.Contains(bytes.ReplaceAll(src, []byte("\r\n"), nil), []byte("\r")) || bytes.ContainsAny(src, "\u0085\u2028\u2029")
}
