// Package usedcss picks, from a stylesheet, the rules a page's prerendered
// markup can use, so a page inlines those (a few kilobytes) and the whole
// stylesheet loads after the first paint, for what scripts add later.
//
// The choice over-approximates: a rule is left out only when every selector
// in its list names a class, id or element that the page lacks (outside
// :not(), :is(), :where(), :has() and attribute selectors, which are taken
// to match), and an @keyframes only when no rule kept names it. Rules keep
// their order, so when the whole stylesheet arrives the cascade gives every
// element what it already had: nothing moves.
package usedcss

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// Sheet is a parsed stylesheet, ready to be cut per page.
type Sheet struct {
	items []item
	names map[string]int // ".class", "#id" or "element" -> bit
	words int            // uint64 words in a page's bitset
	every []uint64       // the names of markup every page has (Every)

	mu   sync.Mutex
	memo map[string]string // a page's bitset -> its CSS: most pages share one
}

// item is a rule, or a group (@media, @supports, @container) of them.
type item struct {
	text      string  // the rule; for a group, its prelude and "{"
	needs     [][]int // per selector of the list, the bits it requires; nil: always kept
	group     []item  // a group's rules, then "}"
	keyframes string  // an @keyframes' name: kept when a kept rule names it
}

// Parse reads a stylesheet. CSS the lexer cannot read is an error.
func Parse(src string) (*Sheet, error) {
	p := newParser(src)
	s := p.sheet
	items, err := p.items(false)
	if err != nil {
		return nil, err
	}
	s.items = items
	s.words = (len(s.names) + 63) / 64
	return s, nil
}

// Every adds markup that every page has (the shell around each page's own
// parts), read once rather than with each page.
func (s *Sheet) Every(markup string) {
	s.every = s.bits(markup)
}

// For is the part of the stylesheet that markup, with what Every added, can
// use: the whole page but its inline style (<script> and <style> contents are
// skipped anyway).
func (s *Sheet) For(markup ...string) string {
	bits := s.bits(markup...)
	for i, w := range s.every {
		bits[i] |= w
	}
	key := make([]byte, 0, 8*len(bits))
	for _, w := range bits {
		key = binary.LittleEndian.AppendUint64(key, w)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if css, ok := s.memo[string(key)]; ok {
		return css
	}
	var parts []part
	write(&parts, s.items, bits)
	var rules strings.Builder // what the kept @keyframes are looked up in
	for _, p := range parts {
		if p.keyframes == "" {
			rules.WriteString(p.text)
		}
	}
	var b strings.Builder
	for _, p := range parts {
		if p.keyframes == "" || names(rules.String(), p.keyframes) {
			b.WriteString(p.text)
		}
	}
	s.memo[string(key)] = b.String()
	return b.String()
}

// part is a piece of a page's CSS, an @keyframes' with its name.
type part struct{ text, keyframes string }

// names reports whether css has name as a whole identifier (an animation's
// name, as in "animation:card-in .4s").
func names(css, name string) bool {
	ident := func(c byte) bool {
		return c == '-' || c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
	}
	for at := 0; ; {
		i := strings.Index(css[at:], name)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(name)
		if (i == 0 || !ident(css[i-1])) && (end == len(css) || !ident(css[end])) {
			return true
		}
		at = i + 1
	}
}

func (s *Sheet) bits(markup ...string) []uint64 {
	bits := make([]uint64, s.words)
	for _, m := range markup {
		scan(m, func(name []byte) {
			if i, ok := s.names[string(name)]; ok {
				bits[i/64] |= 1 << (i % 64)
			}
		})
	}
	return bits
}

// write appends the items the page can use; it reports whether it wrote any.
func write(parts *[]part, items []item, bits []uint64) bool {
	wrote := false
	for _, it := range items {
		switch {
		case it.group != nil:
			var inner []part
			if write(&inner, it.group, bits) {
				*parts = append(*parts, part{text: it.text})
				*parts = append(*parts, inner...)
				*parts = append(*parts, part{text: "}"})
				wrote = true
			}
		case used(it.needs, bits):
			*parts = append(*parts, part{it.text, it.keyframes})
			wrote = true
		}
	}
	return wrote
}

func used(needs [][]int, bits []uint64) bool {
	if needs == nil {
		return true
	}
	for _, sel := range needs {
		all := true
		for _, i := range sel {
			if bits[i/64]&(1<<(i%64)) == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

type token struct {
	tt   css.TokenType
	data []byte
}

type parser struct {
	lex   *css.Lexer
	src   string
	pos   int // offset of the next token in src
	sheet *Sheet
}

func newParser(src string) *parser {
	return &parser{lex: css.NewLexer(parse.NewInputString(src)), src: src, sheet: &Sheet{names: map[string]int{}, memo: map[string]string{}}}
}

func (p *parser) next() (token, int) {
	start := p.pos
	tt, data := p.lex.Next()
	p.pos += len(data)
	return token{tt, data}, start
}

// items reads rules up to the end, or up to the "}" closing a group.
func (p *parser) items(inGroup bool) ([]item, error) {
	var out []item
	for {
		t, start := p.next()
		switch t.tt {
		case css.ErrorToken:
			if err := p.lex.Err(); err != nil && err.Error() != "EOF" {
				return nil, err
			}
			if inGroup {
				return nil, fmt.Errorf("css: a group is not closed")
			}
			return out, nil
		case css.WhitespaceToken, css.CommentToken, css.CDOToken, css.CDCToken:
			continue
		case css.RightBraceToken:
			if !inGroup {
				return nil, fmt.Errorf("css: unexpected } at byte %d", start)
			}
			return out, nil
		case css.AtKeywordToken:
			it, err := p.atRule(string(bytes.ToLower(t.data)), start)
			if err != nil {
				return nil, err
			}
			out = append(out, it)
		default:
			it, err := p.rule(t, start)
			if err != nil {
				return nil, err
			}
			out = append(out, it)
		}
	}
}

// atRule reads an at-rule: @media, @supports and @container are groups of rules; any
// other (@keyframes, @font-face, @import…) is kept whole.
func (p *parser) atRule(name string, start int) (item, error) {
	for {
		t, _ := p.next()
		switch t.tt {
		case css.ErrorToken:
			return item{text: p.src[start:p.pos]}, nil
		case css.SemicolonToken:
			return item{text: p.src[start:p.pos]}, nil
		case css.LeftBraceToken:
			if name == "@media" || name == "@supports" || name == "@container" {
				prelude := p.src[start:p.pos]
				group, err := p.items(true)
				if err != nil {
					return item{}, err
				}
				return item{text: prelude, group: group}, nil
			}
			if err := p.block(); err != nil {
				return item{}, err
			}
			it := item{text: p.src[start:p.pos]}
			if strings.HasSuffix(name, "keyframes") { // and -webkit-keyframes
				it.keyframes = strings.TrimSpace(p.src[start+len(name) : strings.IndexByte(p.src[start:], '{')+start])
			}
			return it, nil
		}
	}
}

// rule reads a style rule whose selector starts with first.
func (p *parser) rule(first token, start int) (item, error) {
	sel := []token{first}
	for {
		t, _ := p.next()
		if t.tt == css.ErrorToken {
			return item{}, fmt.Errorf("css: a rule at byte %d has no block", start)
		}
		if t.tt == css.LeftBraceToken {
			break
		}
		sel = append(sel, t)
	}
	if err := p.block(); err != nil {
		return item{}, err
	}
	return item{text: p.src[start:p.pos], needs: p.sheet.needs(sel)}, nil
}

// block skips to the "}" matching an opened "{".
func (p *parser) block() error {
	for depth := 1; depth > 0; {
		t, _ := p.next()
		switch t.tt {
		case css.ErrorToken:
			return fmt.Errorf("css: a block is not closed")
		case css.LeftBraceToken:
			depth++
		case css.RightBraceToken:
			depth--
		}
	}
	return nil
}

// needs is, for each selector of a list, the classes, ids and elements it
// requires. A list with a selector that requires nothing is always kept.
func (s *Sheet) needs(sel []token) [][]int {
	var out [][]int
	var cur []int
	depth := 0 // inside (), [] nothing is required
	for i, t := range sel {
		switch t.tt {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken:
			depth--
		case css.CommaToken:
			if depth == 0 {
				if len(cur) == 0 {
					return nil
				}
				out, cur = append(out, cur), nil
			}
		case css.HashToken:
			if depth == 0 {
				cur = append(cur, s.bit(string(t.data)))
			}
		case css.IdentToken:
			if depth > 0 {
				break
			}
			prev := css.WhitespaceToken
			var prevData []byte
			if i > 0 {
				prev, prevData = sel[i-1].tt, sel[i-1].data
			}
			switch {
			case prev == css.DelimToken && string(prevData) == ".":
				cur = append(cur, s.bit("."+string(t.data)))
			case prev == css.ColonToken:
				// a pseudo-class or pseudo-element: taken to match
			case prev == css.WhitespaceToken || prev == css.DelimToken || prev == css.CommaToken:
				// an element name, at the start of a compound selector
				cur = append(cur, s.bit(strings.ToLower(string(t.data))))
			}
		}
	}
	if len(cur) == 0 {
		return nil
	}
	return append(out, cur)
}

func (s *Sheet) bit(name string) int {
	i, ok := s.names[name]
	if !ok {
		i = len(s.names)
		s.names[name] = i
	}
	return i
}
