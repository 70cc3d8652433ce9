package chart

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// HTML is the whole chart as a figure: title, units, legend, picture,
// source line and, behind a disclosure, the data as a real table for
// screen readers and copying. id must be unique in the page; the parts'
// ids start with it.
func (c *Chart) HTML(id string) string {
	var b strings.Builder
	lang := c.langAttr()
	fmt.Fprintf(&b, `<figure class="chart chart--%s"><figcaption class="chart__title" id="%s-t"%s>%s</figcaption>`, c.Type, id, lang, esc(c.Title))
	if c.Units != "" {
		fmt.Fprintf(&b, `<p class="chart__units"%s>%s</p>`, lang, esc(c.Units))
	}
	c.legend(&b)
	bars := c.pictures(&b, id)
	source := esc(c.Source)
	if lang != "" {
		source = `<span` + lang + `>` + source + `</span>`
	}
	fmt.Fprintf(&b, `<p class="chart__source">Source: %s</p>`, source)
	// The text alternative, referred to by every variant of the picture.
	fmt.Fprintf(&b, `<p id="%s-d" hidden>%s</p>`, id, esc(c.description(bars)))
	c.table(&b)
	b.WriteString(`</figure>`)
	return b.String()
}

// legend maps colours to series when the lines are not named at their
// ends, and says what a dashed mark is. The picture's description and the
// table say the same to a screen reader.
func (c *Chart) legend(b *strings.Builder) {
	keys := len(c.Series) > 1 && !c.directLabels()
	stars := c.hasStars()
	if !keys && !stars {
		return
	}
	fmt.Fprintf(b, `<ul class="chart__legend" aria-hidden="true"%s>`, c.langAttr())
	if keys {
		for i, s := range c.Series {
			fmt.Fprintf(b, `<li><span class="chart__key chart__s%d"></span>%s</li>`, i, esc(s))
		}
	}
	if stars {
		fmt.Fprintf(b, `<li><span class="chart__key chart__key--proj"></span>%s</li>`, esc(capital(c.starWord())))
	}
	b.WriteString(`</ul>`)
}

// pictures writes the SVG once per variant, or once when the variants
// came out the same; a container query in the stylesheet shows the one
// drawn for the chart's width. It reports how many variants are drawn
// as horizontal bars.
func (c *Chart) pictures(b *strings.Builder, id string) (bars int) {
	var drawn []string
	for _, v := range variants {
		cv, across := c.draw(v.width)
		if across {
			bars++
		}
		drawn = append(drawn, c.svg(cv, id))
	}
	if drawn[0] == drawn[1] {
		b.WriteString(drawn[0])
		return bars
	}
	for i, v := range variants {
		b.WriteString(strings.Replace(drawn[i], `class="chart__svg"`, `class="chart__svg `+v.class+`"`, 1))
	}
	return bars
}

// draw lays the chart out for a picture width pixels wide, as horizontal
// bars (across) when it is a bar chart or its columns' labels do not fit.
func (c *Chart) draw(width float64) (cv *canvas, across bool) {
	if c.Type != "bar" {
		if cv := c.drawVertical(width, false); cv != nil {
			return cv, false
		}
	}
	return c.drawBars(width, c.Type == "stacked"), true
}

func (c *Chart) svg(cv *canvas, id string) string {
	// The gutters are the picture's padding: percentages inside are of the
	// plot, and the axis labels sit in the padding at negative x.
	return fmt.Sprintf(`<svg class="chart__svg" height="%s" role="img" aria-labelledby="%s-t" aria-describedby="%s-d"%s style="padding:0 %spx 0 %spx">%s</svg>`,
		num(math.Ceil(cv.h)), id, id, c.langAttr(), num(math.Ceil(cv.right)), num(math.Ceil(cv.left)), cv.b.String())
}

// langAttr marks what the editor wrote in the chart's own language (lang),
// for screen readers to speak and browsers to set it as such; the words
// the build adds ("Source:", the description) stay in the page's.
func (c *Chart) langAttr() string {
	if c.Lang == "" {
		return ""
	}
	return ` lang="` + esc(c.Lang) + `"`
}

// table is the data behind a disclosure: every value, a starred one said
// to be what it is.
func (c *Chart) table(b *strings.Builder) {
	b.WriteString(`<details class="chart__data"><summary>Data table</summary><div class="table-scroll" role="region" tabindex="0" aria-label="Data: `)
	b.WriteString(esc(c.Title))
	fmt.Fprintf(b, `"><table class="table"%s><caption class="visually-hidden">%s</caption><thead><tr><th scope="col">%s</th>`, c.langAttr(), esc(c.Title), esc(c.Label))
	for _, s := range c.Series {
		fmt.Fprintf(b, `<th scope="col" class="num">%s</th>`, esc(withUnits(s, c.Units)))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, r := range c.Rows {
		fmt.Fprintf(b, `<tr><th scope="row">%s</th>`, esc(r.Label))
		for s, cell := range r.Cells {
			switch {
			case cell == "":
				cell = "—" // a missing value
			case r.Starred[s]:
				cell = tableNumber(cell, r.Values[s]) + " (" + c.starWord() + ")"
			default:
				cell = tableNumber(cell, r.Values[s])
			}
			fmt.Fprintf(b, `<td class="num">%s</td>`, esc(cell))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div></details>`)
}

func withUnits(series, units string) string {
	if units == "" {
		return series
	}
	// "Index" in "Index, 2011-12 = 100" is said once.
	if n := len(series); len(units) >= n && strings.EqualFold(units[:n], series) && (len(units) == n || !isWordByte(units[n])) {
		return units
	}
	return series + " (" + units + ")"
}

// tableNumber writes a cell's value as the chart's labels do (grouped):
// grouped the Indian way whatever grouping it was written with, with as
// many decimals as written, a true minus sign, and a plus sign kept.
func tableNumber(cell string, v float64) string {
	dec := 0
	if _, frac, ok := strings.Cut(cell, "."); ok {
		dec = len(strings.TrimSpace(frac))
	}
	out := grouped(v, dec)
	if strings.HasPrefix(strings.TrimSpace(cell), "+") {
		out = "+" + out
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// spoken is a number with its units as a reader would say it: "₹20.10 lakh
// crore", "−1.76%", "17,032 MW".
func (c *Chart) spoken(number string) string {
	u := strings.TrimSpace(c.Units)
	switch {
	case u == "":
		return number
	case strings.HasPrefix(u, "%"):
		return number + u
	}
	for _, sym := range []string{"₹", "$", "€", "£"} {
		if rest, ok := strings.CutPrefix(u, sym); ok {
			sign := ""
			if n, ok := strings.CutPrefix(number, "−"); ok {
				sign, number = "−", n
			}
			return strings.TrimSpace(sign + sym + number + " " + strings.TrimSpace(rest))
		}
	}
	return number + " " + u
}

// Text is what the search index and word count see: title, source, data
// and the labels of reference lines.
func (c *Chart) Text() string {
	parts := []string{c.Title, c.Label + " " + strings.Join(c.Series, " ")}
	for _, r := range c.Rows {
		parts = append(parts, r.Label+" "+strings.Join(r.Cells, " "))
	}
	for _, r := range c.References {
		if r.Label != "" {
			parts = append(parts, r.Label)
		}
	}
	return strings.Join(append(parts, "Source: "+c.Source), "\n")
}

func esc(s string) string { return html.EscapeString(s) }

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
