// Package story loads and validates the Markdown story files editors write.
package story

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/util/words"
)

// Story is one article: the specification's entity plus what the generator
// derives from it (body blocks, words, reading time).
//
// This struct is the story schema, declared once. A field with a yaml tag is
// a front-matter key; its Go type says how it is read (schema.go), the rules
// table adds what a type cannot say, and the tags give the editors' field
// table (FieldTable; go generate ./... writes it). The build cache encodes
// the whole struct by reflection (codec.go). Adding a key means adding a
// field here, and a rule when its type is not enough.
type Story struct {
	File     string    // path as given to Load, used in diagnostics
	FileTime time.Time // the file's modification time, to tell which of two clashing files is newer
	// Key is the file's path and bytes, hashed (LoadDir): two stories with
	// one key were parsed from the same file and text.
	Key string

	ID              int          `yaml:"id" required:"yes" example:"5" doc:"whole number, unique across all stories"`
	Title           string       `yaml:"title" required:"yes" example:"\"RBI Holds the Repo Rate at 5.5%\"" doc:"the headline"`
	Heading         string       `yaml:"heading" example:"\"2025 SCO Summit: Solutions India Should Drive Now\"" doc:"the on-page heading, when it differs from the title"`
	Introduction    string       `yaml:"introduction" required:"yes" example:"\"One to three sentences.\"" doc:"the standfirst under the headline, and the description on cards"`
	Author          string       `yaml:"author" required:"yes, or authors" example:"\"Nivaran Economy Desk\"" doc:"the byline: a name listed under \"authors\" in site.yaml"`
	Authors         []string     `yaml:"authors" example:"[\"Ira Venkataraman\", \"Nivaran Economy Desk\"]" doc:"several bylines, each listed in site.yaml, read \"By A and B\" (\"By A, B and C\"); give author or authors, not both"`
	PublishedAt     Date         `yaml:"publishedAt" required:"yes" example:"2025-08-12" doc:"YYYY-MM-DD (midnight in site.yaml's timeZone) or an ISO time such as 2025-08-12T09:30:00+05:30; a story dated in the future is left out of the build until then (magazine build --future includes it)"`
	UpdatedAt       Date         `yaml:"updatedAt" example:"2025-09-04" doc:"when the story was last substantially updated: shown as \"Updated …\" under the byline, and the dateModified of its structured data, article:modified_time and sitemap lastmod; not before publishedAt"`
	Draft           bool         `yaml:"draft" example:"true" doc:"a draft shows in magazine dev, marked as a draft, and is left out of magazine build (pages, listings, feeds, sitemaps, search) unless --drafts"`
	Corrections     []Correction `yaml:"corrections" example:"[{date: 2025-09-04, text: \"An earlier version gave the repo rate as 5.75%.\"}]" doc:"dated corrections (date, text), printed as a corrections note at the end of the story, oldest first; each also counts as an update"`
	Category        string       `yaml:"category" required:"yes" example:"\"Economic Policy\"" doc:"one of the categories in site.yaml"`
	Path            string       `yaml:"path" example:"/rbi-policy" doc:"fixed address, served at /rbi-policy/ (with the slash, as static hosts serve folders); /story/<id> stays the story's generic page too (canonical to path, so search engines index one address). No dots, and not the site's own: another story's /story/<id>, /stories, /category, /author, /tag(s), /search, /assets, /images, /api and what is under them, or a fixed page (/about, /portal, …)"`
	Aliases         []string     `yaml:"aliases" example:"[/rbi-repo-rate]" doc:"old paths of the story: they redirect (301) to it, or show the generic story page (canonical to path) when the layout is a dedicated one; the same rules as path"`
	FeaturedImage   string       `yaml:"featuredImage" example:"images/rbi.jpg" doc:"a JPEG or PNG inside stories/ (after symlinks; at most 25 MB and 60 megapixels), an https:// address (a valid URL: no spaces or quotes), custom:trade-partnership, or generated (the default: cover art from the category)"`
	ImageAlt        string       `yaml:"imageAlt" example:"\"The RBI building in Mumbai\"" doc:"the picture's text alternative"`
	ImageCaption    string       `yaml:"imageCaption" example:"\"The RBI's Mumbai headquarters\"" doc:"the caption under the picture"`
	ImageOverlay    bool         `yaml:"imageOverlay" example:"true" doc:"lays the caption over a gradient on the picture"`
	ImageWidth      int          `yaml:"imageWidth" example:"1600" doc:"the width of an external picture (never fetched)"`
	ImageHeight     int          `yaml:"imageHeight" example:"900" doc:"the height of an external picture"`
	ReadTime        string       `yaml:"readTime" example:"\"6 min read\"" doc:"computed from the words (200 a minute) when absent"`
	Tags            []string     `yaml:"tags" example:"[\"RBI\", \"Monetary Policy\"]" doc:"topics, each given once: each has its own page (/tag/<slug>, with an RSS feed), the story links to them, and they choose the related stories"`
	MetaTitle       string       `yaml:"metaTitle" example:"\"RBI Repo Rate Decision\"" doc:"hand-written search title (otherwise the title)"`
	MetaDescription string       `yaml:"metaDescription" example:"\"What the MPC's pause means for borrowers.\"" doc:"hand-written search description, at most 160 characters (otherwise the introduction cut at 155)"`
	MetaTags        []string     `yaml:"metaTags" example:"[\"repo rate\", \"RBI\"]" doc:"keywords (otherwise from the category and byline)"`
	Layout          string       `yaml:"layout" example:"article" doc:"story (the default), article, energy, storm or playbook; a dedicated layout shows at path only, while /story/<id> and aliases show the generic story page (ads, back buttons), canonical to path"`
	BackLabel       string       `yaml:"backLabel" example:"\"Back to Portal\"" doc:"Back to Homepage (the default) or Back to Portal"`
	Extra           Extra        `yaml:",inline"`

	Body markdown.Doc

	Lines []KeyLine // where each front-matter key and list item was written
}

// KeyLine is the line of a front-matter key (Item -1) or of item Item of
// its list. A slice, not a map: a map of them was ~0.5 KB of every story
// a build holds.
type KeyLine struct {
	Key        string
	Item, Line int
}

// Correction is one dated correction note.
type Correction struct {
	Date Date   `yaml:"date"`
	Text string `yaml:"text"`
}

// Extra holds the structured parts of the dedicated layouts.
type Extra struct {
	HeroKicker string      `yaml:"heroKicker" json:"heroKicker,omitempty" example:"\"Summit 2025\"" doc:"playbook layout: the line above the hero title"`
	Indicators []Indicator `yaml:"indicators" json:"indicators,omitempty" example:"[{label: CPI, value: \"3.2%\", note: July}]" doc:"playbook layout: the key indicators box (label, value, note)"`
	Playbook   *Playbook   `yaml:"playbook" json:"playbook,omitempty" example:"{immediate: [..], mediumTerm: [..], implementation: [..]}" doc:"playbook layout: the three lists of the solutions playbook"`
	Investment *Investment `yaml:"investment" json:"investment,omitempty" example:"{title: \"..\", points: [..]}" doc:"playbook layout: the investment box"`
	BottomLine string      `yaml:"bottomLine" json:"bottomLine,omitempty" example:"\"..\"" doc:"playbook layout: the bottom line"`
}

type Indicator struct {
	Label string `yaml:"label" json:"label"`
	Value string `yaml:"value" json:"value"`
	Note  string `yaml:"note" json:"note,omitempty"`
}

type Playbook struct {
	Immediate      []string `yaml:"immediate" json:"immediate"`
	MediumTerm     []string `yaml:"mediumTerm" json:"mediumTerm"`
	Implementation []string `yaml:"implementation" json:"implementation"`
}

type Investment struct {
	Title  string   `yaml:"title" json:"title"`
	Points []string `yaml:"points" json:"points"`
}

// Layouts are the page designs a story may ask for.
var Layouts = []string{"story", "article", "energy", "storm", "playbook"}

// Visuals are the custom featured visuals (featuredImage: custom:<name>),
// each drawn by a component of frontend/src/components/visuals.ts, whose
// type (CustomVisual in types.ts) is made from this list.
var Visuals = []string{"trade-partnership"}

// Line is where a front-matter key was written (1 when it was not).
func (s *Story) Line(key string) int {
	if l, ok := s.line(key, -1); ok {
		return l
	}
	return 1
}

// ItemLine is the line of item i of the list at key, or the key's.
func (s *Story) ItemLine(key string, i int) int {
	if l, ok := s.line(key, i); ok {
		return l
	}
	return s.Line(key)
}

// Given reports whether the front matter gives key.
func (s *Story) Given(key string) bool {
	_, ok := s.line(key, -1)
	return ok
}

func (s *Story) line(key string, item int) (int, bool) {
	for _, l := range s.Lines {
		if l.Key == key && l.Item == item {
			return l.Line, true
		}
	}
	return 0, false
}

// Names are the story's authors, from authors or author.
func (s *Story) Names() []string {
	if len(s.Authors) > 0 {
		return s.Authors
	}
	if s.Author != "" {
		return []string{s.Author}
	}
	return nil
}

// Byline joins the authors as a reader says them: "A", "A and B", "A, B and C".
func (s *Story) Byline() string { return words.And(s.Names()) }

// Modified is when the story last changed after publication: the later of
// updatedAt and its newest correction, or the zero Date when neither is given.
func (s *Story) Modified() Date {
	m := s.UpdatedAt
	for _, c := range s.Corrections {
		if c.Date.After(m.Time) {
			m = c.Date
		}
	}
	return m
}

// CanonicalPath is the one URL search engines and cards should use.
func (s *Story) CanonicalPath() string {
	if s.Path != "" {
		return s.Path
	}
	return StoryPath(s.ID)
}

// StoryPath is the generic /story/<id> route.
func StoryPath(id int) string { return "/story/" + strconv.Itoa(id) }

// Newest sorts stories newest first (ties: higher id first, then by file),
// in place.
func Newest(stories []*Story) {
	// The pipeline orders its stories so once; everything it hands on keeps
	// that order, and each sort after it is a check.
	if slices.IsSortedFunc(stories, newer) {
		return
	}
	// Not a stable sort: the order is total but for one file read twice,
	// and at 10,000 stories a stable sort took 20 ms of each build.
	slices.SortFunc(stories, newer)
}

func newer(a, b *Story) int {
	if c := b.PublishedAt.Compare(a.PublishedAt.Time); c != 0 {
		return c
	}
	if c := cmp.Compare(b.ID, a.ID); c != 0 {
		return c
	}
	return strings.Compare(a.File, b.File)
}
