package chart

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
)

func TestParsePeriod(t *testing.T) {
	cases := map[string]period{
		"Apr 2021": {'m', 2021*12 + 3}, "September 2025": {'m', 2025*12 + 8}, "Sept 2025": {'m', 2025*12 + 8}, "2021-04": {'m', 2021*12 + 3},
		"July 2025 (actual)": {'m', 2025*12 + 6}, "Q1 2025": {'q', 2025 * 4}, "2025 Q3": {'q', 2025*4 + 2}, "Jul–Sep 2025": {'q', 2025*4 + 2},
		"2024": {'y', 2024}, "2019-20": {'f', 2019}, "2025–26 (BE)": {'f', 2025}, "1999-00": {'f', 1999}, "2024-2025": {'f', 2024},
	}
	for label, want := range cases {
		if got, ok := parsePeriod(label); !ok || got != want {
			t.Errorf("parsePeriod(%q) = %v, %v; want %v", label, got, ok, want)
		}
	}
	for _, label := range []string{"Kerala", "Before February", "2019-21", "Jul–Oct 2025", "Q5 2025", "2021-13", "Feb"} {
		if p, ok := parsePeriod(label); ok {
			t.Errorf("parsePeriod(%q) = %v, want no period", label, p)
		}
	}
	if _, ok := readTimeline([]string{"Jan 2025", "Q2 2025"}); ok {
		t.Error("a timeline is of one kind")
	}
	if tl, ok := readTimeline([]string{"2011-11", "2011-12", "2012-01"}); !ok || tl.kind != 'm' {
		t.Error("a run of ISO months is months, though 2011-12 alone is a fiscal year")
	}
	if _, ok := readTimeline([]string{"2025", "2024"}); ok {
		t.Error("a timeline runs forward")
	}
	if tl, ok := readTimeline([]string{"2025-09-30", "2025-10-01", "2025-10-06"}); !ok || tl.kind != 'd' || tl.t[2]-tl.t[1] != 5 {
		t.Errorf("days, counted across a month's end and a weekend's gap: %+v", tl)
	}
}

// TestDailyTicks: a month of weekdays is ticked on Mondays, or every other
// Monday, as they fit; a quarter of days on the first of each month; the
// weekends' gaps are gaps in time.
func TestDailyTicks(t *testing.T) {
	c := &Chart{Type: "line", Series: []string{"A"}}
	for d := time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC); d.Month() == time.October; d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			c.Rows = append(c.Rows, Row{Label: d.Format(time.DateOnly), Values: []float64{1}, Cells: []string{"1"}, Starred: []bool{false}})
		}
	}
	if got := fmt.Sprint(tickTexts(c, 560)); got != "[6 Oct 2025 13 Oct 20 Oct 27 Oct]" {
		t.Errorf("a month of weekdays at 560 px: %s", got)
	}
	if got := fmt.Sprint(tickTexts(c, 200)); got != "[6 Oct 2025 20 Oct]" {
		t.Errorf("a month of weekdays at 200 px: %s", got)
	}
	if d := c.description(0); !strings.Contains(d, "by , 1 October 2025 to 31 October 2025. A: from 1 on 1 October 2025 to 1 on 31 October 2025") {
		t.Errorf("a screen reader hears the days in words: %s", d)
	}
	v := timeAxis(c, 560)
	if v.x[2]-v.x[1] != v.x[1]-v.x[0] || v.x[3]-v.x[2] <= 2*(v.x[1]-v.x[0]) {
		t.Errorf("Friday to Monday is three days, not one: %v", v.x[:4])
	}
	turn := &Chart{Type: "line", Series: []string{"A"}}
	for d := time.Date(2024, 12, 20, 0, 0, 0, 0, time.UTC); d.Before(time.Date(2025, 1, 19, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, 1) {
		turn.Rows = append(turn.Rows, Row{Label: d.Format(time.DateOnly), Values: []float64{1}, Cells: []string{"1"}, Starred: []bool{false}})
	}
	if got := fmt.Sprint(tickTexts(turn, 560)); got != "[23 Dec 2024 30 Dec 6 Jan 2025 13 Jan]" {
		t.Errorf("days across a new year: %s", got)
	}
	// Ten days are ticked every other day where Mondays would leave one.
	ten := &Chart{Type: "line", Series: []string{"A"}}
	for d := time.Date(2026, 1, 28, 0, 0, 0, 0, time.UTC); d.Before(time.Date(2026, 2, 7, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, 1) {
		ten.Rows = append(ten.Rows, Row{Label: d.Format(time.DateOnly), Values: []float64{1}, Cells: []string{"1"}, Starred: []bool{false}})
	}
	if got := tickTexts(ten, 560); len(got) < 4 {
		t.Errorf("ten days at 560 px: %q", got)
	}
	q := &Chart{Type: "line", Series: []string{"A"}}
	for d := time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC); d.Before(time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, 1) {
		q.Rows = append(q.Rows, Row{Label: d.Format(time.DateOnly), Values: []float64{1}, Starred: []bool{false}})
	}
	if got := fmt.Sprint(tickTexts(q, 300)); got != "[Jul 2025 Aug Sep]" {
		t.Errorf("a quarter of days at 300 px: %s", got)
	}
}

func TestAbbreviate(t *testing.T) {
	for in, want := range map[string]string{"2019-20": "FY20", "2025-26 (BE)": "FY26 (BE)", "1999–00": "FY00", "Before February": "Before Feb", "May 2025": "May 2025", "Kerala": "Kerala"} {
		if got := abbreviate(in); got != want {
			t.Errorf("abbreviate(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTimeTicks: sixty months are ticked on years, a year of months on
// quarters or months, with the first and last labels inside the chart.
func TestTimeTicks(t *testing.T) {
	cases := []struct {
		start, months int
		width         float64
		want          []string
	}{
		{2021*12 + 3, 60, 560, []string{"2022", "2023", "2024", "2025", "2026"}},
		{2021*12 + 3, 60, 280, []string{"2022", "2023", "2024", "2025", "2026"}},
		{2011*12 + 3, 180, 280, []string{"2015", "2020", "2025"}},
		{2024*12 + 10, 14, 560, []string{"Jan 2025", "Apr 2025", "Jul 2025", "Oct 2025"}},
		{2024*12 + 10, 14, 280, []string{"Jan 2025", "Jul 2025"}},
	}
	for _, c := range cases {
		got := tickTexts(monthly(c.start, c.months), c.width)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%d months from %s at %v px: ticks %q, want %q", c.months, monthNames[c.start%12], c.width, got, c.want)
		}
	}
}

// Fiscal years too long to tick as written are ticked as FY26: the last
// year's "(BE)" does not cost the axis its labels.
func TestFiscalTicksShortened(t *testing.T) {
	c := yearly(2014, 12, true)
	c.Rows[11].Label += " (BE)"
	got := tickTexts(c, 280)
	if len(got) < 4 || !strings.HasPrefix(got[0], "FY") {
		t.Errorf("twelve fiscal years at 280 px: %q", got)
	}
}

// TestTimeTickProperties: for any monthly or yearly series and width, the
// ticks fall on calendar boundaries an even interval apart, none overlaps
// another or sticks out of the chart, and there are no more than fit.
func TestTimeTickProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 800 {
		var c *Chart
		if r.IntN(2) == 0 {
			c = monthly(1990*12+r.IntN(400), 2+r.IntN(300))
		} else {
			c = yearly(1950+r.IntN(60), 2+r.IntN(70), r.IntN(2) == 0)
		}
		width := 280 + float64(r.IntN(400))
		if _, ok := readTimeline(c.labels()); !ok {
			t.Fatalf("not read as times: %v", c.labels())
		}
		v := timeAxis(c, width)
		labels, _, _ := v.timeLabels()
		if len(labels) == 0 {
			t.Fatalf("%s… (%d rows) at %v px: no tick", c.Rows[0].Label, len(c.Rows), width)
		}
		interval := -1
		var ts []int
		for i, l := range labels {
			b := l.box()
			if b.x0 < -v.cv.left || b.x1 > v.cv.plotW()+v.cv.right {
				t.Fatalf("%q sticks out of the chart at %v px", l.lines[0], width)
			}
			if i > 0 && labels[i-1].box().x1+6 > b.x0 {
				t.Fatalf("%q overlaps %q at %v px", labels[i-1].lines[0], l.lines[0], width)
			}
			ts = append(ts, tickTime(v.tl, l.lines[0]))
		}
		for i := 1; i < len(ts); i++ {
			if interval < 0 {
				interval = ts[1] - ts[0]
			}
			if ts[i]-ts[i-1] != interval {
				t.Fatalf("uneven ticks %v", ts)
			}
		}
		if interval > 0 {
			for _, x := range ts {
				if x%interval != 0 {
					t.Fatalf("tick %d is not on a boundary of %d", x, interval)
				}
			}
		}
		most := int((width)/(textWidth("2000", false)+6)) + 1
		if len(labels) > most {
			t.Fatalf("%d ticks at %v px, more than fit", len(labels), width)
		}
	}
}

func monthly(start, n int) *Chart {
	c := &Chart{Type: "line", Series: []string{"A"}}
	for t := start; t < start+n; t++ {
		c.Rows = append(c.Rows, Row{Label: monthNames[t%12][:3] + " " + strconv.Itoa(t/12), Values: []float64{1}, Starred: []bool{false}})
	}
	return c
}

func yearly(start, n int, fiscal bool) *Chart {
	c := &Chart{Type: "line", Series: []string{"A"}}
	for y := start; y < start+n; y++ {
		label := strconv.Itoa(y)
		if fiscal {
			label = fmt.Sprintf("%d-%02d", y, (y+1)%100)
		}
		c.Rows = append(c.Rows, Row{Label: label, Values: []float64{1}, Starred: []bool{false}})
	}
	return c
}

// timeAxis lays out c's plot for a chart width px wide, up to its ticks.
func timeAxis(c *Chart, width float64) *vertical {
	tl, _ := readTimeline(c.labels())
	v := &vertical{Chart: c, cv: &canvas{w: width, left: 30, right: 16}, tl: tl}
	v.place()
	return v
}

func tickTexts(c *Chart, width float64) []string {
	labels, _, _ := timeAxis(c, width).timeLabels()
	var out []string
	for _, l := range labels {
		out = append(out, strings.Join(l.lines, " "))
	}
	return out
}

// tickTime is a tick label's time in the timeline's units.
func tickTime(tl *timeline, label string) int {
	p, ok := parsePeriod(label)
	if !ok {
		return -1
	}
	if tl.kind == 'm' && p.kind == 'y' {
		return p.t * 12
	}
	return p.t
}

// A story cannot give as data a figure for a time that had not ended on
// its date: such a value is marked * (a projection), or its label says
// what it is.
func TestCheckDates(t *testing.T) {
	src := "type: line\ntitle: T\nsource: S\n---\nQuarter,CPI,Repo\n" +
		"Apr–Jun 2025,2.7,5.5\n" + // over before the story: data
		"Jul–Sep 2025,2.1*,5.5*\n" + // still running, marked
		"Oct–Dec 2025,3.1*,5.5\n" + // to come, one value unmarked
		"Jan–Mar 2026 (RBI),4.4,5.5\n" + // the label says whose figure it is
		"Apr–Jun 2026,,\n" // no value at all
	c, problems := Parse([]byte(src))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	ist := time.FixedZone("IST", 5*3600+1800)
	got := c.CheckDates(time.Date(2025, 8, 18, 0, 0, 0, 0, ist))
	want := []fence.Problem{{Line: 8, Message: `"Oct–Dec 2025" had not ended on the story's date (2025-08-18), so Repo cannot be data yet: mark it with a * as projected (5.5*), or say what it is in the label ("Oct–Dec 2025 (projected)")`}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	// Every unmarked value of a row is named, in one problem.
	c, _ = Parse([]byte("type: line\ntitle: T\nsource: S\n---\nQuarter,Rural,Urban\nQ2 2025,1,2\nQ3 2025,3,4\n"))
	if got := c.CheckDates(time.Date(2025, 8, 18, 0, 0, 0, 0, ist)); len(got) != 1 || !strings.Contains(got[0].Message, "so Rural and Urban cannot be data yet: mark them with a * as projected (3*, 4*)") {
		t.Errorf("two unmarked values: %v", got)
	}
	// A month is over on the first of the next; a fiscal year on 1 April.
	for label, ends := range map[string]string{"Aug 2025": "2025-09-01", "Dec 2025": "2026-01-01", "Q4 2025": "2026-01-01", "2024-25": "2025-04-01", "2025": "2026-01-01"} {
		p, ok := parsePeriod(label)
		if got := p.end(time.UTC).Format("2006-01-02"); !ok || got != ends {
			t.Errorf("%s ends %s, want %s", label, got, ends)
		}
	}
	// Labels only the date check reads as times, as desks write them.
	for label, ends := range map[string]string{
		"FY26": "2026-04-01", "FY 2025-26": "2026-04-01", "FY2025-26": "2026-04-01", "FY2026": "2026-04-01", "FY'26": "2026-04-01",
		"Q1 FY26": "2025-07-01", "Q2 FY26": "2025-10-01", "Q4 FY26": "2026-04-01", "Q2 2025-26": "2025-10-01", "Q3 FY2026": "2026-01-01",
		"H1 2025": "2025-07-01", "H2 2025": "2026-01-01", "Sep'25": "2025-10-01", "Dec'25": "2026-01-01", "2025-Q3": "2025-10-01",
		"2025-12-01": "2025-12-02", "Aug 2025": "2025-09-01",
	} {
		end, ok := periodEnd(label, time.UTC)
		if got := end.Format("2006-01-02"); !ok || got != ends {
			t.Errorf("%s ends %s, want %s", label, got, ends)
		}
	}
	// Nor look-alikes: "Jun-30" is a day of a daily series, "Q2 25" may be a
	// calendar quarter.
	for _, label := range []string{"FY", "FY 2025-27", "Q5 FY26", "H3 2025", "Foo'25", "Kerala", "2025-13-01", "Jun-30", "Sep-25", "Q2 25"} {
		if end, ok := periodEnd(label, time.UTC); ok {
			t.Errorf("%q read as a time ending %v", label, end)
		}
	}
}
