package markdown

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// reservedIDs are the ids the story page's own parts use (frontend/src), and
// the notes heading: a heading's anchor never takes one of them.
var reservedIDs = []string{"root", "page-data", "main", "mobile-menu", "spotlight-title", "related-title",
	"related-topics", "indicators-title", "playbook-title", "investment-title", "bottom-line-title", notesID}

// generatedID matches the ids made for tables, charts and notes; a heading
// whose text would give one is prefixed, so the two can never meet.
var generatedID = regexp.MustCompile(`^(table|chart|fn|fnref)-[0-9]`)

// ids hands out a page's anchors: stable (made from the text, numbered
// only when a text repeats) and unique within the page.
type ids struct{ used map[string]bool }

func newIDs() ids {
	d := ids{used: map[string]bool{}}
	for _, id := range reservedIDs {
		d.used[id] = true
	}
	return d
}

// slug is the anchor for a heading: lower-case letters and digits of any
// script, other runs of characters as one hyphen.
func (d ids) slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		case r == '\'' || r == '’':
			// "India's" reads as "indias", not "india-s"
		default:
			dash = true
		}
	}
	base := b.String()
	if base == "" {
		base = "section"
	}
	if generatedID.MatchString(base) {
		base = "section-" + base
	}
	id := base
	for n := 2; d.used[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	d.used[id] = true
	return id
}
