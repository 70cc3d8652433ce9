// Package diag holds the build's diagnostics: every problem found in one run,
// reported as file:line:col: message so editors can jump straight to it.
package diag

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Diagnostic is one problem in one input file.
type Diagnostic struct {
	File    string
	Line    int // 1-based; 0 when the problem concerns the whole file
	Col     int // 1-based; 0 when unknown
	Message string
}

func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Col > 0 {
			fmt.Fprintf(&b, ":%d", d.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(d.Message)
	return b.String()
}

// List collects diagnostics; it is an error when non-empty.
type List []Diagnostic

func (l *List) Add(file string, line, col int, format string, args ...any) {
	*l = append(*l, Diagnostic{File: file, Line: line, Col: col, Message: fmt.Sprintf(format, args...)})
}

// Unique is l without repeats, each problem where it came first: a page
// shown at two addresses reports its broken links once.
func (l List) Unique() List {
	seen := make(map[Diagnostic]bool, len(l))
	out := l[:0:0]
	for _, d := range l {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// Sort orders by file, then position, so output is stable across parallel loads.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Suggest returns the candidate closest to word when it is a likely typo.
func Suggest(word string, candidates []string) string {
	best, bestDist := "", 3
	lw := strings.ToLower(word)
	for _, c := range candidates {
		if d := distance(lw, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// NotText reports a file that is not UTF-8 text, at the first bad line: a
// NUL byte or invalid UTF-8 means a binary file or a wrong encoding. what
// names the file for the message ("a story").
func NotText(file string, src []byte, what string) *Diagnostic {
	if bytes.IndexByte(src, 0) < 0 && utf8.Valid(src) {
		return nil // the usual case, without splitting the file into lines
	}
	for i, line := range bytes.Split(src, []byte("\n")) {
		if col := bytes.IndexByte(line, 0); col >= 0 {
			return &Diagnostic{File: file, Line: i + 1, Col: col + 1, Message: "a NUL byte: " + what + " must be plain UTF-8 text"}
		}
		if !utf8.Valid(line) {
			return &Diagnostic{File: file, Line: i + 1, Message: "this line is not valid UTF-8 text (save the file as UTF-8)"}
		}
	}
	return nil
}
