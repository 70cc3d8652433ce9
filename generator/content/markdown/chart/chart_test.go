package chart

import (
	"math"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
)

func TestNumber(t *testing.T) {
	good := map[string]float64{
		"3.16": 3.16, "-1.76": -1.76, "−3.1": -3.1, "+2": 2, "1,23,456": 123456, "12,34,56,789": 123456789,
		"123,456": 123456, "1,234,567.5": 1234567.5, ".5": 0.5, "0": 0, " 7 ": 7,
	}
	for in, want := range good {
		if got, err := Number(in); err != nil || got != want {
			t.Errorf("Number(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if v, err := Number(""); err != nil || !math.IsNaN(v) {
		t.Errorf("an empty cell is a missing value, got %v, %v", v, err)
	}
	for _, in := range []string{"1" + strings.Repeat("0", 16), "3.1%", "₹5", "x", "1,2", "12,34", "1.2.3", "-", ".", "1e5", "NaN", "Inf", "1 000"} {
		if _, err := Number(in); err == nil {
			t.Errorf("Number(%q) should be an error", in)
		}
	}
	if _, err := Number("3.1%"); !strings.Contains(err.Error(), `units: "%"`) {
		t.Errorf("a value with its unit says where the unit goes: %v", err)
	}
}

func TestParseLines(t *testing.T) {
	src := "type: line\ntitle: T\nsource: S\n---\nMonth,A\nJan,1\nFeb,n/a\n"
	_, problems := Parse([]byte(src))
	want := []fence.Problem{{Line: 7, Message: `A: "n/a" is not a number (leave the cell empty where a value is missing)`}}
	if len(problems) != 1 || problems[0] != want[0] {
		t.Errorf("got %v, want %v", problems, want)
	}
	// A header value that YAML cannot read unquoted says to quote it.
	_, problems = Parse([]byte("type: line\ntitle: T\nunits: % of total\nsource: S\n---\nMonth,A\nJan,1\nFeb,2\n"))
	want = []fence.Problem{{Line: 3, Message: `not valid YAML: found character that cannot start any token (put the value in double quotes: units: "% of total")`}}
	if len(problems) != 1 || problems[0] != want[0] {
		t.Errorf("got %v, want %v", problems, want)
	}
}

func TestDrawing(t *testing.T) {
	c, problems := Parse([]byte("type: column\ntitle: Growth <&>\nunits: \"%\"\nsource: RBI\n---\nQuarter,GDP\nQ1,6.5\nQ2,-0.5\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	html := c.HTML("chart-3")
	for _, want := range []string{
		`<figcaption class="chart__title">Growth &lt;&amp;&gt;</figcaption>`,
		`role="img" aria-labelledby="chart-3-t" aria-describedby="chart-3-d"`,
		`<desc id="chart-3-d">Column chart of GDP by quarter, Q1 to Q2. GDP: Q1 6.5%, Q2 -0.5%.</desc>`,
		`<p class="chart__source">Source: RBI</p>`,
		`<details class="chart__data"><summary>Data table</summary>`,
		`<th scope="col" class="num">GDP (%)</th>`, `<td class="num">-0.5</td>`,
		`<text x="0" y="`, `>−2</text>`, // ticks with a true minus
	} {
		if !strings.Contains(html, want) {
			t.Errorf("chart HTML lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "NaN") || strings.Contains(html, "Inf") {
		t.Errorf("chart HTML has a non-number:\n%s", html)
	}
}

func TestNiceScale(t *testing.T) {
	cases := []struct{ lo, hi, wlo, whi, step float64 }{
		{1.55, 3.16, 1.5, 3.5, 0.5},
		{0, 6.7, 0, 8, 2},
		{-1.76, 3.16, -2, 4, 1},
		{0, 123456, 0, 125000, 25000},
		{5, 5, 4, 6, 0.5},
	}
	for _, c := range cases {
		lo, hi, step := niceScale(c.lo, c.hi, 5)
		if math.Abs(lo-c.wlo) > 1e-9 || math.Abs(hi-c.whi) > 1e-9 || math.Abs(step-c.step) > 1e-9 {
			t.Errorf("niceScale(%v, %v) = %v, %v, %v; want %v, %v, %v", c.lo, c.hi, lo, hi, step, c.wlo, c.whi, c.step)
		}
	}
}

func TestTick(t *testing.T) {
	cases := []struct {
		v    float64
		dec  int
		want string
	}{{0, 0, "0"}, {1000, 0, "1,000"}, {100000, 0, "1,00,000"}, {12345678, 0, "1,23,45,678"}, {-2.5, 1, "−2.5"}, {-1e-12, 1, "0.0"}, {0.25, 2, "0.25"}}
	for _, c := range cases {
		if got := tick(c.v, c.dec); got != c.want {
			t.Errorf("tick(%v, %d) = %q, want %q", c.v, c.dec, got, c.want)
		}
	}
	if d := decimals(0.25); d != 2 {
		t.Errorf("decimals(0.25) = %d", d)
	}
}

func TestLabelsThinOnAPhone(t *testing.T) {
	c := &Chart{Type: "line"}
	for range 24 {
		c.Rows = append(c.Rows, Row{Label: "Sep 2025"})
	}
	narrow, wide := c.labelSteps()
	if narrow%wide != 0 || narrow <= wide || wide < 2 {
		t.Errorf("steps narrow %d, wide %d: a phone shows fewer of the desktop's labels", narrow, wide)
	}
}

// FuzzParse: any block either parses into a chart that draws with finite
// numbers, or gives problems on lines inside the block — never a panic.
func FuzzParse(f *testing.F) {
	f.Add("type: line\ntitle: T\nunits: \"%\"\nsource: S\n---\nMonth,A,B\nJan,1,2\nFeb,3,\n")
	f.Add("type: bar\ntitle: T\nsource: S\n---\nx,y\na,\"1,23,456\"\nb,-3\n")
	f.Add("type: stacked\ntitle: T\nsource: S\n---\nx,y,z\na,1,-2\nb,1e308,4\n")
	f.Add("type: column\ntitle: T\nsource: S\n---\nx,y\na,0\nb,0\n")
	f.Add("---\n\"unclosed\n")
	f.Fuzz(func(t *testing.T, src string) {
		c, problems := Parse([]byte(src))
		// A lone "\r" ends a line too (Parse reads it as "\n").
		lines := strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\n") + strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\r") + 2
		for _, p := range problems {
			if p.Line < 1 || p.Line > lines {
				t.Fatalf("problem at line %d of %d: %s", p.Line, lines, p.Message)
			}
		}
		if c == nil {
			if len(problems) == 0 {
				t.Fatal("no chart and no problem")
			}
			return
		}
		html := c.HTML("chart-1")
		if strings.Contains(html, "NaN") || strings.Contains(html, "Inf") {
			t.Fatalf("chart drawn with a non-number:\n%s", html)
		}
	})
}
