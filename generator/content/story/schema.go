package story

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/util/diag"
	"gopkg.in/yaml.v3"
)

// Field is one front-matter key of the schema, read from Story's tags.
type Field struct {
	Key      string
	Required string // "yes", or what else satisfies it; "" when optional
	Example  string
	Doc      string
	index    []int // into Story, through inline structs
}

// Fields are the front-matter keys in the order Story declares them.
var Fields = fieldsOf(reflect.TypeFor[Story](), nil)

var byKey = func() map[string]*Field {
	m := make(map[string]*Field, len(Fields))
	for i := range Fields {
		m[Fields[i].Key] = &Fields[i]
	}
	return m
}()

// Keys are the front-matter keys, sorted.
func Keys() []string {
	keys := make([]string, 0, len(Fields))
	for _, f := range Fields {
		keys = append(keys, f.Key)
	}
	slices.Sort(keys)
	return keys
}

func fieldsOf(t reflect.Type, prefix []int) []Field {
	var out []Field
	for i := range t.NumField() {
		sf := t.Field(i)
		name, opts, _ := strings.Cut(sf.Tag.Get("yaml"), ",")
		index := append(slices.Clone(prefix), i)
		switch {
		case opts == "inline":
			out = append(out, fieldsOf(sf.Type, index)...)
		case name != "" && name != "-":
			out = append(out, Field{Key: name, Required: sf.Tag.Get("required"), Example: sf.Tag.Get("example"), Doc: sf.Tag.Get("doc"), index: index})
		}
	}
	return out
}

// rules check what a field's type cannot say. Each gets the decoded value
// (the zero value when the text could not be read as the type) and the
// value as written, and returns the problem.
var rules = map[string]func(v reflect.Value, raw string) error{
	"id": func(v reflect.Value, raw string) error {
		if v.Int() <= 0 {
			return fmt.Errorf("%q is not a whole number above 0", raw)
		}
		return nil
	},
	"imageWidth":  pixels,
	"imageHeight": pixels,
	"readTime": func(v reflect.Value, raw string) error {
		if !readTimePattern.MatchString(v.String()) {
			return fmt.Errorf("%q should look like \"6 min\" or \"6 min read\"", raw)
		}
		return nil
	},
	"backLabel": func(v reflect.Value, raw string) error {
		if want := []string{"Back to Homepage", "Back to Portal"}; !slices.Contains(want, v.String()) {
			return fmt.Errorf("%q must be %q or %q", v.String(), want[0], want[1])
		}
		return nil
	},
	"path": func(v reflect.Value, raw string) error {
		if v.String() == "" {
			return checkPath(raw)
		}
		return checkPath(v.String())
	},
	"aliases": func(v reflect.Value, _ string) error {
		for i := range v.Len() {
			if err := checkPath(v.Index(i).String()); err != nil {
				return err
			}
		}
		return nil
	},
}

func pixels(v reflect.Value, raw string) error {
	if n := v.Int(); n <= 0 || n > 20000 {
		return fmt.Errorf("%q is not a size in pixels", raw)
	}
	return nil
}

// ValidPath reports whether p may be a story's path or alias; loading
// says why not at the story's line, so later checks pass such a path by.
func ValidPath(p string) bool { return checkPath(p) == nil }

func checkPath(p string) error {
	if p == "/" {
		return errors.New(`"/" is the home page: give the story an address of its own (e.g. /rbi-policy)`)
	}
	if strings.HasSuffix(p, "/") || strings.Contains(p, "//") {
		return fmt.Errorf("%q must not end in / or contain //", p)
	}
	if !pathPattern.MatchString(p) {
		return fmt.Errorf("%q must start with / and use only letters a–z (no accents), digits, - and _, each part starting with a letter or digit (e.g. /rbi-policy)", p)
	}
	for _, part := range strings.Split(p[1:], "/") {
		if len(part) > MaxSlugBytes {
			return fmt.Errorf("%q: a part between slashes may be at most %d characters (it is a folder's name)", p, MaxSlugBytes)
		}
	}
	return nil
}

// readKey decodes one front-matter value into its field and applies its rule.
func (s *Story) readKey(f *Field, v *yaml.Node, loc *time.Location) error {
	dst := reflect.ValueOf(s).Elem().FieldByIndex(f.index)
	err := decode(v, dst, loc)
	rule := rules[f.Key]
	if err != nil {
		if rule == nil {
			return err
		}
		dst.SetZero()
	}
	if rule != nil {
		return rule(dst, scalarOr(v))
	}
	return nil
}

// nodeError is a problem inside a structured value, at its own position.
type nodeError struct {
	node *yaml.Node
	msg  string
}

func (e *nodeError) Error() string { return e.msg }

var dateType = reflect.TypeFor[Date]()

// decode reads a YAML value into dst by dst's type: text, whole numbers,
// true/false, dates, lists, and structures whose keys are their fields'
// yaml tags (any other key is an error).
func decode(v *yaml.Node, dst reflect.Value, loc *time.Location) error {
	if v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	t := dst.Type()
	switch {
	case t == dateType:
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("must be a date")
		}
		d, err := ParseDateIn(v.Value, loc)
		dst.Set(reflect.ValueOf(d))
		return err
	case t.Kind() == reflect.String:
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("must be text, not a %s", kindName(v.Kind))
		}
		dst.SetString(strings.TrimSpace(v.Value))
	case t.Kind() == reflect.Int:
		n, err := strconv.Atoi(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil {
			return fmt.Errorf("%q is not a whole number", scalarOr(v))
		}
		dst.SetInt(int64(n))
	case t.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil {
			return fmt.Errorf("%q must be true or false", scalarOr(v))
		}
		dst.SetBool(b)
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		list, err := strList(v)
		dst.Set(reflect.ValueOf(list).Convert(t))
		return err
	case t.Kind() == reflect.Slice:
		if v.Kind != yaml.SequenceNode {
			return fmt.Errorf("must be a list")
		}
		out := reflect.MakeSlice(t, len(v.Content), len(v.Content))
		for i, c := range v.Content {
			if err := decode(c, out.Index(i), loc); err != nil {
				if _, ok := err.(*nodeError); ok {
					return err
				}
				return &nodeError{c, err.Error()} // at the item, not the list's first
			}
		}
		dst.Set(out)
	case t.Kind() == reflect.Pointer:
		p := reflect.New(t.Elem())
		if err := decode(v, p.Elem(), loc); err != nil {
			return err
		}
		dst.Set(p)
	case t.Kind() == reflect.Struct:
		return decodeStruct(v, dst, loc)
	default:
		panic("story: no decoder for " + t.String())
	}
	return nil
}

func decodeStruct(v *yaml.Node, dst reflect.Value, loc *time.Location) error {
	if v.Kind != yaml.MappingNode {
		return fmt.Errorf("must be a set of key: value pairs, not a %s", kindName(v.Kind))
	}
	fields := fieldsOf(dst.Type(), nil)
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Key
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k := v.Content[i]
		at := slices.IndexFunc(fields, func(f Field) bool { return f.Key == k.Value })
		if at < 0 {
			msg := fmt.Sprintf("unknown key %q", k.Value)
			if sug := diag.Suggest(k.Value, names); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			} else {
				msg += fmt.Sprintf(" (want %s)", strings.Join(names, ", "))
			}
			return &nodeError{k, msg}
		}
		if err := decode(v.Content[i+1], dst.FieldByIndex(fields[at].index), loc); err != nil {
			if _, ok := err.(*nodeError); ok {
				return err
			}
			return &nodeError{v.Content[i+1], k.Value + ": " + err.Error()}
		}
	}
	return nil
}

func scalarOr(v *yaml.Node) string {
	if v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return "a " + kindName(v.Kind)
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

func strList(v *yaml.Node) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("must be a list, e.g. [\"one\", \"two\"]")
	}
	out := make([]string, 0, len(v.Content))
	for _, c := range v.Content {
		if c.Kind != yaml.ScalarNode || strings.TrimSpace(c.Value) == "" {
			return nil, &nodeError{c, "every item must be non-empty text"}
		}
		out = append(out, strings.TrimSpace(c.Value))
	}
	return out, nil
}

// FieldTableFile is the editors' guide that holds the field table, from
// the repository root.
const FieldTableFile = "docs/editing.md"

// FieldTable is the editors' table of front-matter keys, made from the schema.
func FieldTable() string {
	var b strings.Builder
	b.WriteString("| key | required | example | meaning |\n|---|---|---|---|\n")
	for _, f := range Fields {
		req := f.Required
		if req == "" {
			req = "no"
		}
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s |\n", f.Key, req, strings.ReplaceAll(f.Example, "|", `\|`), strings.ReplaceAll(f.Doc, "|", `\|`))
	}
	return b.String()
}

const (
	tableStart = "<!-- story-fields:"
	tableEnd   = "<!-- /story-fields -->"
)

// FieldTableIn finds the field table in a document: what lies between its
// markers, without the opening marker's line.
func FieldTableIn(doc string) (string, bool) {
	i := strings.Index(doc, tableStart)
	j := strings.Index(doc, tableEnd)
	if i < 0 || j < i {
		return "", false
	}
	body := doc[i:j]
	_, body, _ = strings.Cut(body, "\n")
	return body, true
}

// WithFieldTable returns doc with its field table replaced by FieldTable().
func WithFieldTable(doc string) (string, bool) {
	old, ok := FieldTableIn(doc)
	if !ok {
		return doc, false
	}
	j := strings.Index(doc, tableEnd)
	return doc[:j-len(old)] + FieldTable() + doc[j:], true
}
