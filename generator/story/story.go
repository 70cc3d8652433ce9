// Package story loads and validates the Markdown story files editors write.
package story

import (
	"sort"
	"strconv"
	"time"

	"github.com/nivaran/magazine/generator/markdown"
)

// Story is one article: the specification's entity plus what the generator
// derives from it (body blocks, words, reading time).
type Story struct {
	File     string    // path as given to Load, used in diagnostics
	Modified time.Time // the file's, to tell which of two clashing files is newer

	ID              int
	Title           string
	Heading         string // on-page heading when it differs from the title
	Introduction    string
	Author          string
	PublishedAt     Date
	Category        string
	FeaturedImage   string // images/x.jpg, https://..., custom:trade-partnership or generated
	ImageAlt        string
	ImageCaption    string
	ImageOverlay    bool
	ImageWidth      int // for external images, which are never fetched
	ImageHeight     int
	Path            string   // fixed path, e.g. /rbi-policy; empty for /story/<id> only
	Aliases         []string // further paths rendering this story, canonical to Path
	ReadTime        string
	Tags            []string
	MetaTitle       string
	MetaDescription string
	MetaTags        []string
	Layout          string
	BackLabel       string
	Extra           Extra

	Body markdown.Doc

	lines map[string]int // front-matter key -> line in the file
}

// Extra holds the structured parts of the dedicated layouts.
type Extra struct {
	HeroKicker string      `yaml:"heroKicker" json:"heroKicker,omitempty"`
	Indicators []Indicator `yaml:"indicators" json:"indicators,omitempty"`
	Playbook   *Playbook   `yaml:"playbook" json:"playbook,omitempty"`
	Investment *Investment `yaml:"investment" json:"investment,omitempty"`
	BottomLine string      `yaml:"bottomLine" json:"bottomLine,omitempty"`
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

// Line is where a front-matter key was written (1 when it was not).
func (s *Story) Line(key string) int { return s.line(key) }

// CanonicalPath is the one URL search engines and cards should use.
func (s *Story) CanonicalPath() string {
	if s.Path != "" {
		return s.Path
	}
	return StoryPath(s.ID)
}

// StoryPath is the generic /story/<id> route.
func StoryPath(id int) string { return "/story/" + strconv.Itoa(id) }

// Newest sorts stories newest first (ties: higher id first), in place.
func Newest(stories []*Story) {
	sort.SliceStable(stories, func(i, j int) bool {
		a, b := stories[i].PublishedAt.Time, stories[j].PublishedAt.Time
		if !a.Equal(b) {
			return a.After(b)
		}
		return stories[i].ID > stories[j].ID
	})
}
