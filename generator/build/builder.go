package build

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/nivaran/magazine/generator/blobcache"
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
	"github.com/nivaran/magazine/generator/story"
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

// Sink receives the files of a build as they are made. Put may be called
// from one goroutine at a time; Data is nil for a page the caller already
// has (see Build).
type Sink interface {
	Put(path string, f File) error
}

// File is one output. Key changes whenever the content would.
type File struct {
	Key  string
	Data []byte
}

// Summary describes a finished build.
type Summary struct {
	Stories  int
	Pages    int // routes with HTML
	Files    int
	Rendered int // pages rendered by this build (the rest were unchanged)
	Phases   []Phase
}

// chunk is how many pages are prepared and rendered at a time: enough to
// keep the workers' pipes full, few enough that memory stays flat however
// large the site. The first chunks are smaller, so rendering starts sooner.
const chunk = 512

// chunkSize is the size of the chunk after done pages: 64, 128, 256, then chunk.
func chunkSize(done int) int {
	return min(chunk, 64+done)
}

// NewBuilder prepares a builder; Close releases its workers.
func NewBuilder(opt Options) (*Builder, error) {
	opt.defaults()
	bundler, err := bundle.New(filepath.Join(opt.Root, "frontend"))
	if err != nil {
		return nil, err
	}
	// The render worker requires React from node_modules: it is written
	// below it, in the folder tools keep their caches in.
	cacheDir := filepath.Join(opt.Root, "node_modules", ".cache")
	os.MkdirAll(cacheDir, 0o755)
	work, err := os.MkdirTemp(cacheDir, "magazine-build-")
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

// Build builds the site into sink. have(path, key) reports whether the
// destination already holds that page with that key; such pages are not
// rendered again and reach the sink with nil Data. Every problem stops the
// build with an error; the caller discards what the sink received.
func (b *Builder) Build(have func(path, key string) bool, sink Sink) (*Summary, error) {
	opt := b.opt
	sum := &Summary{}
	phase := func(name string, since time.Time) { sum.Phases = append(sum.Phases, Phase{name, time.Since(since)}) }
	timed := map[string]time.Duration{}

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
	shellTpl, err := template.New("page.html").Parse(string(tplSrc))
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
	stories, routes, parsed, lerr := load(cfg, opt)
	phase("load", t)
	if parsed != nil {
		// Only a speed-up: a cache that cannot be written is no reason to
		// fail. Written while the pages are made, and done before returning.
		saved := make(chan struct{})
		go func() {
			_ = parsed.Save()
			close(saved)
		}()
		defer func() { <-saved }()
	}
	var lib *media.Library
	var pics *media.Pictures
	if lerr == nil {
		t = time.Now()
		var diags diag.List
		lib, pics, diags = media.Plan(b.images, cfg, opt.Stories, stories)
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
	sum.Phases = append(sum.Phases, Phase{"bundle", bd.took})
	client := bd.res.Client
	shellKey := hashOf(bd.res.Hash, string(tplSrc))

	var putMu sync.Mutex // pages and pictures are put from two goroutines
	put := func(path string, f File) error {
		putMu.Lock()
		defer putMu.Unlock()
		sum.Files++
		return sink.Put(path, f)
	}
	// The covers and social cards are drawn while the pages are made.
	drawn := make(chan error, 1)
	var drawTook time.Duration
	go func() {
		t := time.Now()
		err := pics.Draw(func(path string, data []byte) error {
			return put(path, File{Key: hashOf(string(data)), Data: data})
		})
		drawTook = time.Since(t)
		drawn <- err
	}()
	// Everything but the pages (feeds, the search index, sitemaps, the
	// bundle) is made while the first pages are prepared. The link check
	// waits for it: it must know every file before checking a page.
	type extras struct {
		files map[string][]byte
		err   error
		took  time.Duration
	}
	extraReady := make(chan extras, 1)
	go func() {
		t := time.Now()
		files, err := extraFiles(cfg, opt, stories, routes, client.Files)
		extraReady <- extras{files, err, time.Since(t)}
	}()
	// finishExtras runs in the goroutine that emits pages, the sink's only caller.
	finishExtras := func(run *pageRun) (*linkcheck.Checker, error) {
		x := <-extraReady
		if x.err != nil {
			return nil, x.err
		}
		t := time.Now()
		for path, data := range x.files {
			if err := put(path, File{Key: hashOf(string(data)), Data: data}); err != nil {
				return nil, err
			}
		}
		var checker *linkcheck.Checker
		if !opt.NoLinkCheck {
			names := make([]string, 0, len(x.files)+2*len(routes))
			for p := range x.files {
				names = append(names, p)
			}
			names = append(names, pics.Paths()...)
			for _, r := range routes {
				names = append(names, route.File(r.Path), route.DataFile(r.Path))
			}
			checker = linkcheck.NewChecker(names, cfg.BaseURL)
		}
		run.took("assemble", x.took+time.Since(t))
		return checker, nil
	}

	// The pages, a chunk at a time.
	pages := pagedata.NewBuilder(cfg, lib, stories)
	aliases := map[string][]string{} // canonical path -> every path showing it
	var canon []route.Route
	for _, r := range routes {
		if !r.IsAlias() {
			canon = append(canon, r)
		}
		aliases[r.Canonical] = append(aliases[r.Canonical], r.Path)
	}
	sh, err := newShell(shellTpl, shellData{Lang: cfg.Language, CSS: client.CSS, AdClient: cfg.AdPublisherID, Entry: client.Entry, Preload: client.Preload})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tplPath, err)
	}
	run := &pageRun{cfg: cfg, lib: lib, pages: pages, shell: sh, tplPath: tplPath, shellKey: shellKey,
		extras: finishExtras, have: have, put: put, progress: opt.Progress, timed: timed, sum: sum}
	problems, err := b.emitPages(run, canon, aliases)
	if derr := <-drawn; err == nil {
		err = derr
	}
	timed["draw"] = drawTook
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"assemble", "head+data", "render", "link check", "emit", "draw"} {
		if d, ok := timed[name]; ok {
			sum.Phases = append(sum.Phases, Phase{name, d})
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("%d broken internal link(s) (magazine build --no-link-check skips this check):\n%s", len(problems), strings.Join(problems, "\n"))
	}
	sum.Stories = len(stories)
	return sum, nil
}

// extraFiles makes every file but the pages: pictures, the client bundle,
// feeds, the search index, sitemaps, robots.txt and the static files.
func extraFiles(cfg *site.Config, opt Options, stories []*story.Story, routes []route.Route, sets ...map[string][]byte) (map[string][]byte, error) {
	words := blobcache.Open(filepath.Join(opt.Cache, "search-words.bin"), "search words "+blobcache.Program())
	index, err := search.BuildWith(stories, words)
	if err != nil {
		return nil, err
	}
	_ = words.Save() // only a speed-up: a cache that cannot be written is no reason to fail
	extra := map[string][]byte{
		"sitemap.xml":      output.Sitemap(sitemap(cfg, stories, routes)),
		"news-sitemap.xml": feed.NewsSitemap(cfg, stories, opt.Now),
		"robots.txt":       output.Robots(cfg.Abs("/sitemap.xml"), cfg.Abs("/news-sitemap.xml")),
	}
	for _, set := range append(sets, feed.Files(cfg, stories), index) {
		for path, data := range set {
			extra[path] = data
		}
	}
	err = readTree(filepath.Join(opt.Root, "frontend", "public"), func(p string, d []byte) { extra[p] = d })
	return extra, err
}

// sitemap lists canonical, indexable URLs with the date they last changed.
func sitemap(cfg *site.Config, stories []*story.Story, routes []route.Route) []output.URL {
	newest := ""
	for _, s := range stories {
		if d := s.PublishedAt.Format("2006-01-02"); d > newest {
			newest = d
		}
	}
	var urls []output.URL
	for _, r := range routes {
		if !r.Indexable() {
			continue
		}
		lastmod := newest
		if r.Story != nil {
			lastmod = r.Story.PublishedAt.Format("2006-01-02")
		}
		urls = append(urls, output.URL{Loc: cfg.Abs(r.Path), LastMod: lastmod})
	}
	return urls
}

// page is one canonical route on its way through emitPages.
type page struct {
	route route.Route
	head  head.Head
	tags  string // head.HTML(), used for the key and the page
	data  []byte
	key   string
	html  []byte // nil: unchanged since the last build
}

// pageRun is what preparing, rendering, checking and emitting pages needs.
type pageRun struct {
	cfg      *site.Config
	lib      *media.Library
	pages    *pagedata.Builder
	shell    *shell
	tplPath  string
	shellKey string
	extras   func(*pageRun) (*linkcheck.Checker, error) // puts every other file; a nil Checker: no link check
	have     func(path, key string) bool
	put      func(path string, f File) error
	progress func(done, total int)
	sum      *Summary

	mu    sync.Mutex // guards timed
	timed map[string]time.Duration
}

// took adds d to a phase's time; phases run in several goroutines.
func (run *pageRun) took(name string, d time.Duration) {
	run.mu.Lock()
	run.timed[name] += d
	run.mu.Unlock()
}

// emitPages prepares, renders, checks and emits the pages a chunk at a time,
// so memory stays flat however large the site. The three stages overlap:
// while Node renders one chunk, Go checks and writes the one before and
// prepares the one after. It returns the broken links.
func (b *Builder) emitPages(run *pageRun, canon []route.Route, aliases map[string][]string) ([]string, error) {
	timed := func(name string, since time.Time) { run.took(name, time.Since(since)) }
	prepared, rendered := make(chan []*page, 1), make(chan []*page, 1)
	stop := make(chan struct{})
	var stopOnce sync.Once
	halt := func() { stopOnce.Do(func() { close(stop) }) }
	var failures [2]error
	var stages sync.WaitGroup

	// Prepare: head and page data, in parallel.
	stages.Go(func() {
		defer close(prepared)
		for from, size := 0, 0; from < len(canon); from += size {
			size = chunkSize(from)
			t := time.Now()
			todo := canon[from:min(from+size, len(canon))]
			batch := make([]*page, len(todo))
			var failed error
			var once sync.Once
			var wg sync.WaitGroup
			for w := range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for i := w; i < len(todo); i += runtime.GOMAXPROCS(0) {
						r := todo[i]
						h := head.For(run.cfg, run.lib, r)
						pd, err := json.Marshal(run.pages.For(r))
						if err != nil {
							once.Do(func() { failed = err })
							return
						}
						tags := h.HTML()
						batch[i] = &page{route: r, head: h, tags: tags, data: pd, key: hashOf(run.shellKey, tags, string(pd))}
					}
				})
			}
			wg.Wait()
			timed("head+data", t)
			if failed != nil {
				failures[0] = failed
				halt()
				return
			}
			select {
			case prepared <- batch:
			case <-stop:
				return
			}
		}
	})

	// Render the pages that changed, in Node, and put them in the shell.
	stages.Go(func() {
		defer close(rendered)
		done := 0
		for batch := range prepared {
			t := time.Now()
			var jobs []render.Job
			var waiting []*page
			for _, p := range batch {
				if run.have == nil || !run.have(route.File(p.route.Path), p.key) {
					jobs = append(jobs, render.Job{Path: p.route.Path, Data: p.data})
					waiting = append(waiting, p)
				}
			}
			if err := b.renderBatch(run, jobs, done, len(canon), func(i int, body string) (err error) {
				p := waiting[i]
				if p.html, err = run.shell.page(p.tags, body, p.data); err != nil {
					return fmt.Errorf("%s: rendering %s: %w", run.tplPath, p.route.Path, err)
				}
				return nil
			}); err != nil {
				failures[1] = err
				halt()
				return
			}
			done += len(jobs)
			run.sum.Rendered += len(jobs)
			timed("render", t)
			select {
			case rendered <- batch:
			case <-stop:
				return
			}
		}
	})

	// Check links and emit, here, after every other file.
	var problems []string
	var checker *linkcheck.Checker
	var failed error
	extrasIn := false
	for batch := range rendered {
		if !extrasIn {
			extrasIn = true
			if checker, failed = run.extras(run); failed != nil {
				halt()
				break
			}
		}
		t := time.Now()
		if checker != nil {
			files := make(map[string][]byte, len(batch))
			for _, p := range batch {
				if p.html != nil {
					files[route.File(p.route.Path)] = p.html
				}
			}
			for _, pr := range checker.Check(files) {
				problems = append(problems, pr.String())
			}
		}
		timed("link check", t)
		t = time.Now()
		if failed = emit(run, batch, aliases); failed != nil {
			halt()
			break
		}
		timed("emit", t)
	}
	stages.Wait()
	for _, err := range failures {
		if err != nil {
			return nil, err
		}
	}
	if failed == nil && !extrasIn {
		_, failed = run.extras(run)
	}
	return problems, failed
}

// emit hands a chunk's pages and data files, at every path that shows them,
// to the sink.
func emit(run *pageRun, batch []*page, aliases map[string][]string) error {
	for _, p := range batch {
		hj, err := json.Marshal(p.head)
		if err != nil {
			return err
		}
		data := []byte(`{"head":` + string(hj) + `,"page":` + string(p.data) + `}`)
		for _, path := range aliases[p.route.Path] {
			if err := run.put(route.File(path), File{Key: p.key, Data: p.html}); err != nil {
				return err
			}
			if p.route.Kind != route.NotFound {
				run.sum.Pages++
				if err := run.put(route.DataFile(path), File{Key: hashOf(string(data)), Data: data}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// renderBatch renders jobs and passes each page's HTML to fill, in order.
func (b *Builder) renderBatch(run *pageRun, jobs []render.Job, done, total int, fill func(int, string) error) error {
	if len(jobs) == 0 {
		return nil
	}
	var progress func(n, _ int)
	if run.progress != nil {
		// total is an upper bound: unchanged pages are known a chunk at a time.
		progress = func(n, _ int) { run.progress(done+n, total) }
	}
	bodies, err := b.pool.Render(jobs, progress)
	if err != nil {
		return err
	}
	for i, body := range bodies {
		if err := fill(i, body); err != nil {
			return err
		}
	}
	return nil
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
	k := blobcache.KeyOf(parts...)
	return hex.EncodeToString(k[:10])
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
	Lang     string
	AdClient string // loads the ad script only when a publisher id is configured
	Head     template.HTML
	CSS      []string
	Entry    string
	Preload  []string
	Body     template.HTML
	Data     template.JS
}
