package pagedata

import (
	"reflect"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/page/head"
	"github.com/nivaran/magazine/generator/page/tsgen"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
)

// TypesFile is where the TypeScript types go, from the repository root.
const TypesFile = "frontend/src/types.ts"

// TypeScript is frontend/src/types.ts: the TypeScript types of every page's
// data, derived from the Go types above.
func TypeScript() string {
	g := tsgen.New()
	g.Enum(reflect.TypeFor[route.Kind](), strs(route.Kinds)...)
	g.Enum(reflect.TypeFor[route.ListKind](), strs(route.ListKinds)...)
	g.Enum(reflect.TypeFor[Layout](), story.Layouts...)
	g.Enum(reflect.TypeFor[media.CustomVisual](), story.Visuals...)
	g.Name(reflect.TypeFor[Page](), "PageData")
	g.Name(reflect.TypeFor[head.Element](), "HeadElement")
	g.Declare(reflect.TypeFor[RouteData]())
	return "// Generated from the Go types in generator/page/pagedata by go generate ./...; do not edit.\n" +
		"// A test (generator/page/pagedata) fails when this file is stale.\n\n" + g.String()
}

func strs[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}
