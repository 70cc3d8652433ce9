package story

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nivaran/magazine/generator/util/diag"
	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"
)

// MaxFileBytes caps a story file. The longest story here is under 20 KB;
// a megabyte is a book chapter, and anything larger is a mistake (a pasted
// data dump, a binary file named .md) that would build into a page readers
// cannot load.
const MaxFileBytes = 1 << 20

// textLimits caps front-matter text, in characters. They are hard limits,
// far above what reads well (a headline under 70 characters, a search
// title under 60), so no real story meets them and nothing runaway
// reaches a page.
var textLimits = []struct {
	key  string
	max  int
	text func(*Story) string
}{
	{"title", 200, func(s *Story) string { return s.Title }},
	{"heading", 200, func(s *Story) string { return s.Heading }},
	{"metaTitle", 200, func(s *Story) string { return s.MetaTitle }},
	{"introduction", 1000, func(s *Story) string { return s.Introduction }},
	{"author", 100, func(s *Story) string { return s.Author }},
	{"imageAlt", 500, func(s *Story) string { return s.ImageAlt }},
	{"imageCaption", 1000, func(s *Story) string { return s.ImageCaption }},
}

// characters counts text as a reader sees it: an accented letter typed as
// a letter and its accent (NFD, as some keyboards and pastes give it)
// counts once, as its composed form does.
func characters(text string) int { return utf8.RuneCountInString(norm.NFC.String(text)) }

func checkLengths(s *Story, diags *diag.List) {
	for _, l := range textLimits {
		if n := characters(l.text(s)); n > l.max {
			diags.Add(s.File, s.Line(l.key), 0, "%s: %d characters; the limit is %d", l.key, n, l.max)
		}
	}
}

// readFile reads a story file from dir: a regular file inside dir (after
// symlinks), no larger than MaxFileBytes. It returns the file's
// modification time too. The bytes may be buf's, which the next read
// reuses.
func readFile(dir, file string, buf []byte) ([]byte, time.Time, *diag.Diagnostic) {
	problem := func(format string, args ...any) ([]byte, time.Time, *diag.Diagnostic) {
		return nil, time.Time{}, &diag.Diagnostic{File: file, Message: fmt.Sprintf(format, args...)}
	}
	// A regular file named in dir is inside it, whatever dir's own path
	// resolves to: one lstat, where resolving every link of both paths
	// took ten (10,000 stories: 0.3 s of CPU).
	fi, err := os.Lstat(file)
	if err != nil || !fi.Mode().IsRegular() || filepath.Dir(file) != filepath.Clean(dir) {
		if fi, err = within(dir, file); err != nil {
			return problem("%v", err)
		}
	}
	if fi.Size() > MaxFileBytes {
		return problem("the file is %s; a story may be at most 1 MB", size(fi.Size()))
	}
	f, err := os.Open(file)
	if err != nil {
		return problem("%v", err)
	}
	defer f.Close()
	// What was opened is what was checked, not a link put in its place since.
	if opened, err := f.Stat(); err != nil || !os.SameFile(fi, opened) {
		return problem("changed while it was being read; build again")
	}
	// Into buf, grown to the file's size, so reading it takes no allocation
	// or one, not ReadAll's doublings; a file that grew meanwhile is still
	// read to its end. ReadFrom wants MinRead bytes of room before each
	// read, the last one (which finds the end) included: with less it
	// would double the buffer.
	if need := int(fi.Size()) + bytes.MinRead; cap(buf) < need {
		buf = make([]byte, 0, need)
	}
	b := bytes.NewBuffer(buf[:0])
	_, err = b.ReadFrom(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return problem("%v", err)
	}
	src := b.Bytes()
	if len(src) > MaxFileBytes {
		return problem("the file is over 1 MB, the most a story may be")
	}
	return src, fi.ModTime(), nil
}

// within checks that name resolves, after symlinks, to a regular file
// inside dir, and returns its details.
func within(dir, name string) (os.FileInfo, error) {
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		if !os.IsNotExist(err) {
			return nil, err
		}
		if target, lerr := os.Readlink(name); lerr == nil {
			return nil, fmt.Errorf("is a link to %s, which does not exist", target)
		}
		return nil, errors.New("does not exist")
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("is a link to %s, outside %s: a story's file must be in the stories folder", real, dir)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	switch {
	case fi.IsDir():
		return nil, fmt.Errorf("is a folder, not a file")
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("is not a regular file")
	}
	return fi, nil
}

// size is a file size for a message: KB (rounded up) below 10 MB, then
// the nearest MB.
func size(n int64) string {
	if n < 10<<20 {
		return fmt.Sprintf("%d KB", (n+1023)>>10)
	}
	return fmt.Sprintf("%d MB", (n+1<<19)>>20)
}

// checkControls reports control characters (NUL, escape, bell…) in any
// front-matter text, which YAML escapes such as "\0" can produce and which
// would reach titles and meta tags raw. Tabs and line breaks are fine.
func checkControls(file, key string, v *yaml.Node, diags *diag.List) {
	if v.Kind == yaml.ScalarNode {
		for _, r := range v.Value {
			if r < 0x20 && r != '\t' && r != '\n' || r >= 0x7f && r <= 0x9f {
				diags.Add(file, v.Line+1, v.Column, "%s: control character %U is not allowed", key, r)
				return
			}
		}
	}
	for _, c := range v.Content {
		checkControls(file, key, c, diags)
	}
}
