package chart

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLayoutProperties draws random charts of every type, at the narrowest
// width of each variant, and checks what the browser test checks on the
// panel: no label on another, on a bar or on a line, none outside the
// picture. (A variant that holds at its narrowest width holds wider: its
// labels only move apart.)
func TestLayoutProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	names := []string{"Kerala", "Uttar Pradesh", "Ministry of Consumer Affairs, Food and Public Distribution", "Q1", "2019-20", "2025-26 (BE)",
		"उत्तर प्रदेश", "Before February", "Electronic goods and telecommunication equipment", "A", "Jul–Sep 2025", "Mining"}
	for n := range 300 {
		c := &Chart{Type: Types[r.IntN(len(Types))]}
		for s := range 1 + r.IntN(MaxSeries) {
			c.Series = append(c.Series, fmt.Sprintf("Series %d %s", s, strings.Repeat("long ", r.IntN(4))))
		}
		rows := 1 + r.IntN(30)
		if c.Type == "line" {
			rows++
		}
		dated := r.IntN(3) // 1: months, 2: quarters
		mag := math.Pow(10, float64(r.IntN(8)-2))
		for i := range rows {
			label := fmt.Sprintf("%s %d", names[r.IntN(len(names))], i)
			switch dated {
			case 1:
				label = monthNames[i%12][:3] + " " + fmt.Sprint(2000+i/12)
			case 2:
				label = []string{"Jan–Mar", "Apr–Jun", "Jul–Sep", "Oct–Dec"}[i%4] + " " + fmt.Sprint(2000+i/4)
			}
			row := Row{Label: label}
			for range c.Series {
				v := (r.Float64() - 0.25) * mag
				if r.IntN(10) == 0 {
					v = math.NaN()
				}
				row.Values = append(row.Values, v)
				row.Cells = append(row.Cells, fmt.Sprintf("%.2f", v))
				row.Starred = append(row.Starred, i > rows-3 && r.IntN(2) == 0)
			}
			c.Rows = append(c.Rows, row)
		}
		if !c.hasValue() {
			continue
		}
		for range r.IntN(4) {
			c.References = append(c.References, Reference{Value: r.Float64() * mag, Label: "Target " + strings.Repeat("x", r.IntN(12))})
		}
		if r.IntN(3) == 0 {
			c.Highlights = append(c.Highlights, Span{0, r.IntN(rows)})
		}
		for _, v := range variants {
			cv, _ := c.draw(v.width)
			where := fmt.Sprintf("chart %d (%s, %d series, %d rows) at %v px", n, c.Type, len(c.Series), rows, v.width)
			checkLayout(t, cv, where)
		}
	}
}

func checkLayout(t *testing.T, cv *canvas, where string) {
	t.Helper()
	in := func(a, b box) bool {
		return a.x0 >= b.x0-0.01 && a.x1 <= b.x1+0.01 && a.y0 >= b.y0-0.01 && a.y1 <= b.y1+0.01
	}
	for i, a := range cv.texts {
		if a.x0 < -cv.left-0.01 || a.x1 > cv.plotW()+cv.right+0.01 || a.y0 < -0.01 || a.y1 > cv.h+0.01 {
			t.Fatalf("%s: a label %+v sticks out of the picture (%v wide, gutters %v and %v, %v high)", where, a, cv.w, cv.left, cv.right, cv.h)
		}
		for _, b := range cv.texts[i+1:] {
			if a.grow(-0.01).overlaps(b) {
				t.Fatalf("%s: labels %+v and %+v overlap", where, a, b)
			}
		}
		inside := false
		for _, m := range cv.marks {
			inside = inside || in(a, m)
		}
		for _, m := range cv.marks {
			if !inside && a.grow(-0.01).overlaps(m) {
				t.Fatalf("%s: a label %+v is over a bar %+v", where, a, m)
			}
		}
		for _, rule := range cv.rules {
			if a.grow(-0.01).overlaps(rule.grow(0.5)) {
				t.Fatalf("%s: a label %+v is on a rule %+v", where, a, rule)
			}
		}
		for _, run := range cv.lines {
			for k := 1; k < len(run); k++ {
				if segmentHits(run[k-1], run[k], a.grow(-1.6)) {
					t.Fatalf("%s: a label %+v is on a line", where, a)
				}
			}
		}
	}
}

// A short line of quarters names each one on a phone, wrapped; a line of
// months is ticked by quarter.
func TestShortLineOfQuartersNamesEveryPoint(t *testing.T) {
	c, problems := Parse([]byte("type: line\ntitle: CPI\nsource: RBI\n---\nQuarter,CPI\nJul–Sep 2025,2.1\nOct–Dec 2025,3.1\nJan–Mar 2026,4.4\nApr–Jun 2026,4.9\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for _, v := range variants {
		cv, _ := c.draw(v.width)
		_, x, _ := strings.Cut(cv.b.String(), `<g class="chart__x">`)
		x, _, _ = strings.Cut(x, "</g>")
		for _, q := range []string{"Jul–Sep", "Oct–Dec", "Jan–Mar", "Apr–Jun"} {
			if !strings.Contains(x, q) {
				t.Errorf("at %v px, %s is not named: %s", v.width, q, x)
			}
		}
		checkLayout(t, cv, fmt.Sprintf("quarters at %v px", v.width))
	}
}

// The names keep their pixels while the plot stretches, so whether one
// crosses a rule depends on the width shown: the rules skip every name's
// row alike, never leaving a gap beside nothing at a wider width.
func TestRulesSkipEveryNameAlike(t *testing.T) {
	rules := func(names ...string) []box {
		src := "type: bar\ntitle: T\nsource: S\nreference: 2 Two\n---\nSector,Growth\n"
		for i, n := range names {
			src += fmt.Sprintf("%s,%v\n", n, []float64{-3.1, 0.5, 7.7}[i])
		}
		c, problems := Parse([]byte(src))
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		cv, _ := c.draw(variants[0].width)
		return cv.rules
	}
	// A name too long to stand beside its bars puts every name above them.
	first := "Manufacturing mining quarrying electricity gas and water supply"
	long, short := rules(first, "Food and beverages", "Construction"), rules(first, "F", "C")
	if fmt.Sprint(long) != fmt.Sprint(short) {
		t.Errorf("the rules follow the names' widths:\n%v\nwith one-letter names:\n%v", long, short)
	}
}

// Bars name their categories beside them when every name fits (two lines
// of two fifths of the width at most), left of the negative values, and
// above them when one does not: thirty short names take half the height.
func TestBarNamesBeside(t *testing.T) {
	chart := func(first, value string) *Chart {
		var src strings.Builder
		src.WriteString("type: bar\ntitle: T\nsource: S\n---\nState,Rate\n")
		for i := range 30 {
			name, v := fmt.Sprint("State ", i), fmt.Sprint(60+i)
			if i == 0 {
				name, v = first, value
			}
			fmt.Fprintf(&src, "%s,%s\n", name, v)
		}
		c, problems := Parse([]byte(src.String()))
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		return c
	}
	beside := chart("Bihar", "60").drawBars(320, false)
	negative := chart("Bihar", "-25").drawBars(320, false)
	above := chart("The eight north-eastern states taken together", "60").drawBars(320, false)
	for what, cv := range map[string]*canvas{"beside": beside, "beside, a value negative": negative} {
		if n := strings.Count(cv.b.String(), `class="chart__cat" text-anchor="end"`); n != 30 {
			t.Errorf("%s: %d of 30 names beside their bars", what, n)
		}
		checkLayout(t, cv, what)
	}
	if strings.Contains(above.b.String(), `class="chart__cat" text-anchor="end"`) {
		t.Error("a name too long to stand beside its bars, yet a name is there")
	}
	if beside.h > 0.55*above.h {
		t.Errorf("names beside: %v px high, above: %v px", beside.h, above.h)
	}
}

// Marks set over or under a letter take no room of their own: उत्तर
// प्रदेश is not measured as wide as twelve letters.
func TestMarksHaveNoWidth(t *testing.T) {
	if a, b := textWidth("त्त", false), textWidth("तत", false); a != b {
		t.Errorf("a virama between two letters adds %v px", a-b)
	}
	if a, b := textWidth("दे", true), textWidth("द", true); a != b {
		t.Errorf("a vowel sign over a letter adds %v px", a-b)
	}
}
