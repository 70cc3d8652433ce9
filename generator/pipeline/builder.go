package pipeline

import (
	"context"
	"encoding/hex"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/emit/output"
	"github.com/nivaran/magazine/generator/plan/images"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/related"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/plan/search"
	"github.com/nivaran/magazine/generator/render/bundle"
	"github.com/nivaran/magazine/generator/render/worker"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/diag"
	"github.com/nivaran/magazine/generator/util/scratch"
)

// Builder builds the magazine repeatedly, keeping what survives between
// builds: esbuild's incremental contexts, the Node render workers, and the
// picture processor's fonts and card backdrops.
type Builder struct {
	opt     Options
	images  *images.Processor
	bundler *bundle.Bundler
	store   *bundle.Store // where the first build looks for its bundle
	// keepBundle has every build use the first's bundle (kept): a Shared
	// builder's frontend does not change while it lends (a test binary).
	keepBundle bool
	kept       *bundle.Result
	// changed are the only files that changed since the last build, when
	// known (Changed): the next build uses the last bundle and reads only
	// those story files.
	changed    []string
	lastBundle *bundle.Result
	// storedBundle: the last bundle came from the store, so esbuild's
	// contexts have not built yet (Warm has them build).
	storedBundle bool
	bundled      bool // bundleOrStored was called: the store was asked
	pool         *worker.Pool
	// lazy: the workers start once a build has read its stories, not with
	// the builder, so a build stopped there (a story that is not one, a
	// mistake in site.yaml) starts no Node; for a small site, whose stories
	// are read sooner than Node starts, this costs no time.
	lazy    bool
	running string // hash of the server bundle the workers run
	work    string // the workers' folder, below node_modules
	release func() // removes work

	// keepText has the next build keep the stories' text, and loaded holds
	// what it read, every story that parsed: the spelling pass of a check
	// reads them, so a check loads and parses once.
	keepText bool
	loaded   struct {
		cfg     *site.Config
		stories []*story.Story
	}

	keepLast bool       // keep last after each good build (KeepState)
	dropped  bool       // the last build let the bodies go (Warm)
	last     *lastBuild // the last good build, for Edit
	// lastIndex is the last good build's search index (KeepState), whose
	// encoded docs the next takes where unchanged, and lastRelated its
	// related stories, whose answers it inherits; memo is what it keeps of
	// that build's page memo (see openMemo).
	lastIndex   *search.Index
	lastRelated *related.Index // until a build reads every story again
	memo        struct {
		cache  *blobcache.Cache
		header string
		sigs   map[*story.Story]storySig // until a build reads every story again
		// unsaved, in a builder that keeps its state, is the last build's
		// memo, written in an idle moment (Warm) rather than before the
		// build returns: 40-60 ms of magazine dev's rebuild at 10,000
		// stories.
		unsaved *pageMemo
	}
	stories *story.Cache     // the cache of parsed stories, kept by a KeepState builder
	words   *blobcache.Cache // the cache of search words, kept likewise

	deferListings bool          // DeferListings
	pmu           sync.Mutex    // guards pending, which Pending reads beside a build
	pending       *pendingPages // what the last good build deferred
	// late are the broken links of pages RenderPending made, by page
	// file, until a build makes the page again (LateProblems).
	late map[string]diag.List
	// learned are the page memo's entries for pages RenderPending made,
	// for the next build's memo.
	learned *learnedMemo
	icon    struct{ svg, ico []byte } // the last favicon.ico drawn, and what from
}

// previousBuild is a sink that holds the last build: Lost reports whether
// it had files that names (this build's) lacks, and Read returns one of its
// files.
type previousBuild interface {
	Lost(names []string) bool
	fileReader
}

// Sink receives the files of a build as they are made, one Put at a time.
// Data is nil for a file the destination already has (see Build).
type Sink interface {
	Put(path string, f File) error
}

// File is one output. Key changes whenever the content would.
type File = output.File

// Result describes a finished build.
type Result struct {
	Stories  int
	Pages    int // HTML pages in the site
	Files    int // files in the site
	Written  int // files written by this build (the rest were unchanged)
	Rendered int // pages rendered by this build
	Pending  int // pages left to render when asked for (DeferListings)
	Checked  int // pages whose links this build checked
	Phases   []Phase
	Total    time.Duration

	WorkerPeak int64           // the largest render worker's peak memory, in bytes
	Size       hostpolicy.Size // what the built site holds, as hosts count it (Run)

	Held  story.Held // drafts and scheduled stories left out
	Notes []string   // forms mode, launch notice: printed after the summary
}

// Phase is one timed step, for the summary and the benchmark. Phases
// overlap, so their times add up to more than the build's.
type Phase struct {
	Name string
	Took time.Duration
}

// NewBuilder prepares a builder and starts its render workers, which load
// React while the first build reads the stories; Close releases them. Its
// first build takes the stored bundle when nothing it is made from changed
// since it was stored; later builds (magazine dev's) bundle with esbuild,
// whose contexts then stay warm for the edits to come.
func NewBuilder(opt Options) (*Builder, error) {
	opt.defaults()
	if most := 4 * runtime.NumCPU(); opt.Workers > most {
		return nil, fmt.Errorf("--workers %d: at most %d here (four for each CPU): each is a Node process, and more only wait their turn", opt.Workers, most)
	}
	bundler, err := bundle.New(filepath.Join(opt.Root, "frontend"))
	if err != nil {
		return nil, err
	}
	// The render worker requires React from node_modules: it is written
	// below it, in the folder tools keep their caches in. A killed build's
	// folder goes when the next build starts.
	work, release, err := scratch.New(filepath.Join(opt.Root, "node_modules", ".cache"), "magazine-build-")
	if err != nil {
		bundler.Close()
		return nil, err
	}
	b := &Builder{opt: opt, bundler: bundler, work: work, release: release,
		store:  bundle.NewStore(filepath.Join(opt.Root, "node_modules", ".cache", "magazine-bundle"), filepath.Join(opt.Root, "frontend")),
		images: &images.Processor{CacheDir: filepath.Join(opt.Cache, "images"), FontDir: filepath.Join(opt.Root, "frontend", "fonts")}}
	if b.lazy = story.Count(opt.Stories) < smallSite; !b.lazy {
		if b.pool, err = worker.Start(opt.Node, work, opt.Workers); err != nil {
			b.Close()
			return nil, err
		}
	}
	if opt.Yield {
		worker.Yield()
	}
	return b, nil
}

// Close stops the workers and releases the bundler. Closing twice is safe.
func (b *Builder) Close() error {
	if b.bundler == nil {
		return nil
	}
	var err error
	if b.pool != nil {
		err = b.pool.Close()
		b.pool = nil
	}
	b.bundler.Close()
	b.bundler = nil
	b.release()
	return err
}

// Build builds the site into sink in four stages: load (the config, the
// template, the stories and routes; the frontend is bundled meanwhile),
// assets (pictures named, feeds, search index, sitemaps and the bundle's
// files), pages (head and data, render, link check) and the sink. Pictures
// are drawn and the assets made while the pages are.
//
// have(path, key) reports whether the destination already holds that file
// with that key (it is called from several goroutines at once); such pages
// and pictures are not made again and reach the sink with nil Data. Every problem stops the build with an error; the
// caller discards what the sink received.
func (b *Builder) Build(have func(path, key string) bool, sink Sink) (*Result, error) {
	b.last = nil
	b.memo.unsaved = nil // superseded: Warm saves this build's memo, if it succeeds
	// A builder that keeps its state keeps the stories' bodies too, for the
	// next build to take unchanged stories as they are (Changed); but not
	// in its first build: decoded from the cache of parsed stories, as they
	// are from then on, a body shares the cache's memory, while a story
	// parsed afresh holds its own text.
	keepBodies := b.keepLast && b.loaded.stories != nil
	b.dropped = !keepBodies
	if b.changed == nil { // of stories this build will not see again
		b.memo.sigs, b.lastRelated = nil, nil
	}
	t := &timer{}
	src, bnd, err := b.load(t)
	if err != nil {
		return nil, err
	}
	defer src.saved()

	stop := t.start("pictures")
	lib, pics, diags := media.Plan(b.images, src.cfg, b.opt.Stories, src.stories)
	stop()
	if len(diags) > 0 {
		return nil, append(diags, src.problems...).Err()
	}

	res := &Result{Stories: len(src.stories), Held: src.held, Notes: src.cfg.Notes(b.opt.Now)}
	g, ctx := errgroup.WithContext(context.Background())
	var mu sync.Mutex
	put := func(path string, f File) error {
		mu.Lock()
		defer mu.Unlock()
		if err := ctx.Err(); err != nil {
			return err // another stage failed: stop early
		}
		res.Files++
		return sink.Put(path, f)
	}
	g.Go(func() error {
		defer t.start("draw")()
		need := func(path string) bool { return have == nil || !have(path, hashOf(path)) }
		return pics.Draw(need, func(path string, data []byte) error {
			// Picture names are made from everything that decides their bytes.
			return put(path, File{Key: hashOf(path), Data: data})
		})
	})
	assets := make(chan []string, 1) // the names of the files made by assets()
	var searchIndex *search.Index
	g.Go(func() error {
		stop := t.start("assets")
		names, idx, err := b.assets(src, bnd.Client.Files, put)
		stop()
		if b.keepLast { // for the next build; else only its files are needed
			searchIndex = idx
		}
		assets <- append(names, pics.Paths()...)
		return err
	})
	p := &pages{b: b, src: src, lib: lib, bundle: bnd, have: have, put: put, timer: t, res: res,
		keepBodies: keepBodies, deferring: b.deferListings}
	if prev, ok := sink.(previousBuild); ok {
		p.previous = prev
	}
	g.Go(func() error { return p.produce(ctx, assets) })
	if err := g.Wait(); err != nil {
		if len(src.problems) > 0 {
			return nil, src.problems // the cause, most likely, and the editor's to fix
		}
		return nil, err
	}
	res.Phases = t.phases()
	problems := append(p.problems, src.problems...)
	if !b.opt.NoLinkCheck {
		problems = append(problems, checkHeld(src, p.names)...)
	}
	if err := problems.Unique().Err(); err != nil {
		return nil, err
	}
	if p.memo != nil {
		if b.keepLast {
			b.memo.unsaved = p.memo
		} else {
			_ = p.memo.save() // only a speed-up
		}
	}
	if b.deferListings {
		res.Pending = len(p.deferred)
		b.setPending(p)
		b.forgetLate(src.routes)
	}
	if b.keepLast {
		b.lastIndex, b.lastRelated = searchIndex, p.data.Related()
		if m := p.memo; m != nil {
			b.memo.cache, b.memo.header, b.memo.sigs = m.cache, m.header, m.sigs
		}
		k := &lastBuild{src: src, pages: p, index: searchIndex, names: p.names, byFile: map[string]*story.Story{}}
		for _, s := range b.loaded.stories {
			k.byFile[s.File] = s
		}
		b.last = k
	}
	return res, nil
}

// source is what the load stage read.
type source struct {
	cfg     *site.Config
	stories []*story.Story // published by this build
	held    story.Held     // left out: drafts, scheduled stories
	routes  []route.Route
	changed map[string]bool // the story files Changed named; nil when any may have changed
	tpl     *template.Template
	tplPath string
	tplSrc  []byte
	saved   func()          // waits until the story cache is saved, then closes spill
	cached  <-chan struct{} // closed once it is: stories may change from then on
	spill   *story.Spill    // the bodies of the stories parsed; nil keeps them in memory
	// problems of stories left out, their pages' files, and the stories (content)
	problems  diag.List
	elsewhere []string
	left      []*story.Story
}

// load reads the config, the template, the stories and the routes while
// the frontend is bundled and the workers get the server bundle. Content
// problems are reported before bundling ones: they are the editor's to fix.
func (b *Builder) load(t *timer) (*source, *bundle.Result, error) {
	var bnd *bundle.Result
	var bundling errgroup.Group
	changed := b.changed
	b.changed = nil
	read := make(chan bool, 1) // whether the stories were read without a problem
	bundling.Go(func() (err error) {
		defer t.start("bundle")()
		bnd, err = b.bundle(changed != nil, read)
		return err
	})
	src, err := b.read(t, b.unchanged(changed))
	read <- err == nil
	if src != nil && changed != nil {
		src.changed = map[string]bool{}
		for _, f := range changed {
			src.changed[filepath.Clean(f)] = true
		}
	}
	if berr := bundling.Wait(); err == nil {
		err = berr
	}
	if err != nil {
		if src != nil {
			src.saved()
		}
		return nil, nil, err
	}
	// The bundle is made for every site alike; its files name each other
	// below this site's base path.
	return src, bnd.WithBase(src.cfg.BasePath), nil
}

func (b *Builder) read(t *timer, unchanged map[string]*story.Story) (*source, error) {
	defer t.start("load")()
	opt := b.opt
	cfg, err := opt.loadConfig()
	if err != nil {
		return nil, err
	}
	none := make(chan struct{})
	close(none)
	src := &source{cfg: cfg, tplPath: filepath.Join(opt.Root, "templates", "page.html"), saved: func() {}, cached: none}
	if src.tplSrc, err = os.ReadFile(src.tplPath); err != nil {
		return nil, err
	}
	if src.tpl, err = template.New("page.html").Parse(string(src.tplSrc)); err != nil {
		return nil, fmt.Errorf("%s: %w", src.tplPath, err)
	}
	sopt := checkedAgainst(cfg)
	sopt.Cache = b.storyCache(filepath.Join(opt.Cache, storyCacheFile), sopt)
	sopt.Unchanged, sopt.KeepText = unchanged, b.keepText
	// Only to save memory: without it, a build holds every body.
	src.spill, _ = story.NewSpill(opt.Cache, sopt)
	sopt.Spill = src.spill
	c, all, err := load(cfg, opt, sopt)
	b.loaded.cfg, b.loaded.stories = cfg, all
	if err != nil {
		// The stories parsed are good for the next build; and a cache kept
		// in memory (magazine dev) must not keep values only the spill has.
		_ = sopt.Cache.Save()
		src.spill.Close()
		return nil, err
	}
	src.stories, src.held, src.routes = c.stories, c.held, c.routes
	src.problems, src.elsewhere, src.left = c.problems, c.elsewhere, c.left
	parsed := c.cache
	// Only a speed-up: a cache that cannot be written is no reason to fail.
	// It is written while the pages are made.
	done := make(chan struct{})
	go func() {
		_ = parsed.Save()
		close(done)
	}()
	src.saved, src.cached = func() { <-done; src.spill.Close() }, done
	return src, nil
}

// storyCache opens the cache of parsed stories at path, or for a builder
// that keeps its state reuses the last build's (story.Cache.Reuse) from
// its second build on: the first parses most stories afresh, and keeping
// what it saves in memory too would add the whole cache to its peak.
func (b *Builder) storyCache(path string, opt story.Options) *story.Cache {
	if !b.keepLast || b.loaded.stories == nil {
		return story.OpenCache(path, opt)
	}
	b.stories = b.stories.Reuse(path, opt)
	return b.stories
}

// bundle bundles the frontend and has the workers run its server side,
// restarting them when it changed since they loaded one.
func (b *Builder) bundle(same bool, read <-chan bool) (*bundle.Result, error) {
	if b.kept != nil {
		return b.kept, nil
	}
	if same && b.lastBundle != nil {
		return b.lastBundle, nil
	}
	res, err := b.bundleOrStored()
	if err != nil {
		return nil, err
	}
	h := hashOf(string(res.Server))
	if h == b.running {
		b.lastBundle = res
		return res, nil
	}
	if b.running != "" || b.pool == nil {
		if b.pool == nil && b.lazy && !<-read {
			return res, nil // the build stops at its stories
		}
		// Until the workers run this bundle, they run none (RenderPending).
		b.running = ""
		if b.pool != nil {
			b.pool.Close()
		}
		if b.pool, err = worker.Start(b.opt.Node, b.work, b.opt.Workers); err != nil {
			b.pool = nil // the next build starts them again
			return nil, err
		}
	}
	script := filepath.Join(b.work, "render-worker-"+h+".cjs")
	if err := os.WriteFile(script, res.Server, 0o644); err != nil {
		return nil, err
	}
	if err := b.pool.Load(script); err != nil {
		return nil, err
	}
	b.running, b.lastBundle = h, res
	if b.keepBundle {
		b.kept = res
	}
	return res, nil
}

// Warm readies the next build of a builder that keeps its state, after a
// first build that let the stories' bodies go as their pages were made: it
// reads the cache of parsed stories into memory and gives each story its
// body back, as the next build would have to, so that build does not wait
// for it (at 10,000 stories, 0.3-0.5 s of the first rebuild of a magazine
// dev session). When the first build took the stored bundle, esbuild
// bundles once too, so that the first edit of the frontend is bundled
// incrementally (0.1 s, not 0.4 s). And it writes the last build's page
// memo. It is for an idle moment between builds, never beside one.
func (b *Builder) Warm() {
	if m := b.memo.unsaved; m != nil {
		b.memo.unsaved = nil
		_ = m.save() // only a speed-up
	}
	if b.keepLast && b.storedBundle {
		b.storedBundle = false
		b.bundler.Build() // the stored bundle, again: only what esbuild keeps of it matters
	}
	b.restoreBodies()
}

// restoreBodies gives each story the body the last build let go (Warm),
// from the cache of parsed stories.
func (b *Builder) restoreBodies() {
	if !b.keepLast || !b.dropped || b.loaded.cfg == nil {
		return
	}
	b.dropped = false
	cache := b.storyCache(filepath.Join(b.opt.Cache, storyCacheFile), checkedAgainst(b.loaded.cfg))
	for _, s := range b.loaded.stories {
		if s.Key != "" {
			cache.RestoreBody(s)
		}
	}
}

// Changed tells the builder that, since its last build, only these story
// files changed (magazine dev's watcher knows). The next build then uses
// the last bundle rather than ask esbuild, and takes every other story as
// the last build had it (or from the cache of parsed stories) without
// reading its file: at 10,000 stories, esbuild's check took 0.2-0.4 s of
// CPU, reading the files 0.15 s and decoding their stories 0.15 s.
func (b *Builder) Changed(stories []string) { b.changed = append([]string{}, stories...) }

// unchanged are the story files the last build read that did not change
// since (Changed), or nil when that is not known.
func (b *Builder) unchanged(changed []string) map[string]*story.Story {
	if changed == nil || b.loaded.stories == nil {
		return nil
	}
	seen := make(map[string]*story.Story, len(b.loaded.stories))
	for _, s := range b.loaded.stories {
		if s.Key != "" { // not a story Edit parsed
			seen[filepath.Clean(s.File)] = s
		}
	}
	for _, f := range changed {
		delete(seen, filepath.Clean(f))
	}
	return seen
}

// bundleOrStored is the stored bundle when it is current, else esbuild's.
// A builder that took the stored bundle keeps it while the frontend stays
// as it was: esbuild, which has not seen it, would make it all again.
func (b *Builder) bundleOrStored() (*bundle.Result, error) {
	if b.storedBundle && b.lastBundle != nil && b.store.Unchanged() {
		return b.lastBundle, nil
	}
	first := !b.bundled
	b.bundled = true
	if first {
		defer b.store.Turn()()
		if res := b.store.Load(); res != nil {
			b.storedBundle = true
			return res, nil
		}
	}
	b.storedBundle = false
	res, err := b.bundler.Build()
	if err == nil && first {
		_ = b.store.Save(res) // only a speed-up
	}
	return res, err
}

// timer adds up the time of each phase, in the order they first ran.
type timer struct {
	mu    sync.Mutex
	names []string
	took  map[string]time.Duration
}

// start times a phase until the returned function is called.
func (t *timer) start(name string) func() {
	begin := time.Now()
	return func() { t.add(name, time.Since(begin)) }
}

func (t *timer) add(name string, d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.took == nil {
		t.took = map[string]time.Duration{}
	}
	if _, ok := t.took[name]; !ok {
		t.names = append(t.names, name)
	}
	t.took[name] += d
}

func (t *timer) phases() []Phase {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Phase, len(t.names))
	for i, n := range t.names {
		out[i] = Phase{n, t.took[n]}
	}
	return out
}

func hashOf(parts ...string) string {
	k := blobcache.KeyOf(parts...)
	return hex.EncodeToString(k[:10])
}

// unsafeString is b as a string without a copy, for hashing: b is never
// written again.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
