package tsgen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

type color string

type node struct {
	Name     string            `json:"name"`
	Kind     string            `json:"kind" ts:"'leaf' | 'branch'"`
	Children []node            `json:"children,omitempty"` // recursive
	Next     *node             `json:"next,omitempty"`
	Weight   float64           `json:"weight"`
	Count    int64             `json:"count,string"`
	Tags     map[string][]int  `json:"tags"`
	Pair     [2]string         `json:"pair"`
	Raw      json.RawMessage   `json:"raw"`
	When     time.Time         `json:"when"`
	Colors   []color           `json:"colors"`
	Inline   struct{ X int }   `json:"inline"`
	Skipped  string            `json:"-"`
	Bare     bool              //
	hidden   string            //nolint:unused
	Extra                      // embedded: flattened
	Opts     map[color]*string `json:"opts,omitempty"`
}

type Extra struct {
	Note string `json:"note,omitempty"`
}

func TestDeclarations(t *testing.T) {
	g := New()
	g.Enum(reflect.TypeFor[color](), "red", "it's")
	g.Declare(reflect.TypeFor[node]())
	want := `export interface node {
  name: string;
  kind: 'leaf' | 'branch';
  children?: node[];
  next?: node;
  weight: number;
  count: string;
  tags: Record<string, number[]>;
  pair: [string, string];
  raw: unknown;
  when: string;
  colors: color[];
  inline: {
    X: number;
  };
  Bare: boolean;
  note?: string;
  opts?: Record<color, string>;
}

export type color = 'red' | 'it\'s';
`
	if got := g.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

type kind string

type page struct {
	Kind    kind   `json:"kind" ts:"discriminant"`
	Path    string `json:"path"`
	*aData  `kind:"a"`
	*bcData `kind:"b,c"`
}

type aData struct {
	A []string `json:"a"`
}

type bcData struct {
	B int `json:"b"`
}

func TestUnion(t *testing.T) {
	g := New()
	g.Enum(reflect.TypeFor[kind](), "a", "b", "c", "d")
	g.Name(reflect.TypeFor[page](), "Page")
	g.Declare(reflect.TypeFor[page]())
	want := `export interface PageCommon {
  path: string;
}

export type Page = PageCommon & (
  | { kind: 'a'; a: string[]; }
  | { kind: 'b'; b: number; }
  | { kind: 'c'; b: number; }
  | { kind: 'd'; }
);

/** The member of Page whose kind is K. */
export type PageOf<K extends kind> = Extract<Page, { kind: K }>;

export type kind = 'a' | 'b' | 'c' | 'd';
`
	if got := g.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// What encoding/json writes matches: only the kind's own fields.
	b, _ := json.Marshal(page{Kind: "b", Path: "/x", bcData: &bcData{B: 2}})
	if string(b) != `{"kind":"b","path":"/x","b":2}` {
		t.Errorf("json: %s", b)
	}
}

type selfMarshal struct{}

func (selfMarshal) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

type clashA struct{ V selfMarshal }

func TestRefusesWhatItCannotDescribe(t *testing.T) {
	type withIface struct{ V any }
	type other struct{}
	for name, declare := range map[string]func(*Gen){
		"interface": func(g *Gen) { g.Declare(reflect.TypeFor[withIface]()) },
		"marshaler": func(g *Gen) { g.Declare(reflect.TypeFor[clashA]()) },
		"name clash": func(g *Gen) {
			g.Name(reflect.TypeFor[other](), "Extra")
			g.Declare(reflect.TypeFor[other]())
			g.Declare(reflect.TypeFor[Extra]())
		},
		"bad kind": func(g *Gen) { g.Enum(reflect.TypeFor[kind](), "a"); g.Declare(reflect.TypeFor[page]()) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "tsgen: ") {
					t.Errorf("%s: want a tsgen panic, got %v", name, r)
				}
			}()
			declare(New())
		}()
	}
}
