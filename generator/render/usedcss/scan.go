package usedcss

import "strings"

// scan calls name with every element name (lower case), ".class" and "#id"
// in markup; name must not keep its argument, which is reused. It reads tags only, skipping comments and what <script> and
// <style> hold; a selector's names are what matter, and a name the markup
// does not have only costs a rule.
func scan(markup string, name func([]byte)) {
	var key []byte
	for i := 0; i < len(markup); {
		lt := strings.IndexByte(markup[i:], '<')
		if lt < 0 {
			return
		}
		i += lt + 1
		if strings.HasPrefix(markup[i:], "!--") {
			end := strings.Index(markup[i:], "-->")
			if end < 0 {
				return
			}
			i += end + 3
			continue
		}
		if i >= len(markup) || !isLetter(markup[i]) {
			continue // a closing tag, a doctype, or a lone "<"
		}
		start := i
		for i < len(markup) && !isSpace(markup[i]) && markup[i] != '>' && markup[i] != '/' {
			i++
		}
		tag := strings.ToLower(markup[start:i])
		name(append(key[:0], tag...))
		i, key = attributes(markup, i, key, name)
		if tag == "script" || tag == "style" {
			i = closing(markup, i, tag)
		}
	}
}

// closing is the offset of the end tag of the raw text element tag from i.
func closing(markup string, i int, tag string) int {
	for {
		end := strings.Index(markup[i:], "</")
		if end < 0 {
			return len(markup)
		}
		i += end + 2
		if len(markup)-i >= len(tag) && strings.EqualFold(markup[i:i+len(tag)], tag) {
			return i
		}
	}
}

// attributes reads a tag's attributes from i, reporting classes and the
// id, and returns the offset after its ">". key is name's buffer.
func attributes(markup string, i int, key []byte, name func([]byte)) (int, []byte) {
	for i < len(markup) {
		c := markup[i]
		switch {
		case c == '>':
			return i + 1, key
		case isSpace(c) || c == '/':
			i++
			continue
		}
		start := i
		for i < len(markup) && !isSpace(markup[i]) && markup[i] != '=' && markup[i] != '>' && markup[i] != '/' {
			i++
		}
		attr := strings.ToLower(markup[start:i])
		for i < len(markup) && isSpace(markup[i]) {
			i++
		}
		if i >= len(markup) || markup[i] != '=' {
			continue
		}
		i++
		for i < len(markup) && isSpace(markup[i]) {
			i++
		}
		var value string
		if i < len(markup) && (markup[i] == '"' || markup[i] == '\'') {
			q := markup[i]
			end := strings.IndexByte(markup[i+1:], q)
			if end < 0 {
				return len(markup), key
			}
			value, i = markup[i+1:i+1+end], i+2+end
		} else {
			start := i
			for i < len(markup) && !isSpace(markup[i]) && markup[i] != '>' {
				i++
			}
			value = markup[start:i]
		}
		switch attr {
		case "class":
			for value != "" {
				start := 0
				for start < len(value) && isSpace(value[start]) {
					start++
				}
				end := start
				for end < len(value) && !isSpace(value[end]) {
					end++
				}
				if end > start {
					key = append(append(key[:0], '.'), value[start:end]...)
					name(key)
				}
				value = value[end:]
			}
		case "id":
			key = append(append(key[:0], '#'), value...)
			name(key)
		}
	}
	return i, key
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
