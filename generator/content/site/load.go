package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
	"github.com/nivaran/magazine/generator/util/diag"
	"gopkg.in/yaml.v3"
)

// Load reads and validates a config file. A missing launch date becomes
// buildDate plus five days, so a fresh build counts down from 5.
func Load(path string, buildDate time.Time) (*Config, error) {
	return LoadFiles([]string{path}, buildDate)
}

// LoadFiles reads a config from several files: each file after the first is
// an overlay that sets only the keys it names, nested maps key by key (so
// `forms: {mode: hosted, ...}` replaces those form keys and keeps the rest).
// This keeps variants such as the browser tests' config from drifting away
// from site.yaml. Problems are a diag.List, each at the file and line of the
// value that caused it.
func LoadFiles(paths []string, buildDate time.Time) (*Config, error) {
	if len(paths) == 0 {
		return nil, errors.New("no site config file given")
	}
	var root *yaml.Node
	origin := map[*yaml.Node]string{}
	var diags diag.List
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		utf16 := bytes.HasPrefix(raw, []byte{0xff, 0xfe}) || bytes.HasPrefix(raw, []byte{0xfe, 0xff})
		if d := diag.NotText(p, raw, "the site config"); d != nil && !utf16 { // YAML reads UTF-16 with its mark
			diags = append(diags, *d)
			continue
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(raw, &doc); err != nil {
			if _, typed := err.(*yaml.TypeError); !typed { // a syntax error: at its line (fence.YAMLError)
				line, msg := fence.YAMLError(raw, err)
				diags.Add(p, line, 0, "%s", msg)
				continue
			}
			diags = append(diags, yamlDiags(p, err)...)
			continue
		}
		// Unknown keys and mistyped values, at this file's lines.
		dec := yaml.NewDecoder(bytes.NewReader(raw))
		dec.KnownFields(true)
		var scratch Config
		if err := dec.Decode(&scratch); err != nil && !errors.Is(err, io.EOF) {
			diags = append(diags, typeDiags(p, err, &doc)...)
			continue
		}
		if len(doc.Content) == 0 {
			continue // an empty overlay changes nothing
		}
		m := doc.Content[0]
		mark(m, p, origin)
		root = merge(root, m)
	}
	if err := diags.Err(); err != nil {
		return nil, err
	}
	var c Config
	if root != nil {
		if err := root.Decode(&c); err != nil {
			return nil, fmt.Errorf("%s: %v", paths[0], err)
		}
	}
	at := func(key string) (string, int) { return locate(root, origin, paths[0], key) }
	if err := c.normalise(buildDate, at).Err(); err != nil {
		return nil, err
	}
	c.where = at
	return &c, nil
}

// Where says where a dotted key ("home.lead") is set: the file (among the
// config and its overlays) and the line of its value, or of the closest
// enclosing key when it is absent. A config not loaded from files (tests)
// has no lines.
func (c *Config) Where(key string) (file string, line int) {
	if c.where == nil {
		return "", 0
	}
	return c.where(key)
}

// position says where a dotted key ("forms.launch") is set: the file and
// line of its value, or of the closest enclosing key when it is absent.
type position func(key string) (file string, line int)

func locate(root *yaml.Node, origin map[*yaml.Node]string, file, key string) (string, int) {
	if root == nil {
		return file, 0
	}
	n, line := root, 0
	for _, k := range strings.Split(key, ".") {
		v := lookup(n, k)
		if v == nil {
			break
		}
		n, file, line = v, origin[v], v.Line
	}
	return file, line
}

// lookup is the value of key in a mapping, or of item key (a number) in a
// list ("authors.2.photo").
func lookup(m *yaml.Node, key string) *yaml.Node {
	if m.Kind == yaml.SequenceNode {
		if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(m.Content) {
			return m.Content[i]
		}
		return nil
	}
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// mark records which file every node of a document came from.
func mark(n *yaml.Node, file string, origin map[*yaml.Node]string) {
	origin[n] = file
	for _, c := range n.Content {
		mark(c, file, origin)
	}
}

// merge lays over on base: mappings merge key by key, anything else in over
// replaces what base had.
func merge(base, over *yaml.Node) *yaml.Node {
	if base == nil || base.Kind != yaml.MappingNode || over.Kind != yaml.MappingNode {
		return over
	}
	for i := 0; i+1 < len(over.Content); i += 2 {
		k, v := over.Content[i], over.Content[i+1]
		replaced := false
		for j := 0; j+1 < len(base.Content); j += 2 {
			if base.Content[j].Value == k.Value {
				base.Content[j+1] = merge(base.Content[j+1], v)
				replaced = true
				break
			}
		}
		if !replaced {
			base.Content = append(base.Content, k, v)
		}
	}
	return base
}

var (
	yamlLine   = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	unknownKey = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
	mistyped   = regexp.MustCompile("^cannot unmarshal !!(\\w+)(?: `(.*)`)? into (\\S+)$")
)

// typeDiags is yamlDiags with yaml.v3's type errors ("cannot unmarshal
// !!str `twelve` into int") said as an editor reads them, naming the key:
// perPage: "twelve" is not a whole number.
func typeDiags(file string, err error, doc *yaml.Node) diag.List {
	l := yamlDiags(file, err)
	for i, d := range l {
		g := mistyped.FindStringSubmatch(d.Message)
		if g == nil {
			continue
		}
		want := "text"
		switch to := g[3]; {
		case strings.HasPrefix(to, "[]"):
			want = "a list"
		case strings.HasPrefix(to, "map[") || strings.HasPrefix(to, "site."):
			want = "a set of key: value pairs"
		case strings.HasPrefix(to, "int") || strings.HasPrefix(to, "uint"):
			want = "a whole number"
		case to == "bool":
			want = "true or false"
		}
		key, v := keyAt(doc, d.Line, "")
		what := strconv.Quote(g[2]) // yaml.v3 shortens a long value
		switch {
		case g[1] == "seq":
			what = "a list"
		case g[1] == "map":
			what = "a set of key: value pairs"
		case v != nil && v.Kind == yaml.ScalarNode:
			what = strconv.Quote(v.Value)
		}
		if parent, ok := strings.CutSuffix(key, "."+g[2]); ok && v != nil && v.Value != g[2] {
			key, what = parent, "key "+strconv.Quote(g[2]) // a map's key is what cannot be read
		}
		l[i].Message = fmt.Sprintf("%s is not %s", what, want)
		if key != "" {
			l[i].Message = key + ": " + l[i].Message
		}
	}
	return l
}

// keyAt is the dotted key ("authors.0.name") of the value written at
// line, a scalar or a collection in brackets, and that value; "" and nil
// when there is none.
func keyAt(n *yaml.Node, line int, prefix string) (string, *yaml.Node) {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		return keyAt(n.Content[0], line, prefix)
	}
	var keys []string
	var values []*yaml.Node
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			keys, values = append(keys, n.Content[i].Value), append(values, n.Content[i+1])
		}
	case yaml.SequenceNode:
		for i, v := range n.Content {
			keys, values = append(keys, strconv.Itoa(i)), append(values, v)
		}
	}
	for i, v := range values {
		inline := v.Kind == yaml.ScalarNode || v.Style&yaml.FlowStyle != 0
		if inline && v.Line == line {
			return prefix + keys[i], v
		}
		if !inline {
			if key, found := keyAt(v, line, prefix+keys[i]+"."); found != nil {
				return key, found
			}
		}
	}
	return "", nil
}

// yamlDiags turns yaml.v3's errors ("line 5: field x not found in type
// site.Config") into file:line diagnostics.
func yamlDiags(file string, err error) diag.List {
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	var l diag.List
	for _, m := range msgs {
		line := 0
		if g := yamlLine.FindStringSubmatch(m); g != nil {
			line, _ = strconv.Atoi(g[1])
			m = g[2]
		}
		if g := unknownKey.FindStringSubmatch(m); g != nil {
			m = fmt.Sprintf("unknown key %q", g[1])
		}
		l.Add(file, line, 0, "%s", strings.TrimPrefix(m, "yaml: "))
	}
	return l
}
