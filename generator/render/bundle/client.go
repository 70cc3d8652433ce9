package bundle

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

// The browser bundle is made in two parts, so that what every page needs
// arrives in one file.
//
// esbuild's code splitting puts each module that a lazily loaded screen
// shares with the entry (React, the router, Link...) in a chunk of its own,
// as it cannot know that the entry is always there first: a story page
// loaded ten files. Here the entry is bundled whole, each dynamic import
// left as a placeholder; the lazy screens are bundled apart (split among
// themselves), and each module they share with the entry is read at run
// time from a registry the entry fills, so there is still one React, one
// router and one of every context. The passes:
//
//  1. app: the entry with the last build's registry, to learn which modules
//     it holds and which it loads lazily;
//  2. probe: the lazy screens with the entry's modules left external, to
//     learn which of them, and which of their exports, the screens import;
//  3. the lazy screens for real, and the entry again if its registry changed
//     (always on a first build, rarely on a rebuild).
type client struct {
	app      api.BuildContext
	lazy     api.BuildContext // nil until the lazily loaded modules are known
	first    api.BuildContext // the search page's first script; nil without one
	lazyOpts api.BuildOptions
	lazyKey  string // the entry points lazy was made for
	src      string // absolute frontend/src
	wd       string // the working directory metafile paths are relative to

	// Set between passes; the plugins read them.
	registry string            // source of the registry module
	inApp    map[string]bool   // absolute paths of the modules the entry imports statically
	formats  map[string]string // their module format as esbuild read it: "esm", "cjs"
	probing  bool              // leave entry modules external (probe) or read them from the registry
	keys     map[string]string // absolute path of an entry module -> registry key
	pkgs     map[string]bool   // packages the entry holds modules of

	// Filled by the plugins while a pass runs.
	mu       sync.Mutex
	lazyIdx  map[string]string // absolute path of a lazily loaded module -> its placeholder URL
	internal map[string]bool   // dynamically imported modules the entry holds
	resolved map[string]string // package imports of the lazy screens, resolved this build
	lazyCSS  map[string]bool   // stylesheets the lazy screens import, which the entry's CSS takes in
}

const (
	registryGlobal = "__nivaran"
	registryPath   = "nivaran:registry"
	sharedPrefix   = "nivaran-shared:"
	lazyPrefix     = "/assets/nivaran-lazy-" // + a name + ".js", replaced by the chunk's URL
)

func newClient(frontend string, common api.BuildOptions) (*client, error) {
	c := &client{src: filepath.Join(frontend, "src"), wd: common.AbsWorkingDir}
	entry := filepath.Join(c.src, "entry-client.tsx")
	app := common
	app.Stdin = &api.StdinOptions{
		// The registry is filled after the entry has run: its imports are the
		// entry's own modules, so the CSS keeps the entry's order, and lazy
		// screens only ever run later.
		Contents:   fmt.Sprintf("import %q;\nimport %q;\n", entry, registryPath),
		ResolveDir: c.src, Sourcefile: "nivaran-entry.js", Loader: api.LoaderJS,
	}
	app.Outfile = filepath.Join(common.Outdir, "entry-client.js")
	app.Outdir = ""
	app.Plugins = []api.Plugin{c.appPlugin(), pureRouter()}
	var err error
	if c.app, err = newContext(app); err != nil {
		return nil, err
	}
	c.lazyOpts = common
	c.lazyOpts.Splitting = true
	c.lazyOpts.Plugins = []api.Plugin{c.lazyPlugin(), pureRouter()}
	if first := filepath.Join(c.src, filepath.FromSlash(searchFirst)); fileExists(first) {
		opt := common
		opt.EntryPoints = []string{first}
		opt.EntryNames = "search-first-[hash]"
		opt.Metafile = false
		if c.first, err = newContext(opt); err != nil {
			c.dispose()
			return nil, err
		}
	}
	return c, nil
}

// searchFirst is a search page's first script: a bundle of its own, run
// before the entry (frontend/src/search/first.ts says why).
const searchFirst = "search/first.ts"

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func newContext(opt api.BuildOptions) (api.BuildContext, error) {
	ctx, err := api.Context(opt)
	if err != nil {
		return nil, fmt.Errorf("bundle: %s", strings.Join(messages(err.Errors), "\n"))
	}
	return ctx, nil
}

func (c *client) dispose() {
	c.app.Dispose()
	if c.lazy != nil {
		c.lazy.Dispose()
	}
	if c.first != nil {
		c.first.Dispose()
	}
}

// appPlugin supplies the registry module and turns every dynamic import
// into a placeholder URL.
func (c *client) appPlugin() api.Plugin {
	return api.Plugin{Name: "nivaran-app", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: "^" + regexp.QuoteMeta(registryPath) + "$"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: registryPath, Namespace: "nivaran"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "nivaran"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src := c.registry
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: c.src}, nil
		})
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind != api.ResolveJSDynamicImport || a.PluginData == "nivaran" {
				return api.OnResolveResult{}, nil
			}
			r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, ResolveDir: a.ResolveDir, Kind: a.Kind, PluginData: "nivaran"})
			if len(r.Errors) > 0 || r.External {
				return api.OnResolveResult{}, nil
			}
			c.mu.Lock()
			if c.inApp[r.Path] { // a module the entry holds stays in it
				c.internal[r.Path] = true
				c.mu.Unlock()
				return api.OnResolveResult{}, nil
			}
			// Named by the module, not by the order of resolving, so the
			// output (and the name of its legal comments) is the same every time.
			rel, _ := filepath.Rel(c.wd, r.Path)
			url := lazyPrefix + hashName([]byte(filepath.ToSlash(rel))) + ".js"
			c.lazyIdx[r.Path] = url
			c.mu.Unlock()
			return api.OnResolveResult{Path: url, External: true}, nil
		})
	}}
}

// lazyPlugin sends each import of a module the entry holds to the entry:
// left external while probing, else to a module that reads the registry.
func (c *client) lazyPlugin() api.Plugin {
	return api.Plugin{Name: "nivaran-lazy", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind == api.ResolveEntryPoint || a.PluginData == "nivaran" || a.Namespace == "nivaran-shared" {
				return api.OnResolveResult{}, nil
			}
			path := c.lookup(b, a)
			if strings.HasSuffix(path, ".css") {
				c.mu.Lock()
				c.lazyCSS[path] = true
				c.mu.Unlock()
				return api.OnResolveResult{Path: path, Namespace: "nivaran-css"}, nil
			}
			if !c.inApp[path] {
				return api.OnResolveResult{}, nil // esbuild resolves it as usual
			}
			if c.probing {
				return api.OnResolveResult{Path: sharedPrefix + path, External: true}, nil
			}
			// One small module per importer, so it goes where the importer
			// goes instead of into a chunk of its own; ".cjs", so esbuild
			// reads it as CommonJS whatever the module it stands for.
			return api.OnResolveResult{Path: path + "|" + a.Importer + ".cjs", Namespace: "nivaran-shared"}, nil
		})
		// Every stylesheet goes in the entry's CSS, which pages inline.
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "nivaran-css"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			empty := ""
			return api.OnLoadResult{Contents: &empty, Loader: api.LoaderEmpty}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "nivaran-shared"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			path, _, _ := strings.Cut(a.Path, "|")
			src := fmt.Sprintf("module.exports = globalThis.%s[%q];\n", registryGlobal, c.keys[path])
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
	}}
}

// lookup finds, without touching the disk where it can, the module or
// stylesheet an import in a lazy screen leads to, if the entry holds it or
// it is a stylesheet; "" for anything else. A relative import is matched
// against the entry's modules with esbuild's extension order; a package is
// resolved by esbuild only when the entry holds modules of it, once per
// build (the plugin resolver reads directories afresh on every call, which
// made rebuilds several times slower).
func (c *client) lookup(b api.PluginBuild, a api.OnResolveArgs) string {
	if p := a.Path; strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p) {
		base := p
		if !filepath.IsAbs(p) {
			base = filepath.Join(a.ResolveDir, p)
		}
		if strings.HasSuffix(base, ".css") {
			return base
		}
		for _, ext := range []string{"", ".tsx", ".ts", ".jsx", ".js", ".json", "/index.tsx", "/index.ts", "/index.jsx", "/index.js"} {
			if c.inApp[base+ext] {
				return base + ext
			}
		}
		return ""
	}
	if !c.pkgs[packageName(a.Path)] && !strings.HasSuffix(a.Path, ".css") {
		return ""
	}
	key := a.ResolveDir + "\x00" + a.Path
	c.mu.Lock()
	path, ok := c.resolved[key]
	c.mu.Unlock()
	if !ok {
		r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, ResolveDir: a.ResolveDir, Kind: a.Kind, PluginData: "nivaran"})
		if len(r.Errors) == 0 && !r.External {
			path = r.Path
		}
		c.mu.Lock()
		c.resolved[key] = path
		c.mu.Unlock()
	}
	return path
}

// packageName is the package an import names: "react" for "react/jsx-runtime".
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// build runs the passes and returns the browser's files.
func (c *client) build() (*Client, []api.Message, error) {
	var warnings []api.Message
	firstDone := make(chan api.BuildResult, 1) // buffered: an early return leaves it unread
	if c.first != nil {
		go func() { firstDone <- c.first.Rebuild() }()
	}
	// 1. The entry, with the registry of the last build (none at first): when
	// the lazy screens still import the same, this is the final entry, and a
	// rebuild takes three passes, not four.
	used := c.registry
	c.lazyCSS, c.resolved = map[string]bool{}, map[string]string{}
	res, err := c.appPass()
	if err != nil && used != "" { // a module the old registry named may be gone
		c.registry, used = "", ""
		res, err = c.appPass()
	}
	if err != nil {
		return nil, nil, err
	}
	var lazy []string
	for p := range c.lazyIdx {
		if !c.inApp[p] {
			lazy = append(lazy, p)
		}
	}
	sort.Strings(lazy)
	out := &Client{Files: map[string][]byte{}}
	urls := map[string]string{}  // lazily loaded module -> its URL
	c.registry, c.keys = "", nil // what no lazy screen imports stays out
	if len(lazy) > 0 {
		if err := c.lazyContext(lazy); err != nil {
			return nil, nil, err
		}
		// 2. Probe which entry modules, and which of their exports, the lazy screens import.
		c.probing = true
		pres := c.lazy.Rebuild()
		c.probing = false
		if err := failure(pres); err != nil {
			return nil, nil, err
		}
		uses := map[string]*use{}
		for _, f := range pres.OutputFiles {
			if strings.HasSuffix(f.Path, ".js") {
				if err := imports(string(f.Contents), uses); err != nil {
					return nil, nil, fmt.Errorf("bundle: %s: %w", f.Path, err)
				}
			}
		}
		c.registry, c.keys = c.registrySource(uses)
		// 3. The lazy screens for real.
		lres := c.lazy.Rebuild()
		if err := failure(lres); err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, lres.Warnings...)
		lmeta, err := parseMeta(lres.Metafile)
		if err != nil {
			return nil, nil, err
		}
		for _, f := range lres.OutputFiles {
			out.Files[metaRel(f.Path)] = f.Contents
		}
		for p, o := range lmeta.Outputs {
			if o.EntryPoint != "" {
				urls[c.abs(o.EntryPoint)] = "/" + metaRel(p)
			}
		}
	}
	// 3. The entry again when its registry changed, filling it and taking in
	// the lazy screens' stylesheets.
	if c.registry != used {
		n := len(c.lazyIdx)
		if res, err = c.appPass(); err != nil {
			return nil, nil, err
		}
		if len(c.lazyIdx) != n {
			return nil, nil, fmt.Errorf("bundle: the registry reached new lazily loaded modules; import them from a screen instead")
		}
	}
	warnings = append(warnings, res.Warnings...)
	for _, f := range res.OutputFiles {
		data := f.Contents
		ext := filepath.Ext(f.Path)
		switch {
		case ext == ".js":
			for p, placeholder := range c.lazyIdx {
				if urls[p] != "" {
					data = []byte(strings.ReplaceAll(string(data), placeholder, urls[p]))
				}
			}
			name := "assets/entry-client-" + hashName(data) + ".js"
			out.Entry = "/" + name
			out.Files[name] = data
		case ext == ".css":
			name := "assets/entry-client-" + hashName(data) + ".css"
			out.CSS = append([]string{"/" + name}, out.CSS...)
			out.Files[name] = data
		default: // assets and legal comments keep esbuild's names
			out.Files[metaRel(f.Path)] = data
		}
	}
	if out.Entry == "" {
		return nil, nil, fmt.Errorf("bundle: no output for entry-client.tsx")
	}
	if c.first != nil {
		fres := <-firstDone
		if err := failure(fres); err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, fres.Warnings...)
		for _, f := range fres.OutputFiles {
			rel := metaRel(f.Path)
			out.Files[rel] = f.Contents
			if strings.HasSuffix(rel, ".js") {
				out.SearchFirst = "/" + rel
			}
		}
	}
	boot := bootScript(out.Entry)
	out.Boot = "/assets/boot-" + hashName(boot) + ".js"
	out.Files[out.Boot[1:]] = boot
	return out, warnings, nil
}

// appPass bundles the entry with the current registry. Dynamic imports of
// modules its static graph holds stay inside it, the others become
// placeholders; while those two sets change (an edit moved a module in or
// out of the entry's graph), it runs again with the graph it found.
func (c *client) appPass() (api.BuildResult, error) {
	for range 3 {
		c.lazyIdx, c.internal = map[string]string{}, map[string]bool{}
		res := c.app.Rebuild()
		if err := failure(res); err != nil {
			return res, err
		}
		meta, err := parseMeta(res.Metafile)
		if err != nil {
			return res, err
		}
		static := c.staticGraph(meta)
		same := true
		for p := range c.lazyIdx {
			same = same && !static[p]
		}
		for p := range c.internal {
			same = same && static[p]
		}
		c.inApp = static
		if same {
			return res, nil
		}
	}
	return api.BuildResult{}, fmt.Errorf("bundle: the entry's modules do not settle between passes")
}

// staticGraph is the set of modules the entry imports statically, the
// registry aside (it only names modules for the lazy screens).
func (c *client) staticGraph(meta *metafile) map[string]bool {
	c.formats = map[string]string{}
	for in, m := range meta.Inputs {
		c.formats[c.abs(in)] = m.Format
	}
	seen := map[string]bool{}
	var visit func(in string)
	visit = func(in string) {
		if seen[in] {
			return
		}
		seen[in] = true
		for _, imp := range meta.Inputs[in].Imports {
			if imp.Kind != "dynamic-import" && !imp.External {
				visit(imp.Path)
			}
		}
	}
	rel, err := filepath.Rel(c.wd, filepath.Join(c.src, "entry-client.tsx"))
	if err == nil {
		visit(filepath.ToSlash(rel))
	}
	out := map[string]bool{}
	c.pkgs = map[string]bool{}
	for in := range seen {
		out[c.abs(in)] = true
		if i := strings.LastIndex(in, "node_modules/"); i >= 0 {
			c.pkgs[packageName(in[i+len("node_modules/"):])] = true
		}
	}
	return out
}

// lazyContext (re)creates the lazy screens' context when their list changed.
func (c *client) lazyContext(entries []string) error {
	key := strings.Join(entries, "\n")
	if c.lazy != nil && key == c.lazyKey {
		return nil
	}
	if c.lazy != nil {
		c.lazy.Dispose()
		c.lazy = nil
	}
	opt := c.lazyOpts
	opt.EntryPoints = entries
	ctx, err := newContext(opt)
	if err != nil {
		return err
	}
	c.lazy, c.lazyKey = ctx, key
	return nil
}

func (c *client) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.wd, filepath.FromSlash(p))
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

func hashName(data []byte) string {
	h := sha256.Sum256(data)
	return b32.EncodeToString(h[:5])
}

type metaInput struct {
	Format  string `json:"format"`
	Imports []struct {
		Path     string `json:"path"`
		Kind     string `json:"kind"`
		External bool   `json:"external"`
	} `json:"imports"`
}

type metaOutput struct {
	EntryPoint string `json:"entryPoint"`
	CSSBundle  string `json:"cssBundle"`
}

type metafile struct {
	Inputs  map[string]metaInput  `json:"inputs"`
	Outputs map[string]metaOutput `json:"outputs"`
}

func parseMeta(s string) (*metafile, error) {
	var m metafile
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// bootScript is the one script a page names: it loads the entry once the
// page and its main pictures are on screen (the load event, the pictures
// fetched at high priority decoded, two frames, and 150 ms for the frame
// that shows them to reach the screen, which lags the main thread under
// load: on a busy CI machine it came 57 ms after a wait of 50 ms). The page
// is complete without the entry, so its 80 KiB should not compete with the
// LCP picture for a slow connection, nor its parsing with the first paint. A tab opened in
// the background gets no frames: a timer starts it there, a second after
// the load event. A reader who taps, clicks or types before then (the menu
// needs the entry) gets it at once.
//
// A page whose main content needs a script of its own before the entry (a
// search page's results: search/first.ts) names it in its <head> with
// <link rel=modulepreload data-start>: the boot script runs it at once, and
// starts the schedule above once the promise it exports by default has
// settled (firstWaitMS at most), so the entry does not compete with it.
const firstWaitMS = 3000

func bootScript(entry string) []byte {
	return []byte(fmt.Sprintf(`let go=()=>{go=()=>{};import(%q)};`+
		`for(const t of ["pointerdown","keydown","touchstart"])addEventListener(t,()=>go(),{once:true,capture:true,passive:true});`+
		`const frames=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>go(),150)));`+
		`const first=Promise.race([Promise.all([...document.querySelectorAll("link[rel=modulepreload][data-start]")].map((l)=>import(l.href).then((m)=>m.default).catch(()=>{}))),new Promise((r)=>setTimeout(r,%d))]);`+
		`const start=()=>first.then(()=>{setTimeout(()=>go(),1000);`+
		`Promise.all([...document.querySelectorAll('img[fetchpriority="high"]')].map((i)=>i.decode().catch(()=>{}))).then(frames)});`+
		`document.readyState==="complete"?start():addEventListener("load",start,{once:true});`+"\n", entry, firstWaitMS))
}
