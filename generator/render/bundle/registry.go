package bundle

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// use is what the lazy screens import from one entry module.
type use struct {
	all   bool // a namespace import: every export
	names map[string]bool
}

// importRe matches esbuild's output for an import of an external module.
var importRe = regexp.MustCompile(`(?:import|export)\s*((?:\{[^}]*\}|[^;"{}])*?)\s*from\s*"` + regexp.QuoteMeta(sharedPrefix) + `([^"]+)"|import\s*\(\s*"` + regexp.QuoteMeta(sharedPrefix) + `([^"]+)"|import\s*"` + regexp.QuoteMeta(sharedPrefix) + `([^"]+)"`)

// imports records what code imports from entry modules, read from the
// probe's output, where esbuild prints those imports as plain ESM.
func imports(code string, uses map[string]*use) error {
	for _, m := range importRe.FindAllStringSubmatch(code, -1) {
		path, clause := m[2], strings.TrimSpace(m[1])
		if path == "" {
			path = m[3] + m[4]
			if m[3] != "" {
				clause = "*" // a dynamic import gets the namespace
			}
		}
		u := uses[path]
		if u == nil {
			u = &use{names: map[string]bool{}}
			uses[path] = u
		}
		for clause != "" {
			switch {
			case strings.HasPrefix(clause, "*"):
				u.all = true
				clause = ""
			case strings.HasPrefix(clause, "{"):
				end := strings.Index(clause, "}")
				if end < 0 {
					return fmt.Errorf("unreadable import %q", m[0])
				}
				for _, spec := range strings.Split(clause[1:end], ",") {
					if name := strings.TrimSpace(strings.SplitN(strings.TrimSpace(spec), " as ", 2)[0]); name != "" {
						u.names[strings.Trim(name, `"`)] = true
					}
				}
				clause = strings.TrimLeft(clause[end+1:], " ,")
			default: // a default import, maybe followed by more
				u.names["default"] = true
				if i := strings.Index(clause, ","); i >= 0 {
					clause = strings.TrimSpace(clause[i+1:])
				} else {
					clause = ""
				}
			}
		}
	}
	return nil
}

// registrySource is the module that hands the entry's modules to the lazy
// screens: of an ES module only the exports they use, so the rest can still
// be dropped (the router's, above all); a CommonJS module (React) whole, as
// it keeps all its exports anyway.
func (c *client) registrySource(uses map[string]*use) (string, map[string]string) {
	paths := make([]string, 0, len(uses))
	for p := range uses {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	keys := map[string]string{}
	var imp, obj strings.Builder
	css := make([]string, 0, len(c.lazyCSS))
	for p := range c.lazyCSS {
		css = append(css, p)
	}
	sort.Strings(css)
	for _, p := range css {
		fmt.Fprintf(&imp, "import %q;\n", p)
	}
	for i, p := range paths {
		u := uses[p]
		key := strconv.Itoa(i)
		keys[p] = key
		if u.all || c.isCommonJS(p) {
			fmt.Fprintf(&imp, "import * as m%d from %q;\n", i, p)
			// Marked as an ES module, so a default import reads its default export.
			fmt.Fprintf(&obj, "  %q: Object.assign({ __esModule: true }, m%d),\n", key, i)
			continue
		}
		names := make([]string, 0, len(u.names))
		for n := range u.names {
			names = append(names, n)
		}
		sort.Strings(names)
		var specs, props []string
		for j, n := range names {
			specs = append(specs, fmt.Sprintf("%s as m%d_%d", strconv.Quote(n), i, j))
			props = append(props, fmt.Sprintf("%s: m%d_%d", strconv.Quote(n), i, j))
		}
		fmt.Fprintf(&imp, "import { %s } from %q;\n", strings.Join(specs, ", "), p)
		fmt.Fprintf(&obj, "  %q: { __esModule: true, %s },\n", key, strings.Join(props, ", "))
	}
	return fmt.Sprintf("%sglobalThis.%s = {\n%s};\n", imp.String(), registryGlobal, obj.String()), keys
}

// isCommonJS tells a CommonJS package module (whose namespace costs nothing
// extra) from an ES module one, by esbuild's reading of it in the first pass.
func (c *client) isCommonJS(p string) bool { return c.formats[p] == "cjs" }
