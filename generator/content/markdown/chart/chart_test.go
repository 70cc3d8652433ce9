package chart

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
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
	for _, in := range []string{"12,34,5678", "1,2", "123,45"} {
		if _, err := Number(in); err == nil || !strings.Contains(err.Error(), "commas do not group digits") {
			t.Errorf("Number(%q): a number grouped wrongly says so: %v", in, err)
		}
	}
	if _, err := Number("n/a"); err == nil || !strings.Contains(err.Error(), "leave the cell empty") {
		t.Errorf("Number(n/a): %v", err)
	}
}

func TestParseLines(t *testing.T) {
	src := "type: line\ntitle: T\nsource: S\n---\nMonth,A\nJan,1\nFeb,n/a\n"
	_, problems := Parse([]byte(src))
	want := []fence.Problem{{Line: 7, Message: `A: "n/a" is not a number (leave the cell empty where a value is missing)`}}
	if len(problems) != 1 || problems[0] != want[0] {
		t.Errorf("got %v, want %v", problems, want)
	}
	// Values too close together for ticks of at most 6 decimals to tell
	// apart; a tiny value among large ones is fine.
	for rows, want := range map[string]string{
		"Jan,0.0000000000000000001\nFeb,0.0000000000000000002\n": "the values span only 2e-19", // from zero
		"Jan,0.0000010\nFeb,0.0000015\nMar,0.0000012\n":          "the values span only 5e-07",
		"Jan,100.000001\nFeb,100.000004\n":                       "the values span only 3e-06",
		"Jan,0.0000005\nFeb,12.5\n":                              "",
	} {
		_, problems = Parse([]byte("type: line\ntitle: T\nsource: S\n---\nMonth,A\n" + rows))
		if got := fmt.Sprint(problems); want == "" && len(problems) > 0 || want != "" && (len(problems) != 1 || !strings.Contains(got, want)) {
			t.Errorf("%q: got %v, want %q", rows, problems, want)
		}
	}
	// Rows of the wrong shape are the problem, not a missing row besides.
	_, problems = Parse([]byte("type: line\ntitle: T\nsource: S\n---\nState,A,B\nKerala,1\nGoa,1,2,3\n"))
	if len(problems) != 2 || !strings.Contains(problems[0].Message, "this row has 2 cells") || !strings.Contains(problems[1].Message, "this row has 4 cells") {
		t.Errorf("got %v, want the two rows' problems only", problems)
	}
	if _, problems = Parse([]byte("type: line\ntitle: T\nsource: S\n---\nState,A\n")); len(problems) != 1 || problems[0].Message != "the chart has no data rows, only the header" {
		t.Errorf("a header alone: %v", problems)
	}
	// Two series of one name, or two rows of one label, cannot be told apart.
	_, problems = Parse([]byte("type: bar\ntitle: T\nsource: S\n---\nState,A,A\nKerala,1,2\nGoa,3,4\nKerala,5,6\n"))
	want = []fence.Problem{{Line: 5, Message: `two columns are named "A": the legend could not tell them apart`}, {Line: 8, Message: `"Kerala" labels the row 2 lines above too: give each row its own label`}}
	if len(problems) != 2 || problems[0] != want[0] || problems[1] != want[1] {
		t.Errorf("got %v, want %v", problems, want)
	}
	// An unclosed quote is reported at the row it opens in, not the last.
	_, problems = Parse([]byte("type: bar\ntitle: T\nsource: S\n---\nState,A\nKerala,1\n\"Goa,2\nPunjab,3\nBihar,4\n"))
	if len(problems) != 1 || problems[0].Line != 7 || !strings.Contains(problems[0].Message, "the CSV cannot be read") {
		t.Errorf("an unclosed quote: %v, want it at line 7", problems)
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
		`<figcaption class="chart__title" id="chart-3-t">Growth &lt;&amp;&gt;</figcaption>`,
		`<p class="chart__units">%</p>`,
		`role="img" aria-labelledby="chart-3-t" aria-describedby="chart-3-d"`,
		`<p id="chart-3-d" hidden>Column chart of GDP by quarter, Q1 to Q2. GDP: Q1 6.5%, Q2 −0.5%.</p>`,
		`<p class="chart__source">Source: RBI</p>`,
		`<details class="chart__data"><summary>Data table</summary>`,
		`<th scope="col" class="num">GDP (%)</th>`, `<td class="num">−0.5</td>`,
		`>−2</text>`, `>−0.5</text>`, // ticks and values with a true minus
	} {
		if !strings.Contains(html, want) {
			t.Errorf("chart HTML lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "chart__legend") {
		t.Errorf("a chart of one series has no legend:\n%s", html)
	}
	if strings.Contains(html, "NaN") || strings.Contains(html, "Inf") {
		t.Errorf("chart HTML has a non-number:\n%s", html)
	}
}

// The values on a series' marks all show as many decimals as its most
// precise cell, on columns and bars alike; the data table keeps each cell
// as written.
func TestSeriesDecimals(t *testing.T) {
	for _, typ := range []string{"column", "bar"} {
		c, problems := Parse([]byte("type: " + typ + "\ntitle: T\nsource: S\n---\nState,Rate\nGoa,7\nBihar,7.25\nPunjab,10.8\n"))
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		html := c.HTML("c")
		for _, want := range []string{">7.00</text>", ">7.25</text>", ">10.80</text>", `<td class="num">7</td>`, `<td class="num">10.8</td>`} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: lacks %s:\n%s", typ, want, html)
			}
		}
	}
}

// Where a series' values with as many decimals as its most precise cell
// would not fit over their columns, each keeps the decimals written,
// rather than every value going.
func TestSeriesDecimalsGiveWay(t *testing.T) {
	c, problems := Parse([]byte("type: column\ntitle: T\nunits: \"%\"\nsource: S\n---\nQuarter,GDP,GVA,Nominal GDP\n" +
		"Q1 2025,7.4,7,10.8\nQ2 2025,7.8,7.25,8.8\nQ3 2025,8.2,8.1,8\nQ4 2025,6.5,6.4,9.75\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cv, _ := c.draw(520) // where 10.80 and its neighbours do not fit over their columns
	if svg := cv.b.String(); !strings.Contains(svg, ">9.75</text>") || !strings.Contains(svg, ">10.8</text>") {
		t.Errorf("the values are gone, or not as written:\n%s", svg)
	}
}

// A reference label that the names of the lines push off its line (they
// end near it, and the labels go beside the plot) points back at it.
func TestReferenceLeader(t *testing.T) {
	src := "type: line\ntitle: T\nunits: \"%\"\nsource: S\nreference: 4.1 Target band upper edge for the year\n---\nMonth,Food inflation,Core inflation\n" +
		"Jan 2025,4.0,4.1\nFeb 2025,4.1,4.0\nMar 2025,4.1,4.1\n"
	c, problems := Parse([]byte(src))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cv, _ := c.draw(320)
	if !strings.Contains(cv.b.String(), `class="chart__leader"`) {
		t.Errorf("no leader to a reference label moved off its line:\n%s", cv.b.String())
	}
}

// A reference line through the values above columns is broken around
// them, not drawn across their figures.
func TestReferenceSparesValues(t *testing.T) {
	c, problems := Parse([]byte("type: column\ntitle: T\nsource: S\nreference: 50 Capacity\n---\nMonth,Output\nJun,47\nJul,49\nAug,48\nSep,30\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cv, _ := c.draw(640)
	svg := cv.b.String()
	if n := strings.Count(svg, `class="chart__ref"`); n < 2 {
		t.Errorf("the line at 50 crosses the values 47-49 whole (%d segments):\n%s", n, svg)
	}
}

func TestSpoken(t *testing.T) {
	cases := []struct{ units, number, want string }{
		{"₹ lakh crore", "20.10", "₹20.10 lakh crore"},
		{"%", "−1.76", "−1.76%"},
		{"% year on year", "2.1", "2.1% year on year"},
		{"MW", "17,032", "17,032 MW"},
		{"$ billion", "−4", "−$4 billion"},
		{"₹", "5", "₹5"},
		{"", "3", "3"},
	}
	for _, c := range cases {
		if got := (&Chart{Units: c.units}).spoken(c.number); got != c.want {
			t.Errorf("spoken(%q, %q) = %q, want %q", c.units, c.number, got, c.want)
		}
	}
}

func TestGrouped(t *testing.T) {
	cases := []struct {
		v    float64
		dec  int
		want string
	}{{0, 0, "0"}, {1000, 0, "1,000"}, {100000, 0, "1,00,000"}, {12345678, 0, "1,23,45,678"}, {-2.5, 1, "−2.5"}, {-1e-12, 1, "0.0"}, {0.25, 2, "0.25"}, {20.1, 2, "20.10"}}
	for _, c := range cases {
		if got := grouped(c.v, c.dec); got != c.want {
			t.Errorf("grouped(%v, %d) = %q, want %q", c.v, c.dec, got, c.want)
		}
	}
	if d := decimals(0.25); d != 2 {
		t.Errorf("decimals(0.25) = %d", d)
	}
	if d := writtenDecimals("20.10"); d != 2 {
		t.Errorf("writtenDecimals(20.10) = %d", d)
	}
}

// The data table writes each value as the chart's labels do: grouped the
// Indian way, with the decimals written, a true minus and a kept plus.
func TestTableNumber(t *testing.T) {
	for cell, want := range map[string]string{
		"91000": "91,000", "1,23,456": "1,23,456", "123,456": "1,23,456", "-2.50": "−2.50",
		"+3.5": "+3.5", "0": "0", "17032.125": "17,032.125", "−45": "−45", "1000000": "10,00,000",
	} {
		v, err := Number(cell)
		if err != nil {
			t.Fatal(err)
		}
		if got := tableNumber(cell, v); got != want {
			t.Errorf("tableNumber(%q) = %q, want %q", cell, got, want)
		}
	}
}

func TestAnnotations(t *testing.T) {
	head := "type: line\ntitle: T\nsource: S\n"
	data := "---\nMonth,CPI,Repo\nJan 2025,4.3,6.5\nFeb 2025,3.6,6.25\nMar 2025,3.3*,6.25*\n"
	c, problems := Parse([]byte(head + "reference: 4 RBI target 4%; 2\nhighlight: Feb 2025; Jan 2025 to Mar 2025\nstarred: assumed\n" + data))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if want := []Reference{{4, "RBI target 4%"}, {2, ""}}; !reflect.DeepEqual(c.References, want) {
		t.Errorf("references %v, want %v", c.References, want)
	}
	if want := []Span{{1, 1}, {0, 2}}; !reflect.DeepEqual(c.Highlights, want) {
		t.Errorf("highlights %v, want %v", c.Highlights, want)
	}
	if !c.Rows[2].Starred[0] || c.Rows[2].Cells[0] != "3.3" || c.Rows[1].Starred[0] {
		t.Errorf("a trailing * marks a value, and is not part of it: %+v", c.Rows)
	}
	html := c.HTML("chart-1")
	for _, want := range []string{`<td class="num">3.3 (assumed)</td>`, `Marked as assumed: Mar 2025.`, `Reference line at 4: RBI target 4%.`, `Highlighted: Feb 2025.`,
		`<span class="chart__key chart__key--proj"></span>Assumed</li>`, `class="chart__line chart__proj chart__s0"`, `class="chart__ref"`, `>RBI target 4%</text>`, `class="chart__band"`} {
		if !strings.Contains(html, want) {
			t.Errorf("annotated chart lacks %s:\n%s", want, html)
		}
	}

	bad := []struct{ header, want string }{
		{"reference: RBI 4\n", `4: reference: "RBI 4" does not start with a number (write the value, then its label: reference: 4 RBI target 4%)`},
		{"reference: 1e300 big\n", `4: reference: "1e300" is not a number a chart can show: write it out in full, at most 1e+15 (then its label: reference: 4 RBI target 4%)`},
		{"reference: 4% target\n", `4: reference: "4%": write the number alone, then its label (units: gives the unit): reference: 4 RBI target 4%`},
		{"reference: 4.5.1 target\n", `4: reference: "4.5.1" is not a number a chart can show: write it out in full, at most 1e+15 (then its label: reference: 4 RBI target 4%)`},
		{"highlight: Feb 2024\n", `4: highlight: no row is labelled "Feb 2024" (did you mean "Feb 2025"?)`},
		{"highlight: Mar 2025 to Jan 2025\n", `4: highlight: "Jan 2025" comes before "Mar 2025" in the rows; write the earlier one first`},
		{"highlight: Kerala\n", `4: highlight: no row is labelled "Kerala" (write a row's label as in its first column, or two joined by " to ")`},
	}
	for _, b := range bad {
		_, problems := Parse([]byte(head + b.header + data))
		if len(problems) != 1 || problems[0].String() != "line "+b.want {
			t.Errorf("%q: got %v, want %s", b.header, problems, b.want)
		}
	}
	_, problems = Parse([]byte(head + "starred: assumed\n---\nMonth,CPI\nJan 2025,4\nFeb 2025,5\n"))
	if len(problems) != 1 || problems[0].String() != "line 4: starred: no value is marked with * (write 4.4* for an assumed value)" {
		t.Errorf("starred with no star: %v", problems)
	}
	_, problems = Parse([]byte(head + "---\nMonth,CPI\nJan 2025,*\nFeb 2025,5\n"))
	if len(problems) != 1 || problems[0].String() != "line 6: CPI: a * marks a value as projected, so it goes after a number (4.4*)" {
		t.Errorf("a star alone: %v", problems)
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
	f.Add("type: line\ntitle: T\nsource: S\nreference: 4 Target; -2\nhighlight: a to b\nstarred: assumed\n---\nx,y\na,1\nb,2*\n")
	f.Add("type: column\ntitle: T\nsource: S\nhighlight: Kerala\n---\nState,y\nKerala,1\nMaharashtra and a very long name indeed,2\n")
	f.Add("type: line\ntitle: T\nsource: S\nreference: 88.5 Comfort\n---\nDay,Rate\n2024-12-30,88.1\n2025-01-02,\n2025-01-06,88.7\n")
	f.Add("type: bar\ntitle: T\nsource: S\nreference: 4 Target 4%; 6 Upper 6%\n---\nState,A,B\nGoa,-2.5,7.25\nउत्तर प्रदेश,3,\n")
	f.Add("type: column\ntitle: T\nsource: S\nreference: 50 Capacity\n---\nYear,Output\n2014-15,47\n2015-16,49.5\n2016-17 (BE),48\n")
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

// The description names the form a screen shows: a column chart whose
// labels fit no width is drawn, and so described, as bars.
func TestDescriptionNamesTheFormDrawn(t *testing.T) {
	long := ""
	for i := range 14 {
		long += fmt.Sprintf("Department of Agriculture and Farmers Welfare %d,%d,%d\n", i, i+1, i+2)
	}
	for rows, want := range map[string]string{
		"type: column\ntitle: T\nsource: S\n---\nYear,A\n2023,1\n2024,2\n": "Column chart of A",
		"type: bar\ntitle: T\nsource: S\n---\nYear,A\n2023,1\n2024,2\n":    "Bar chart of A",
		"type: column\ntitle: T\nsource: S\n---\nMinistry,A,B\n" + long:    "Bar chart of A, B",
		"type: stacked\ntitle: T\nsource: S\n---\nMinistry,A,B\n" + long:   "Stacked bar chart of A, B",
	} {
		c, problems := Parse([]byte(rows))
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		if html := c.HTML("c"); !strings.Contains(html, `<p id="c-d" hidden>`+want+" by ") {
			t.Errorf("%q: want %q in\n%s", rows, want, html)
		}
	}
}

// A column's header names its units once.
func TestHeaderWithUnits(t *testing.T) {
	for _, c := range [][3]string{
		{"Index", "Index, 2011-12 = 100", "Index, 2011-12 = 100"},
		{"index", "Index", "Index"},
		{"Exports", "$ billion", "Exports ($ billion)"},
		{"Ind", "Index, 2011-12 = 100", "Ind (Index, 2011-12 = 100)"},
		{"GDP", "", "GDP"},
	} {
		if got := withUnits(c[0], c[1]); got != c[2] {
			t.Errorf("withUnits(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// A reference line's label says its value, unless the editor wrote one.
func TestReferenceTextSaysItsValue(t *testing.T) {
	for _, r := range []struct {
		units string
		ref   Reference
		want  string
	}{
		{"% year on year", Reference{1.55, "All items"}, "All items 1.55%"},
		{"%", Reference{4, "RBI target 4%"}, "RBI target 4%"},
		{"%", Reference{4, ""}, "4%"},
		{"₹ lakh crore", Reference{20.5, "Budget"}, "Budget 20.5"},
		{"%", Reference{7.2, "FY24 average"}, "FY24 average 7.2%"},
		{"%", Reference{4, "FY24 average"}, "FY24 average 4%"},
		{"%", Reference{4, "Target 4.5% missed"}, "Target 4.5% missed 4%"},
		{"₹ lakh crore", Reference{4, "Cap ₹4 lakh crore"}, "Cap ₹4 lakh crore"},
		{"%", Reference{-1.5, "Floor -1.5%"}, "Floor -1.5%"},
	} {
		c := &Chart{Units: r.units}
		if got := c.referenceText(r.ref); got != r.want {
			t.Errorf("%v: %q, want %q", r.ref, got, r.want)
		}
	}
}

// A highlighted row on a time axis is named, in bold, at every width, even
// between the calendar's ticks.
func TestHighlightNamedOnATimeAxis(t *testing.T) {
	src := "type: column\ntitle: T\nunits: \"%\"\nsource: S\nhighlight: Feb 2025\n---\nMonth,A\n"
	for _, m := range []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"} {
		src += m + " 2025,2\n"
	}
	c, problems := Parse([]byte(src))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for _, v := range variants {
		cv, _ := c.draw(v.width)
		if !regexp.MustCompile(`<text class="chart__b"[^>]*>Feb( |<tspan[^>]*>)2025<`).MatchString(cv.b.String()) {
			t.Errorf("%s: Feb 2025 is not named in bold:\n%s", v.class, cv.b.String())
		}
	}
}

// lang marks the editor's words as the chart's language; the build's own
// words stay in the page's. A tag that is no language is refused at its line.
func TestChartLanguage(t *testing.T) {
	c, problems := Parse([]byte("type: bar\ntitle: राज्यों में आय\nunits: ₹ हज़ार\nsource: अनुमान\nlang: hi\n---\nराज्य,आय\nबिहार,60.3\nगोवा,400\n"))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	html := c.HTML("c")
	for _, want := range []string{`<figcaption class="chart__title" id="c-t" lang="hi">`, `<p class="chart__units" lang="hi">`,
		`aria-describedby="c-d" lang="hi"`, `Source: <span lang="hi">अनुमान</span>`, `<table class="table" lang="hi">`, `<p id="c-d" hidden>Bar chart`, `<summary>Data table</summary>`} {
		if !strings.Contains(html, want) {
			t.Errorf("want %s in\n%s", want, html)
		}
	}
	if n, pictures := strings.Count(html, `lang=`), strings.Count(html, `<svg class=`); n != 4+pictures {
		t.Errorf("%d parts marked, want title, units, each of %d pictures, source and table", n, pictures)
	}
	plain, _ := Parse([]byte("type: bar\ntitle: T\nsource: S\n---\nState,A\nGoa,1\nBihar,2\n"))
	if strings.Contains(plain.HTML("c"), "lang=") {
		t.Error("a chart without lang marks a language")
	}
	_, problems = Parse([]byte("type: bar\ntitle: T\nsource: S\nlang: Hindi language\n---\nState,A\nGoa,1\n"))
	if len(problems) != 1 || problems[0].Line != 4 || !strings.Contains(problems[0].Message, `lang "Hindi language" is not a language tag`) {
		t.Errorf("a bad tag: %v", problems)
	}
}

// A stacked column whose segments have no room for their values (a phone)
// has its total above it, on every column or none; not when a part is
// negative, as its top is then not its sum.
func TestStackedTotalsWhenNoSegmentFits(t *testing.T) {
	rows := "Year,Revenue,Capital\n2019-20,23.50,3.36\n2020-21,30.86,4.26\n2021-22,32.01,5.93\n2022-23,34.53,7.40\n2023-24,34.94,9.49\n2024-25,36.98,10.18\n2025-26,39.44,11.21\n"
	c, problems := Parse([]byte("type: stacked\ntitle: T\nsource: S\n---\n" + rows))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	phone, _ := c.draw(variants[0].width)
	wide, _ := c.draw(variants[1].width)
	if got := phone.b.String(); !strings.Contains(got, ">26.86<") || !strings.Contains(got, ">50.65<") || strings.Contains(got, ">23.50<") {
		t.Errorf("at %v px: want the totals and no segment's value", variants[0].width)
	}
	if got := wide.b.String(); strings.Contains(got, ">26.86<") || !strings.Contains(got, ">23.50<") {
		t.Errorf("at %v px: want the segments' values, not totals", variants[1].width)
	}
	c, _ = Parse([]byte("type: stacked\ntitle: T\nsource: S\n---\n" + strings.Replace(rows, "3.36", "-3.36", 1)))
	if phone, _ := c.draw(variants[0].width); strings.Contains(phone.b.String(), ">20.14<") || strings.Contains(phone.b.String(), ">35.12<") {
		t.Error("totals drawn over a chart with a negative part")
	}
}

// A mistake in the header does not hide one in the annotations.
func TestHeaderAndAnnotationProblemsTogether(t *testing.T) {
	_, problems := Parse([]byte("type: line\ntitle: T\nsource: S\nreference: four RBI target\nhighlight: Sep 2024\nlang: english!\n---\nMonth,A\nJan 2025,1\nFeb 2025,2\n"))
	got := fmt.Sprint(problems)
	for _, want := range []string{"line 6: lang", "line 4: reference", "line 5: highlight"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q among %s", want, got)
		}
	}
}
