// Package site holds the magazine's configuration: name, addresses, endpoints
// and the lists that content is validated against.
package site

import (
	"fmt"
	"maps"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"
	"gopkg.in/yaml.v3"

	"github.com/nivaran/magazine/generator/util/diag"
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
	LaunchNotice  *bool    `yaml:"launchNotice" json:"-"` // nil means on; see ShowLaunchNotice
	launchAuto    bool     // LaunchDate was not set: it is the build date plus five days
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
	where    position       // where each key is set (Where)
	// BasePath is the base URL's path without its last slash: "" for a
	// site at the root of its host, "/magazine" for one served below
	// https://example.org/magazine/. Every site path the pages, host files
	// and servers use goes through WithBase.
	BasePath string `yaml:"-" json:"-"`
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

// MaxCards is the most cards perPage and home.latest may ask a page to show.
const MaxCards = 100

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
	Name string `yaml:"name"`
	Role string `yaml:"role"`
	// Organization marks a desk or team byline ("Nivaran Economy Desk"):
	// search engines are told it is an organisation, not a person.
	Organization bool   `yaml:"organization"`
	Bio          string `yaml:"bio"`
	Photo        string `yaml:"photo"` // a picture under the stories folder, e.g. images/ira.jpg
	Links        []Link `yaml:"links"`
}

// Link is one of an author's profiles elsewhere.
type Link struct {
	Label string `yaml:"label"`
	URL   string `yaml:"url"`
}

func (c *Config) normalise(buildDate time.Time, at position) diag.List {
	var diags diag.List
	add := func(key string, format string, args ...any) {
		file, line := at(key)
		diags.Add(file, line, 0, format, args...)
	}
	// Every page's title and the feeds carry the name and tagline, the
	// site's sharing card the tagline, and the about and privacy pages
	// the editor's address: none may be blank.
	for _, f := range []struct{ key, v, what string }{
		{"name", c.Name, "the magazine's name"},
		{"tagline", c.Tagline, "the line under the name, in the home page's title and the feeds"},
		{"editorEmail", c.EditorEmail, "the editors' address, on the about and privacy pages"},
	} {
		if strings.TrimSpace(f.v) == "" {
			add(f.key, "%s is required: %s", f.key, f.what)
		}
	}
	if err := c.SetBaseURL(c.BaseURL); err != nil {
		add("baseURL", "%v", err)
	}
	if c.EditorEmail != "" {
		if a, err := mail.ParseAddress(c.EditorEmail); err != nil || a.Address != c.EditorEmail {
			add("editorEmail", "editorEmail: %q is not an email address (want name@example.com)", c.EditorEmail)
		}
	}
	if c.Language == "" {
		c.Language = "en"
	} else if _, err := language.Parse(c.Language); err != nil || strings.Contains(c.Language, "_") {
		// It is each page's <html lang> (BCP 47, read by golang.org/x/text).
		add("language", "language: %q is not a language tag (want one such as en, en-IN or hi)", c.Language)
	}
	for _, n := range []struct {
		key, what string
		v         *int
		def       int
	}{{"perPage", "stories a listing page", &c.PerPage, 12}, {"home.latest", "cards the latest grid", &c.Home.Latest, 6}} {
		switch {
		case *n.v < 0 || *n.v > MaxCards:
			add(n.key, "%s: %d %s cannot show: give a number from 1 to %d (the default is %d)", n.key, *n.v, n.what, MaxCards, n.def)
			*n.v = n.def
		case *n.v == 0:
			*n.v = n.def
		}
	}
	for _, list := range []struct {
		key string
		ids []int
	}{{"featured", c.Home.Featured}, {"spotlight", c.Home.Spotlight}, {"editorsPick", c.Home.EditorsPick}} {
		seen := map[int]int{}
		for j, id := range list.ids {
			if seen[id]++; seen[id] == 2 { // at the second mention
				add("home."+list.key+"."+strconv.Itoa(j), "home.%s: story %d is listed twice (it would show twice)", list.key, id)
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(c.Home.Links)) {
		if err := checkCardLink(c.Home.Links[id]); err != nil {
			add("home.links."+strconv.Itoa(id), "home.links.%d: %v", id, err)
		}
	}
	if len(c.Categories) == 0 {
		add("categories", "categories: at least one category is required")
	}
	if c.TimeZone == "" {
		c.TimeZone = DefaultTimeZone
	}
	if loc, err := time.LoadLocation(c.TimeZone); err != nil || c.TimeZone == "Local" {
		add("timeZone", "timeZone: %q is not a time zone (want a name such as Asia/Kolkata or UTC)", c.TimeZone)
	} else {
		c.Location = loc
	}
	if c.LaunchDate == "" {
		// Five days from the build's day where the readers are: a build
		// made in the evening, UTC, is already the next day in India.
		zone := c.Location
		if zone == nil {
			zone = time.UTC
		}
		c.LaunchDate = buildDate.In(zone).AddDate(0, 0, 5).Format("2006-01-02")
		c.launchAuto = true
	} else if _, err := time.Parse("2006-01-02", c.LaunchDate); err != nil {
		add("launchDate", "launchDate: %q is not a date (want YYYY-MM-DD)", c.LaunchDate)
	}
	if c.Sections == nil {
		c.Sections = DefaultSections
	}
	for i, sec := range c.Sections {
		if sec.Label == "" || !(strings.HasPrefix(sec.Path, "/") || strings.HasPrefix(sec.Path, "https://") || strings.HasPrefix(sec.Path, "http://")) {
			add("sections", "sections[%d]: give a label and a path such as /category/technology (or an absolute URL)", i)
		}
	}
	c.checkAuthors(add)
	diags = append(diags, c.Forms.check(at)...)
	return diags
}

func (c *Config) checkAuthors(add func(key, format string, args ...any)) {
	seen := map[string]bool{}
	for i, a := range c.Authors {
		at := "authors." + strconv.Itoa(i)
		switch {
		case strings.TrimSpace(a.Name) == "":
			add(at, "authors[%d]: name is required", i)
		case seen[a.Name]:
			add(at+".name", "authors: %q is listed twice", a.Name)
		case a.Photo != "" && (strings.Contains(a.Photo, "://") || strings.HasPrefix(a.Photo, "/") || strings.Contains(a.Photo, "..")):
			add(at+".photo", "authors: %s: photo %q must be a picture under the stories folder, such as images/photo.jpg", a.Name, a.Photo)
		}
		seen[a.Name] = true
		for j, l := range a.Links {
			u, err := url.Parse(l.URL)
			if l.Label == "" || err != nil || !(u.Scheme == "https" || u.Scheme == "http" || u.Scheme == "mailto") {
				add(at+".links."+strconv.Itoa(j), "authors: %s: each link needs a label and an absolute https:// (or mailto:) url", a.Name)
			}
		}
	}
}

// checkCardLink: a home card's link opens a page of the site (/about) or a
// web address (https://…); a browser would run a javascript: one.
func checkCardLink(link string) error {
	u, err := url.Parse(link)
	switch {
	case err != nil || strings.ContainsAny(link, " \t\n\"<>\\"):
		return fmt.Errorf("%q is not an address", link)
	case u.Scheme == "https" || u.Scheme == "http":
		if u.Host == "" {
			return fmt.Errorf("%q names no host", link)
		}
	case u.Scheme != "" || u.Host != "" || !strings.HasPrefix(link, "/"):
		return fmt.Errorf("%q: give a page of the site (/about) or a web address (https://…)", link)
	case slices.Contains(strings.Split(u.Path, "/"), "..") || slices.Contains(strings.Split(u.Path, "/"), "."):
		return fmt.Errorf("%q: write the page's own address, with no . or .. parts", link)
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

// OwnNames are the names the site gives itself: the magazine's, its
// authors' and its categories' (the spelling pass knows their words).
func (c *Config) OwnNames() []string {
	return append(append([]string{c.Name}, c.AuthorNames()...), c.Categories...)
}

// SetBaseURL validates and stores the absolute URL every URL is built
// from, and its path (BasePath). The path's folders may hold letters,
// digits and -._~ only: it is written into pages, host files and server
// configs, which must need no escaping for it.
func (c *Config) SetBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return fmt.Errorf("baseURL: %q must be an absolute http(s) URL", raw)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		return fmt.Errorf("baseURL: %q must not have a query or fragment", raw)
	}
	base := strings.TrimRight(u.EscapedPath(), "/")
	for _, dir := range strings.Split(base, "/")[1:] {
		if !basePathDir.MatchString(dir) || dir == "." || dir == ".." {
			return fmt.Errorf("baseURL: %q: each folder of its path may hold only letters, digits and - . _ ~ (like https://example.org/magazine/)", raw)
		}
	}
	c.BaseURL = strings.TrimRight(u.String(), "/")
	c.BasePath = base
	return nil
}

var basePathDir = regexp.MustCompile(`^[A-Za-z0-9._~-]+$`)

// WithBase is the address of a site path (one starting with a single "/",
// as routes, pictures and assets are named) on a site served below base,
// a BasePath: base+path. Anything else — an absolute URL, //host/x, a
// #fragment, a ?query, a relative path — is left as it is, as is every
// path when base is "". frontend/src/sitepath.ts has the same rule;
// testdata/basepath.json holds the cases both test.
func WithBase(base, path string) string {
	if base == "" || !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		return path
	}
	return base + path
}

// SrcsetWithBase is WithBase on each URL of an image candidate list
// ("/images/a-480.webp 480w, /images/a-800.webp 800w"), whose URLs hold no comma.
func SrcsetWithBase(base, srcset string) string {
	if base == "" {
		return srcset
	}
	parts := strings.Split(srcset, ",")
	for i, p := range parts {
		lead := len(p) - len(strings.TrimLeft(p, " \t\n"))
		parts[i] = p[:lead] + WithBase(base, p[lead:])
	}
	return strings.Join(parts, ",")
}

// WithBase is the address of a site path on this site (see WithBase).
func (c *Config) WithBase(path string) string { return WithBase(c.BasePath, path) }

// ShowLaunchNotice reports whether the pages offer the launch modal, popup
// and banner at all (launchNotice: false turns them off). Before the launch
// date they count down; after it the browser stops showing them by itself.
func (c *Config) ShowLaunchNotice() bool { return c.LaunchNotice == nil || *c.LaunchNotice }

// Notes is what a build says about the site config: where the forms post
// (and, in collector mode, what dist/ then needs) and the launch notice.
func (c *Config) Notes(buildDate time.Time) []string {
	forms := c.Forms
	forms.Launch = c.WithBase(forms.Launch) // where the launch form posts, below the base path
	notes := forms.Describe()
	switch {
	case !c.ShowLaunchNotice():
		notes = append(notes, "Launch notice: off (launchNotice: false).")
	case c.launchAuto:
		notes = append(notes, "Launch notice: counting down to "+c.LaunchDate+", the build date plus 5 days (launchDate is not set).",
			"warning: launchDate is not set, so each build counts down to its own date plus 5 days: "+
				"a scheduled rebuild moves the countdown on every build and it never ends. Set launchDate: YYYY-MM-DD in site.yaml.")
	case c.LaunchDate < buildDate.UTC().Format("2006-01-02"):
		notes = append(notes, "Launch notice: launchDate "+c.LaunchDate+" has passed; the notice no longer shows.")
	default:
		notes = append(notes, "Launch notice: counting down to "+c.LaunchDate+".")
	}
	return notes
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

// Fingerprint is the whole config as a build uses it, as text that changes
// whenever any of it does: pages are remembered by it (package pipeline).
func (c *Config) Fingerprint() string {
	out, err := yaml.Marshal(c)
	if err != nil {
		panic(err) // a Config is plain data: it always marshals
	}
	return fmt.Sprintf("%s\nbasePath %q\nzone %v\nlaunchAuto %v", out, c.BasePath, c.Location, c.launchAuto)
}
