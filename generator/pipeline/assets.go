package pipeline

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/favicon"
	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/emit/output"
	"github.com/nivaran/magazine/generator/plan/feed"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/plan/search"
	"github.com/nivaran/magazine/generator/util/blobcache"
)

// assets puts every file but the pages and pictures: the client bundle,
// feeds, the search index, sitemaps, robots.txt and the static files. It
// returns their names.
func (b *Builder) assets(src *source, bundled map[string][]byte, put func(string, File) error) ([]string, *search.Index, error) {
	opt, cfg := b.opt, src.cfg
	// The search index, the feeds and the sitemaps are made side by side:
	// at 10,000 stories each is tens of milliseconds that an added story
	// waits for.
	var g errgroup.Group
	var searchIndex *search.Index
	var index, feeds map[string][]byte
	g.Go(func() (err error) {
		words := b.searchWords(filepath.Join(opt.Cache, "search-words.bin"))
		searchIndex = search.NewWith(src.stories, words, b.lastIndex)
		if !b.keepLast {
			// The index was all the terms were kept for (~0.5 KB a story);
			// those of a story the spill holds are in the story cache.
			for _, s := range src.stories {
				if src.spill.Holds(s) {
					s.Body.Terms = ""
				}
			}
		}
		index, err = searchIndex.Files()
		_ = words.Save() // only a speed-up: a cache that cannot be written is no reason to fail
		return err
	})
	g.Go(func() error {
		feeds = feed.Files(cfg, src.stories)
		return nil
	})
	files := map[string][]byte{
		"sitemap.xml":      output.Sitemap(sitemap(cfg, src.stories, src.routes)),
		"news-sitemap.xml": feed.NewsSitemap(cfg, src.stories, opt.Now),
		"robots.txt":       output.Robots(cfg.BasePath, cfg.Abs("/sitemap.xml"), cfg.Abs("/news-sitemap.xml")),
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	for _, set := range []map[string][]byte{bundled, feeds, index} {
		for path, data := range set {
			files[path] = data
		}
	}
	public := filepath.Join(opt.Root, "frontend", "public")
	if err := hashedOnly(public); err != nil {
		return nil, nil, err
	}
	if err := readTree(public, func(p string, d []byte) { files[p] = d }); err != nil {
		return nil, nil, err
	}
	if svg, ok := files["favicon.svg"]; ok && files["favicon.ico"] == nil {
		if b.icon.ico == nil || !bytes.Equal(svg, b.icon.svg) { // drawn again only when it changed: 5-8 ms
			ico, err := favicon.ICO(svg)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: drawing favicon.ico from it: %v (or put a favicon.ico beside it)", filepath.Join(public, "favicon.svg"), err)
			}
			b.icon.svg, b.icon.ico = svg, ico
		}
		files["favicon.ico"] = b.icon.ico
	}
	names := make([]string, 0, len(files))
	for path, data := range files {
		if err := put(path, File{Key: hashOf(unsafeString(data)), Data: data}); err != nil {
			return nil, nil, err
		}
		names = append(names, path)
	}
	return names, searchIndex, nil
}

// searchWords opens the cache of the stories' search words at path, or for
// a builder that keeps its state reuses the last build's from its second
// build on, as storyCache does: reading the file took 10-15 ms of each of
// magazine dev's builds at 10,000 stories.
func (b *Builder) searchWords(path string) *blobcache.Cache {
	stamp := "search words " + blobcache.Program()
	if !b.keepLast || b.lastIndex == nil {
		return blobcache.Open(path, stamp)
	}
	b.words = b.words.Reuse(path, stamp)
	return b.words
}

// sitemap lists canonical, indexable URLs with the date they last changed:
// a story's update or correction, or its publication; a listing's page,
// the newest of its stories'; the home page, the newest story's. Pages
// whose words do not come from stories (about, privacy) have no date, as
// none could be vouched for.
func sitemap(cfg *site.Config, stories []*story.Story, routes []route.Route) []output.URL {
	changed := func(s *story.Story) string {
		if m := s.Modified(); !m.IsZero() {
			return m.Format("2006-01-02")
		}
		return s.PublishedAt.Format("2006-01-02")
	}
	newest := ""
	for _, s := range stories {
		newest = max(newest, changed(s))
	}
	var urls []output.URL
	for _, r := range routes {
		if !r.Indexable() {
			continue
		}
		lastmod := ""
		switch {
		case r.Story != nil:
			lastmod = changed(r.Story)
		case r.List != nil:
			for _, s := range r.List.Stories {
				lastmod = max(lastmod, changed(s))
			}
		case r.Path == "/":
			lastmod = newest
		}
		urls = append(urls, output.URL{Loc: cfg.Abs(route.URL(r.Path)), LastMod: lastmod})
	}
	return urls
}

// readTree passes every file under dir (shipped as it is) to put.
// hashedOnly refuses a folder of public that the site serves as holding
// only hashed names (hostpolicy.HashedFolders): browsers and CDNs would
// keep its files for a year whatever changed in them.
func hashedOnly(public string) error {
	for _, f := range hostpolicy.HashedFolders {
		dir := filepath.Join(public, filepath.FromSlash(strings.Trim(f, "/")))
		if _, err := os.Lstat(dir); err == nil {
			return fmt.Errorf("%s: %s holds only files the build names by a hash of their content, which readers' browsers keep for a year: put these files elsewhere in %s", dir, f, public)
		}
	}
	return nil
}

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
