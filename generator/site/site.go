// Package site holds the magazine's configuration: name, addresses, endpoints
// and the lists that content is validated against.
package site

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is site.yaml.
type Config struct {
	Name          string   `yaml:"name" json:"name"`
	Tagline       string   `yaml:"tagline" json:"tagline"`
	Description   string   `yaml:"description" json:"description"`
	BaseURL       string   `yaml:"baseURL" json:"baseURL"`
	Language      string   `yaml:"language" json:"language"`
	EditorEmail   string   `yaml:"editorEmail" json:"editorEmail"`
	LaunchDate    string   `yaml:"launchDate" json:"launchDate"`
	AdPublisherID string   `yaml:"adPublisherID" json:"adPublisherID"`
	AnalyticsID   string   `yaml:"analyticsID" json:"analyticsID"`
	Forms         Forms    `yaml:"forms" json:"forms"`
	Categories    []string `yaml:"categories" json:"-"`
	Home          Home     `yaml:"home" json:"-"`
	PerPage       int      `yaml:"perPage" json:"-"`
	Authors       []Author `yaml:"authors" json:"-"`
	// TimeZone names the zone (IANA, e.g. Asia/Kolkata, the default) that
	// story dates are read in and scheduled stories fall due by.
	TimeZone string         `yaml:"timeZone" json:"-"`
	Location *time.Location `yaml:"-" json:"-"`
	// Sections are the links of the header's bar and mobile menu.
	Sections []Section `yaml:"sections" json:"-"`
}

// Section is a link in the header.
type Section struct {
	Label string `yaml:"label"`
	Path  string `yaml:"path"` // a site path such as /category/technology, or an absolute URL
}

// DefaultSections are SPEC.md's header links.
var DefaultSections = []Section{{Label: "Home", Path: "/"}, {Label: "About", Path: "/about"}}

// DefaultTimeZone is where the magazine publishes from.
const DefaultTimeZone = "Asia/Kolkata"

// Home says which stories fill the home page's sections, by id.
type Home struct {
	Lead              int            `yaml:"lead"`
	Latest            int            `yaml:"latest"` // how many cards the latest grid shows
	Featured          []int          `yaml:"featured"`
	Spotlight         []int          `yaml:"spotlight"`
	EditorsPick       []int          `yaml:"editorsPick"`
	EditorsPickTarget string         `yaml:"editorsPickTarget"`
	Links             map[int]string `yaml:"links"` // a card's link when it is not the story's own
}

// Author is a byline's profile for its author page.
type Author struct {
	Name  string `yaml:"name"`
	Role  string `yaml:"role"`
	Bio   string `yaml:"bio"`
	Photo string `yaml:"photo"` // a picture under the stories folder, e.g. images/ira.jpg
	Links []Link `yaml:"links"`
}

// Link is one of an author's profiles elsewhere.
type Link struct {
	Label string `yaml:"label"`
	URL   string `yaml:"url"`
}

// Forms are the endpoints the lead forms post to.
type Forms struct {
	Launch      string `yaml:"launch" json:"launch"`
	Editorial   string `yaml:"editorial" json:"editorial"`
	Partnership string `yaml:"partnership" json:"partnership"`
	Newsletter  string `yaml:"newsletter" json:"newsletter"`
}

// Load reads and validates a config file. A missing launch date becomes
// buildDate plus five days, so a fresh build counts down from 5.
func Load(path string, buildDate time.Time) (*Config, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := c.normalise(buildDate); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &c, nil
}

func (c *Config) normalise(buildDate time.Time) error {
	if c.Name == "" {
		return fmt.Errorf("name is required")
	}
	if err := c.SetBaseURL(c.BaseURL); err != nil {
		return err
	}
	if c.Language == "" {
		c.Language = "en"
	}
	if c.LaunchDate == "" {
		c.LaunchDate = buildDate.UTC().AddDate(0, 0, 5).Format("2006-01-02")
	} else if _, err := time.Parse("2006-01-02", c.LaunchDate); err != nil {
		return fmt.Errorf("launchDate: %q is not a date (want YYYY-MM-DD)", c.LaunchDate)
	}
	if c.PerPage <= 0 {
		c.PerPage = 12
	}
	if c.Home.Latest <= 0 {
		c.Home.Latest = 6
	}
	if len(c.Categories) == 0 {
		return fmt.Errorf("categories: at least one category is required")
	}
	if c.TimeZone == "" {
		c.TimeZone = DefaultTimeZone
	}
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil || c.TimeZone == "Local" {
		return fmt.Errorf("timeZone: %q is not a time zone (want a name such as Asia/Kolkata or UTC)", c.TimeZone)
	}
	c.Location = loc
	if c.Sections == nil {
		c.Sections = DefaultSections
	}
	for i, sec := range c.Sections {
		if sec.Label == "" || !(strings.HasPrefix(sec.Path, "/") || strings.HasPrefix(sec.Path, "https://") || strings.HasPrefix(sec.Path, "http://")) {
			return fmt.Errorf("sections[%d]: give a label and a path such as /category/technology (or an absolute URL)", i)
		}
	}
	return c.checkAuthors()
}

func (c *Config) checkAuthors() error {
	seen := map[string]bool{}
	for i, a := range c.Authors {
		switch {
		case strings.TrimSpace(a.Name) == "":
			return fmt.Errorf("authors[%d]: name is required", i)
		case seen[a.Name]:
			return fmt.Errorf("authors: %q is listed twice", a.Name)
		case a.Photo != "" && (strings.Contains(a.Photo, "://") || strings.HasPrefix(a.Photo, "/") || strings.Contains(a.Photo, "..")):
			return fmt.Errorf("authors: %s: photo %q must be a picture under the stories folder, such as images/photo.jpg", a.Name, a.Photo)
		}
		seen[a.Name] = true
		for _, l := range a.Links {
			u, err := url.Parse(l.URL)
			if l.Label == "" || err != nil || !(u.Scheme == "https" || u.Scheme == "http" || u.Scheme == "mailto") {
				return fmt.Errorf("authors: %s: each link needs a label and an absolute https:// (or mailto:) url", a.Name)
			}
		}
	}
	return nil
}

// AuthorNames are the names of the authors listed (never nil).
func (c *Config) AuthorNames() []string {
	names := make([]string, len(c.Authors))
	for i, a := range c.Authors {
		names[i] = a.Name
	}
	return names
}

// SetBaseURL validates and stores the absolute origin every URL is built from.
func (c *Config) SetBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("baseURL: %q must be an absolute http(s) URL", raw)
	}
	c.BaseURL = strings.TrimRight(u.String(), "/")
	return nil
}

// Magazine is the full name, e.g. "Nivaran Magazine".
func (c *Config) Magazine() string { return c.Name + " Magazine" }

// Abs turns a site path into an absolute URL.
func (c *Config) Abs(path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return c.BaseURL + path
}

// Author returns the profile of a byline, or nil.
func (c *Config) Author(name string) *Author {
	for i := range c.Authors {
		if c.Authors[i].Name == name {
			return &c.Authors[i]
		}
	}
	return nil
}
