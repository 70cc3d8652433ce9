package story

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/markdown/fence"
	"github.com/nivaran/magazine/generator/util/diag"
	"github.com/nivaran/magazine/generator/util/parallel"
	"gopkg.in/yaml.v3"
)

// Options says what stories are checked against.
type Options struct {
	Categories []string
	Authors    []string       // the site's author names; nil skips the check
	Location   *time.Location // the site's time zone; nil means DefaultZone
	Base       string         // the site's base path (site.Config.BasePath), which body links get
	Cache      *Cache         // stories parsed by earlier builds; nil parses every file
	// KeepText keeps each body's plain text (Body.Text), which the spelling
	// check reads, and parses every file: the cache holds none. Otherwise
	// LoadDir lets it go once a story is parsed, leaving Body.Terms for the
	// search index: the text of 10,000 synthetic stories was a third of
	// what a build held at its peak.
	KeepText bool
	// Unchanged names files known not to have changed since the story they
	// hold was loaded from them (magazine dev's watcher says which did):
	// such a story is taken as it is, or, when its body was let go, from
	// Cache, without reading the file.
	Unchanged map[string]*Story
	// Spill, when not nil, takes the blocks of each story parsed (Spill).
	Spill *Spill
}

// Files lists the story files of dir: its *.md files, not those of its
// subfolders, and not hidden ones (a name starting with a dot): editors
// leave those beside the files they edit (Emacs's .#name.md lock, a
// dangling link while a buffer has changes; macOS's ._name.md).
func Files(dir string) ([]string, error) {
	files, _, err := scan(dir, false)
	return files, err
}

// Count is how many story files dir holds (Files), read without sorting
// or stating them: a build's settings depend on it, at 10,000 stories in
// a third of the time Files takes.
func Count(dir string) int {
	f, err := os.Open(dir)
	if err != nil {
		return 0
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	n := 0
	for _, name := range names {
		if isStoryFile(name) {
			n++
		}
	}
	return n
}

// isStoryFile reports whether a file of the stories folder is a story.
func isStoryFile(name string) bool {
	return strings.HasSuffix(name, ".md") && !strings.HasPrefix(name, ".")
}

// scan is Files, and with deep the Markdown files it leaves out that an
// editor may have meant as stories: named .MD or .markdown, or in a
// subfolder. Those are problems, not silently missing stories.
func scan(dir string, deep bool) ([]string, diag.List, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil // no stories yet
	}
	if err != nil {
		return nil, nil, err
	}
	var files []string
	var stray diag.List
	markdown := func(name string) bool {
		ext := strings.ToLower(filepath.Ext(name))
		return ext == ".md" || ext == ".markdown"
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case isStoryFile(name):
			files = append(files, filepath.Join(dir, name))
		case strings.HasPrefix(name, "."):
		case !deep:
		case e.IsDir():
			filepath.WalkDir(filepath.Join(dir, name), func(p string, d fs.DirEntry, err error) error {
				switch {
				case err != nil || strings.HasPrefix(d.Name(), "."):
					if d != nil && d.IsDir() {
						return filepath.SkipDir
					}
				case !d.IsDir() && markdown(d.Name()):
					stray.Add(p, 0, 0, "not read: story files go directly in %s, not in a folder inside it", dir)
				}
				return nil
			})
		case markdown(name):
			stray.Add(filepath.Join(dir, name), 0, 0, "not read: a story file's name ends in .md (rename it %s)",
				strings.TrimSuffix(name, filepath.Ext(name))+".md")
		}
	}
	return files, stray, nil
}

// LoadDir reads every story file of dir (Files) in parallel and validates
// each, then checks the set: ids and paths must be unique.
func LoadDir(dir string, opt Options) ([]*Story, diag.List) {
	var diags diag.List
	if fi, err := os.Stat(dir); err != nil {
		diags.Add(dir, 0, 0, "cannot read the stories folder: %v", err)
		return nil, diags
	} else if !fi.IsDir() {
		diags.Add(dir, 0, 0, "is a file: the stories folder must be a folder")
		return nil, diags
	}
	files, diags, err := scan(dir, true) // in name order, as os.ReadDir gives them
	if err != nil {
		diags.Add(dir, 0, 0, "%v", err)
		return nil, diags
	}
	if opt.KeepText {
		opt.Cache = nil
	}
	stories := make([]*Story, len(files))
	perFile := make([]diag.List, len(files))
	parallel.ForWorkers(len(files), func() func(int) error {
		// One buffer a goroutine: a story found in the cache keeps nothing of
		// its file, and 10,000 files read into fresh memory cost more than
		// decoding their stories.
		var buf, enc []byte
		return func(i int) error {
			if old := opt.Unchanged[files[i]]; old != nil {
				if s := opt.Cache.again(old); s != nil {
					stories[i] = s
					return nil
				}
			}
			src, modified, problem := readFile(dir, files[i], buf)
			if problem != nil {
				perFile[i] = diag.List{*problem}
				return nil
			}
			buf = src
			var fresh bool
			stories[i], perFile[i], fresh = opt.Cache.parse(files[i], src, modified, opt)
			if s := stories[i]; fresh && s != nil && opt.Spill != nil {
				enc = opt.Spill.put(s, enc)
			}
			return nil
		}
	})
	for _, d := range perFile {
		diags = append(diags, d...)
	}
	out := make([]*Story, 0, len(stories))
	for _, s := range stories {
		if s != nil {
			out = append(out, s)
		}
	}
	diags = append(diags, CheckUnique(out)...)
	diags.Sort()
	return out, diags
}

// CheckUnique reports ids used by more than one story, at the file that
// introduced the clash (see ByAge), naming the other. Paths are the route
// table's to check: they also clash with the site's own pages.
func CheckUnique(stories []*Story) diag.List {
	var diags diag.List
	ids := map[int]*Story{}
	for _, s := range ByAge(stories) {
		if s.ID <= 0 {
			continue
		}
		if first, ok := ids[s.ID]; ok {
			diags.Add(s.File, s.Line("id"), 0, "id %d is already used by %s", s.ID, first.File)
		} else {
			ids[s.ID] = s
		}
	}
	return diags
}

// ByAge returns the stories oldest file first: a clash between two files
// is blamed on the one changed last (ties: the later name), which is the
// edit that introduced it.
func ByAge(stories []*Story) []*Story {
	sorted := append([]*Story(nil), stories...)
	slices.SortStableFunc(sorted, func(a, b *Story) int {
		if c := a.FileTime.Compare(b.FileTime); c != 0 {
			return c
		}
		return strings.Compare(a.File, b.File)
	})
	return sorted
}

var (
	pathPattern     = regexp.MustCompile(`^(/[A-Za-z0-9][A-Za-z0-9._-]*)+$`)
	readTimePattern = regexp.MustCompile(`^([1-9][0-9]?) min( read)?$`)
)

// WordsPerMinute sets the computed reading time.
const WordsPerMinute = 200

// Parse reads one story file. It returns the story (nil when the file is
// unusable) and every problem found, with lines counted in the whole file.
func Parse(file string, src []byte, opt Options) (*Story, diag.List) {
	var diags diag.List
	src = normalise(src)
	if d := diag.NotText(file, src, "a story"); d != nil {
		return nil, diag.List{*d}
	}
	front, body, bodyLine, ok := split(src)
	if !ok {
		diags.Add(file, 1, 1, "the file must start with front matter between two lines of ---")
		return nil, diags
	}
	s := &Story{File: file}
	var root yaml.Node
	fileLine := fence.FileLines(front)
	if err := yaml.Unmarshal(front, &root); err != nil {
		line, msg := fence.YAMLError(front, err)
		if proseAfterBlank(front) {
			// The body's text, up to a --- further down (a rule, a chart's)
			// taken for the front matter's end.
			msg += fmt.Sprintf(" (the front matter runs on to the --- at line %d: is the --- that ends it missing?)", bodyLine-1)
		}
		diags.Add(file, fileLine(line)+1, 0, "front matter is not valid YAML: %s", msg)
		return nil, diags
	}
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		diags.Add(file, 2, 1, "front matter must be a list of key: value lines")
		return nil, diags
	}
	m := root.Content[0]
	n := len(m.Content) / 2
	for _, v := range m.Content {
		if v.Kind == yaml.SequenceNode {
			n += len(v.Content)
		}
	}
	s.Lines = make([]KeyLine, 0, n)
	seen, misread := map[string]bool{}, map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line, col := fileLine(k.Line)+1, k.Column
		f, known := byKey[k.Value]
		switch {
		case !known:
			msg := fmt.Sprintf("unknown key %q", k.Value)
			if sug := diag.Suggest(k.Value, Keys()); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			}
			diags.Add(file, line, col, "%s", msg)
			continue
		case seen[k.Value]:
			diags.Add(file, line, col, "%s is given twice", k.Value)
			continue
		}
		seen[k.Value] = true
		s.Lines = append(s.Lines, KeyLine{f.Key, -1, line})
		if v.Kind == yaml.SequenceNode {
			for i, item := range v.Content { // a list's items, where they are (ItemLine)
				s.Lines = append(s.Lines, KeyLine{f.Key, i, fileLine(item.Line) + 1})
			}
		}
		checkControls(file, k.Value, v, &diags)
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue // "key:" with nothing after it counts as absent
		}
		if err := s.readKey(f, v, zoneOf(opt)); err != nil {
			misread[k.Value] = true
			at := v
			if ne, ok := err.(*nodeError); ok {
				at = ne.node
			}
			diags.Add(file, fileLine(at.Line)+1, at.Column, "%s: %v", k.Value, err)
		}
	}
	var problems []markdown.Problem
	s.Body, problems = markdown.ConvertWith(body, bodyLine, markdown.Settings{AsOf: s.PublishedAt.Time, Base: opt.Base})
	for _, p := range problems {
		diags.Add(file, p.Line, 0, "%s", p.Message)
	}
	s.validate(opt, bodyLine, len(problems) > 0, misread, &diags)
	if !s.Draft {
		checkPlaceholders(file, src, &diags)
	}
	return s, diags
}

// validate checks the fields; bodyFailed: the body's own problems are
// reported (an empty body then needs no word of its own); misread: the keys
// whose values could not be read, which were reported as such.
func (s *Story) validate(opt Options, bodyLine int, bodyFailed bool, misread map[string]bool, diags *diag.List) {
	self := reflect.ValueOf(s).Elem()
	for _, f := range Fields {
		if f.Required != "yes" || !self.FieldByIndex(f.index).IsZero() {
			continue
		}
		if !s.Given(f.Key) {
			diags.Add(s.File, 1, 0, "%s is required", f.Key)
		} else if !misread[f.Key] { // given as "", or as "key:" with nothing after it
			diags.Add(s.File, s.Line(f.Key), 0, "%s must not be empty", f.Key)
		}
	}
	s.checkAuthors(opt, diags)
	s.checkTags(diags)
	s.checkDates(diags)
	if s.Category != "" && len(opt.Categories) > 0 && !slices.Contains(opt.Categories, s.Category) {
		msg := fmt.Sprintf("category: %q is not one of the site's categories", s.Category)
		if sug := diag.Suggest(s.Category, opt.Categories); sug != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", sug)
		}
		diags.Add(s.File, s.Line("category"), 0, "%s", msg)
	}
	if s.Layout == "" {
		s.Layout = "story"
	} else if !slices.Contains(Layouts, s.Layout) {
		diags.Add(s.File, s.Line("layout"), 0, "layout: %q is not a layout (want one of %s)", s.Layout, strings.Join(Layouts, ", "))
	}
	if s.Layout != "playbook" && slices.Contains(Layouts, s.Layout) {
		checkPlaybookOnly(s, diags)
	}
	if s.FeaturedImage == "" {
		s.FeaturedImage = "generated"
	}
	if name, ok := strings.CutPrefix(s.FeaturedImage, "custom:"); ok && !slices.Contains(Visuals, name) {
		msg := fmt.Sprintf("featuredImage: %q is not a custom visual (want custom:%s, a picture, an https:// address or generated)",
			s.FeaturedImage, strings.Join(Visuals, ", custom:"))
		if sug := diag.Suggest(name, Visuals); sug != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", "custom:"+sug)
		}
		diags.Add(s.File, s.Line("featuredImage"), 0, "%s", msg)
	}
	if IsExternalImage(s.FeaturedImage) {
		if err := markdown.CheckPictureURL(s.FeaturedImage); err != nil {
			diags.Add(s.File, s.Line("featuredImage"), 0, "featuredImage: %v", err)
		}
	}
	if len(bytes.TrimSpace([]byte(s.Body.Text))) == 0 && !bodyFailed {
		diags.Add(s.File, bodyLine, 0, "the story has no body text after the front matter")
	}
	if s.ReadTime == "" && s.Body.Words > 0 {
		s.ReadTime = fmt.Sprintf("%d min read", max(1, int(math.Round(float64(s.Body.Words)/WordsPerMinute))))
	}
	checkLengths(s, diags)
	if n := characters(s.MetaDescription); n > 160 {
		diags.Add(s.File, s.Line("metaDescription"), 0, "metaDescription: %d characters; keep it to 160 so search results show it whole", n)
	}
}

// checkPlaybookOnly refuses the parts only the playbook layout shows
// (Extra) in a story of another layout, which would drop them unseen.
func checkPlaybookOnly(s *Story, diags *diag.List) {
	v := reflect.ValueOf(s.Extra)
	for i := range v.NumField() {
		if !v.Field(i).IsZero() {
			key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
			diags.Add(s.File, s.Line(key), 0, "%s: only layout: playbook shows it, and this story's layout is %s: set layout: playbook, or leave %s out", key, s.Layout, key)
		}
	}
}

// checkAuthors: author or authors, not both, each one listed in site.yaml.
func (s *Story) checkAuthors(opt Options, diags *diag.List) {
	one, many := s.Given("author"), s.Given("authors")
	key := "author"
	switch {
	case one && many:
		diags.Add(s.File, s.Line("authors"), 0, "give author or authors, not both")
		return
	case many:
		key = "authors"
		if len(s.Authors) == 0 {
			diags.Add(s.File, s.Line(key), 0, "authors must list at least one name")
			return
		}
	case !one:
		diags.Add(s.File, 1, 0, "author is required (or authors, for several)")
		return
	case s.Author == "":
		diags.Add(s.File, s.Line(key), 0, "author must not be empty")
		return
	}
	seen := map[string]bool{}
	for _, name := range s.Names() {
		if seen[name] {
			diags.Add(s.File, s.Line(key), 0, "%s: %q is listed twice", key, name)
		}
		seen[name] = true
		if opt.Authors != nil && !slices.Contains(opt.Authors, name) {
			msg := fmt.Sprintf("%s: %q is not one of the authors in site.yaml", key, name)
			if sug := diag.Suggest(name, opt.Authors); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			} else {
				msg += " (add them there, with a role and a bio)"
			}
			diags.Add(s.File, s.Line(key), 0, "%s", msg)
		}
	}
}

// checkTags: a tag given twice, in any spelling that makes the same tag
// page ("RBI", "rbi"), would show twice on the story page and in its
// keywords.
func (s *Story) checkTags(diags *diag.List) {
	first := map[string]string{} // slug -> the spelling given first
	for i, t := range s.Tags {
		slug := Slug(t)
		switch was, seen := first[slug]; {
		case strings.TrimSpace(t) == "": // strList reports it
		case AddressProblem(t, "/tag/") != "":
			diags.Add(s.File, s.ItemLine("tags", i), 0, "tags: %s", AddressProblem(t, "/tag/"))
		case !seen:
			first[slug] = t
		case was == t:
			diags.Add(s.File, s.Line("tags"), 0, "tags: %q is listed twice", t)
		default:
			diags.Add(s.File, s.Line("tags"), 0, "tags: %q and %q are one tag (/tag/%s): give it once", was, t, slug)
		}
	}
}

// checkDates: updates and corrections come after publication; corrections
// are put in date order, oldest first, as they are printed.
func (s *Story) checkDates(diags *diag.List) {
	published := s.PublishedAt
	if !s.UpdatedAt.IsZero() && !published.IsZero() && s.UpdatedAt.Before(published.Time) {
		diags.Add(s.File, s.Line("updatedAt"), 0, "updatedAt: %s is before publishedAt %s", s.UpdatedAt.ISO(), published.ISO())
	}
	for i, c := range s.Corrections {
		line := s.ItemLine("corrections", i)
		switch {
		case c.Date.IsZero():
			diags.Add(s.File, line, 0, "corrections: item %d needs a date (date: YYYY-MM-DD)", i+1)
		case c.Text == "":
			diags.Add(s.File, line, 0, "corrections: item %d needs a text (text: \"What was wrong and what is right.\")", i+1)
		case !published.IsZero() && c.Date.Before(published.Time):
			diags.Add(s.File, line, 0, "corrections: item %d is dated %s, before publishedAt %s", i+1, c.Date.ISO(), published.ISO())
		}
	}
	slices.SortStableFunc(s.Corrections, func(a, b Correction) int { return a.Date.Compare(b.Date.Time) })
}

// IsLocalImage reports whether a featuredImage names a file of the site's own.
func IsLocalImage(v string) bool {
	return v != "generated" && !strings.HasPrefix(v, "custom:") && !markdown.IsAddress(v)
}

// IsExternalImage reports whether a featuredImage is an address (validate
// reports one that is not a valid https URL).
func IsExternalImage(v string) bool { return !strings.HasPrefix(v, "custom:") && markdown.IsAddress(v) }

// yamlish is a line front matter may hold: a key, an item, an indented
// continuation or a comment.
var yamlish = regexp.MustCompile(`^(\s|#|- |-$|[A-Za-z_"'][\w"'-]*:(\s|$))`)

// proseAfterBlank reports front matter whose first line after a blank one
// is no YAML: the body's first paragraph, most likely.
func proseAfterBlank(front []byte) bool {
	_, after, ok := bytes.Cut(front, []byte("\n\n"))
	for ok {
		line, rest, more := bytes.Cut(after, []byte("\n"))
		if len(bytes.TrimSpace(line)) > 0 {
			return !yamlish.Match(line)
		}
		after, ok = rest, more
	}
	return false
}

// split separates front matter from body; bodyLine is the body's first line.
func split(src []byte) (front, body []byte, bodyLine int, ok bool) {
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return nil, nil, 0, false
	}
	rest := src[4:]
	line := 2
	for off := 0; off <= len(rest); {
		end := bytes.IndexByte(rest[off:], '\n')
		var l []byte
		if end < 0 {
			l = rest[off:]
		} else {
			l = rest[off : off+end]
		}
		if string(bytes.TrimRight(l, " \t")) == "---" {
			if end < 0 {
				return rest[:off], nil, line + 1, true
			}
			return rest[:off], rest[off+end+1:], line + 1, true
		}
		if end < 0 {
			break
		}
		off += end + 1
		line++
	}
	return nil, nil, 0, false
}

// normalise drops a byte-order mark and makes every line break "\n", as
// a file is read.
func normalise(src []byte) []byte {
	return newlines(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
}

// newlines makes every line break "\n": YAML and Markdown also end a line
// at a lone "\r", so counting only "\n" would put problems on wrong lines.
func newlines(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src // the usual case: no copies
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}
