// Package build runs the whole pipeline: content -> routes -> head and page
// data -> render -> files, and swaps the result into place atomically.
package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/nivaran/magazine/generator/bundle"
	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/head"
	"github.com/nivaran/magazine/generator/media"
	"github.com/nivaran/magazine/generator/output"
	"github.com/nivaran/magazine/generator/pagedata"
	"github.com/nivaran/magazine/generator/render"
	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/site"
	"github.com/nivaran/magazine/generator/story"
)

// Options say where everything is. Zero values mean the repository layout.
type Options struct {
	Root     string // repository root; other paths are relative to it
	Config   string // site.yaml
	Stories  string // stories/
	Out      string // dist/
	BaseURL  string // overrides the config's baseURL when set
	Workers  int    // Node render workers; 0 means 2
	Node     string // node executable; "" means "node" on PATH
	Now      time.Time
	LogLevel int
}

func (o *Options) defaults() {
	if o.Root == "" {
		o.Root = "."
	}
	at := func(p *string, def string) {
		if *p == "" {
			*p = filepath.Join(o.Root, def)
		}
	}
	at(&o.Config, "site.yaml")
	at(&o.Stories, "stories")
	at(&o.Out, "dist")
	if o.Workers <= 0 {
		o.Workers = 2
	}
	if o.Node == "" {
		o.Node = "node"
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
}

// Result describes a finished build.
type Result struct {
	Stories int
	Pages   int // HTML files written
	Files   int
	Phases  []Phase
	Total   time.Duration
}

// Phase is one timed step, for the summary and the benchmark.
type Phase struct {
	Name string
	Took time.Duration
}

// Check loads and validates content without writing anything.
func Check(opt Options) (int, error) {
	opt.defaults()
	cfg, err := site.Load(opt.Config, opt.Now)
	if err != nil {
		return 0, err
	}
	stories, routes, err := load(cfg, opt)
	_ = routes
	return len(stories), err
}

func load(cfg *site.Config, opt Options) ([]*story.Story, []route.Route, error) {
	stories, diags := story.LoadDir(opt.Stories, story.Options{
		Categories: cfg.Categories, ImageDir: opt.Stories,
	})
	routes, more := route.Table(stories, cfg.PerPage)
	diags = append(diags, more...)
	diags = append(diags, checkHome(cfg, opt.Config, stories)...)
	if err := diags.Err(); err != nil {
		return nil, nil, err
	}
	return stories, routes, nil
}

// Run builds the site. On any error the previous output stays untouched.
func Run(opt Options) (res *Result, err error) {
	opt.defaults()
	start := time.Now()
	res = &Result{}
	phase := func(name string, since time.Time) { res.Phases = append(res.Phases, Phase{name, time.Since(since)}) }

	cfg, err := site.Load(opt.Config, opt.Now)
	if err != nil {
		return nil, err
	}
	if opt.BaseURL != "" {
		if err := cfg.SetBaseURL(opt.BaseURL); err != nil {
			return nil, err
		}
	}
	shell, err := template.ParseFiles(filepath.Join(opt.Root, "templates", "page.html"))
	if err != nil {
		return nil, err
	}
	out, err := output.Begin(opt.Out)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			out.Abort()
		}
	}()
	work, err := os.MkdirTemp("", "magazine-build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)

	// Bundling and starting Node overlap with loading the stories.
	type bundled struct {
		client *bundle.Client
		pool   *render.Pool
		took   time.Duration
		err    error
	}
	ready := make(chan bundled, 1)
	go func() {
		t := time.Now()
		var b bundled
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.client, b.err = bundle.BuildClient(filepath.Join(opt.Root, "frontend"), out.Tmp)
		}()
		worker := filepath.Join(work, "render-worker.cjs")
		serr := bundle.BuildServer(filepath.Join(opt.Root, "frontend"), worker)
		if serr == nil {
			b.pool, serr = render.Start(opt.Node, worker, opt.Workers)
		}
		wg.Wait()
		if b.err == nil {
			b.err = serr
		}
		b.took = time.Since(t)
		ready <- b
	}()

	t := time.Now()
	stories, routes, lerr := load(cfg, opt)
	phase("load", t)
	b := <-ready
	if b.pool != nil {
		defer func() {
			if cerr := b.pool.Close(); cerr != nil && err == nil {
				err = cerr
			}
		}()
	}
	if lerr != nil {
		return nil, lerr
	}
	if b.err != nil {
		return nil, b.err
	}
	res.Phases = append(res.Phases, Phase{"bundle", b.took})

	t = time.Now()
	pages := pagedata.NewBuilder(cfg, stories)
	byPath := map[string]int{} // canonical path -> index of its rendered page
	var jobs []render.Job
	var heads []head.Head
	var data [][]byte
	for _, r := range routes {
		if r.IsAlias() {
			continue
		}
		h := head.For(cfg, r)
		pd, merr := json.Marshal(pages.For(r))
		if merr != nil {
			return nil, merr
		}
		byPath[r.Path] = len(jobs)
		jobs = append(jobs, render.Job{Path: r.Path, Data: pd})
		heads = append(heads, h)
		data = append(data, pd)
	}
	phase("head+data", t)

	t = time.Now()
	bodies, err := b.pool.Render(jobs)
	if err != nil {
		return nil, err
	}
	phase("render", t)

	t = time.Now()
	files := make(chan file, 256)
	var werr error
	var wwg sync.WaitGroup
	var once sync.Once
	// Writing is bound by file-system latency, not CPU: more writers than cores.
	for range 4 * runtime.GOMAXPROCS(0) {
		wwg.Add(1)
		go func() {
			defer wwg.Done()
			for f := range files {
				if e := out.Write(f.path, f.data); e != nil {
					once.Do(func() { werr = e })
				}
			}
		}()
	}
	count := 0
	emit := func(path string, d []byte) { files <- file{path, d}; count++ }

	htmlOf := make([][]byte, len(jobs))
	dataOf := make([][]byte, len(jobs))
	for i := range jobs {
		var buf bytes.Buffer
		if e := shell.Execute(&buf, shellData{
			Lang: cfg.Language, Head: template.HTML(heads[i].HTML()), CSS: b.client.CSS,
			Entry: b.client.Entry, Preload: b.client.Preload,
			Body: template.HTML(bodies[i]), Data: template.JS(data[i]),
		}); e != nil {
			close(files)
			wwg.Wait()
			return nil, fmt.Errorf("template for %s: %w", jobs[i].Path, e)
		}
		htmlOf[i] = buf.Bytes()
		hj, _ := json.Marshal(heads[i])
		dataOf[i] = []byte(`{"head":` + string(hj) + `,"page":` + string(data[i]) + `}`)
	}
	var sitemap []output.URL
	newest := ""
	for _, s := range stories {
		if d := s.PublishedAt.Format("2006-01-02"); d > newest {
			newest = d
		}
	}
	for _, r := range routes {
		i := byPath[r.Canonical]
		emit(route.File(r.Path), htmlOf[i])
		if r.Kind != route.NotFound {
			emit(route.DataFile(r.Path), dataOf[i])
			res.Pages++
		}
		if r.Indexable() {
			lastmod := newest
			if r.Story != nil {
				lastmod = r.Story.PublishedAt.Format("2006-01-02")
			}
			sitemap = append(sitemap, output.URL{Loc: cfg.Abs(r.Path), LastMod: lastmod})
		}
	}
	for _, s := range stories {
		if img := media.Featured(s); img.Src == media.CoverPath(s) {
			emit(img.Src, media.Cover(s))
		}
	}
	emit("sitemap.xml", output.Sitemap(sitemap))
	emit("robots.txt", output.Robots(cfg.Abs("/sitemap.xml")))
	cerr := copyTree(filepath.Join(opt.Root, "frontend", "public"), emit)
	close(files)
	wwg.Wait()
	if cerr != nil {
		return nil, cerr
	}
	if werr != nil {
		return nil, werr
	}
	if err := out.Commit(); err != nil {
		return nil, err
	}
	phase("write", t)
	res.Stories = len(stories)
	res.Files = count + len(b.client.Files)
	res.Total = time.Since(start)
	return res, nil
}

type file struct {
	path string
	data []byte
}

type shellData struct {
	Lang    string
	Head    template.HTML
	CSS     []string
	Entry   string
	Preload []string
	Body    template.HTML
	Data    template.JS
}

// copyTree emits every file under dir (static files shipped as they are).
func copyTree(dir string, emit func(string, []byte)) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		emit(filepath.ToSlash(rel), data)
		return nil
	})
}

// Diagnostics extracts the content problems from a build error, if it is one.
func Diagnostics(err error) (diag.List, bool) {
	l, ok := err.(diag.List)
	return l, ok
}

// checkHome reports home-page sections that name stories that do not exist.
func checkHome(cfg *site.Config, file string, stories []*story.Story) diag.List {
	ids := map[int]bool{}
	for _, s := range stories {
		ids[s.ID] = true
	}
	var diags diag.List
	h := cfg.Home
	sections := []struct {
		name string
		ids  []int
	}{{"lead", []int{h.Lead}}, {"featured", h.Featured}, {"spotlight", h.Spotlight}, {"editorsPick", h.EditorsPick}}
	for _, sec := range sections {
		for _, id := range sec.ids {
			if id != 0 && !ids[id] {
				diags.Add(file, 0, 0, "home.%s: no story has id %d", sec.name, id)
			}
		}
	}
	return diags
}
