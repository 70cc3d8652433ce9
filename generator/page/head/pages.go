package head

import (
	"strconv"
	"strings"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/media"
	"github.com/nivaran/magazine/generator/plan/route"
)

// pageURL is the absolute address of the page at path (route.URL).
func pageURL(cfg *site.Config, path string) string { return cfg.Abs(route.URL(path)) }

// LogoPath is the publisher logo named in structured data.
const LogoPath = "/logo.svg"

// For computes the head of one route; lib has the build's pictures.
func For(cfg *site.Config, lib *media.Library, r route.Route) Head {
	switch r.Kind {
	case route.Story:
		return forStory(cfg, lib, r)
	case route.Home:
		return forHome(cfg, lib)
	case route.About:
		return page(cfg, lib, r, "About the magazine - Perspectives on India's Future",
			"Meet "+cfg.Magazine()+": who we are, why solutions journalism, who writes for us, and how to contribute, partner or subscribe.")
	case route.Privacy:
		return page(cfg, lib, r, "Privacy Policy | "+cfg.Magazine(),
			"How "+cfg.Magazine()+" collects, uses and protects the personal data of readers who subscribe or write to us.")
	case route.Listing:
		return forListing(cfg, lib, r)
	case route.Portal:
		return page(cfg, lib, r, "The Portal Is Coming Soon | "+cfg.Magazine(),
			"Our new news-and-solutions portal is on its way. Sign up for launch updates from "+cfg.Magazine()+".")
	}
	switch r.Kind {
	case route.Thanks:
		h := private(cfg, "Thank You | "+cfg.Magazine())
		h.meta("description", "Thank you for writing to "+cfg.Magazine()+". We will be in touch.")
		return h
	case route.Search:
		h := private(cfg, "Search | "+cfg.Magazine())
		h.meta("description", "Search every story in "+cfg.Magazine()+".")
		return h
	}
	if r.Path == route.StoryNotFound {
		h := private(cfg, "Story Not Found | "+cfg.Magazine())
		h.meta("description", "The story you're looking for doesn't exist. Every story in "+cfg.Magazine()+" is listed in the archive.")
		return h
	}
	h := private(cfg, "Page Not Found | "+cfg.Magazine())
	h.meta("description", "The page you're looking for doesn't exist. Every story in "+cfg.Magazine()+" is listed in the archive.")
	return h
}

// private is the head of a page search engines should not list.
func private(cfg *site.Config, title string) Head {
	h := Head{Title: title}
	h.meta("robots", "noindex, follow")
	h.feeds(cfg, nil)
	return h
}

// feeds links the magazine's RSS feed, and a category's or tag's own feed on its pages.
func (h *Head) feeds(cfg *site.Config, l *route.List) {
	h.Elements = append(h.Elements, Element{"link", [][2]string{{"rel", "alternate"}, {"type", "application/rss+xml"}, {"title", cfg.Magazine()}, {"href", cfg.Abs("/feed.xml")}}})
	if l != nil && (l.Kind == route.Category || l.Kind == route.Tag) {
		h.Elements = append(h.Elements, Element{"link", [][2]string{{"rel", "alternate"}, {"type", "application/rss+xml"}, {"title", l.Name + " | " + cfg.Magazine()}, {"href", cfg.Abs(route.FeedPath(l.Base))}}})
	}
}

// page is the head of a plain screen: title, description, canonical, sharing tags.
func page(cfg *site.Config, lib *media.Library, r route.Route, title, description string) Head {
	h := Head{Title: title}
	h.meta("description", description)
	h.meta("robots", "index, follow")
	h.link("canonical", pageURL(cfg, r.Canonical))
	h.social(cfg, "website", title, description, pageURL(cfg, r.Canonical), lib.Site())
	h.feeds(cfg, r.List)
	return h
}

func (h *Head) social(cfg *site.Config, kind, title, description, url string, img media.Image) {
	h.property("og:title", title)
	h.property("og:description", description)
	h.property("og:type", kind)
	h.property("og:url", url)
	h.property("og:site_name", cfg.Magazine())
	if img.Src != "" {
		h.property("og:image", cfg.Abs(img.Src))
		h.property("og:image:width", strconv.Itoa(img.Width))
		h.property("og:image:height", strconv.Itoa(img.Height))
		h.property("og:image:alt", img.Alt)
	}
	h.meta("twitter:card", "summary_large_image")
	h.meta("twitter:title", title)
	h.meta("twitter:description", description)
	if img.Src != "" {
		h.meta("twitter:image", cfg.Abs(img.Src))
		h.meta("twitter:image:alt", img.Alt)
	}
}

func forHome(cfg *site.Config, lib *media.Library) Head {
	title := cfg.Magazine() + " | " + cfg.Tagline
	h := Head{Title: title}
	h.meta("description", cfg.Description)
	h.meta("keywords", "India economy, business news, economic policy, trade, technology, solutions journalism, "+cfg.Magazine())
	h.meta("author", cfg.Magazine())
	h.meta("robots", "index, follow")
	h.link("canonical", cfg.Abs("/"))
	h.social(cfg, "website", title, cfg.Description, cfg.Abs("/"), lib.Site())
	h.feeds(cfg, nil)
	h.ld(website{
		Context: "https://schema.org", Type: "WebSite", Name: cfg.Magazine(), URL: cfg.Abs("/"), Description: cfg.Description,
		Publisher: publisher(cfg),
		PotentialAction: &searchAction{
			Type:       "SearchAction",
			Target:     entryPoint{Type: "EntryPoint", URLTemplate: pageURL(cfg, "/search") + "?q={search_term_string}"},
			QueryInput: "required name=search_term_string",
		},
	})
	return h
}

func forStory(cfg *site.Config, lib *media.Library, r route.Route) Head {
	s := r.Story
	title := s.Title
	if s.MetaTitle != "" {
		title = s.MetaTitle
	}
	description := s.MetaDescription
	if description == "" {
		description = Describe(s.Introduction)
	}
	url := pageURL(cfg, r.Canonical)
	img := lib.Social(s)
	keywords := Keywords(cfg, s)
	published := s.PublishedAt.ISO()

	modified := published
	if m := s.Modified(); !m.IsZero() {
		modified = m.ISO()
	}

	h := Head{Title: title + " | " + cfg.Magazine()}
	h.meta("description", description)
	h.meta("keywords", strings.Join(keywords, ", "))
	h.meta("author", s.Byline())
	h.meta("robots", "index, follow")
	h.link("canonical", url)
	h.social(cfg, "article", title, description, url, img)
	h.feeds(cfg, nil)
	for _, a := range s.Names() {
		h.property("article:author", a)
	}
	h.property("article:published_time", published)
	if modified != published {
		h.property("article:modified_time", modified)
	}
	h.property("article:section", s.Category)
	for _, t := range s.Tags {
		h.property("article:tag", t)
	}
	kind := "Article"
	if r.Layout() == "energy" {
		kind = "NewsArticle"
	}
	h.ld(article{
		Context: "https://schema.org", Type: kind,
		Headline: title, Description: description,
		Image:            images(cfg, img, lib.Featured(s)),
		Author:           authors(cfg, s.Names()),
		Publisher:        publisher(cfg),
		DatePublished:    published,
		DateModified:     modified,
		ArticleSection:   s.Category,
		Keywords:         strings.Join(keywords, ", "),
		MainEntityOfPage: url,
		URL:              url,
		WordCount:        s.Body.Words,
		InLanguage:       cfg.Language,
	})
	if r.Layout() == "energy" {
		h.ld(breadcrumbs(cfg, s))
	}
	return h
}

// Keywords are the story's own list, or a generic one from its category and author.
func Keywords(cfg *site.Config, s *story.Story) []string {
	if len(s.MetaTags) > 0 {
		return s.MetaTags
	}
	return []string{s.Category, s.Byline(), "India", "Indian economy", "business news", "solutions journalism", cfg.Magazine()}
}

// authors are a story's bylines as schema.org Persons (Organizations for
// a desk or team), each with the URL of their author page.
func authors(cfg *site.Config, names []string) []party {
	out := make([]party, len(names))
	for i, n := range names {
		out[i] = party{Type: authorType(cfg, n), Name: n, URL: pageURL(cfg, route.AuthorPath(n))}
	}
	return out
}

// authorType is what schema.org calls a byline: a Person, or an
// Organization for a desk or team.
func authorType(cfg *site.Config, name string) string {
	if a := cfg.Author(name); a != nil && a.Organization {
		return "Organization"
	}
	return "Person"
}

func publisher(cfg *site.Config) *party {
	return &party{Type: "NewsMediaOrganization", Name: cfg.Magazine(), URL: cfg.Abs("/"),
		Logo: &imageObject{Type: "ImageObject", URL: cfg.Abs(LogoPath), Width: 600, Height: 144}}
}

func breadcrumbs(cfg *site.Config, s *story.Story) breadcrumbList {
	return breadcrumbList{Context: "https://schema.org", Type: "BreadcrumbList", Items: []listItem{
		{Type: "ListItem", Position: 1, Name: "Home", Item: cfg.Abs("/")},
		{Type: "ListItem", Position: 2, Name: s.Category, Item: pageURL(cfg, route.CategoryPath(s.Category))},
		{Type: "ListItem", Position: 3, Name: s.Title, Item: pageURL(cfg, s.CanonicalPath())},
	}}
}

func forListing(cfg *site.Config, lib *media.Library, r route.Route) Head {
	l := r.List
	name := l.Title()
	title := name
	if l.Kind == route.Tag { // a tag may share its name with a category: their pages differ
		title = "Topic: " + name
	}
	if l.Page > 1 {
		title += " — Page " + strconv.Itoa(l.Page)
	}
	title += " | " + cfg.Magazine()
	description := "Every story from " + cfg.Magazine() + ", newest first."
	switch l.Kind {
	case route.Category:
		description = name + ": stories and Solution Spotlights from " + cfg.Magazine() + ", newest first."
	case route.Tag:
		description = "Stories about " + name + " from " + cfg.Magazine() + ", newest first."
	case route.Author:
		description = "Stories by " + name + " in " + cfg.Magazine() + ", newest first."
		if a := cfg.Author(name); a != nil && a.Bio != "" {
			description = Describe(a.Bio)
		}
	}
	if l.Page > 1 { // each page of a listing says which it is
		description += " Page " + strconv.Itoa(l.Page) + " of " + strconv.Itoa(l.Pages) + "."
	}
	h := page(cfg, lib, r, title, description)
	if l.Page > 1 {
		h.link("prev", pageURL(cfg, route.PagePath(l.Base, l.Page-1)))
	}
	if l.Page < l.Pages {
		h.link("next", pageURL(cfg, route.PagePath(l.Base, l.Page+1)))
	}
	items := make([]listItem, len(l.Stories))
	for i, s := range l.Stories {
		items[i] = listItem{Type: "ListItem", Position: (l.Page-1)*cfg.PerPage + i + 1, Name: s.Title, Item: pageURL(cfg, s.CanonicalPath())}
	}
	h.ld(collectionPage{Context: "https://schema.org", Type: "CollectionPage", Name: name, URL: pageURL(cfg, r.Path),
		Description: description, MainEntity: itemList{Type: "ItemList", Items: items}})
	if l.Kind == route.Author {
		p := person{Context: "https://schema.org", Type: authorType(cfg, name), Name: name, URL: pageURL(cfg, l.Base),
			WorksFor: publisher(cfg)}
		if a := cfg.Author(name); a != nil {
			p.Description, p.JobTitle = a.Bio, a.Role
			if a.Organization { // no job title, and part of the magazine rather than working for it
				p.JobTitle, p.WorksFor, p.ParentOrganization = "", nil, publisher(cfg)
			}
			for _, link := range a.Links {
				p.SameAs = append(p.SameAs, link.URL)
			}
		}
		if img, ok := lib.Author(name); ok {
			p.Image = &imageObject{Type: "ImageObject", URL: cfg.Abs(img.Src), Width: img.Width, Height: img.Height}
		}
		h.ld(p)
	}
	return h
}

// images lists a story's pictures for structured data: the sharing card
// and, when it is a different file, the featured picture.
func images(cfg *site.Config, imgs ...media.Image) []imageObject {
	var out []imageObject
	seen := map[string]bool{}
	for _, img := range imgs {
		if img.Src == "" || seen[img.Src] {
			continue
		}
		seen[img.Src] = true
		out = append(out, imageObject{Type: "ImageObject", URL: cfg.Abs(img.Src), Width: img.Width, Height: img.Height})
	}
	return out
}
