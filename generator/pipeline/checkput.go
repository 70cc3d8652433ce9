package pipeline

import (
	"context"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/linkcheck"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/diag"
)

// checkAndPut is the last step: the links of each page are checked, once
// every other file's name is known (from assets), and the pages and their
// data files go to the sink.
func (p *pages) checkAndPut(ctx context.Context, assets <-chan []string, in <-chan []*page) error {
	var checker *linkcheck.Checker
	if !p.b.opt.NoLinkCheck {
		var names []string
		select {
		case names = <-assets:
		case <-ctx.Done():
			return ctx.Err()
		}
		for _, r := range p.src.routes {
			names = append(names, route.File(r.Path))
		}
		names = append(names, p.src.elsewhere...)
		names = append(names, p.names...) // the host files
		p.names = names
		checker = linkcheck.NewChecker(names, p.src.cfg.BaseURL)
		// A page that did not change may link to a file that is gone:
		// then unchanged pages are checked again, from the last build.
		p.lost = p.previous != nil && p.previous.Lost(names)
	}
	for batch := range in {
		if checker != nil {
			stop := p.timer.start("link check")
			err := p.check(checker, batch)
			stop()
			if err != nil {
				return err
			}
		}
		stop := p.timer.start("emit")
		err := p.emit(batch)
		stop()
		if err != nil {
			return err
		}
	}
	return nil
}

// check adds the broken links of a chunk's pages to p.problems.
func (p *pages) check(checker *linkcheck.Checker, batch []*page) error {
	files := make(map[string][][]byte, len(batch))
	from := make(map[string]*story.Story, len(batch))
	for _, pg := range batch {
		if pg.deferred {
			continue // checked once rendered (renderPending)
		}
		html, f := pg.html, route.File(pg.route.Path)
		if html == nil && p.previous != nil && p.deferring {
			// magazine dev: checked after the build, not before it serves.
			if p.lost || p.b.late[f] != nil {
				p.recheck = append(p.recheck, pg.route)
			}
			continue
		}
		if html == nil && p.lost {
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
	p.res.Checked += len(files)
	for f := range files {
		delete(p.b.late, f) // made again: its problems are this run's
	}
	for _, pr := range checker.Check(files) {
		d := brokenLink(pr, from[pr.Page], p.src.cfg.BasePath, p.src.held)
		p.problems = append(p.problems, d...)
		if p.later {
			if p.b.late == nil {
				p.b.late = map[string]diag.List{}
			}
			p.b.late[pr.Page] = append(p.b.late[pr.Page], d...)
		}
	}
	return nil
}

// emit puts a chunk's pages: each page at every path showing it, and a
// redirecting page (aliasHTML) at each path that moved to its story. A
// page is one file: client-side navigation reads the next page's data from
// the page itself (frontend/src/navigation.ts).
func (p *pages) emit(batch []*page) error {
	for _, pg := range batch {
		if pg.deferred {
			p.deferred = append(p.deferred, pg)
		}
		for _, r := range p.aliases[pg.route.Path] {
			f := File{Key: pg.key}
			if pg.html != nil {
				f.Data, f.More = pg.html[0], pg.html[1:]
			} else if pg.deferred {
				f.Key = "" // made later: the destination keeps what it has meanwhile
			}
			if r.Moved() {
				html, err := aliasHTML(p.src.cfg, pg.route.Canonical, pg.head.Title)
				if err != nil {
					return err
				}
				f = File{Key: hashOf(unsafeString(html)), Data: html}
			}
			if err := p.put(route.File(r.Path), f); err != nil {
				return err
			}
			if pg.route.Kind != route.NotFound {
				p.res.Pages++
			}
		}
	}
	return nil
}
