package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/linkcheck"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/plan/search"
)

// lastBuild is what a builder keeps of its last good build for Edit (magazine
// dev): the sources as read, the pages stage with what its steps share,
// the search index, and every file name the link check knew.
type lastBuild struct {
	src    *source
	pages  *pages
	index  *search.Index
	names  []string
	byFile map[string]*story.Story // every story read, held ones too
}

// KeepState has the builder keep what Edit needs after each good build,
// and the cache of parsed stories in memory from one build to the next.
func (b *Builder) KeepState() { b.keepLast = true }

// Edit brings the last good build up to date after an edit to the text of
// the stories in files, and reports false, having done nothing, when the
// edit reaches beyond their own pages: then Build must run. An edit that
// leaves everything other pages show of a story as it was (its card, its
// addresses, its taxonomies, its dates, its pictures) changes only the
// story's own pages and the search index, so only those are made again.
// It is magazine dev's loop at any size: 10,000 stories take as long as ten.
func (b *Builder) Edit(files []string, sink Sink) (*Result, bool, error) {
	k := b.last
	if k == nil || len(files) == 0 {
		return nil, false, nil
	}
	start := time.Now()
	sopt := checkedAgainst(k.src.cfg)
	edited := make([]*story.Story, len(files))
	for i, f := range files {
		old := k.byFile[f]
		if old == nil {
			return nil, false, nil // a new or deleted story: the site's pages change
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, false, nil
		}
		s, diags := story.Parse(f, src, sopt)
		if s == nil || len(diags) > 0 || !sameOutside(old, s) {
			return nil, false, nil
		}
		edited[i] = s
	}
	b.last = nil // until this edit is through
	var todo []route.Route
	made := false
	defer func() { b.settlePending(todo, made) }()
	t := &timer{}
	res := &Result{Stories: len(k.src.stories), Held: k.src.held, Notes: k.src.cfg.Notes(b.opt.Now)}
	for i, f := range files {
		old := k.byFile[f]
		s := edited[i]
		s.FileTime = old.FileTime
		*old = *s // every route, card and index that holds the story sees the edit
		for _, r := range k.pages.canon {
			if r.Story == old {
				todo = append(todo, r)
			}
		}
		k.index.Reindex(old)
	}
	var mu sync.Mutex
	put := func(path string, f File) error {
		mu.Lock()
		defer mu.Unlock()
		res.Files++
		return sink.Put(path, f)
	}
	index, err := k.index.Files()
	if err != nil {
		return nil, true, err
	}
	for path, data := range index {
		if err := put(path, File{Key: hashOf(unsafeString(data)), Data: data}); err != nil {
			return nil, true, err
		}
	}
	p := *k.pages // the steps' shared parts, this edit's pages, sink and counts
	p.canon, p.have, p.put, p.timer, p.res, p.problems, p.previous, p.lost, p.recheck, p.keepBodies = todo, nil, put, t, res, nil, nil, false, nil, true
	p.memo = nil // it knows the stories as they were before the edit
	p.deferring = false
	g, ctx := errgroup.WithContext(context.Background())
	prepared, rendered, wrapped := make(chan []*page, 1), make(chan renderedChunk, 1), make(chan []*page, 1)
	g.Go(func() error { return p.prepare(ctx, prepared) })
	g.Go(func() error { return p.renderBodies(ctx, prepared, rendered) })
	g.Go(func() error { return p.wrap(ctx, rendered, wrapped) })
	g.Go(func() error {
		checker := linkcheck.NewChecker(k.names, k.src.cfg.BaseURL)
		for batch := range wrapped {
			if !b.opt.NoLinkCheck {
				if err := p.check(checker, batch); err != nil {
					return err
				}
			}
			if err := p.emit(batch); err != nil {
				return err
			}
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, true, err
	}
	if err := p.problems.Err(); err != nil {
		return nil, true, err
	}
	b.last, made = k, true
	res.Phases, res.Total = t.phases(), time.Since(start)
	return res, true, nil
}

// sameOutside reports whether two versions of a story show alike beyond
// their own pages and the search index's body words: every field but the
// body and where its keys sit, and the pictures its body shows.
func sameOutside(a, b *story.Story) bool {
	outside := func(s *story.Story) []byte {
		c := *s
		c.File, c.FileTime, c.Key, c.Lines = "", time.Time{}, "", nil
		c.Body = markdown.Doc{}
		out, _ := json.Marshal(struct {
			Story   story.Story
			Figures []string
		}{c, figures(s.Body.Figures)})
		return out
	}
	return string(outside(a)) == string(outside(b))
}

// figures are the pictures a body shows, which the build plans and draws.
func figures(figs []*markdown.Figure) []string {
	out := make([]string, len(figs))
	for i, f := range figs {
		out[i] = f.Src
	}
	return out
}
