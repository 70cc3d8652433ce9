// Package bundle compiles frontend/ with esbuild's Go API: a hashed, split,
// minified ESM bundle for browsers and a CommonJS bundle for the Node render
// worker. Both define NODE_ENV=production so React ships its production build.
// A Bundler keeps esbuild's incremental contexts, so rebuilding after a change
// (or after none) costs milliseconds.
package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Client is the browser bundle. Paths are relative to the site root.
type Client struct {
	Entry string            // "/assets/entry-client-HASH.js", what every page runs
	Boot  string            // "/assets/boot-HASH.js", the script a page names: it loads Entry after the page is painted
	CSS   []string          // the stylesheet: every screen's styles, which pages inline
	Files map[string][]byte // "assets/entry-client-HASH.js" -> contents
	// SearchFirst is a search page's first script, "/assets/search-first-HASH.js"
	// ("" when frontend/src/search/first.ts is absent): it draws the
	// results before the entry has loaded.
	SearchFirst string
}

// Result is one bundling of the frontend.
type Result struct {
	Client   *Client
	Server   []byte // the render worker, one CommonJS file requiring packages from node_modules
	Hash     string // changes whenever any output, or an installed package, changes
	Warnings []string
}

// Bundler holds esbuild's contexts for the client and server bundles.
type Bundler struct {
	client   *client
	server   api.BuildContext
	root     string // virtual output root; nothing is written there
	lockfile string // the installed packages' versions, which the server bundle requires
}

var define = map[string]string{"process.env.NODE_ENV": `"production"`}

// New prepares both bundles of frontend/src.
func New(frontend string) (*Bundler, error) {
	frontend, err := filepath.Abs(frontend)
	if err != nil {
		return nil, err
	}
	root := filepath.Join(frontend, ".out") // only used to name outputs
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	client, err := newClient(frontend, api.BuildOptions{
		Bundle:            true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Outdir:            filepath.Join(root, "assets"),
		EntryNames:        "[name]-[hash]",
		ChunkNames:        "chunk-[hash]",
		AssetNames:        "[name]-[hash]",
		PublicPath:        "/assets",
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		JSX:               api.JSXAutomatic,
		Define:            define,
		Loader:            map[string]api.Loader{".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".png": api.LoaderFile},
		Metafile:          true,
		LegalComments:     api.LegalCommentsLinked,
		LogLevel:          api.LogLevelSilent,
		AbsWorkingDir:     wd,
	})
	if err != nil {
		return nil, err
	}
	server, serr := api.Context(api.BuildOptions{
		EntryPoints: []string{filepath.Join(frontend, "src", "server", "worker.tsx")},
		Bundle:      true,
		Format:      api.FormatCommonJS,
		Platform:    api.PlatformNode,
		Target:      api.ESNext,
		// React stays in node_modules, where the worker requires it while
		// the bundle is made: parsing it again for Node was a good part of
		// the bundling time. The router is bundled: required, Node loads it
		// as an ES module (its package's "module-sync" export), through a
		// loader that took ~70 ms of each worker's start here (a build of
		// 10 stories: 0.43 -> 0.34 s). The lockfile stands for both in Hash.
		External: []string{"react", "react-dom"},
		Outfile:  filepath.Join(root, "server", "render-worker.cjs"),
		JSX:      api.JSXAutomatic,
		Define:   define,
		// Assets resolve to the same hashed URLs the client bundle uses.
		Loader:     map[string]api.Loader{".css": api.LoaderEmpty, ".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".png": api.LoaderFile},
		AssetNames: "[name]-[hash]",
		PublicPath: "/assets",
		LogLevel:   api.LogLevelSilent,
	})
	if serr != nil {
		client.dispose()
		return nil, fmt.Errorf("bundle: %s", strings.Join(messages(serr.Errors), "\n"))
	}
	return &Bundler{client: client, server: server, root: root, lockfile: filepath.Join(filepath.Dir(frontend), "package-lock.json")}, nil
}

// Build bundles both sides at once, incrementally after the first time.
func (b *Bundler) Build() (*Result, error) {
	serverDone := make(chan api.BuildResult, 1)
	go func() { serverDone <- b.server.Rebuild() }()
	client, cwarn, err := b.client.build()
	sres := <-serverDone
	if err != nil {
		return nil, err
	}
	if err := failure(sres); err != nil {
		return nil, err
	}
	var server []byte
	for _, f := range sres.OutputFiles {
		if strings.HasSuffix(f.Path, ".cjs") {
			server = f.Contents
		}
	}
	h := sha256.New()
	names := make([]string, 0, len(client.Files))
	for n := range client.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		h.Write([]byte(n))
		h.Write(client.Files[n])
	}
	h.Write(server)
	lock, _ := os.ReadFile(b.lockfile)
	h.Write(lock)
	return &Result{Client: client, Server: server, Hash: hex.EncodeToString(h.Sum(nil))[:16],
		Warnings: append(messages(cwarn), messages(sres.Warnings)...)}, nil
}

// metaRel turns a metafile output path (relative to the working directory,
// ending in .out/assets/...) into a site path.
func metaRel(p string) string {
	p = filepath.ToSlash(p)
	if i := strings.LastIndex(p, ".out/"); i >= 0 {
		return p[i+len(".out/"):]
	}
	return p
}

// Close releases esbuild's contexts.
func (b *Bundler) Close() {
	b.client.dispose()
	b.server.Dispose()
}

func failure(res api.BuildResult) error {
	if len(res.Errors) == 0 {
		return nil
	}
	return fmt.Errorf("bundling the frontend failed:\n%s", strings.Join(messages(res.Errors), "\n"))
}

func messages(ms []api.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		if m.Location != nil {
			out[i] = fmt.Sprintf("%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column+1, m.Text)
		} else {
			out[i] = m.Text
		}
	}
	return out
}
