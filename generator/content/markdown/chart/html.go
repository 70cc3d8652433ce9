package chart

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// HTML is the whole chart as a figure: title, legend, picture, source line
// and, behind a disclosure, the data as a real table for screen readers and
// copying. id must be unique in the page; the parts' ids start with it.
func (c *Chart) HTML(id string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="chart chart--%s"><figcaption class="chart__title">%s</figcaption>`, c.Type, esc(c.Title))
	// The legend only maps colours to names; the picture's description and
	// the table say the same to a screen reader.
	b.WriteString(`<ul class="chart__legend" aria-hidden="true">`)
	for i, s := range c.Series {
		fmt.Fprintf(&b, `<li><span class="chart__key chart__s%d"></span>%s</li>`, i, esc(s))
	}
	b.WriteString(`</ul>`)
	c.svg(&b, id)
	fmt.Fprintf(&b, `<p class="chart__source">Source: %s</p>`, esc(c.Source))
	b.WriteString(`<details class="chart__data"><summary>Data table</summary><div class="table-scroll" role="region" tabindex="0" aria-label="Data: `)
	b.WriteString(esc(c.Title))
	fmt.Fprintf(&b, `"><table class="table"><caption class="visually-hidden">%s</caption><thead><tr><th scope="col">%s</th>`, esc(c.Title), esc(c.Label))
	for _, s := range c.Series {
		fmt.Fprintf(&b, `<th scope="col" class="num">%s</th>`, esc(withUnits(s, c.Units)))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, r := range c.Rows {
		fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, esc(r.Label))
		for _, cell := range r.Cells {
			if cell == "" {
				cell = "—" // a missing value
			}
			fmt.Fprintf(&b, `<td class="num">%s</td>`, esc(cell))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div></details></figure>`)
	return b.String()
}

func withUnits(series, units string) string {
	if units == "" {
		return series
	}
	return series + " (" + units + ")"
}

// Description is the picture's text alternative: the editor's alt, or a
// summary of what the chart shows. The table has every value.
func (c *Chart) Description() string {
	if c.Alt != "" {
		return c.Alt
	}
	kind := map[string]string{"line": "Line chart", "bar": "Bar chart", "column": "Column chart", "stacked": "Stacked column chart"}[c.Type]
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s by %s", kind, strings.Join(c.Series, ", "), strings.ToLower(c.Label))
	if n := len(c.Rows); n > 1 {
		fmt.Fprintf(&b, ", %s to %s", c.Rows[0].Label, c.Rows[n-1].Label)
	}
	b.WriteString(".")
	for s, name := range c.Series {
		fmt.Fprintf(&b, " %s: ", name)
		if c.Type != "line" && len(c.Rows) <= 12 {
			var parts []string
			for _, r := range c.Rows {
				if !math.IsNaN(r.Values[s]) {
					parts = append(parts, r.Label+" "+c.value(r.Cells[s]))
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
		at := func(i int) string { return c.value(c.Rows[i].Cells[s]) + " in " + c.Rows[i].Label }
		fmt.Fprintf(&b, "from %s to %s; highest %s, lowest %s.", at(first), at(last), at(hi), at(lo))
	}
	return b.String()
}

func (c *Chart) value(cell string) string {
	switch {
	case c.Units == "":
		return cell
	case c.Units == "%":
		return cell + "%"
	}
	return cell + " " + c.Units
}

// Text is what the search index and word count see: title, source and data.
func (c *Chart) Text() string {
	parts := []string{c.Title, c.Label + " " + strings.Join(c.Series, " ")}
	for _, r := range c.Rows {
		parts = append(parts, r.Label+" "+strings.Join(r.Cells, " "))
	}
	return strings.Join(append(parts, "Source: "+c.Source), "\n")
}

func esc(s string) string { return html.EscapeString(s) }
