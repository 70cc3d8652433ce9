package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/bundle"
	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/feed"
	"github.com/nivaran/magazine/generator/head"
	"github.com/nivaran/magazine/generator/images"
	"github.com/nivaran/magazine/generator/linkcheck"
	"github.com/nivaran/magazine/generator/media"
	"github.com/nivaran/magazine/generator/output"
	"github.com/nivaran/magazine/generator/pagedata"
	"github.com/nivaran/magazine/generator/render"
	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/search"
	"github.com/nivaran/magazine/generator/site"
)

// Builder builds the magazine repeatedly, keeping what survives between
// builds: esbuild's incremental contexts and the Node render workers.
type Builder struct {
	opt        Options
	images     *images.Processor
	bundler    *bundle.Bundler
	pool       *render.Pool
	serverHash string
	work       string // holds the render worker script
}

// Site is a built magazine in memory: every output file by path.
type Site struct {
	Files    map[string]File
	Stories  int
	Pages    int // routes with HTML
	Rendered int // pages rendered by this build (the rest were unchanged)
	Phases   []Phase
}

// File is one output. Key changes whenever the content would; Data is nil
// for a rendered page the caller said it already has (see Build).
type File struct {
	Key  string
	Data []byte
}

// NewBuilder prepares a builder; Close releases its workers.
func NewBuilder(opt Options) (*Builder, error) {
	opt.defaults()
	bundler, err := bundle.New(filepath.Join(opt.Root, "frontend"))
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "magazine-build-")
	if err != nil {
		bundler.Close()
		return nil, err
	}
	imgs := &images.Processor{CacheDir: filepath.Join(opt.Cache, "images"), FontDir: filepath.Join(opt.Root, "frontend", "fonts")}
	return &Builder{opt: opt, images: imgs, bundler: bundler, work: work}, nil
}

// Close stops the workers and releases the bundler. Closing twice is safe.
func (b *Builder) Close() error {
	if b.bundler == nil {
		return nil
	}
	var err error
	if b.pool != nil {
		err = b.pool.Close()
	}
	b.bundler.Close()
	b.bundler = nil
	os.RemoveAll(b.work)
	return err
}

// Build builds the site. have(path, key) reports whether the destination
// already holds that page with that key; such pages are not rendered again
// and come back with nil Data.
func (b *Builder) Build(have func(path, key string) bool) (*Site, error) {
	opt := b.opt
	out := &Site{Files: map[string]File{}}
	phase := func(name string, since time.Time) { out.Phases = append(out.Phases, Phase{name, time.Since(since)}) }

	cfg, err := site.Load(opt.Config, opt.Now)
	if err != nil {
		return nil, err
	}
	if opt.BaseURL != "" {
		if err := cfg.SetBaseURL(opt.BaseURL); err != nil {
			return nil, err
		}
	}
	tplPath := filepath.Join(opt.Root, "templates", "page.html")
	tplSrc, err := os.ReadFile(tplPath)
	if err != nil {
		return nil, err
	}
	shell, err := template.New("page.html").Parse(string(tplSrc))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tplPath, err)
	}

	// Bundling (and restarting Node when the worker changed) overlaps loading.
	type bundled struct {
		res  *bundle.Result
		took time.Duration
		err  error
	}
	ready := make(chan bundled, 1)
	go func() {
		t := time.Now()
		res, err := b.bundler.Build()
		if err == nil {
			err = b.startWorkers(res.Server)
		}
		ready <- bundled{res, time.Since(t), err}
	}()

	t := time.Now()
	stories, routes, lerr := load(cfg, opt)
	phase("load", t)
	var lib *media.Library
	var pictures map[string][]byte
	if lerr == nil {
		t = time.Now()
		var diags diag.List
		lib, pictures, diags = media.Process(b.images, cfg, opt.Stories, stories)
		lerr = diags.Err()
		phase("images", t)
	}
	bd := <-ready
	if lerr != nil {
		return nil, lerr
	}
	if bd.err != nil {
		return nil, bd.err
	}
	out.Phases = append(out.Phases, Phase{"bundle", bd.took})
	client := bd.res.Client
	shellKey := hashOf(bd.res.Hash, string(tplSrc))

	t = time.Now()
	pages := pagedata.NewBuilder(cfg, lib, stories)
	type page struct {
		route route.Route
		head  head.Head
		data  []byte
		key   string
		html  []byte
	}
	var list []*page
	byPath := map[string]*page{}
	var jobs []render.Job
	var waiting []*page
	for _, r := range routes {
		if r.IsAlias() {
			continue
		}
		h := head.For(cfg, lib, r)
		pd, err := json.Marshal(pages.For(r))
		if err != nil {
			return nil, err
		}
		headHTML := h.HTML()
		p := &page{route: r, head: h, data: pd, key: hashOf(shellKey, headHTML, string(pd))}
		list = append(list, p)
		byPath[r.Path] = p
		if have == nil || !have(route.File(r.Path), p.key) {
			jobs = append(jobs, render.Job{Path: r.Path, Data: pd})
			waiting = append(waiting, p)
		}
	}
	phase("head+data", t)

	t = time.Now()
	if len(jobs) > 0 {
		bodies, err := b.pool.Render(jobs, opt.Progress)
		if err != nil {
			return nil, err
		}
		for i, p := range waiting {
			var buf bytes.Buffer
			if err := shell.Execute(&buf, shellData{
				Lang: cfg.Language, Head: template.HTML(p.head.HTML()), CSS: client.CSS,
				Entry: client.Entry, Preload: client.Preload,
				Body: template.HTML(bodies[i]), Data: template.JS(p.data),
			}); err != nil {
				return nil, fmt.Errorf("%s: rendering %s: %w", tplPath, p.route.Path, err)
			}
			p.html = buf.Bytes()
		}
	}
	out.Rendered = len(jobs)
	phase("render", t)

	t = time.Now()
	put := func(path string, data []byte) { out.Files[path] = File{Key: hashOf(string(data)), Data: data} }
	var sitemap []output.URL
	newest := ""
	for _, s := range stories {
		if d := s.PublishedAt.Format("2006-01-02"); d > newest {
			newest = d
		}
	}
	for _, r := range routes {
		p := byPath[r.Canonical]
		out.Files[route.File(r.Path)] = File{Key: p.key, Data: p.html}
		if r.Kind != route.NotFound {
			hj, _ := json.Marshal(p.head)
			put(route.DataFile(r.Path), []byte(`{"head":`+string(hj)+`,"page":`+string(p.data)+`}`))
			out.Pages++
		}
		if r.Indexable() {
			lastmod := newest
			if r.Story != nil {
				lastmod = r.Story.PublishedAt.Format("2006-01-02")
			}
			sitemap = append(sitemap, output.URL{Loc: cfg.Abs(r.Path), LastMod: lastmod})
		}
	}
	for path, data := range pictures {
		put(path, data)
	}
	put("sitemap.xml", output.Sitemap(sitemap))
	put("news-sitemap.xml", feed.NewsSitemap(cfg, stories, opt.Now))
	put("robots.txt", output.Robots(cfg.Abs("/sitemap.xml"), cfg.Abs("/news-sitemap.xml")))
	for path, data := range feed.Files(cfg, stories) {
		put(path, data)
	}
	index, err := search.Build(stories)
	if err != nil {
		return nil, err
	}
	for path, data := range index {
		put(path, data)
	}
	for path, data := range client.Files {
		put(path, data)
	}
	if err := readTree(filepath.Join(opt.Root, "frontend", "public"), put); err != nil {
		return nil, err
	}
	phase("assemble", t)

	if !opt.NoLinkCheck {
		t = time.Now()
		pages := make(map[string][]byte, len(out.Files))
		for p, f := range out.Files {
			pages[p] = f.Data
		}
		if problems := linkcheck.CheckFiles(pages, cfg.BaseURL); len(problems) > 0 {
			var list []string
			for _, p := range problems {
				list = append(list, p.String())
			}
			return nil, fmt.Errorf("%d broken internal link(s) (magazine build --no-link-check skips this check):\n%s", len(problems), strings.Join(list, "\n"))
		}
		phase("link check", t)
	}
	out.Stories = len(stories)
	return out, nil
}

// startWorkers (re)starts Node when the server bundle changed.
func (b *Builder) startWorkers(server []byte) error {
	h := hashOf(string(server))
	if b.pool != nil && h == b.serverHash {
		return nil
	}
	if b.pool != nil {
		b.pool.Close()
		b.pool = nil
	}
	script := filepath.Join(b.work, "render-worker-"+h+".cjs")
	if err := os.WriteFile(script, server, 0o644); err != nil {
		return err
	}
	pool, err := render.Start(b.opt.Node, script, b.opt.Workers)
	if err != nil {
		return err
	}
	b.pool, b.serverHash = pool, h
	return nil
}

func hashOf(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))[:20]
}

// readTree passes every file under dir (shipped as it is) to put.
func readTree(dir string, put func(string, []byte)) error {
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return nil
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		put(filepath.ToSlash(rel), data)
		return nil
	})
}

// shellData fills templates/page.html.
type shellData struct {
	Lang    string
	Head    template.HTML
	CSS     []string
	Entry   string
	Preload []string
	Body    template.HTML
	Data    template.JS
}
