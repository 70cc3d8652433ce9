// Package media gives every story its pictures: an editor's photo resized
// into a few widths, or cover art drawn for it, plus a 1200x630 social card.
// The pixels are made by package images; this package decides which picture
// each story gets and how pages and meta tags refer to it.
package media

import (
	"net/url"
	"strings"

	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/images"
	"github.com/nivaran/magazine/generator/markdown"
	"github.com/nivaran/magazine/generator/site"
	"github.com/nivaran/magazine/generator/story"
)

// Image is a picture as the pages use it. Custom names a visual drawn by a
// React component instead of a file (e.g. "trade-partnership").
type Image struct {
	Src    string `json:"src,omitempty"`
	Srcset string `json:"srcset,omitempty"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	Alt    string `json:"alt"`
	Custom string `json:"custom,omitempty"`
}

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
// social cards (in parallel, cached between builds), and returns the files
// to publish. A photo that cannot be read is reported at its story's line.
func Process(p *images.Processor, cfg *site.Config, storiesDir string, stories []*story.Story) (*Library, map[string][]byte, diag.List) {
	lib := NewLibrary()
	host := hostOf(cfg)
	type want struct {
		s      *story.Story
		kind   string // "featured", "social", "body" or "author"
		fig    *markdown.Figure
		author *site.Author
	}
	var jobs []images.Job
	var wants []want
	bodyJobs := map[string]bool{} // a picture in several stories is made once
	for _, s := range stories {
		v := s.FeaturedImage
		switch {
		case strings.Contains(v, "://"):
			// Never fetched: the editor's address and size pass through, and
			// the picture itself is the one to share.
			img := Image{Src: v, Width: or(s.ImageWidth, images.CoverWidth), Height: or(s.ImageHeight, images.CoverHeight), Alt: altOf(s)}
			lib.featured[s.ID], lib.social[s.ID] = img, img
			continue
		case story.IsLocalImage(v):
			path, err := LocalPicture(storiesDir, v)
			if err != nil { // CheckPictures reports it
				continue
			}
			jobs = append(jobs, images.Job{Kind: images.EditorJob, Src: path})
		default: // generated, or a custom visual that still needs a picture for cards
			jobs = append(jobs, images.Job{Kind: images.CoverJob, ID: s.ID, Category: s.Category})
		}
		wants = append(wants, want{s: s, kind: "featured"})
		jobs = append(jobs, images.Job{Kind: images.CardJob, Card: images.Card{Magazine: cfg.Magazine(), Category: s.Category, Title: s.Title, ID: s.ID, Footer: host}})
		wants = append(wants, want{s: s, kind: "social"})
	}
	// Body pictures go through the same resizing as featured photos.
	var diags diag.List
	for _, s := range stories {
		Figures(s, func(f *markdown.Figure) {
			if f.External() || bodyJobs[f.Src] {
				return
			}
			path, err := LocalPicture(storiesDir, f.Src)
			if err != nil {
				diags.Add(s.File, f.Line, 0, "picture: %v", err)
				return
			}
			bodyJobs[f.Src] = true
			jobs = append(jobs, images.Job{Kind: images.EditorJob, Src: path})
			wants = append(wants, want{s: s, kind: "body", fig: f})
		})
	}
	// So do authors' photos.
	for i := range cfg.Authors {
		a := &cfg.Authors[i]
		if a.Photo == "" {
			continue
		}
		path, err := LocalPicture(storiesDir, a.Photo)
		if err != nil {
			diags.Add("site.yaml", 0, 0, "authors: %s: photo: %v", a.Name, err)
			continue
		}
		jobs = append(jobs, images.Job{Kind: images.EditorJob, Src: path})
		wants = append(wants, want{kind: "author", author: a})
	}
	files := map[string][]byte{}
	for i, out := range p.Batch(jobs) {
		w := wants[i]
		switch {
		case out.Err != nil && w.author != nil:
			diags.Add("site.yaml", 0, 0, "authors: %s: photo: %v", w.author.Name, out.Err)
			continue
		case out.Err != nil && w.fig != nil:
			diags.Add(w.s.File, w.fig.Line, 0, "picture: %v", out.Err)
			continue
		case out.Err != nil:
			diags.Add(w.s.File, w.s.Line("featuredImage"), 0, "featuredImage: %v", out.Err)
			continue
		}
		for path, data := range out.Result.Files {
			files[path] = data
		}
		big := out.Result.Largest()
		img := Image{Src: "/" + big.Path, Width: out.Result.Width, Height: out.Result.Height}
		switch w.kind {
		case "featured":
			img.Srcset, img.Alt = out.Result.Srcset("/"), altOf(w.s)
			if strings.HasPrefix(w.s.FeaturedImage, "custom:") {
				img.Custom = strings.TrimPrefix(w.s.FeaturedImage, "custom:")
			}
			lib.featured[w.s.ID] = img
		case "social":
			img.Alt = cfg.Magazine() + ": " + w.s.Title
			lib.social[w.s.ID] = img
		case "author":
			img.Srcset, img.Alt = out.Result.Srcset("/"), w.author.Name
			lib.authors[w.author.Name] = img
		case "body":
			lib.body[w.fig.Src] = markdown.Picture{Src: img.Src, Srcset: out.Result.Srcset("/"), Width: img.Width, Height: img.Height}
		}
	}
	return lib, files, diags
}

// SiteCard draws the sharing picture of pages that are not stories (see
// Library.SetSite). It needs no story, so a build draws it while loading them.
func SiteCard(p *images.Processor, cfg *site.Config) (Image, map[string][]byte, diag.List) {
	out := p.Batch([]images.Job{{Kind: images.CardJob, Card: images.Card{Magazine: cfg.Magazine(), Category: "News That Solves", Title: cfg.Tagline, Footer: hostOf(cfg)}}})[0]
	if out.Err != nil {
		var diags diag.List
		diags.Add("site.yaml", 0, 0, "the site's sharing card: %v", out.Err)
		return Image{}, nil, diags
	}
	big := out.Result.Largest()
	img := Image{Src: "/" + big.Path, Width: out.Result.Width, Height: out.Result.Height, Alt: cfg.Magazine() + " — " + cfg.Tagline}
	return img, out.Result.Files, nil
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
