package forms

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// invisible reports a character that shows as nothing yet changes what is
// shown: the C0 and C1 controls and DEL (a terminal runs them as commands:
// ESC starts a sequence, CR returns to the line's start) and the
// bidirectional overrides and isolates, U+202A-U+202E and U+2066-U+2069,
// which reorder the text around them. No person types them into a form.
func invisible(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// lineBreaks makes every line break of a message a plain \n.
func lineBreaks(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// invisibleIn is the first invisible character of s, if any; a message may
// hold line breaks and tabs.
func invisibleIn(s string, multiline bool) (rune, bool) {
	for _, r := range s {
		if invisible(r) && !(multiline && (r == '\n' || r == '\t')) {
			return r, true
		}
	}
	return 0, false
}

func invisibleError(r rune) string {
	if r == 0 {
		// NUL ends strings in C and cannot be stored in PostgreSQL text.
		return "Invalid input: contains a NUL character"
	}
	return fmt.Sprintf("Invalid input: contains an invisible control character (U+%04X)", r)
}

// visible replaces the invisible characters of s, but line breaks and
// tabs, with U+FFFD, so that printing s runs nothing: for values stored
// before they were refused, and for those no form checks (the User-Agent).
func visible(s string) string {
	s = lineBreaks(s)
	if _, found := invisibleIn(s, true); !found {
		return s
	}
	return strings.Map(func(r rune) rune {
		if invisible(r) && r != '\n' && r != '\t' {
			return utf8.RuneError
		}
		return r
	}, s)
}
