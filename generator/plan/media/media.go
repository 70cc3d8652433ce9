// Package media gives every story its pictures: an editor's photo resized
// into a few widths, or cover art drawn for it, plus a 1200x630 social card.
// The pixels are made by package images; this package decides which picture
// each story gets and how pages and meta tags refer to it.
package media

import (
	"fmt"
	"maps"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	json "github.com/goccy/go-json"
	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/images"
	"github.com/nivaran/magazine/generator/util/diag"
)

// Image is a picture as the pages use it. Custom names a visual drawn by a
// React component instead of a file (e.g. "trade-partnership").
type Image struct {
	Src    string       `json:"src,omitempty"`
	Srcset string       `json:"srcset,omitempty"`
	Width  int          `json:"width,omitempty"`
	Height int          `json:"height,omitempty"`
	Alt    string       `json:"alt"`
	Custom CustomVisual `json:"custom,omitempty"`
}

// CustomVisual is one of story.Visuals.
type CustomVisual string

// Library holds the pictures of one build.
type Library struct {
	featured map[int]Image
	social   map[int]Image
	authors  map[string]Image
	body     map[string]markdown.Picture // by path as written in stories
	site     Image
}

// Author is an author's photo, when site.yaml gives one.
func (l *Library) Author(name string) (Image, bool) {
	img, ok := l.authors[name]
	return img, ok
}

// Featured is the picture at the top of a story and on its cards.
func (l *Library) Featured(s *story.Story) Image {
	if img, ok := l.featured[s.ID]; ok {
		return img
	}
	return Image{Alt: altOf(s)}
}

// Social is the story's sharing picture (og:image), 1200x630.
func (l *Library) Social(s *story.Story) Image {
	if img, ok := l.social[s.ID]; ok {
		return img
	}
	return l.site
}

// Site is the sharing picture of pages that are not stories.
func (l *Library) Site() Image { return l.site }

// NewLibrary is an empty library (every picture falls back), for tests and
// for checking content without drawing anything.
func NewLibrary() *Library {
	return &Library{featured: map[int]Image{}, social: map[int]Image{}, authors: map[string]Image{}, body: map[string]markdown.Picture{}}
}

// Add records a story's pictures (Process does this; tests may too).
func (l *Library) Add(id int, featured, social Image) {
	l.featured[id], l.social[id] = featured, social
}

// SetSite records the sharing picture of pages that are not stories.
func (l *Library) SetSite(img Image) { l.site = img }

func altOf(s *story.Story) string {
	if s.ImageAlt != "" && s.FeaturedImage != "generated" {
		return s.ImageAlt
	}
	// Generated art is an illustration, whatever photo the editor imagined.
	return "Illustration for “" + s.Title + "”"
}

// Process makes every picture: it resizes editors' photos, draws covers and
// social cards (cached between builds), and returns the files to publish.
// A photo that cannot be read is reported at its story's line.
func Process(p *images.Processor, cfg *site.Config, storiesDir string, stories []*story.Story) (*Library, map[string][]byte, diag.List) {
	lib, pics, diags := Plan(p, cfg, storiesDir, stories)
	files := map[string][]byte{}
	if err := pics.Draw(nil, func(path string, data []byte) error { files[path] = data; return nil }); err != nil {
		diags.Add("site.yaml", 0, 0, "pictures: %v", err)
	}
	return lib, files, diags
}

// Pictures is the drawing a Plan leaves to do: covers and social cards,
// whose paths the library already holds.
type Pictures struct {
	p         *images.Processor
	photos    map[string][]byte
	covers    []coverJob
	cards     []images.Card
	cardPaths []string
	paths     []string
}

type coverJob struct {
	id       int
	category string
}

// Paths lists every file Draw will put, photos included.
func (w *Pictures) Paths() []string { return w.paths }

// Draw makes the covers and cards on every core and passes each file, and
// the photos resized by Plan, to put (one call at a time). A file need
// says is not needed (the destination has it: names follow contents) is
// passed with nil data, undrawn; need nil means every file. Draw stops at
// the first error.
func (w *Pictures) Draw(need func(path string) bool, put func(path string, data []byte) error) error {
	var mu sync.Mutex
	send := func(path string, data func() ([]byte, error)) error {
		var b []byte
		if need == nil || need(path) {
			var err error
			if b, err = data(); err != nil {
				return err
			}
		}
		mu.Lock()
		defer mu.Unlock()
		return put(path, b)
	}
	for path, data := range w.photos {
		if err := send(path, func() ([]byte, error) { return data, nil }); err != nil {
			return err
		}
	}
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, c := range w.covers {
		g.Go(func() error {
			return send(images.CoverPath(c.id, c.category), func() ([]byte, error) {
				_, svg := images.Cover(c.id, c.category)
				return svg, nil
			})
		})
	}
	for i, c := range w.cards {
		g.Go(func() error {
			return send(w.cardPaths[i], func() ([]byte, error) {
				_, png, err := w.p.SocialCard(c)
				return png, err
			})
		})
	}
	return g.Wait()
}

// Plan decides every story's pictures: it resizes editors' photos, featured,
// in bodies and of authors (in parallel, cached between builds), and names the covers
// and social cards without drawing them, so pages can be made while
// Pictures.Draw works. A photo that cannot be read is reported at its
// story's line.
func Plan(p *images.Processor, cfg *site.Config, storiesDir string, stories []*story.Story) (*Library, *Pictures, diag.List) {
	lib := NewLibrary()
	w := &Pictures{p: p, photos: map[string][]byte{}}
	var diags diag.List
	host := hostOf(cfg)
	siteCard := images.Card{Magazine: cfg.Magazine(), Category: "News That Solves", Title: cfg.Tagline, Footer: host}
	if path, err := p.CardPath(siteCard); err != nil {
		diags.Add("site.yaml", 0, 0, "the site's sharing card: %v", err)
		return lib, w, diags
	} else {
		lib.SetSite(Image{Src: "/" + path, Width: images.CoverWidth, Height: images.CoverHeight, Alt: cfg.Magazine() + " — " + cfg.Tagline})
		w.cards, w.cardPaths, w.paths = append(w.cards, siteCard), append(w.cardPaths, path), append(w.paths, path)
	}

	// Photos first, featured, in bodies and of authors, all at once: they
	// are few, and their sizes are only known once they are read.
	type photo struct {
		s      *story.Story
		fig    *markdown.Figure // a body picture
		author *site.Author     // an author's photo
		index  int              // the author's, in cfg.Authors
		src    string
	}
	var photos []photo
	inBody := map[string]bool{} // a picture in several stories is made once
	for _, s := range stories {
		if story.IsLocalImage(s.FeaturedImage) {
			if path, err := LocalPicture(storiesDir, s.FeaturedImage); err == nil { // else CheckPictures reports it
				photos = append(photos, photo{s: s, src: path})
			}
		}
		for _, f := range s.Body.Figures { // the spotlight's too
			if f.External() || inBody[f.Src] {
				continue
			}
			path, err := LocalPicture(storiesDir, f.Src)
			if err != nil {
				diags.Add(s.File, f.Line, 0, "picture: %v", err)
				continue
			}
			inBody[f.Src] = true
			photos = append(photos, photo{s: s, fig: f, src: path})
		}
	}
	for i := range cfg.Authors {
		a := &cfg.Authors[i]
		if a.Photo == "" {
			continue
		}
		path, err := LocalPicture(storiesDir, a.Photo)
		if err != nil {
			at, line := photoLine(cfg, i)
			diags.Add(at, line, 0, "authors: %s: photo: %v", a.Name, err)
			continue
		}
		photos = append(photos, photo{author: a, index: i, src: path})
	}
	resized := make([]images.Result, len(photos))
	errs := make([]error, len(photos))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, ph := range photos {
		g.Go(func() error {
			resized[i], errs[i] = p.Editor(ph.src)
			return nil
		})
	}
	g.Wait()
	for i, ph := range photos {
		switch {
		case errs[i] != nil && ph.author != nil:
			at, line := photoLine(cfg, ph.index)
			diags.Add(at, line, 0, "authors: %s: photo: %v", ph.author.Name, errs[i])
			continue
		case errs[i] != nil && ph.fig != nil:
			diags.Add(ph.s.File, ph.fig.Line, 0, "picture: %v", errs[i])
			continue
		case errs[i] != nil:
			diags.Add(ph.s.File, ph.s.Line("featuredImage"), 0, "featuredImage: %v", errs[i])
			continue
		}
		r := resized[i]
		for path, data := range r.Files {
			w.photos[path] = data
			w.paths = append(w.paths, path)
		}
		img := Image{Src: "/" + r.Largest().Path, Srcset: r.Srcset("/"), Width: r.Width, Height: r.Height}
		switch {
		case ph.author != nil:
			img.Alt = ph.author.Name
			lib.authors[ph.author.Name] = img
		case ph.fig != nil:
			lib.body[ph.fig.Src] = markdown.Picture{Src: img.Src, Srcset: img.Srcset, Width: img.Width, Height: img.Height}
		default:
			img.Alt = altOf(ph.s)
			lib.featured[ph.s.ID] = img
		}
	}

	for _, s := range stories {
		v := s.FeaturedImage
		switch {
		case story.IsExternalImage(v):
			// Never fetched: the editor's address and size pass through, and
			// the picture itself is the one to share.
			img := Image{Src: v, Width: or(s.ImageWidth, images.CoverWidth), Height: or(s.ImageHeight, images.CoverHeight), Alt: altOf(s)}
			lib.featured[s.ID], lib.social[s.ID] = img, img
			continue
		case story.IsLocalImage(v):
			if _, ok := lib.featured[s.ID]; !ok {
				continue // reported above, or by CheckPictures
			}
		default: // generated, or a custom visual that still needs a picture for cards
			path := images.CoverPath(s.ID, s.Category)
			img := Image{Src: "/" + path, Width: images.CoverWidth, Height: images.CoverHeight, Alt: altOf(s)}
			if strings.HasPrefix(v, "custom:") {
				img.Custom = CustomVisual(strings.TrimPrefix(v, "custom:"))
			}
			lib.featured[s.ID] = img
			w.covers, w.paths = append(w.covers, coverJob{s.ID, s.Category}), append(w.paths, path)
		}
		card := images.Card{Magazine: cfg.Magazine(), Category: s.Category, Title: s.Title, ID: s.ID, Footer: host}
		path, _ := p.CardPath(card) // the fonts were read for the site's card
		lib.social[s.ID] = Image{Src: "/" + path, Width: images.CoverWidth, Height: images.CoverHeight, Alt: cfg.Magazine() + ": " + s.Title}
		w.cards, w.cardPaths, w.paths = append(w.cards, card), append(w.cardPaths, path), append(w.paths, path)
	}
	return lib, w, diags
}

// SiteCard draws the sharing picture of pages that are not stories (Plan
// includes it; see Library.Site).
func SiteCard(p *images.Processor, cfg *site.Config) (Image, map[string][]byte, diag.List) {
	lib, pics, diags := Plan(p, cfg, "", nil)
	files := map[string][]byte{}
	if len(diags) == 0 {
		if err := pics.Draw(nil, func(path string, data []byte) error { files[path] = data; return nil }); err != nil {
			diags.Add("site.yaml", 0, 0, "the site's sharing card: %v", err)
		}
	}
	return lib.Site(), files, diags
}

func hostOf(cfg *site.Config) string {
	if u, err := url.Parse(cfg.BaseURL); err == nil {
		return u.Host
	}
	return cfg.BaseURL
}

func or(v, fallback int) int {
	if v > 0 {
		return v
	}
	return fallback
}

// photoLine is where site.yaml (or an overlay) gives author i's photo; a
// config not loaded from a file is "site.yaml".
func photoLine(cfg *site.Config, i int) (string, int) {
	if file, line := cfg.Where("authors." + strconv.Itoa(i) + ".photo"); file != "" {
		return file, line
	}
	return "site.yaml", 0
}

// Shared is what any page may show of the library besides a story's own
// pictures, the site's picture and the authors' photos, as text that
// changes whenever they do (a page's inputs: package pipeline).
func (l *Library) Shared() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v", l.site)
	for _, name := range slices.Sorted(maps.Keys(l.authors)) {
		fmt.Fprintf(&b, "\n%q %+v", name, l.authors[name])
	}
	return b.String()
}

// Of is what pages may show of a story's pictures (its featured and social
// pictures, its body's figures), as text that changes whenever they do.
func (l *Library) Of(s *story.Story) string {
	// JSON by github.com/goccy/go-json, at a fifth of fmt's cost (10,000
	// stories a build); TestOfSeesEveryField fails if a field is left out.
	b, _ := json.Marshal(l.Featured(s)) // of a plain struct: cannot fail
	more, _ := json.Marshal(l.Social(s))
	b = append(append(b, '\n'), more...)
	for _, f := range s.Body.Figures {
		more, _ := json.Marshal(l.Figure(f))
		b = append(append(b, '\n'), more...)
	}
	return string(b)
}
