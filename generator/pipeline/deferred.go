package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/linkcheck"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/render/worker"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/diag"
)

// pendingPages are the pages the last good build left to render when asked
// for (DeferListings), by the file of each path showing them, with the
// pages stage that prepared them: its shell, aliases and file names.
type pendingPages struct {
	mu      sync.Mutex
	p       *pages
	byFile  map[string]*page
	order   []*page // those left, as the build prepared them
	checker *linkcheck.Checker
	made    []*page // made by the last RenderPending: what the memo learns
	running string  // the server bundle the build rendered with (Builder.running)
	recheck []route.Route
}

// A Sink that gives back the files it holds (magazine dev's site) has
// RenderPending check, once the pending pages are made, the links of the
// pages the build did not make again (pages.recheck), against its files.
type fileReader interface {
	Read(path string) ([]byte, error)
}

// DeferListings has each build leave the pages of a listing after its
// first, and the pages of stories other than those Changed named, unmade
// when they changed (and say so in Result.Pending), for RenderPending to
// make when asked. A story added or deleted moves every page of its
// category's, tags', author's and the archive's listings: at 10,000
// stories, ~1,190 pages, 0.6 s of rendering and 0.2 s of page data that
// magazine dev no longer waits for before it serves the story; and its
// first build leaves every story page, 10,077 of 14,215 (5-6 s). The sink
// gets each such page as a File with neither key nor data: it keeps the
// file it has at that path, and its key, until RenderPending puts the page.
func (b *Builder) DeferListings() { b.deferListings = true }

// setPending keeps the deferred pages of a good build, replacing the last's:
// those it left are deferred again or made by this one. The pages the last
// left to check again and not yet checked are still to check (as this
// build's pages at their paths): this build, having lost no file of the
// last, would not name them.
func (b *Builder) setPending(p *pages) {
	d := &pendingPages{p: p, byFile: map[string]*page{}, order: p.deferred, running: b.running, recheck: p.recheck}
	for _, pg := range p.deferred {
		for _, r := range p.aliases[pg.route.Path] {
			d.byFile[route.File(r.Path)] = pg
		}
	}
	b.pmu.Lock()
	if last := b.pending; last != nil && len(last.recheck) > 0 {
		named := map[string]bool{}
		for _, r := range d.recheck {
			named[r.Path] = true
		}
		now := map[string]route.Route{}
		for _, r := range p.canon {
			now[r.Path] = r
		}
		for _, r := range last.recheck {
			if r, ok := now[r.Path]; ok && !named[r.Path] {
				d.recheck = append(d.recheck, r)
				named[r.Path] = true
			}
		}
	}
	b.pending = d
	b.pmu.Unlock()
}

// Pending reports whether file (a path in the site, as a Sink is given it)
// is a page the last good build left to RenderPending. It may be called
// while a build runs.
func (b *Builder) Pending(file string) bool {
	b.pmu.Lock()
	d := b.pending
	b.pmu.Unlock()
	if d == nil {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	pg := d.byFile[file]
	return pg != nil && pg.deferred
}

// RenderPending makes the pending pages showing files, or when files is
// empty the next few of them: their head and data, and, those that changed
// (have: whether the destination holds a file with a key), their bodies;
// it checks their links, puts them in sink and reports how many pages are
// left. A page is Pending until sink.Put returned for it: a sink that a
// server reads from writes each file into place as it is put. It must not run beside a build, nor beside itself. A broken link
// is reported once the pages are put: they are no worse for it than the
// build would have made them.
func (b *Builder) RenderPending(files []string, have func(path, key string) bool, sink Sink) (left int, err error) {
	b.pmu.Lock()
	d := b.pending
	b.pmu.Unlock()
	if d == nil || d.running != b.running {
		// None; or a build that failed since has the workers run another
		// frontend: these pages wait for the next good build.
		return 0, nil
	}
	if batch := d.take(files); len(batch) > 0 {
		b.giveBodies(d, batch)
		var put bool
		if put, err = d.make(b.pool, batch, have, sink); !put {
			d.putBack(batch)
		}
	} else if len(files) == 0 {
		err = d.recheckSome(sink)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.order = slices.DeleteFunc(d.order, func(pg *page) bool { return !pg.deferred })
	if err == nil && d.p.memo != nil {
		if b.learned == nil || b.learned.header != d.p.memo.header {
			b.learned = &learnedMemo{header: d.p.memo.header, entries: map[blobcache.Key]string{}}
		}
		for _, pg := range d.made {
			if pg.remembered {
				b.learned.entries[pg.in] = pg.key
			}
		}
	}
	d.made = d.made[:0]
	return len(d.order) + len(d.recheck), err
}

// LateProblems are the broken links of the pages RenderPending made that
// no build or Edit has made again since, nor removed: a build that
// succeeds does not make them go away, as a build that made those pages
// itself would have failed on them.
func (b *Builder) LateProblems() diag.List {
	var all diag.List
	for _, l := range b.late {
		all = append(all, l...)
	}
	all = all.Unique()
	all.Sort()
	return all
}

// forgetLate drops the late problems of pages the site no longer has.
func (b *Builder) forgetLate(routes []route.Route) {
	if len(b.late) == 0 {
		return
	}
	files := make(map[string]bool, len(routes))
	for _, r := range routes {
		files[route.File(r.Path)] = true
	}
	for f := range b.late {
		if !files[f] {
			delete(b.late, f)
		}
	}
}

// giveBodies gives the stories of a batch's pages the bodies a first build
// let go once it had left their pages for later: every story's at once, as
// Warm would, or (after a build that failed since, at any step) each from
// the cache of parsed stories, as d's build parsed them.
func (b *Builder) giveBodies(d *pendingPages, batch []*page) {
	var cache *story.Cache
	for _, pg := range batch {
		s := pg.route.Story
		if s == nil || s.Body.Blocks != nil {
			continue
		}
		b.restoreBodies()
		if s.Body.Blocks == nil {
			if cache == nil {
				cache = b.storyCache(filepath.Join(b.opt.Cache, storyCacheFile), checkedAgainst(d.p.src.cfg))
			}
			cache.RestoreBody(s)
		}
	}
}

// settlePending tells the pending pages of routes that Edit changed their
// story: made, when Edit put them; otherwise (it failed) no longer
// remembered by the inputs their build knew, the story before the edit.
// Either way, the page memo must not learn that those inputs give the
// edited page.
func (b *Builder) settlePending(routes []route.Route, made bool) {
	b.pmu.Lock()
	d := b.pending
	b.pmu.Unlock()
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, r := range routes {
		if pg := d.byFile[route.File(r.Path)]; pg != nil {
			pg.deferred = pg.deferred && !made
			pg.remembered = false
		}
	}
	d.order = slices.DeleteFunc(d.order, func(pg *page) bool { return !pg.deferred })
}

// pendingChunk is how many pending pages RenderPending makes at a time
// unasked: few enough (~5 ms) that an edit saved meanwhile barely waits.
const pendingChunk = 8

// take picks the pages to make: those showing files, else the next few.
func (d *pendingPages) take(files []string) []*page {
	d.mu.Lock()
	defer d.mu.Unlock()
	var batch []*page
	add := func(pg *page) {
		if pg != nil && pg.deferred && !pg.taken {
			pg.taken = true // no other call makes it too
			batch = append(batch, pg)
		}
	}
	for _, f := range files {
		add(d.byFile[f])
	}
	for i := 0; len(files) == 0 && i < len(d.order) && len(batch) < pendingChunk; i++ {
		add(d.order[i])
	}
	return batch
}

// make makes a batch of pending pages as the build would have, and puts
// them (put), then reports their broken links.
func (d *pendingPages) make(pool *worker.Pool, batch []*page, have func(path, key string) bool, sink Sink) (put bool, err error) {
	p := *d.p // its shell, aliases and names; this call's sink and counts
	p.res, p.problems, p.previous, p.lost, p.recheck, p.deferred, p.put, p.later = &Result{}, nil, nil, false, nil, nil, sink.Put, true
	made := make([]*page, len(batch))
	var jobs []worker.Job
	var changed []*page
	for i, pg := range batch {
		if s := pg.route.Story; s != nil && s.Body.Blocks == nil {
			return false, fmt.Errorf("%s: the story's text could not be read back from the cache of parsed stories (%s); save the story again to rebuild its page", s.File, p.b.opt.Cache)
		}
		m, err := p.makePage(pg.route)
		if err != nil {
			return false, err
		}
		made[i] = m
		if m.changed = !have(route.File(m.route.Path), m.key); m.changed {
			jobs = append(jobs, worker.Job{Path: m.route.Path, Data: m.data})
			changed = append(changed, m)
		}
	}
	bodies, err := pool.Render(jobs, nil)
	if err != nil {
		return false, err
	}
	for i, m := range changed {
		if m.html, err = p.shell.page(m.headHTML, bodies[i], inline(m.data)); err != nil {
			return false, fmt.Errorf("%s: rendering %s: %w", p.src.tplPath, m.route.Path, err)
		}
	}
	if !p.b.opt.NoLinkCheck {
		if d.checker == nil {
			d.checker = linkcheck.NewChecker(p.names, p.src.cfg.BaseURL)
		}
		if err := p.check(d.checker, changed); err != nil {
			return false, err
		}
		for _, m := range made {
			if !m.changed && p.b.late[route.File(m.route.Path)] != nil {
				d.recheck = append(d.recheck, m.route) // as the site holds it
			}
		}
	}
	if err := p.emit(made); err != nil {
		return false, err
	}
	d.mu.Lock()
	for i, pg := range batch {
		// Pending until now: the sink holds the page once Put returned.
		pg.key, pg.deferred, pg.taken = made[i].key, false, false
	}
	d.mu.Unlock()
	d.made = append(d.made, batch...)
	return true, p.problems.Unique().Err()
}

// recheckChunk is how many pages recheckSome checks at a time: ~5 ms.
const recheckChunk = 64

// recheckSome checks the links of the next few pages of d.recheck as the
// sink holds them. Their problems stand as late ones, until a build or
// recheck finds them gone.
func (d *pendingPages) recheckSome(sink Sink) error {
	r, ok := sink.(fileReader)
	if !ok || d.p.b.opt.NoLinkCheck {
		d.recheck = nil
		return nil
	}
	n := min(recheckChunk, len(d.recheck))
	p := *d.p
	p.res, p.problems, p.previous, p.lost, p.later = &Result{}, nil, nil, false, true
	var pages []*page
	for _, rt := range d.recheck[:n] {
		html, err := r.Read(route.File(rt.Path))
		if errors.Is(err, fs.ErrNotExist) {
			continue // made again, or gone, since
		}
		if err != nil {
			return err // left to check: the next call tries again
		}
		pages = append(pages, &page{route: rt, html: [][]byte{html}})
	}
	d.recheck = d.recheck[n:]
	if d.checker == nil {
		d.checker = linkcheck.NewChecker(p.names, p.src.cfg.BaseURL)
	}
	if err := p.check(d.checker, pages); err != nil {
		return err
	}
	return p.problems.Unique().Err()
}

// putBack leaves the pages of a batch that failed pending.
func (d *pendingPages) putBack(batch []*page) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, pg := range batch {
		pg.taken = false
	}
}
