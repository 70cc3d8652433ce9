// Package tsgen writes TypeScript declarations of Go types as encoding/json
// writes them, so the browser's types are derived from the Go data, never
// kept in step by hand.
//
// What it reads from a struct field:
//   - the json tag: the name, "-" to leave the field out, omitempty for an
//     optional property (name?:), ",string" for a number written as text;
//   - ts:"<type>": the TypeScript type verbatim, e.g. ts:"'p' | 'h2'" for a
//     string that takes a few values;
//   - ts:"discriminant" on the field that names a struct's variant (its type
//     must be an Enum): the struct becomes a union, one member per value;
//     an embedded struct pointer tagged kind:"<value>,…" adds its fields, as
//     required properties, to those members only. encoding/json leaves a
//     nil embedded pointer's fields out, so each value carries exactly the
//     fields of its kind.
//
// Named struct types become interfaces (recursion allowed), named string
// types registered with Enum become unions of string literals. A type it
// cannot describe (an interface, a type with its own MarshalJSON) stops it
// with a panic naming the type, unless the field has a ts tag.
package tsgen

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Gen collects declarations.
type Gen struct {
	names    map[reflect.Type]string
	enums    map[reflect.Type][]string
	declared map[reflect.Type]bool
	owner    map[string]reflect.Type
	decls    []string
}

// New is an empty generator.
func New() *Gen {
	return &Gen{names: map[reflect.Type]string{}, enums: map[reflect.Type][]string{}, declared: map[reflect.Type]bool{}, owner: map[string]reflect.Type{}}
}

// Enum declares a named string type as the union of its values.
func (g *Gen) Enum(t reflect.Type, values ...string) {
	if t.Kind() != reflect.String {
		panic("tsgen: Enum of non-string type " + t.String())
	}
	g.enums[t] = values
}

// Name gives a Go type another TypeScript name (for clashes, or clarity).
func (g *Gen) Name(t reflect.Type, name string) { g.names[t] = name }

// Declare emits t and every named type it reaches.
func (g *Gen) Declare(t reflect.Type) { g.ref(t) }

// String is every declaration, in the order they were reached.
func (g *Gen) String() string { return strings.Join(g.decls, "\n") }

func (g *Gen) name(t reflect.Type) string {
	n, ok := g.names[t]
	if !ok {
		n = t.Name()
	}
	if other, taken := g.owner[n]; taken && other != t {
		panic(fmt.Sprintf("tsgen: %s and %s are both called %s; rename one with Name", other, t, n))
	}
	g.owner[n] = t
	return n
}

var (
	rawMessage = reflect.TypeFor[json.RawMessage]()
	timeType   = reflect.TypeFor[time.Time]()
	marshaler  = reflect.TypeFor[json.Marshaler]()
	textMarsh  = reflect.TypeFor[encoding.TextMarshaler]()
)

// ref is the TypeScript type of t, declaring named types on first sight.
func (g *Gen) ref(t reflect.Type) string {
	switch {
	case t == rawMessage:
		return "unknown"
	case t == timeType:
		return "string"
	case t.Kind() == reflect.Pointer:
		return g.ref(t.Elem())
	case t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) || t.Implements(textMarsh):
		panic("tsgen: " + t.String() + " marshals itself; give the field a ts tag")
	}
	if values, ok := g.enums[t]; ok {
		n := g.name(t)
		if !g.declared[t] {
			g.declared[t] = true
			g.decls = append(g.decls, fmt.Sprintf("export type %s = %s;\n", n, literals(values)))
		}
		return n
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string" // base64
		}
		return array(g.ref(t.Elem()))
	case reflect.Array:
		items := make([]string, t.Len())
		for i := range items {
			items[i] = g.ref(t.Elem())
		}
		return "[" + strings.Join(items, ", ") + "]"
	case reflect.Map:
		return "Record<" + g.ref(t.Key()) + ", " + g.ref(t.Elem()) + ">"
	case reflect.Struct:
		if t.Name() == "" { // an anonymous struct, inline and indented one step more
			o := g.object(t)
			return strings.ReplaceAll(strings.TrimSuffix(o, "}"), "\n", "\n  ") + "}"
		}
		n := g.name(t)
		if !g.declared[t] {
			g.declared[t] = true
			at := len(g.decls)
			g.decls = append(g.decls, "") // reserve the place: t comes before what it reaches
			g.decls[at] = g.declare(n, t)
		}
		return n
	}
	panic("tsgen: cannot describe " + t.String())
}

func (g *Gen) declare(name string, t reflect.Type) string {
	if disc, ok := discriminant(t); ok {
		return g.union(name, t, disc)
	}
	return "export interface " + name + " " + g.object(t) + "\n"
}

// property is one member of an object type.
type property struct {
	name     string
	optional bool
	ts       string
}

func (p property) String() string {
	q := ""
	if p.optional {
		q = "?"
	}
	return "  " + p.name + q + ": " + p.ts + ";\n"
}

// properties are the members encoding/json writes for t's fields, with
// embedded structs flattened (skip says which embedded fields to leave out).
func (g *Gen) properties(t reflect.Type, skip func(reflect.StructField) bool) []property {
	var out []property
	for i := range t.NumField() {
		f := t.Field(i)
		if skip != nil && skip(f) {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				out = append(out, g.properties(et, nil)...)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		p := property{name: name, optional: hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")}
		switch ts := f.Tag.Get("ts"); {
		case ts != "" && ts != "discriminant":
			p.ts = ts
		case hasOpt(opts, "string"):
			p.ts = "string"
		default:
			p.ts = g.ref(f.Type)
		}
		out = append(out, p)
	}
	return out
}

func (g *Gen) object(t reflect.Type) string {
	var b strings.Builder
	b.WriteString("{\n")
	for _, p := range g.properties(t, nil) {
		b.WriteString(p.String())
	}
	b.WriteString("}")
	return b.String()
}

// discriminant is the field of t tagged ts:"discriminant".
func discriminant(t reflect.Type) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.Tag.Get("ts") == "discriminant" {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// union declares t as one object type per value of its discriminant.
func (g *Gen) union(name string, t reflect.Type, disc reflect.StructField) string {
	values, ok := g.enums[disc.Type]
	if !ok {
		panic("tsgen: " + t.String() + "." + disc.Name + " is a discriminant, so its type must be an Enum")
	}
	g.ref(disc.Type)
	discName, _, _ := strings.Cut(disc.Tag.Get("json"), ",")
	byKind := func(f reflect.StructField) []string {
		if k := f.Tag.Get("kind"); k != "" {
			return strings.Split(k, ",")
		}
		return nil
	}
	for i := range t.NumField() {
		for _, k := range byKind(t.Field(i)) {
			if !slices.Contains(values, k) {
				panic(fmt.Sprintf("tsgen: %s.%s: kind %q is not a value of %s", t, t.Field(i).Name, k, disc.Type))
			}
		}
	}
	kindOf := func(f reflect.StructField) bool { return f.Name == disc.Name || byKind(f) != nil }
	var b strings.Builder
	fmt.Fprintf(&b, "export interface %sCommon {\n", name)
	for _, p := range g.properties(t, kindOf) {
		b.WriteString(p.String())
	}
	fmt.Fprintf(&b, "}\n\nexport type %s = %sCommon & (\n", name, name)
	for _, v := range values {
		parts := []string{discName + ": " + literals([]string{v}) + ";"}
		for _, p := range g.properties(t, func(f reflect.StructField) bool { return !slices.Contains(byKind(f), v) }) {
			parts = append(parts, strings.TrimSpace(p.String()))
		}
		fmt.Fprintf(&b, "  | { %s }\n", strings.Join(parts, " "))
	}
	b.WriteString(");\n")
	fmt.Fprintf(&b, "\n/** The member of %s whose %s is K. */\nexport type %sOf<K extends %s> = Extract<%s, { %s: K }>;\n",
		name, discName, name, g.ref(disc.Type), name, discName)
	return b.String()
}

func literals(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "'" + strings.ReplaceAll(v, "'", `\'`) + "'"
	}
	return strings.Join(q, " | ")
}

func array(elem string) string {
	if strings.Contains(elem, "|") && !strings.HasPrefix(elem, "{") {
		return "(" + elem + ")[]"
	}
	return elem + "[]"
}

func hasOpt(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}
