// Package bundle compiles frontend/ with esbuild's Go API: a hashed, split,
// minified ESM bundle for browsers and a CommonJS bundle for the Node render
// worker. Both define NODE_ENV=production so React ships its production build.
package bundle

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Client is the browser bundle, written under Dir (paths relative to it).
type Client struct {
	Dir      string   // folder holding assets/
	Entry    string   // "/assets/entry-client-HASH.js"
	CSS      []string // stylesheets of the entry
	Preload  []string // chunks the entry imports statically
	Files    []string // every output file, relative to Dir
	Hash     string   // changes whenever any output changes
	Warnings []string
}

var define = map[string]string{"process.env.NODE_ENV": `"production"`}

var loaders = map[string]api.Loader{".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".png": api.LoaderFile}

// BuildClient bundles frontend/src/entry-client.tsx into outDir/assets.
func BuildClient(frontend, outDir string) (*Client, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join(frontend, "src", "entry-client.tsx")},
		Bundle:            true,
		Splitting:         true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Outdir:            filepath.Join(outDir, "assets"),
		EntryNames:        "[name]-[hash]",
		ChunkNames:        "chunk-[hash]",
		AssetNames:        "[name]-[hash]",
		PublicPath:        "/assets",
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		JSX:               api.JSXAutomatic,
		Define:            define,
		Loader:            loaders,
		Metafile:          true,
		Write:             true,
		LegalComments:     api.LegalCommentsLinked,
		LogLevel:          api.LogLevelSilent,
	})
	if err := failure(res); err != nil {
		return nil, err
	}
	var meta metafile
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, err
	}
	c := &Client{Dir: outDir, Warnings: messages(res.Warnings)}
	abs, _ := filepath.Abs(outDir)
	rel := func(p string) string {
		ap, _ := filepath.Abs(p)
		r, _ := filepath.Rel(abs, ap)
		return filepath.ToSlash(r)
	}
	var hashes []string
	for out, o := range meta.Outputs {
		c.Files = append(c.Files, rel(out))
		hashes = append(hashes, rel(out))
		if o.EntryPoint == "" || !strings.HasSuffix(o.EntryPoint, "entry-client.tsx") {
			continue
		}
		c.Entry = "/" + rel(out)
		if o.CSSBundle != "" {
			c.CSS = append(c.CSS, "/"+rel(o.CSSBundle))
		}
		for _, imp := range o.Imports {
			if imp.Kind == "import-statement" {
				c.Preload = append(c.Preload, "/"+rel(imp.Path))
			}
		}
	}
	if c.Entry == "" {
		return nil, fmt.Errorf("bundle: no output for entry-client.tsx")
	}
	sort.Strings(c.Files)
	sort.Strings(hashes)
	c.Hash = strings.Join(hashes, ",")
	return c, nil
}

// BuildServer bundles the render worker into one CommonJS file for Node.
func BuildServer(frontend, outFile string) error {
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{filepath.Join(frontend, "src", "server", "worker.tsx")},
		Bundle:      true,
		Format:      api.FormatCommonJS,
		Platform:    api.PlatformNode,
		Target:      api.ESNext,
		Outfile:     outFile,
		JSX:         api.JSXAutomatic,
		Define:      define,
		// Assets resolve to the same hashed URLs the client bundle uses.
		Loader:     map[string]api.Loader{".css": api.LoaderEmpty, ".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".png": api.LoaderFile},
		AssetNames: "[name]-[hash]",
		PublicPath: "/assets",
		Write:      true,
		LogLevel:   api.LogLevelSilent,
	})
	return failure(res)
}

type metafile struct {
	Outputs map[string]struct {
		EntryPoint string `json:"entryPoint"`
		CSSBundle  string `json:"cssBundle"`
		Imports    []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		} `json:"imports"`
	} `json:"outputs"`
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
