package chart

import (
	"fmt"
	"math"
	"strings"
)

// description is the picture's text alternative: the editor's alt, or a
// summary of what the chart shows, with its reference lines and
// highlights; either way it says which values are starred. The table has
// every value. bars is how many of the picture's variants are drawn as
// horizontal bars: a column chart whose labels fit no width is one too.
func (c *Chart) description(bars int) string {
	var b strings.Builder
	if c.Alt != "" {
		b.WriteString(c.Alt)
		c.describeStars(&b)
		return b.String()
	}
	kind := map[string]string{"line": "Line chart", "bar": "Bar chart", "column": "Column chart", "stacked": "Stacked column chart"}[c.Type]
	if c.Type != "bar" && bars == len(variants) {
		kind = map[bool]string{true: "Stacked bar chart", false: "Bar chart"}[c.Type == "stacked"]
	} else if c.Type != "bar" && bars > 0 {
		kind = "Chart" // columns where it is wide enough, bars where not
	}
	fmt.Fprintf(&b, "%s of %s by %s", kind, strings.Join(c.Series, ", "), strings.ToLower(c.Label))
	if n := len(c.Rows); n > 1 {
		fmt.Fprintf(&b, ", %s to %s", spokenRow(c.Rows[0].Label), spokenRow(c.Rows[n-1].Label))
	}
	b.WriteString(".")
	for s, name := range c.Series {
		fmt.Fprintf(&b, " %s: ", name)
		if c.Type != "line" && len(c.Rows) <= 12 {
			var parts []string
			for i, r := range c.Rows {
				if !math.IsNaN(r.Values[s]) {
					parts = append(parts, spokenRow(r.Label)+" "+c.said(i, s))
				}
			}
			b.WriteString(strings.Join(parts, ", ") + ".")
			continue
		}
		first, last, hi, lo := -1, -1, -1, -1
		for i, r := range c.Rows {
			v := r.Values[s]
			if math.IsNaN(v) {
				continue
			}
			if first < 0 {
				first = i
			}
			last = i
			if hi < 0 || v > c.Rows[hi].Values[s] {
				hi = i
			}
			if lo < 0 || v < c.Rows[lo].Values[s] {
				lo = i
			}
		}
		if first < 0 {
			b.WriteString("no values.")
			continue
		}
		at := func(i int) string {
			if day := spokenRow(c.Rows[i].Label); day != c.Rows[i].Label {
				return c.said(i, s) + " on " + day
			}
			return c.said(i, s) + " in " + c.Rows[i].Label
		}
		fmt.Fprintf(&b, "from %s to %s; highest %s, lowest %s.", at(first), at(last), at(hi), at(lo))
	}
	for _, r := range c.References {
		fmt.Fprintf(&b, " Reference line at %s", c.spoken(grouped(r.Value, decimals(math.Abs(r.Value)))))
		if r.Label != "" {
			b.WriteString(": " + r.Label)
		}
		b.WriteString(".")
	}
	for _, h := range c.Highlights {
		b.WriteString(" Highlighted: " + spokenRow(c.Rows[h.From].Label))
		if h.To > h.From {
			b.WriteString(" to " + spokenRow(c.Rows[h.To].Label))
		}
		b.WriteString(".")
	}
	c.describeStars(&b)
	return b.String()
}

// spokenRow is a row's label as a screen reader should say it: a day in
// words ("1 October 2025", not "2025-10-01"), any other as written.
func spokenRow(label string) string {
	if p, ok := parsePeriod(label); ok && p.kind == 'd' && !bracketNote.MatchString(label) { // a note is said as written
		return day(p.t).Format("2 January 2006")
	}
	return label
}

// said is a value as a screen reader should say it, starred or not.
func (c *Chart) said(row, s int) string {
	r := c.Rows[row]
	out := c.spoken(grouped(r.Values[s], writtenDecimals(r.Cells[s])))
	if r.Starred[s] {
		out += " (" + c.starWord() + ")"
	}
	return out
}

// describeStars names the rows with starred values, in runs.
func (c *Chart) describeStars(b *strings.Builder) {
	var runs []string
	start := -1
	for i := 0; i <= len(c.Rows); i++ {
		starred := false
		if i < len(c.Rows) {
			for _, s := range c.Rows[i].Starred {
				starred = starred || s
			}
		}
		switch {
		case starred && start < 0:
			start = i
		case !starred && start >= 0:
			run := c.Rows[start].Label
			if i-1 > start {
				run += " to " + c.Rows[i-1].Label
			}
			runs = append(runs, run)
			start = -1
		}
	}
	if len(runs) > 0 {
		fmt.Fprintf(b, " Marked as %s: %s.", c.starWord(), strings.Join(runs, "; "))
	}
}
