package linkcheck

import (
	"bytes"
	"slices"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// startTags calls visit for every start tag among want, with its attributes,
// in document order. It finds tag boundaries as an HTML tokenizer does
// (quoted attribute values, comments, raw text of script, style and the
// like) but jumps over text with IndexByte instead of reading it byte by
// byte: most of a page is text or tags that hold no link. A tag whose
// attributes carry character references is handed to x/net/html for exact
// decoding.
//
// The token and its strings are valid only during the call: attributes are
// read from src without copying, into one slice reused for every tag (most
// links are looked up and let go; copying them was ~100 MB of garbage at
// 10,000 stories).
func startTags(src []byte, want map[atom.Atom]bool, visit func(html.Token)) {
	var attrs []html.Attribute
	for i := 0; i < len(src); {
		lt := bytes.IndexByte(src[i:], '<')
		if lt < 0 || i+lt+1 >= len(src) {
			return
		}
		i += lt + 1
		switch c := src[i]; {
		case c == '!':
			if bytes.HasPrefix(src[i:], []byte("!--")) {
				i = commentEnd(src, i+3)
			} else {
				i = skipPast(src, i, '>') // doctype or bogus comment
			}
		case c == '?':
			i = skipPast(src, i, '>')
		case c == '/':
			if i+1 < len(src) && isLetter(src[i+1]) {
				if _, _, i = readTag(src, i+1); i < 0 { // end tag: attributes, if any, are ignored
					return
				}
			} else {
				i = skipPast(src, i, '>')
			}
		case isLetter(c):
			start := i - 1
			name, attrsAt, end := readTag(src, i)
			if end < 0 {
				return // unfinished tag at the end of the input: not a tag
			}
			a := atom.Lookup(name)
			if want[a] {
				tok := token(src[start:end], a, attrsAt-start, attrs[:0])
				visit(tok)
				attrs = tok.Attr
			}
			i = end
			if raw := rawText(a); raw != nil {
				i = rawEnd(src, i, raw)
			}
		}
	}
}

// readTag reads a tag from its name at src[i] to just past its '>'. It
// returns the lower-cased name, where the attributes start and the end, or
// -1 when the input ends first.
func readTag(src []byte, i int) (name []byte, attrsAt, end int) {
	n := i
	for n < len(src) && !isSpace(src[n]) && src[n] != '/' && src[n] != '>' {
		n++
	}
	name = lower(src[i:n])
	for j := n; j < len(src); j++ {
		switch src[j] {
		case '>':
			return name, n, j + 1
		case '"', '\'':
			// A quote opens a value only after '='; elsewhere it is part of
			// a name, as the tokenizer treats it.
			if k := prevNonSpace(src, n, j); k >= 0 && src[k] == '=' {
				q := bytes.IndexByte(src[j+1:], src[j])
				if q < 0 {
					return name, n, -1
				}
				j += q + 1
			}
		}
	}
	return name, n, -1
}

func prevNonSpace(src []byte, from, j int) int {
	for k := j - 1; k >= from; k-- {
		if !isSpace(src[k]) {
			return k
		}
	}
	return -1
}

// linkAttr is the name of an attribute that references names (see
// references) or qualifies one (rel, property, name), as a constant: the
// scanner keeps no other attribute, most of a page's (class, aria-*, alt),
// which it would otherwise copy for nothing.
func linkAttr(key []byte) (string, bool) {
	switch string(key) {
	case "href":
		return "href", true
	case "src":
		return "src", true
	case "srcset":
		return "srcset", true
	case "poster":
		return "poster", true
	case "content":
		return "content", true
	case "rel":
		return "rel", true
	case "property":
		return "property", true
	case "name":
		return "name", true
	}
	return "", false
}

// token parses one start tag's attributes (tag is "<name ...>") into attrs,
// keeping those linkAttr names; their values point into tag.
func token(tag []byte, a atom.Atom, attrsAt int, attrs []html.Attribute) html.Token {
	tok := html.Token{Type: html.StartTagToken, DataAtom: a, Data: a.String(), Attr: attrs}
	if bytes.IndexByte(tag, '&') >= 0 {
		z := html.NewTokenizer(bytes.NewReader(tag))
		z.Next()
		t := z.Token()
		t.DataAtom = a
		t.Attr = slices.DeleteFunc(t.Attr, func(at html.Attribute) bool {
			_, ok := linkAttr([]byte(at.Key))
			return !ok || at.Namespace != ""
		})
		return t
	}
	s := tag[attrsAt : len(tag)-1]
	for i := 0; i < len(s); {
		for i < len(s) && (isSpace(s[i]) || s[i] == '/') {
			i++
		}
		k := i
		for i < len(s) && !isSpace(s[i]) && s[i] != '/' && s[i] != '=' || i == k && i < len(s) && s[i] == '=' {
			i++
		}
		if i == k {
			break
		}
		key, keep := linkAttr(lower(s[k:i]))
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		var val []byte
		if i < len(s) && s[i] == '=' {
			i++
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i < len(s) && (s[i] == '"' || s[i] == '\'') {
				q := bytes.IndexByte(s[i+1:], s[i])
				if q < 0 {
					q = len(s) - i - 1
				}
				val = s[i+1 : i+1+q]
				i += q + 2
			} else {
				v := i
				for i < len(s) && !isSpace(s[i]) {
					i++
				}
				val = s[v:i]
			}
		}
		if keep && !slices.ContainsFunc(tok.Attr, func(a html.Attribute) bool { return a.Key == key }) {
			tok.Attr = append(tok.Attr, html.Attribute{Key: key, Val: unsafe.String(unsafe.SliceData(val), len(val))}) // the first of duplicates counts
		}
	}
	return tok
}

// rawText is the closing tag of elements whose content is not markup.
func rawText(a atom.Atom) []byte {
	switch a {
	case atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Iframe, atom.Noembed,
		atom.Noframes, atom.Noscript, atom.Xmp:
		return []byte("</" + a.String())
	case atom.Plaintext:
		return []byte{} // runs to the end
	}
	return nil
}

// rawEnd is where raw text that starts at i ends: at its closing tag (any
// case, followed by a space, '/' or '>'), left for the caller to read.
func rawEnd(src []byte, i int, closing []byte) int {
	if len(closing) == 0 {
		return len(src)
	}
	for {
		j := bytes.Index(src[i:], closing[:2])
		if j < 0 {
			return len(src)
		}
		i += j
		end := i + len(closing)
		if end < len(src) && bytes.EqualFold(src[i:end], closing) && (isSpace(src[end]) || src[end] == '/' || src[end] == '>') {
			return i
		}
		i += 2
	}
}

// commentEnd is just past the "-->" (or "--!>") closing a comment whose
// text starts at i; "<!-->" and "<!--->" are complete, empty comments.
func commentEnd(src []byte, i int) int {
	for _, empty := range []string{">", "->"} {
		if bytes.HasPrefix(src[i:], []byte(empty)) {
			return i + len(empty)
		}
	}
	for j := i; j < len(src); j++ {
		if src[j] == '>' && j-i >= 2 && src[j-1] == '-' && src[j-2] == '-' {
			return j + 1
		}
		if src[j] == '>' && j-i >= 3 && src[j-1] == '!' && src[j-2] == '-' && src[j-3] == '-' {
			return j + 1
		}
	}
	return len(src)
}

func skipPast(src []byte, i int, c byte) int {
	j := bytes.IndexByte(src[i:], c)
	if j < 0 {
		return len(src)
	}
	return i + j + 1
}

// lower is b in lower case, copied only when it has capitals (rarely).
func lower(b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			return bytes.ToLower(b)
		}
	}
	return b
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
