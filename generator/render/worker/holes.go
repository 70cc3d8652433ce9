package worker

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A story page's request is mostly its blocks' HTML (10.3 KB of 14.6 KB over
// 1,000 synthetic stories), which the worker only copies into the page. So
// each string under holeKey is cut out of the request, a placeholder sent in
// its place (NUL, the hole's number, NUL), and the answer gets the HTML back
// where the placeholder came out: the worker parses, renders and sends back
// a third of the bytes, and the page is the same.

// holeKey names the strings cut out: markdown.Block's HTML, the only field
// of page data by that name, which the frontend inserts whole and never
// reads (components/Body.tsx).
const holeKey = `"html":"`

// holes are the spans of data, compact JSON, holding the contents (escaped,
// between the quotes) of the strings under holeKey. There are none when data
// holds a NUL (\u0000): a NUL in the answer must be a placeholder's.
func holes(data []byte) [][2]int {
	if bytes.Contains(data, []byte(`\u0000`)) {
		return nil
	}
	var spans [][2]int
	// Outside a string, compact JSON cannot hold holeKey but as a key and
	// the opening quote of its value; inside one, its quotes would be escaped.
	for at := 0; ; {
		i := bytes.Index(data[at:], []byte(holeKey))
		if i < 0 {
			return spans
		}
		from := at + i + len(holeKey)
		to := closingQuote(data, from)
		if to < 0 {
			return nil // not JSON: sent as it is, for the worker to reject
		}
		spans = append(spans, [2]int{from, to})
		at = to + 1
	}
}

// closingQuote is the index of the quote that ends the string whose
// contents start at from, or -1: the first quote after an even number of
// backslashes.
func closingQuote(data []byte, from int) int {
	for at := from; ; {
		i := bytes.IndexByte(data[at:], '"')
		if i < 0 {
			return -1
		}
		q := at + i
		slashes := 0
		for j := q - 1; j >= from && data[j] == '\\'; j-- {
			slashes++
		}
		if slashes%2 == 0 {
			return q
		}
		at = q + 1
	}
}

// writeHollow writes data as writeASCII does, with a placeholder for each
// hole.
func writeHollow(w *bufio.Writer, data []byte, spans [][2]int) {
	at := 0
	for k, s := range spans {
		writeASCII(w, data[at:s[0]])
		w.WriteString(`\u0000` + strconv.Itoa(k) + `\u0000`)
		at = s[1]
	}
	writeASCII(w, data[at:])
}

// fill is the answer to a hollowed request with each placeholder replaced
// by its hole's HTML, unescaped from data.
func fill(answer, data []byte, spans [][2]int) ([]byte, error) {
	if len(spans) == 0 {
		return answer, nil
	}
	size := len(answer)
	for _, s := range spans {
		size += s[1] - s[0] // at least the HTML's length: escaping only adds
	}
	out := make([]byte, 0, size)
	for {
		i := bytes.IndexByte(answer, 0)
		if i < 0 {
			return append(out, answer...), nil
		}
		out = append(out, answer[:i]...)
		answer = answer[i+1:]
		j := bytes.IndexByte(answer, 0)
		k, err := strconv.Atoi(string(answer[:max(j, 0)]))
		if j < 0 || err != nil || k < 0 || k >= len(spans) {
			return nil, fmt.Errorf("the page has a NUL that is no placeholder of its request's %d", len(spans))
		}
		out = appendUnescaped(out, data[spans[k][0]:spans[k][1]])
		answer = answer[j+1:]
	}
}

// appendUnescaped appends the string whose JSON contents (escaped, without
// the quotes) are s, as encoding/json decodes it: a lone surrogate becomes
// U+FFFD, as it does when Node writes it as UTF-8.
func appendUnescaped(dst, s []byte) []byte {
	for {
		i := bytes.IndexByte(s, '\\')
		if i < 0 || i+1 >= len(s) {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		c := s[i+1]
		s = s[i+2:]
		switch c {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := hex4(s)
			s = s[min(4, len(s)):]
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
					r2 = hex4(s[2:])
				}
				if r = utf16.DecodeRune(r, r2); r != utf8.RuneError {
					s = s[6:]
				}
			}
			dst = utf8.AppendRune(dst, r)
		default: // " \ /
			dst = append(dst, c)
		}
	}
}

// hex4 is the rune of four hexadecimal digits at the start of s, or U+FFFD.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return utf8.RuneError
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return utf8.RuneError
		}
		r = r<<4 | rune(c)
	}
	return r
}

// WithoutHTML is data, compact JSON, without its members under holeKey:
// the page data a page carries inline, since its blocks' HTML is in the
// page already and the browser reads it from there (components/Body.tsx,
// restoreHTML). Each member follows the block's "type", so it goes with
// the comma before it. data comes back whole when a member is not where
// that holds, or holds a NUL (holes).
func WithoutHTML(data []byte) []byte {
	spans := holes(data)
	for _, s := range spans {
		if from := s[0] - len(holeKey); from == 0 || data[from-1] != ',' {
			return data
		}
	}
	out := make([]byte, 0, len(data))
	at := 0
	for _, s := range spans {
		out = append(out, data[at:s[0]-len(holeKey)-1]...)
		at = s[1] + 1
	}
	return append(out, data[at:]...)
}

// EmptyLists is data, compact JSON, with each array under one of keys
// emptied: "cards":[…] becomes "cards":[]. Outside a string, compact JSON
// holds `"key":[` only as a member; strings inside are skipped whole.
// data comes back as it is when an array is not closed.
func EmptyLists(data []byte, keys ...string) []byte {
	out := data
	for _, k := range keys {
		key := []byte(`"` + k + `":[`)
		var b []byte
		at := 0
		for {
			i := bytes.Index(out[at:], key)
			if i < 0 {
				break
			}
			open := at + i + len(key)
			end := closingBracket(out, open)
			if end < 0 {
				return data
			}
			if b == nil {
				b = make([]byte, 0, len(out))
			}
			b = append(b, out[at:open]...)
			at = end // the "]"
		}
		if b != nil {
			out = append(b, out[at:]...)
		}
	}
	return out
}

// closingBracket is the index of the "]" that closes the array whose
// contents start at from, or -1.
func closingBracket(data []byte, from int) int {
	depth := 1
	for at := from; at < len(data); at++ {
		switch data[at] {
		case '"':
			if at = closingQuote(data, at+1); at < 0 {
				return -1
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return at
			}
		}
	}
	return -1
}
