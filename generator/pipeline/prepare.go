package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/page/head"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/plan/search"
	"github.com/nivaran/magazine/generator/render/bundle"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/parallel"
)

// prepare is the first step: each page's head and page data, a chunk at a
// time on every core, and whether it changed since the last build. Once
// every page showing a story has its data, and the story cache is saved,
// the story's body is let go.
func (p *pages) prepare(ctx context.Context, out chan<- []*page) error {
	defer close(out)
	var shown []*story.Story
	for from, size := 0, 0; from < len(p.canon); from += size {
		size = chunkSize(from)
		stop := p.timer.start("head+data")
		todo := p.canon[from:min(from+size, len(p.canon))]
		batch := make([]*page, len(todo))
		err := p.restore(todo)
		if err == nil {
			err = parallel.For(len(todo), func(i int) (err error) {
				batch[i], err = p.prepareOne(todo[i])
				return err
			})
		}
		stop()
		if err != nil {
			return err
		}
		for _, r := range todo {
			if r.Story != nil {
				if p.showing[r.Story]--; p.showing[r.Story] == 0 {
					shown = append(shown, r.Story)
				}
			}
		}
		if !p.keepBodies {
			shown = p.drop(shown)
		}
		if err := send(ctx, out, batch); err != nil {
			return err
		}
	}
	return nil
}

// restore gives the stories of todo's pages the bodies the spill holds,
// each story once, on every core.
func (p *pages) restore(todo []route.Route) error {
	var spilled []*story.Story
	for _, r := range todo {
		// A page left for later needs no body now, unless the memo's test
		// mode makes a remembered one (checkMemo).
		if s := r.Story; s != nil && s.Body.Blocks == nil && p.src.spill.Holds(s) && (checkMemo || !p.defers(r)) &&
			!slices.Contains(spilled, s) {
			spilled = append(spilled, s)
		}
	}
	return parallel.For(len(spilled), func(i int) error {
		if err := p.src.spill.Restore(spilled[i]); err != nil {
			return fmt.Errorf("%s: %w", spilled[i].File, err)
		}
		return nil
	})
}

// drop lets the bodies of shown go, once the story cache no longer needs
// them: when the spill holds them, or the cache is saved. It returns those
// kept.
func (p *pages) drop(shown []*story.Story) []*story.Story {
	saved := false
	select {
	case <-p.src.cached:
		saved = true
	default:
	}
	kept := shown[:0]
	for _, s := range shown {
		if saved || p.src.spill.Holds(s) {
			s.Body.Blocks = nil
		} else {
			kept = append(kept, s)
		}
	}
	return kept
}

// prepareOne makes a page's head and data, unless the memo knows the page
// by its inputs and the output holds it.
func (p *pages) prepareOne(r route.Route) (*page, error) {
	var in blobcache.Key
	remembered := false
	if p.memo != nil && !p.moved[r.Path] {
		if shows, ok := p.data.Shows(r); ok {
			in, remembered = p.memo.inputs(r, shows)
		}
	}
	var known, stored string
	if remembered {
		stored, _ = p.memo.lookup(in)
		if stored != "" && p.have(route.File(r.Path), stored) {
			if !checkMemo {
				return &page{route: r, key: stored}, nil
			}
			known = stored
		}
	}
	if known == "" && p.defers(r) {
		// Made when asked for (pendingPages), head and data too; it may
		// turn out unchanged then.
		return &page{route: r, deferred: true, in: in, remembered: remembered}, nil
	}
	pg, err := p.makePage(r)
	if err != nil {
		return nil, err
	}
	if known != "" && known != pg.key {
		return nil, fmt.Errorf("%s: the page memo remembered a page that has changed", r.Path)
	}
	if remembered && stored != pg.key { // an entry given twice would never be compacted away
		p.memo.remember(in, pg.key)
	}
	// Only a page that changed since the last build is rendered and needs
	// the data it carries.
	if pg.changed = p.have == nil || !p.have(route.File(r.Path), pg.key); pg.changed {
		pg.inline = inline(pg.data)
	}
	return pg, nil
}

// defers reports a page to leave for later when it changed (deferring): a
// later page of a listing, or a story's page, unless the build was told
// its story changed (Builder.Changed): the page an editor just saved is
// made by the build. A page that redirects is always made.
func (p *pages) defers(r route.Route) bool {
	if !p.deferring || p.moved[r.Path] {
		return false
	}
	if r.List != nil {
		return r.List.Page > 1
	}
	return r.Kind == route.Story && !p.src.changed[filepath.Clean(r.Story.File)]
}

// makePage makes a page's head, data and key.
func (p *pages) makePage(r route.Route) (*page, error) {
	h := head.For(p.src.cfg, p.lib, r)
	if r.Kind == route.Search {
		h.Start(p.search.modules, p.search.data)
	}
	data, err := pageJSON(p.data.For(r))
	if err != nil {
		return nil, err
	}
	headHTML := h.HTML()
	return &page{route: r, head: h, headHTML: headHTML, data: data, key: hashOf(p.shellKey, headHTML, unsafeString(data))}, nil
}

// searchStart is what a search page's results wait for: its first script
// (bundle.Client.SearchFirst), which draws them without waiting for the
// entry, and the index's manifest and first shard (the newest stories; the
// others are fetched once the manifest has named them).
// Lighthouse mobile: results 2.2 s after the request when the entry drew
// them, having fetched the index itself; 1.35 s when the first script does.
func searchStart(cfg *site.Config, c *bundle.Client, stories int) (modules, data []string) {
	if c.SearchFirst == "" {
		return nil, nil
	}
	data = []string{cfg.WithBase("/" + search.Dir + "/manifest.json")}
	if stories > 0 {
		data = append(data, cfg.WithBase("/"+search.Dir+"/"+search.ShardName(0)))
	}
	return []string{cfg.WithBase(c.SearchFirst)}, data
}
