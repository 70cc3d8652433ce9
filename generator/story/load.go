package story

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/markdown"
	"github.com/nivaran/magazine/generator/markdown/fence"
	"gopkg.in/yaml.v3"
)

// Options says what stories are checked against.
type Options struct {
	Categories []string
	ImageDir   string // where featuredImage paths like images/x.jpg resolve; "" skips the check
	Cache      *Cache // stories parsed by earlier builds; nil parses every file
}

// LoadDir reads every *.md file in dir (not recursive) in parallel and
// validates each, then checks the set: ids and paths must be unique.
func LoadDir(dir string, opt Options) ([]*Story, diag.List) {
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	var diags diag.List
	if err != nil {
		diags.Add(dir, 0, 0, "%v", err)
		return nil, diags
	}
	if _, err := os.Stat(dir); err != nil {
		diags.Add(dir, 0, 0, "cannot read the stories folder: %v", err)
		return nil, diags
	}
	sort.Strings(files)
	stories := make([]*Story, len(files))
	perFile := make([]diag.List, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				src, err := os.ReadFile(files[i])
				if err != nil {
					perFile[i].Add(files[i], 0, 0, "%v", err)
					continue
				}
				stories[i], perFile[i] = opt.Cache.parse(files[i], src, opt)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
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

// CheckUnique reports ids and paths used by more than one story, naming both files.
func CheckUnique(stories []*Story) diag.List {
	var diags diag.List
	ids := map[int]*Story{}
	paths := map[string]*Story{}
	for _, s := range stories {
		if s.ID > 0 {
			if first, ok := ids[s.ID]; ok {
				diags.Add(s.File, s.line("id"), 0, "id %d is already used by %s", s.ID, first.File)
			} else {
				ids[s.ID] = s
			}
		}
		for _, p := range append([]string{s.Path}, s.Aliases...) {
			if p == "" {
				continue
			}
			key := strings.ToLower(p)
			if first, ok := paths[key]; ok && first != s {
				diags.Add(s.File, s.line("path"), 0, "path %s is already used by %s", p, first.File)
			} else {
				paths[key] = s
			}
		}
	}
	return diags
}

// line is where a front-matter key was written, for diagnostics after parsing.
func (s *Story) line(key string) int {
	if l, ok := s.lines[key]; ok {
		return l
	}
	return 1
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
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	front, body, bodyLine, ok := split(src)
	if !ok {
		diags.Add(file, 1, 1, "the file must start with front matter between two lines of ---")
		return nil, diags
	}
	s := &Story{File: file, lines: map[string]int{}}
	var root yaml.Node
	if err := yaml.Unmarshal(front, &root); err != nil {
		line, msg := fence.YAMLError(err)
		diags.Add(file, line+1, 0, "front matter is not valid YAML: %s", msg)
		return nil, diags
	}
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		diags.Add(file, 2, 1, "front matter must be a list of key: value lines")
		return nil, diags
	}
	m := root.Content[0]
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line, col := k.Line+1, k.Column
		f, known := fields[k.Value]
		switch {
		case !known:
			msg := fmt.Sprintf("unknown key %q", k.Value)
			if sug := diag.Suggest(k.Value, fieldNames()); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			}
			diags.Add(file, line, col, "%s", msg)
			continue
		case seen[k.Value]:
			diags.Add(file, line, col, "%s is given twice", k.Value)
			continue
		}
		seen[k.Value] = true
		s.lines[k.Value] = line
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue // "key:" with nothing after it counts as absent
		}
		if err := f(s, v); err != nil {
			diags.Add(file, v.Line+1, v.Column, "%s: %v", k.Value, err)
		}
	}
	var problems []markdown.Problem
	s.Body, problems = markdown.Convert(body, bodyLine)
	for _, p := range problems {
		diags.Add(file, p.Line, 0, "%s", p.Message)
	}
	s.validate(opt, bodyLine, &diags)
	return s, diags
}

func (s *Story) validate(opt Options, bodyLine int, diags *diag.List) {
	required := []struct {
		key   string
		empty bool
	}{
		{"id", s.ID == 0}, {"title", s.Title == ""}, {"introduction", s.Introduction == ""},
		{"author", s.Author == ""}, {"publishedAt", s.PublishedAt.IsZero()}, {"category", s.Category == ""},
	}
	for _, r := range required {
		if _, given := s.lines[r.key]; r.empty && !given {
			diags.Add(s.File, 1, 0, "%s is required", r.key)
		} else if r.empty && r.key != "id" && r.key != "publishedAt" {
			diags.Add(s.File, s.line(r.key), 0, "%s must not be empty", r.key)
		}
	}
	if s.Category != "" && len(opt.Categories) > 0 && !slices.Contains(opt.Categories, s.Category) {
		msg := fmt.Sprintf("category: %q is not one of the site's categories", s.Category)
		if sug := diag.Suggest(s.Category, opt.Categories); sug != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", sug)
		}
		diags.Add(s.File, s.line("category"), 0, "%s", msg)
	}
	if s.Layout == "" {
		s.Layout = "story"
	} else if !slices.Contains(Layouts, s.Layout) {
		diags.Add(s.File, s.line("layout"), 0, "layout: %q is not a layout (want one of %s)", s.Layout, strings.Join(Layouts, ", "))
	}
	if s.FeaturedImage == "" {
		s.FeaturedImage = "generated"
	}
	*diags = append(*diags, checkImage(s, opt)...)
	if len(bytes.TrimSpace([]byte(s.Body.Text))) == 0 {
		diags.Add(s.File, bodyLine, 0, "the story has no body text after the front matter")
	}
	if s.ReadTime == "" && s.Body.Words > 0 {
		s.ReadTime = fmt.Sprintf("%d min read", max(1, int(math.Round(float64(s.Body.Words)/WordsPerMinute))))
	}
	if n := len([]rune(s.MetaDescription)); n > 160 {
		diags.Add(s.File, s.line("metaDescription"), 0, "metaDescription: %d characters; keep it to 160 so search results show it whole", n)
	}
}

// checkImage reports a featured image of the site's own that is missing.
func checkImage(s *Story, opt Options) diag.List {
	var diags diag.List
	if opt.ImageDir != "" && IsLocalImage(s.FeaturedImage) {
		if _, err := os.Stat(filepath.Join(opt.ImageDir, s.FeaturedImage)); err != nil {
			diags.Add(s.File, s.line("featuredImage"), 0, "featuredImage: %s does not exist in %s", s.FeaturedImage, opt.ImageDir)
		}
	}
	return diags
}

// IsLocalImage reports whether a featuredImage names a file of the site's own.
func IsLocalImage(v string) bool {
	return v != "generated" && !strings.HasPrefix(v, "custom:") && !strings.Contains(v, "://")
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
