package markdown

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNesting is how deep lists and block quotes may nest, and emphasis
// within a paragraph. goldmark's parser takes time quadratic in the nesting
// (0.6 s for 5,000 list markers on one line, 3.7 s for 20,000), so deeper
// input is refused before it is parsed; a story needs a few levels.
const maxNesting = 16

// nesting finds where src nests deeper than limit — lists and block
// quotes, or emphasis within a paragraph — and how deep: the first line
// past the limit, or else the deepest place. A scan that follows
// CommonMark's rules closely enough to count levels as goldmark makes
// them, in time linear in src for a given limit (it stops past it).
func nesting(src []byte, limit int) (offset, depth int, what string) {
	var stack []container // the open block quotes and list items
	prevBlank := true
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		l := lineScanner{b: src[start:end]}
		l.rule = ruleFrom(l.b)
		blank := len(bytes.TrimSpace(l.b)) == 0
		matched := 0
		for ; matched < len(stack); matched++ {
			if !l.continues(stack[matched], blank) {
				break
			}
		}
		// A line that opens nothing right after a line of text may be a
		// lazy continuation of a paragraph in the containers it does not
		// match: they stay open.
		if opened := l.open(&stack, matched); !opened && (blank || prevBlank) {
			stack = stack[:matched]
		}
		if len(stack) > depth {
			offset, depth, what = start, len(stack), "lists and block quotes"
			if depth > limit {
				return offset, depth, what
			}
		}
		prevBlank = blank
		start = end + 1
	}
	// Emphasis nests within a paragraph, which ends at a blank line.
	for para := 0; para < len(src); {
		end := para
		for end < len(src) {
			next := bytes.IndexByte(src[end:], '\n')
			if next < 0 {
				end = len(src)
				break
			}
			line := src[end : end+next]
			end += next + 1
			if len(bytes.TrimSpace(line)) == 0 {
				break
			}
		}
		if d, at := emphasisDepth(src[para:end]); d > depth {
			offset, depth, what = para+at, d, "emphasis"
			if depth > limit {
				return offset, depth, what
			}
		}
		para = end
	}
	return offset, depth, what
}

// container is an open block quote, or a list item whose content starts at
// column col.
type container struct {
	quote bool
	col   int
}

// lineScanner walks one line, counting columns (a tab to the next multiple of 4).
type lineScanner struct {
	b    []byte
	i    int // byte
	col  int
	rule int // where the line's tail that reads as a rule starts, or len(b)+1
}

// spaces skips spaces and tabs up to column limit.
func (l *lineScanner) spaces(limit int) {
	for l.i < len(l.b) && l.col < limit {
		switch l.b[l.i] {
		case ' ':
			l.col++
		case '\t':
			l.col += 4 - l.col%4
		default:
			return
		}
		l.i++
	}
}

// continues reports whether the line stays inside c.
func (l *lineScanner) continues(c container, blank bool) bool {
	if !c.quote {
		if blank {
			return true
		}
		l.spaces(c.col)
		return l.col >= c.col
	}
	save := *l
	l.spaces(l.col + 3)
	if l.i < len(l.b) && l.b[l.i] == '>' {
		l.i++
		l.col++
		if l.i < len(l.b) && l.b[l.i] == ' ' {
			l.i++
			l.col++
		}
		return true
	}
	*l = save
	return false
}

// open pushes the block quotes and list items that start on the rest of
// the line, replacing the containers from keep on; false when none starts.
func (l *lineScanner) open(stack *[]container, keep int) bool {
	opened := false
	for {
		base := l.col
		l.spaces(base + 4)
		if l.col-base > 3 || l.i >= len(l.b) || l.i >= l.rule {
			return opened
		}
		c := l.b[l.i]
		markerEnd := l.i
		switch {
		case c == '>':
			l.i++
			l.col++
			if l.i < len(l.b) && l.b[l.i] == ' ' {
				l.i++
				l.col++
			}
			*stack = append((*stack)[:keep], container{quote: true})
			keep, opened = len(*stack), true
			continue
		case c == '-' || c == '+' || c == '*':
			markerEnd = l.i + 1
		case c >= '0' && c <= '9':
			n := l.i
			for n < len(l.b) && n-l.i < 9 && l.b[n] >= '0' && l.b[n] <= '9' {
				n++
			}
			if n < len(l.b) && (l.b[n] == '.' || l.b[n] == ')') {
				markerEnd = n + 1
			}
		}
		if markerEnd == l.i || markerEnd < len(l.b) && l.b[markerEnd] != ' ' && l.b[markerEnd] != '\t' {
			return opened
		}
		l.col += markerEnd - l.i
		l.i = markerEnd
		after, save := l.col, *l
		l.spaces(after + 5)
		if l.col-after > 4 || l.i >= len(l.b) { // code in the item, or an empty item
			*l = save
			l.spaces(after + 1)
		}
		*stack = append((*stack)[:keep], container{col: max(l.col, after+1)})
		keep, opened = len(*stack), true
	}
}

// ruleFrom is where the longest tail of b that CommonMark reads as a rule
// (three or more of one of - * _, and spaces) starts, or len(b)+1: from
// there on the markers are a rule, not list items.
func ruleFrom(b []byte) int {
	var mark byte
	n, from := 0, len(b)+1
	for i := len(b) - 1; i >= 0; i-- {
		switch c := b[i]; {
		case c == ' ' || c == '\t' || c == '\r':
		case (c == '-' || c == '*' || c == '_') && (mark == 0 || c == mark):
			mark = c
			if n++; n >= 3 {
				from = i
			}
		default:
			return from
		}
	}
	return from
}

// emphasisDepth is how deep the emphasis (*, _, ~) of a paragraph nests,
// counting only delimiters that find their partner, and where the deepest
// starts. Delimiters pair as CommonMark pairs them: a closer with the
// nearest opener of its kind, dropping the openers in between; code spans
// and escaped characters hold none.
func emphasisDepth(p []byte) (depth, at int) {
	type delim struct {
		pos, n  int
		c       byte
		partner int // index of the matching delimiter, or -1
		levels  int // elements the pair makes: *** is <em><strong>
	}
	var runs []delim
	var open [3][]int // indexes of unmatched openers, by kind (kind)
	var order []int   // every unmatched opener, in order
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == '`':
			n := runLen(p, i, '`')
			if close := codeSpanEnd(p, i+n, n); close >= 0 {
				i = close
			} else {
				i += n
			}
			continue
		case c != '*' && c != '_' && c != '~':
			i++
			continue
		}
		n := runLen(p, i, c)
		before, _ := utf8.DecodeLastRune(p[:i])
		after, _ := utf8.DecodeRune(p[i+n:])
		if i == 0 {
			before = ' '
		}
		if i+n == len(p) {
			after = ' '
		}
		left := !space(after) && (!punct(after) || space(before) || punct(before))
		right := !space(before) && (!punct(before) || space(after) || punct(after))
		canOpen, canClose := left, right
		if c == '_' {
			canOpen, canClose = left && (!right || punct(before)), right && (!left || punct(after))
		}
		runs = append(runs, delim{pos: i, n: n, c: c, partner: -1})
		me := len(runs) - 1
		if ks := open[kind(c)]; canClose && len(ks) > 0 {
			o := ks[len(ks)-1]
			runs[o].partner, runs[me].partner = me, o
			if runs[o].levels = 1; c != '~' {
				runs[o].levels = (min(n, runs[o].n) + 1) / 2
			}
			// Openers after the partner are dropped.
			for len(order) > 0 && order[len(order)-1] >= o {
				k := order[len(order)-1]
				order = order[:len(order)-1]
				kd := kind(runs[k].c)
				open[kd] = open[kd][:len(open[kd])-1]
			}
		} else if canOpen {
			open[kind(c)] = append(open[kind(c)], me)
			order = append(order, me)
		}
		i += n
	}
	d := 0
	for k, r := range runs {
		switch {
		case r.partner > k:
			if d += r.levels; d > depth {
				depth, at = d, r.pos
			}
		case r.partner >= 0:
			d -= runs[r.partner].levels
		}
	}
	return depth, at
}

func kind(c byte) int { return strings.IndexByte("*_~", c) }

func runLen(p []byte, i int, c byte) int {
	n := 0
	for i+n < len(p) && p[i+n] == c {
		n++
	}
	return n
}

// codeSpanEnd is the end of the backtick run of length n that closes a
// code span opened before from, or -1.
func codeSpanEnd(p []byte, from, n int) int {
	for i := from; i < len(p); {
		j := bytes.IndexByte(p[i:], '`')
		if j < 0 {
			return -1
		}
		i += j
		m := runLen(p, i, '`')
		if m == n {
			return i + m
		}
		i += m
	}
	return -1
}

func space(r rune) bool { return unicode.IsSpace(r) }
func punct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// maxLinkOpenings is how many "](" a paragraph may hold whose address
// runs on unclosed (no ")" or space within farOpening bytes). goldmark
// reads each one's address to the paragraph's end, so a paragraph of them
// takes time quadratic in its length (0.8 s for 10,000 "[a](", over a
// minute for 100,000): more is refused before it is parsed. Links written
// properly, in prose, lists, tables or code, are not counted.
const maxLinkOpenings = 500

const farOpening = 256

// linkOpenings finds the first paragraph (a run of lines up to a blank
// one) holding more than limit unclosed "](" and says where its text
// starts and how many it holds.
func linkOpenings(src []byte, limit int) (offset, count int) {
	for para := 0; para < len(src); {
		for para < len(src) && (src[para] == '\n' || src[para] == ' ' || src[para] == '\t' || src[para] == '\r') {
			para++
		}
		end := len(src)
		if blank := blankLine.FindIndex(src[para:]); blank != nil {
			end = para + blank[1]
		}
		n := 0
		for p := src[para:end]; ; {
			i := bytes.Index(p, []byte("]("))
			if i < 0 {
				break
			}
			p = p[i+2:]
			if bytes.IndexAny(p[:min(len(p), farOpening)], ") \t\n") < 0 && len(p) >= farOpening {
				n++ // (looked at farOpening bytes only: the scan stays linear)
			}
		}
		if n > limit {
			return para, n
		}
		para = end
	}
	return 0, 0
}

var blankLine = regexp.MustCompile(`\n[ \t]*\n`)
