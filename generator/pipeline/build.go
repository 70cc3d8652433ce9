// Package pipeline runs the whole build: content -> routes -> head and page
// data -> render -> files, and swaps the result into place atomically.
package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/spelling"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/emit/output"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/diag"
)

// Options say where everything is. Zero values mean the repository layout.
type Options struct {
	Root        string // repository root; other paths are relative to it
	Config      string // site.yaml
	Stories     string // stories/
	Out         string // dist/
	BaseURL     string // overrides the config's baseURL when set
	Workers     int    // Node render workers; 0 means 2, or 1 for a site of fewer than 100 stories
	Node        string // node executable; "" means "node" on PATH
	Now         time.Time
	Clean       bool                  // ignore the previous build and write everything afresh
	NoLinkCheck bool                  // skip checking internal links in the generated pages
	Drafts      bool                  // publish draft stories too (marked as drafts)
	Future      bool                  // publish stories dated after Now too
	NoSpelling  bool                  // Check: skip the spelling pass
	Cache       string                // the build's own folder (caches, lock, spare generation); "" means .cache beside Config
	Progress    func(done, total int) // called as pages render; nil for none
	// Yield lowers this process's priority below its render workers'
	// once they have started (render.Yield): for a one-off build or check,
	// not for a process that also serves.
	Yield bool

	// Overlays are further config files read after Config, each overriding
	// the keys it sets (site.LoadFiles).
	Overlays []string

	// Shared, when set, lends this build a builder with its bundler and
	// render workers running (tests build many small sites); Root, Node
	// and Workers are then the Shared's.
	Shared *Shared
}

// WithDefaults fills in the repository layout for every empty field.
func (o Options) WithDefaults() Options {
	o.defaults()
	return o
}

func (o *Options) defaults() {
	if o.Root == "" {
		o.Root = "."
	}
	at := func(p *string, def string) {
		if *p == "" {
			*p = filepath.Join(o.Root, def)
		}
	}
	at(&o.Config, "site.yaml")
	at(&o.Stories, "stories")
	at(&o.Out, "dist")
	if o.Workers <= 0 {
		o.Workers = DefaultWorkers(o.Stories, runtime.NumCPU())
	}
	if o.Node == "" {
		o.Node = "node"
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.Cache == "" {
		// In the project, wherever --out writes (output.place).
		o.Cache = filepath.Join(filepath.Dir(o.Config), ".cache")
	}
}

// DefaultWorkers is how many Node render workers a build of the stories in
// dir starts on a machine of cpus: one for every two CPUs, as Go keeps the
// others busy loading, checking and writing meanwhile, and one for a site
// of fewer than 100 stories, which renders sooner than a second worker
// starts (a tenth of a second of CPU). On 2 CPUs a second worker bought no
// wall time, and cost CPU (its own start and JIT warm-up) and memory.
func DefaultWorkers(dir string, cpus int) int {
	if story.Count(dir) < smallSite {
		return 1
	}
	return max(1, cpus/2)
}

// smallSite is how many stories a site has at least for its render
// workers to start before its stories are read (Builder.lazy), and for a
// second one to help (DefaultWorkers).
const smallSite = 100

// SiteConfig is the site config a build with these options uses: the
// config file and its overlays, with BaseURL applied.
func (o Options) SiteConfig() (*site.Config, error) {
	o.defaults()
	return o.loadConfig()
}

// loadConfig reads the site config and its overlays, with --base-url applied.
func (o *Options) loadConfig() (*site.Config, error) {
	cfg, err := site.LoadFiles(append([]string{o.Config}, o.Overlays...), o.Now)
	if err != nil {
		return nil, err
	}
	if o.BaseURL != "" {
		if err := cfg.SetBaseURL(o.BaseURL); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// MemoryLimit is the soft limit on Go's memory (runtime/debug.SetMemoryLimit)
// for building a site of n stories from nothing: a build's live heap peaks
// at ~6 KiB a synthetic story (its fields, routes, cards, pictures and
// search terms; the bodies wait on disk, story.Spill: 592 MB at 100,000),
// so the limit leaves a fourth more room than that, and is never below
// 352 MiB, room for photos being decoded (a 24-megapixel one takes 96 MB).
// Less room costs more in collections than it saves: at 10,000 stories,
// 320 MiB took 19% longer than 384 MiB, and 352 MiB ~1% longer for 30 MB
// less; at 100,000, 828 MiB took 4% longer than 1,073 MiB (10 KiB a
// story) for 250 MB less. A build that finds parsed stories cached needs
// CacheMemory more.
func MemoryLimit(stories int) int64 { return max(352<<20, 96<<20+int64(stories)*7680) }

// storyCacheFile, in the cache folder, holds the stories parsed by earlier
// builds (story.Cache).
const storyCacheFile = "stories.bin"

// CacheMemory is what the cache of parsed stories of o adds to a build's
// memory: the build reads the file whole, and the stories it decodes share
// that memory (115 MB at 10,000 synthetic stories).
func CacheMemory(o Options) int64 {
	o.defaults()
	if fi, err := os.Stat(filepath.Join(o.Cache, storyCacheFile)); err == nil {
		return fi.Size()
	}
	return 0
}

// CheckMemoryLimit is MemoryLimit for magazine check, which keeps every
// story's plain text for its spelling pass and reads no cache: it held
// 217 MB at 10,000 synthetic stories, ~21 KiB a story.
func CheckMemoryLimit(stories int) int64 { return max(352<<20, 96<<20+int64(stories)*24<<10) }

// DevMemoryLimit is MemoryLimit for magazine dev, which keeps every body
// and the cache of parsed stories in memory from its second build on
// (~26 KiB a story), and the last build between builds: its pages and
// search index, ~8 KiB a story more. Under less, at 10,000 stories, a
// rebuild after a story was added spent most of its time collecting
// garbage: 1.2-1.6 s, against 1.0-1.1 s at 420 MiB (the magazine
// process's resident memory then 427 MB, its render worker's 84 MB).
func DevMemoryLimit(stories int) int64 {
	return max(352<<20, 96<<20+int64(stories)*26<<10) + int64(stories)*8<<10
}

// TuneGC sets how Go collects garbage during a build, unless
// GOGC or GOMEMLIMIT say otherwise: a collection each time the heap triples
// (GOGC=200), and at limit (MemoryLimit) whatever the heap's growth. Go's default,
// doubling, cost a 1,000-story build a tenth of its time; collecting only
// at the limit cost no less CPU than tripling (1,000 stories: 2.04 vs
// 2.00 s; 10,000: 20.7 vs 19.1 s) and held twice the memory at 1,000
// stories (634 vs 335 MB, the process tree), since every page it touched
// was new.
func TuneGC(limit int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(200)
}

// Checked describes a check that found no problem.
type Checked struct {
	Stories int    // every story checked, drafts and scheduled ones too
	Note    string // what could not be checked here, e.g. spelling without aspell
}

// content is the checked stories and what the site makes of them.
type content struct {
	stories []*story.Story // published by this build
	held    story.Held     // left out: drafts, scheduled stories
	routes  []route.Route
	cache   *story.Cache // for the caller to save when it has time
	// problems are those of stories left out of stories for them: the
	// build goes on with the others, so their links are checked in the
	// same run, and then fails with every problem found. elsewhere are
	// the files of the left-out stories' pages: a link to one is not broken.
	problems  diag.List
	elsewhere []string
	left      []*story.Story // the stories left out for their problems
}

// Check does everything a build does but write: it loads and validates the
// content, makes the pictures, bundles, renders the pages that changed
// since the last build and checks their links, and lays out every file of
// the site; so it finds every problem the build would, the same way. It
// then runs the spelling pass over the stories (unless NoSpelling), which a
// build leaves out: a host without aspell must still build. It fills the
// same caches as a build, and writes nothing into the output folder.
func Check(opt Options) (_ *Checked, err error) {
	opt.defaults()
	if err := opt.checkOut(); err != nil {
		return nil, err
	}
	b, done, err := opt.builder()
	if err != nil {
		return nil, err
	}
	defer func() { done(err) }()
	var man *output.Manifest
	if !opt.Clean {
		man = output.LoadManifest(opt.Cache, opt.Out)
	}
	b.keepText = !opt.NoSpelling // the spelling pass reads the stories this build loads
	sum, err := b.Build(man.Has, &dryRun{man: man})
	diags, isDiags := Diagnostics(err)
	if err != nil && !isDiags {
		return nil, err
	}
	res := &Checked{}
	if sum != nil {
		res.Stories = sum.Stories + len(sum.Held.Drafts) + len(sum.Held.Scheduled)
	}
	if cfg, stories := b.loaded.cfg, b.loaded.stories; !opt.NoSpelling && cfg != nil && len(stories) > 0 {
		// Every story that parses is checked, so all problems show at once.
		words, err := spelling.Check(stories, opt.Stories, cfg.OwnNames())
		switch {
		case errors.Is(err, spelling.ErrNoAspell):
			res.Note = "spelling not checked: " + err.Error()
		case err != nil:
			return nil, err
		}
		diags = append(diags, words...)
	}
	if err := diags.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// dryRun is the sink of a check: it lays out the files without writing
// them, and knows the last build as the build would.
type dryRun struct {
	layout output.Layout
	man    *output.Manifest
}

func (d *dryRun) Put(path string, _ File) error    { return d.layout.Add(path) }
func (d *dryRun) Lost(names []string) bool         { return d.man.Lost(names) }
func (d *dryRun) Read(path string) ([]byte, error) { return d.man.Read(path) }

// load reads and checks the stories as sopt says (through the cache of
// parsed stories in sopt.Cache), and leaves out the drafts and scheduled
// stories this build does not publish: from here on, nothing sees them.
// When some stories have problems but every file could be read as a story,
// it leaves those out too (content.problems) so the build checks the
// others' pages.
func load(cfg *site.Config, opt Options, sopt story.Options) (*content, []*story.Story, error) {
	all, diags := story.LoadDir(opt.Stories, sopt)
	if fi, err := os.Stat(opt.Stories); err != nil || !fi.IsDir() {
		return nil, nil, diags // that alone: every story the config names would be reported missing too
	}
	diags = append(diags, media.CheckPictures(opt.Stories, all)...)
	stories, held := story.Publish(all, opt.Now, opt.Drafts, opt.Future)
	story.Newest(stories) // once: every listing, feed and index wants them so
	routes, more := route.Table(stories, cfg.PerPage)
	if len(stories) < len(all) {
		// A held-back story's paths are checked now, not on the day it goes out.
		_, more = route.Table(all, cfg.PerPage)
	}
	diags = append(diags, more...)
	if len(diags) == 0 || story.Count(opt.Stories) == len(all) {
		// Not while a story could not be read: the config's ids and links
		// to it would be reported too, as if it were gone.
		diags = append(diags, checkHome(cfg, opt.Config, all)...)
		diags = append(diags, checkSiteLinks(cfg, opt.Config, routes)...)
	}
	diags = append(diags, checkNames(cfg, opt.Config)...)
	c := &content{stories: stories, held: held, routes: routes, cache: sopt.Cache}
	if len(diags) == 0 {
		return c, all, nil
	}
	diags.Sort() // as check lists them
	if !c.without(diags, cfg, opt.Config) {
		return nil, all, diags
	}
	return c, all, nil
}

// without leaves out of c the stories that problems are about, keeping the
// problems, and reports whether the rest make a site to check: not when a
// problem is not a story's (the config's), a file could not be read as a
// story, or the home page names a story left out.
func (c *content) without(problems diag.List, cfg *site.Config, config string) bool {
	bad := map[string]bool{}
	for _, d := range problems {
		bad[d.File] = true
	}
	byFile := map[string]bool{}
	var kept, left []*story.Story
	for _, s := range c.stories {
		byFile[s.File] = true
		if bad[s.File] {
			left = append(left, s)
		} else {
			kept = append(kept, s)
		}
	}
	for _, s := range append(append([]*story.Story(nil), c.held.Drafts...), c.held.Scheduled...) {
		byFile[s.File] = true
	}
	for f := range bad {
		if !byFile[f] {
			return false
		}
	}
	routes, more := route.Table(kept, cfg.PerPage)
	if len(more) > 0 || len(checkHome(cfg, config, kept)) > 0 {
		return false
	}
	ok := map[string]bool{}
	for _, r := range routes {
		ok[r.Path] = true
	}
	for _, r := range c.routes {
		if !ok[r.Path] {
			c.elsewhere = append(c.elsewhere, route.File(r.Path))
		}
	}
	// A story left out may have had no routes at all (its id clashed): the
	// addresses it claims are not the broken links of those linking there.
	for _, s := range c.stories {
		if bad[s.File] {
			for _, p := range append([]string{s.Path, story.StoryPath(s.ID)}, s.Aliases...) {
				if p != "" && !ok[p] {
					c.elsewhere = append(c.elsewhere, route.File(p))
				}
			}
		}
	}
	c.stories, c.routes, c.problems, c.left = kept, routes, problems, left
	return true
}

// checkedAgainst is what stories are checked against.
func checkedAgainst(cfg *site.Config) story.Options {
	return story.Options{Categories: cfg.Categories, Authors: cfg.AuthorNames(), Location: cfg.Location, Base: cfg.BasePath}
}

// Diagnostics extracts the content problems from a build error, if it is one.
func Diagnostics(err error) (diag.List, bool) {
	l, ok := err.(diag.List)
	return l, ok
}
