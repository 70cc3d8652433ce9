package pipeline

import (
	"context"
	"fmt"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/page/head"
	"github.com/nivaran/magazine/generator/page/pagedata"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/render/bundle"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/diag"
)

// chunk is how many pages are prepared and rendered at a time: enough to
// keep the workers' pipes full, few enough that memory stays flat however
// large the site (a page in flight holds ~100 KB, and up to seven chunks
// are in flight, one in each step and one waiting between two). The first
// chunk is smaller, so rendering starts sooner.
const chunk = 128

// chunkSize is the size of the chunk after done pages: 64, then chunk.
func chunkSize(done int) int {
	return min(chunk, 64+done)
}

// pages is the pages stage of one build.
type pages struct {
	b      *Builder
	src    *source
	lib    *media.Library
	bundle *bundle.Result
	have   func(path, key string) bool
	put    func(path string, f File) error
	timer  *timer
	res    *Result
	// previous, when set, holds the last build: if it had files this one
	// lacks (lost), unchanged pages are link-checked too, as it holds them.
	previous previousBuild
	lost     bool
	// recheck are the unchanged pages a deferring build leaves RenderPending
	// to check the links of: every one when files were lost, and those with
	// late problems, whose missing files may have come since.
	recheck []route.Route

	problems diag.List // broken links
	names    []string  // every file of the site: the link check knows them
	// keepBodies keeps the stories' bodies once their pages are prepared
	// (Edit, and Build in a builder that keeps its state: the stories are
	// kept for the next one).
	keepBodies bool
	// deferring leaves changed pages unrendered (defers), as pending pages
	// (Builder.DeferListings); emit collects them in deferred.
	deferring bool
	deferred  []*page
	// later: these are pending pages made after their build, whose broken
	// links the builder keeps (Builder.LateProblems).
	later bool

	// Set by layOut, for the steps.
	shell    *shell
	shellKey string
	data     *pagedata.Builder
	search   struct{ modules, data []string } // what a search page starts with (searchStart)
	canon    []route.Route                    // one route per page to render, story pages first
	aliases  map[string][]route.Route         // rendered path -> every route showing its page
	showing  map[*story.Story]int             // pages left to prepare per story
	moved    map[string]bool                  // rendered paths with a redirecting page
	memo     *pageMemo                        // when the output holds a build: see pageMemo
}

// page is one canonical route on its way through the stage.
type page struct {
	route    route.Route
	head     head.Head
	headHTML string // head.HTML(), used for the key and the page
	data     []byte // the page data, which the worker renders
	key      string // the page's: the shell's key, its head and data
	changed  bool   // its key is not the last build's: it is rendered
	// deferred: left to make when asked for (pages.deferring), with the
	// inputs the memo knows it by, if remembered.
	deferred   bool
	taken      bool // by a RenderPending making it
	in         blobcache.Key
	remembered bool
	inline     []byte   // a changed page's data as the page carries it (inline)
	html       [][]byte // in parts (shell.page); nil: unchanged since the last build
}

// renderedChunk is a chunk after Node: the pages rendered (those that
// changed) and their bodies.
type renderedChunk struct {
	batch   []*page
	waiting []*page
	bodies  []string
}

// produce makes every page, a chunk at a time, in four steps that overlap
// (each its own goroutine and function): prepare the head and page data,
// render the bodies in Node, wrap them in the shell with their CSS, then
// check their links and put them. While Node renders one chunk, Go wraps
// the one before, checks and puts the one before that, and prepares the
// one after. One chunk may wait between two steps, so Node never waits
// for Go to take the chunk it rendered before it gets the next. The link
// check waits for the names of every other file on assets.
func (p *pages) produce(ctx context.Context, assets <-chan []string) error {
	if err := p.layOut(); err != nil {
		return err
	}
	g, ctx := errgroup.WithContext(ctx)
	prepared, rendered, wrapped := make(chan []*page, 1), make(chan renderedChunk, 1), make(chan []*page, 1)
	g.Go(func() error { return p.prepare(ctx, prepared) })
	g.Go(func() error { return p.renderBodies(ctx, prepared, rendered) })
	g.Go(func() error { return p.wrap(ctx, rendered, wrapped) })
	g.Go(func() error { return p.checkAndPut(ctx, assets, wrapped) })
	return g.Wait()
}

// layOut readies what every step shares: the shell, the host files (their
// CSP allows the shell's inline scripts by hash), and the pages to render:
// one per story and layout, the other paths showing that same page getting
// copies of it.
func (p *pages) layOut() error {
	cfg, client := p.src.cfg, p.bundle.Client
	base := shellData{Lang: cfg.Language, AdClient: cfg.AdPublisherID, Boot: cfg.WithBase(client.Boot), Base: cfg.BasePath}
	for _, css := range client.CSS {
		base.Styles = append(base.Styles, cfg.WithBase(css))
	}
	var err error
	if p.shell, err = newShell(p.src.tpl, base); err != nil {
		return fmt.Errorf("%s: %w", p.src.tplPath, err)
	}
	// The CSP allows the shell's own inline scripts by hash; each page
	// carries it too, for hosts that send no headers.
	blank, err := p.shell.run("", "", nil)
	if err != nil {
		return err
	}
	policy := sitePolicy(cfg, inlineScriptHashes(blank))
	base.CSP = hostpolicy.MetaCSP(policy)
	if p.shell, err = newShell(p.src.tpl, base); err != nil {
		return fmt.Errorf("%s: %w", p.src.tplPath, err)
	}
	p.shellKey = hashOf(p.bundle.Hash, string(p.src.tplSrc), base.CSP)
	for path, data := range hostFiles(cfg, p.src.routes, policy) {
		if err := p.put(path, File{Key: hashOf(unsafeString(data)), Data: data}); err != nil {
			return err
		}
		p.names = append(p.names, path)
	}
	p.search.modules, p.search.data = searchStart(cfg, client, len(p.src.stories))
	p.data = pagedata.NewBuilder(cfg, p.lib, p.src.stories, p.b.opt.Now)
	p.data.Related().Inherit(p.b.lastRelated)

	p.moved = map[string]bool{}
	type view struct{ canonical, layout string }
	firstOf := make(map[view]string, len(p.src.routes)) // the path rendered for each
	p.aliases = make(map[string][]route.Route, len(p.src.routes))
	for _, r := range p.src.routes {
		view := view{r.Canonical, r.Layout()}
		first, ok := firstOf[view]
		if !ok {
			first, firstOf[view] = r.Path, r.Path
			p.canon = append(p.canon, r)
		}
		p.aliases[first] = append(p.aliases[first], r)
		if r.Moved() {
			p.moved[first] = true
		}
	}
	// A story's body is dropped once the pages showing it have their data
	// (10,000 stories hold ~120 MB of body blocks), but not before the story
	// cache has encoded it. Story pages go first, so the bodies go early.
	slices.SortStableFunc(p.canon, func(a, b route.Route) int {
		switch {
		case a.Story != nil && b.Story == nil:
			return -1
		case a.Story == nil && b.Story != nil:
			return 1
		}
		return 0
	})
	p.showing = make(map[*story.Story]int, len(p.src.stories))
	for _, r := range p.canon {
		if r.Story != nil {
			p.showing[r.Story]++
		}
	}
	if p.have != nil {
		p.openMemo()
	}
	return nil
}

// send hands a chunk to the next step, unless the build stopped.
func send[T any](ctx context.Context, ch chan<- T, v T) error {
	select {
	case ch <- v:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
