package build

import (
	"context"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/bundle"
	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/head"
	"github.com/nivaran/magazine/generator/hostpolicy"
	"github.com/nivaran/magazine/generator/linkcheck"
	"github.com/nivaran/magazine/generator/media"
	"github.com/nivaran/magazine/generator/pagedata"
	"github.com/nivaran/magazine/generator/parallel"
	"github.com/nivaran/magazine/generator/render"
	"github.com/nivaran/magazine/generator/route"
	"github.com/nivaran/magazine/generator/search"
	"github.com/nivaran/magazine/generator/story"
	"github.com/nivaran/magazine/generator/usedcss"
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
	// lacks, unchanged pages are link-checked too, as it holds them.
	previous previousBuild

	problems diag.List // broken links
}

// page is one canonical route on its way through the stage.
type page struct {
	route   route.Route
	head    head.Head
	tags    string   // head.HTML(), used for the key and the page
	file    []byte   // the data file: {"head":…,"page":…}
	data    []byte   // the page data, within file
	dataKey string   // the data file's key
	key     string   // the page's: the shell, tags and data file's keys
	html    [][]byte // in parts (shell.page); nil: unchanged since the last build
}

// make prepares, renders, checks and puts the pages a chunk at a time, in
// four steps that overlap: while Node renders one chunk, Go puts the one
// before in the shell, checks and puts the one before that, and prepares
// the one after. The link check waits for the names of every other file
// on assets.
func (p *pages) make(ctx context.Context, assets <-chan []string) error {
	cfg, client := p.src.cfg, p.bundle.Client
	base := shellData{Lang: cfg.Language, AdClient: cfg.AdPublisherID, Boot: client.Boot}
	sh, err := newShell(p.src.tpl, base)
	if err != nil {
		return fmt.Errorf("%s: %w", p.src.tplPath, err)
	}
	// The CSP allows the shell's own inline scripts by hash; each page
	// carries it too, for hosts that send no headers.
	blank, err := sh.run("", "", "", nil)
	if err != nil {
		return err
	}
	policy := sitePolicy(cfg, inlineScriptHashes(blank))
	base.CSP = hostpolicy.MetaCSP(policy)
	if sh, err = newShell(p.src.tpl, base); err != nil {
		return fmt.Errorf("%s: %w", p.src.tplPath, err)
	}
	sheet, err := usedcss.Parse(stylesheet(client))
	if err != nil {
		return fmt.Errorf("the frontend's stylesheet: %w", err)
	}
	sheet.Every(sh.markup())
	shellKey := hashOf(p.bundle.Hash, string(p.src.tplSrc), base.CSP)
	for path, data := range hostFiles(cfg, p.src.routes, policy) {
		if err := p.put(path, File{Key: hashOf(string(data)), Data: data}); err != nil {
			return err
		}
	}
	searchScripts, searchStyles, searchData := searchStart(client, len(p.src.stories))
	data := pagedata.NewBuilder(cfg, p.lib, p.src.stories, p.b.opt.Now)
	// One page is rendered per story and layout; the other paths showing
	// that same page get copies of it.
	aliases := map[string][]route.Route{} // rendered path -> every route showing its page
	firstOf := map[string]string{}        // canonical path + layout -> the path rendered for it
	var canon []route.Route
	for _, r := range p.src.routes {
		view := r.Canonical + " " + r.Layout()
		first, ok := firstOf[view]
		if !ok {
			first, firstOf[view] = r.Path, r.Path
			canon = append(canon, r)
		}
		aliases[first] = append(aliases[first], r)
	}

	// A story's body is dropped once the pages showing it have their data
	// (10,000 stories hold ~120 MB of body blocks), but not before the story
	// cache has encoded it. Story pages go first, so the bodies go early.
	slices.SortStableFunc(canon, func(a, b route.Route) int {
		switch {
		case a.Story != nil && b.Story == nil:
			return -1
		case a.Story == nil && b.Story != nil:
			return 1
		}
		return 0
	})
	showing := map[*story.Story]int{}
	for _, r := range canon {
		if r.Story != nil {
			showing[r.Story]++
		}
	}
	var shown []*story.Story

	g, ctx := errgroup.WithContext(ctx)
	// One chunk may wait between steps, so Node never waits for Go to
	// take the chunk it rendered before it gets the next.
	prepared, rendered := make(chan []*page, 1), make(chan []*page, 1)
	send := func(ch chan<- []*page, batch []*page) error {
		select {
		case ch <- batch:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// Head and page data, on every core.
	g.Go(func() error {
		defer close(prepared)
		for from, size := 0, 0; from < len(canon); from += size {
			size = chunkSize(from)
			stop := p.timer.start("head+data")
			todo := canon[from:min(from+size, len(canon))]
			batch := make([]*page, len(todo))
			err := parallel.For(len(todo), func(i int) error {
				r := todo[i]
				h := head.For(cfg, p.lib, r)
				if r.Kind == route.Search {
					h.Start(searchScripts, searchStyles, searchData)
				}
				file, pd, err := dataFile(h, data.For(r))
				tags := h.HTML()
				dataKey := hashOf(unsafeString(file))
				batch[i] = &page{route: r, head: h, tags: tags, file: file, data: pd, dataKey: dataKey, key: hashOf(shellKey, tags, dataKey)}
				return err
			})
			stop()
			if err != nil {
				return err
			}
			for _, r := range todo {
				if r.Story != nil {
					if showing[r.Story]--; showing[r.Story] == 0 {
						shown = append(shown, r.Story)
					}
				}
			}
			select {
			case <-p.src.cached:
				for _, s := range shown {
					s.Body.Blocks = nil
				}
				shown = shown[:0]
			default:
			}
			if err := send(prepared, batch); err != nil {
				return err
			}
		}
		return nil
	})
	// The pages that changed, rendered in Node; then put in the shell, in
	// a step of their own, so Node renders the next chunk meanwhile.
	type renderedChunk struct {
		batch   []*page
		waiting []*page // the pages rendered, with their bodies
		bodies  []string
	}
	bodied := make(chan renderedChunk, 1)
	g.Go(func() error {
		defer close(bodied)
		done := 0
		for batch := range prepared {
			stop := p.timer.start("render")
			var jobs []render.Job
			var waiting []*page
			for _, pg := range batch {
				if p.have == nil || !p.have(route.File(pg.route.Path), pg.key) {
					jobs = append(jobs, render.Job{Path: pg.route.Path, Data: pg.data})
					waiting = append(waiting, pg)
				}
			}
			var progress func(n, _ int)
			if p.b.opt.Progress != nil {
				// The total is an upper bound: unchanged pages are known a chunk at a time.
				progress = func(n, _ int) { p.b.opt.Progress(done+n, len(canon)) }
			}
			bodies, err := p.b.pool.Render(jobs, progress)
			stop()
			if err != nil {
				return err
			}
			done += len(jobs)
			select {
			case bodied <- renderedChunk{batch, waiting, bodies}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	g.Go(func() error {
		defer close(rendered)
		for c := range bodied {
			stop := p.timer.start("shell")
			var err error
			for i := 0; err == nil && i < len(c.bodies); i++ {
				pg := c.waiting[i]
				style := sheet.For(pg.tags, c.bodies[i])
				if pg.html, err = sh.page(style, pg.tags, c.bodies[i], pg.data); err != nil {
					err = fmt.Errorf("%s: rendering %s: %w", p.src.tplPath, pg.route.Path, err)
				}
			}
			stop()
			if err != nil {
				return err
			}
			p.res.Rendered += len(c.bodies)
			if err := send(rendered, c.batch); err != nil {
				return err
			}
		}
		return nil
	})
	// Link check and put, once every other file's name is known.
	g.Go(func() error {
		var checker *linkcheck.Checker
		if !p.b.opt.NoLinkCheck {
			var names []string
			select {
			case names = <-assets:
			case <-ctx.Done():
				return ctx.Err()
			}
			for _, r := range p.src.routes {
				names = append(names, route.File(r.Path), route.DataFile(r.Path))
			}
			checker = linkcheck.NewChecker(names, cfg.BaseURL)
			// A page that did not change may link to a file that is gone:
			// then unchanged pages are checked again, from the last build.
			if p.previous != nil && !p.previous.Lost(names) {
				p.previous = nil
			}
		}
		for batch := range rendered {
			if checker != nil {
				stop := p.timer.start("link check")
				files := make(map[string][][]byte, len(batch))
				from := make(map[string]*story.Story, len(batch))
				for _, pg := range batch {
					html, f := pg.html, route.File(pg.route.Path)
					if html == nil && p.previous != nil {
						old, err := p.previous.Read(f)
						if err != nil {
							return err
						}
						html = [][]byte{old}
					}
					if html != nil {
						files[f], from[f] = html, pg.route.Story
					}
				}
				for _, pr := range checker.Check(files) {
					p.problems = append(p.problems, brokenLink(pr, from[pr.Page]))
				}
				stop()
			}
			stop := p.timer.start("emit")
			err := p.emit(batch, aliases)
			stop()
			if err != nil {
				return err
			}
		}
		return nil
	})
	return g.Wait()
}

// emit puts a chunk's pages and data files: each page at every path showing
// it, a redirecting page (aliasHTML) at each path that moved to its story,
// and the page data at every path, for client-side navigation.
func (p *pages) emit(batch []*page, aliases map[string][]route.Route) error {
	for _, pg := range batch {
		for _, r := range aliases[pg.route.Path] {
			f := File{Key: pg.key}
			if pg.html != nil {
				f.Data, f.More = pg.html[0], pg.html[1:]
			}
			if r.Moved() {
				html, err := aliasHTML(p.src.cfg, pg.route.Canonical, pg.head.Title)
				if err != nil {
					return err
				}
				f = File{Key: hashOf(string(html)), Data: html}
			}
			if err := p.put(route.File(r.Path), f); err != nil {
				return err
			}
			if pg.route.Kind != route.NotFound {
				p.res.Pages++
				if err := p.put(route.DataFile(r.Path), File{Key: pg.dataKey, Data: pg.file}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// searchStart is what a search page's results wait for: its first script
// (bundle.Client.SearchFirst), which draws them without waiting for the
// entry, the whole stylesheet (the page inlines only the rules of its own
// markup, not the results'), and the index's manifest and first shard (the
// newest stories; the others are fetched once the manifest has named them).
// Lighthouse mobile: results 2.2 s after the request when the entry drew
// them, having fetched the index itself; 1.35 s when the first script does.
func searchStart(c *bundle.Client, stories int) (modules, styles, data []string) {
	if c.SearchFirst == "" {
		return nil, nil, nil
	}
	data = []string{"/" + search.Dir + "/manifest.json"}
	if stories > 0 {
		data = append(data, "/"+search.Dir+"/"+search.ShardName(0))
	}
	return []string{c.SearchFirst}, c.CSS, data
}

// stylesheet is the entry's stylesheet. Each page inlines the rules its
// markup can use (package usedcss): a stylesheet link blocks the first paint
// for a round trip on a slow connection, longer than the few kilobytes of
// gzipped CSS take to arrive with the page (Lighthouse mobile, home: LCP 3.1
// -> 2.3 s, perf 80 -> 91). The boot script loads the whole stylesheet after
// the first paint, before the scripts that add to the page.
func stylesheet(c *bundle.Client) string {
	var b strings.Builder
	for _, p := range c.CSS {
		b.Write(c.Files[strings.TrimPrefix(p, "/")])
	}
	return b.String()
}

// shellData fills templates/page.html.
type shellData struct {
	Lang     string
	CSP      string // the Content-Security-Policy for the page's <meta http-equiv> (hostpolicy.MetaCSP)
	AdClient string // loads the ad script only when a publisher id is configured
	Head     template.HTML
	Style    template.CSS // the rules of the stylesheet this page can use
	Boot     string       // the page's one script, which loads the entry after first paint
	Body     template.HTML
	Data     template.JS
}
