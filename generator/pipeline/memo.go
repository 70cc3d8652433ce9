package pipeline

import (
	"encoding/hex"
	"path/filepath"
	"strconv"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/related"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/blobcache"
	"github.com/nivaran/magazine/generator/util/parallel"
)

// pageMemo remembers, between builds, the key of each story and listing page
// by what the page is made from. Such a page is a function of the site (the
// generator, the config, the template and bundle, the site's and authors'
// pictures: the memo file's stamp), its route, and the stories it shows
// (pagedata.Builder.Shows) with their pictures and whether they are
// scheduled. A page whose inputs are those of a page the output already
// holds needs neither its head nor its data made: at 10,000 stories they
// were ~1 s of an incremental build that changed one story.
//
// A page with an address that moved (a redirecting page, which names its
// title) and the site-wide pages (home, search, 404, ...) are always made.
type pageMemo struct {
	cache      *blobcache.Cache
	sigs       map[*story.Story]storySig // what a page shows of each story, hashed
	related    *related.Index            // whose answers the memo keeps too,
	relatedKey blobcache.Key             // under this key,
	imported   bool                      // and read back from it
	header     string                    // the cache's: what site it knows pages of
	learned    map[blobcache.Key]string  // entries made since the last build (Builder.learned)
}

// storySig is what a page shows of a story, hashed, on the side of now it
// was worked out: whether the story was scheduled.
type storySig struct {
	sig    string
	future bool
}

// learnedMemo holds the memo entries of pages made after their build
// (Builder.RenderPending), for the next build's memo of the same site.
type learnedMemo struct {
	header  string
	entries map[blobcache.Key]string
}

// checkMemo has every remembered page made anyway and compared (tests).
var checkMemo bool

// openMemo opens the memo of the pages stage's site, once its shell and
// page data builder are ready.
func (p *pages) openMemo() {
	site := blobcache.KeyOf(p.shellKey, p.src.cfg.Fingerprint(), p.lib.Shared())
	header := "pages " + blobcache.Program() + " " + hex.EncodeToString(site[:])
	path := filepath.Join(p.b.opt.Cache, "pages.bin")
	p.memo = &pageMemo{header: header, sigs: make(map[*story.Story]storySig, len(p.src.stories))}
	// A builder that keeps its state keeps the memo in memory too (see
	// storyCache), and the signatures of the stories it took as they were
	// (Builder.Changed; a story Edit changed has no Key): at 10,000 stories
	// both took 60-80 ms of CPU of each of magazine dev's builds.
	var last map[*story.Story]storySig
	if kept := &p.b.memo; !p.b.keepLast || kept.cache == nil {
		p.memo.cache = blobcache.Open(path, header)
	} else {
		p.memo.cache = kept.cache.Reuse(path, header)
		if kept.header == header {
			last = kept.sigs
		}
	}
	// What the last build's pending pages taught, if of this same site.
	if l := p.b.learned; l != nil && l.header == header {
		p.memo.learned = l.entries
		for k, v := range l.entries {
			p.memo.cache.Put(k, v)
		}
	}
	p.b.learned = nil
	sigs := make([]storySig, len(p.src.stories))
	now := p.b.opt.Now
	parallel.For(len(sigs), func(i int) error {
		s := p.src.stories[i]
		future := s.PublishedAt.After(now)
		if was, ok := last[s]; ok && s.Key != "" && was.future == future {
			sigs[i] = was
			return nil
		}
		k := blobcache.KeyOf(s.Key, strconv.FormatBool(future), p.lib.Of(s))
		sigs[i] = storySig{string(k[:]), future}
		return nil
	})
	for i, s := range p.src.stories {
		p.memo.sigs[s] = sigs[i]
	}
	// Each story's related stories, the inputs of its page: at 10,000
	// stories, 0.1 s of CPU to work out again after an edit that changed
	// no story's tags, category or order.
	p.memo.related = p.data.Related()
	k := p.memo.related.Key()
	p.memo.relatedKey = blobcache.KeyOf("related", string(k[:]))
	if v, ok := p.memo.cache.Get(p.memo.relatedKey); ok {
		p.memo.imported = p.memo.related.Import(v)
	}
}

// inputs is what r's page is made from, beyond the site, or false when the
// page is not remembered.
func (m *pageMemo) inputs(r route.Route, shows []*story.Story) (blobcache.Key, bool) {
	parts := []string{r.Path, r.Canonical, string(r.Kind), r.Layout()}
	if l := r.List; l != nil {
		parts = append(parts, string(l.Kind), l.Name, l.Base, strconv.Itoa(l.Page), strconv.Itoa(l.Pages))
	}
	for _, s := range shows {
		sig, ok := m.sigs[s]
		if !ok {
			return blobcache.Key{}, false
		}
		parts = append(parts, sig.sig)
	}
	return blobcache.KeyOf(parts...), true
}

// lookup is the key of the page made from these inputs, if remembered.
func (m *pageMemo) lookup(in blobcache.Key) (string, bool) {
	if v, ok := m.cache.Get(in); ok {
		return v, ok
	}
	v, ok := m.learned[in]
	return v, ok
}

func (m *pageMemo) remember(in blobcache.Key, key string) { m.cache.Put(in, key) }

func (m *pageMemo) save() error {
	if !m.imported { // absent, or damaged: stored afresh
		m.cache.Put(m.relatedKey, string(m.related.Export()))
	}
	return m.cache.Save()
}
