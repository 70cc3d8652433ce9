package chart

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
	"github.com/nivaran/magazine/generator/util/words"
)

// A period is a row label read as a point in time: a month ("Apr 2021",
// "April 2021", "2021-04"), a quarter ("Q1 2025", "Jan–Mar 2025"), a year
// ("2021") or an Indian fiscal year ("2021-22"), each optionally followed by
// a note in brackets ("2025-26 (BE)"), or a day ("2025-10-01"). t counts
// months, quarters or years, or days since 1 January 1970.
type period struct {
	kind byte // 'm', 'q', 'y', 'f' or 'd'
	t    int
}

var monthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

var (
	monthLabel   = regexp.MustCompile(`^([A-Za-z]{3,9})\.?,? (\d{4})$`)
	isoMonth     = regexp.MustCompile(`^(\d{4})-(\d{2})$`)
	isoDay       = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	quarterLabel = regexp.MustCompile(`^Q([1-4]),? (\d{4})$|^(\d{4}),? Q([1-4])$`)
	monthRange   = regexp.MustCompile(`^([A-Za-z]{3,9})\s?[–-]\s?([A-Za-z]{3,9}),? (\d{4})$`)
	yearLabel    = regexp.MustCompile(`^(\d{4})$`)
	fiscalLabel  = regexp.MustCompile(`^(\d{4})\s?[-–/]\s?(\d{2}|\d{4})$`)
	bracketNote  = regexp.MustCompile(`\s*\([^()]*\)$`)
)

func month(name string) int {
	for i, m := range monthNames {
		if strings.EqualFold(name, m) || len(name) == 3 && strings.EqualFold(name, m[:3]) || strings.EqualFold(name, "Sept") && i == 8 {
			return i
		}
	}
	return -1
}

func parsePeriod(label string) (period, bool) { return readPeriod(label, false) }

func readPeriod(label string, isoOnly bool) (period, bool) {
	s := bracketNote.ReplaceAllString(strings.TrimSpace(label), "")
	atoi := func(x string) int { n, _ := strconv.Atoi(x); return n }
	// "2011-12" is a fiscal year before it is December 2011 (readTimeline
	// reads a run of such labels as months when the others are).
	if m := fiscalLabel.FindStringSubmatch(s); m != nil && !isoOnly {
		y, end := atoi(m[1]), atoi(m[2])
		if end == (y+1)%100 || end == y+1 {
			return period{'f', y}, true
		}
	}
	if isoDay.MatchString(s) {
		if d, err := time.Parse(time.DateOnly, s); err == nil {
			return period{'d', int(d.Unix() / secondsADay)}, true
		}
	}
	if m := isoMonth.FindStringSubmatch(s); m != nil && atoi(m[2]) >= 1 && atoi(m[2]) <= 12 {
		return period{'m', atoi(m[1])*12 + atoi(m[2]) - 1}, true
	}
	if m := monthLabel.FindStringSubmatch(s); m != nil && month(m[1]) >= 0 {
		return period{'m', atoi(m[2])*12 + month(m[1])}, true
	}
	if m := quarterLabel.FindStringSubmatch(s); m != nil {
		if m[1] != "" {
			return period{'q', atoi(m[2])*4 + atoi(m[1]) - 1}, true
		}
		return period{'q', atoi(m[3])*4 + atoi(m[4]) - 1}, true
	}
	if m := monthRange.FindStringSubmatch(s); m != nil {
		a, b := month(m[1]), month(m[2])
		if a >= 0 && a%3 == 0 && b == a+2 {
			return period{'q', atoi(m[3])*4 + a/3}, true
		}
	}
	if m := yearLabel.FindStringSubmatch(s); m != nil {
		return period{'y', atoi(m[1])}, true
	}
	return period{}, false
}

// timeline is the rows read as times: one kind, strictly increasing.
type timeline struct {
	kind byte
	t    []int
}

// readTimeline reads every label as a period of one kind, or says no.
func readTimeline(labels []string) (*timeline, bool) {
	if tl, ok := readTimelineAs(labels, false); ok {
		return tl, true
	}
	return readTimelineAs(labels, true)
}

func readTimelineAs(labels []string, isoOnly bool) (*timeline, bool) {
	tl := &timeline{}
	for i, l := range labels {
		p, ok := readPeriod(l, isoOnly)
		if !ok || i > 0 && (p.kind != tl.kind || p.t <= tl.t[i-1]) {
			return nil, false
		}
		tl.kind = p.kind
		tl.t = append(tl.t, p.t)
	}
	return tl, len(labels) > 1
}

// intervals are the tick spacings tried, finest first, in the timeline's
// units: every month, quarter, half-year, year, two, five, ten years…
func (tl *timeline) intervals() []int {
	switch tl.kind {
	case 'm':
		return []int{1, 3, 6, 12, 24, 60, 120, 240, 600}
	case 'q':
		return []int{1, 2, 4, 8, 20, 40, 80}
	case 'd': // days, weeks from Mondays, then months: 30 × their number
		return []int{1, 2, 7, 14, 30, 90, 180, 360, 720}
	}
	return []int{1, 2, 5, 10, 20, 25, 50, 100}
}

const secondsADay = 24 * 60 * 60

// day is the date t days after 1 January 1970.
func day(t int) time.Time { return time.Unix(int64(t)*secondsADay, 0).UTC() }

// onDayTick reports whether day t starts an interval of a daily axis: a
// Monday (1 January 1970 was a Thursday) for weeks, the first of a month
// for months.
func onDayTick(t, interval int) bool {
	switch {
	case interval < 7:
		return t%interval == 0
	case interval < 30:
		return (t+3)%interval == 0
	}
	d := day(t)
	return d.Day() == 1 && (d.Year()*12+int(d.Month())-1)%(interval/30) == 0
}

// calendarTick is a tick on a calendar boundary: its time and its label.
type calendarTick struct {
	t     int
	label string
	year  string // a daily axis's year, set under the label where it turns
}

// ticks are the boundaries every interval units apart within the
// timeline's span, labelled with the year alone once they are a year or
// more apart. rows maps a time to its row's label, used as written for
// yearly rows ("2025-26 (BE)").
func (tl *timeline) ticks(interval int, rows map[int]string) []calendarTick {
	var out []calendarTick
	first, last := tl.t[0], tl.t[len(tl.t)-1]
	for t := first; t <= last; t++ {
		if tl.kind == 'd' && !onDayTick(t, interval) || tl.kind != 'd' && t%interval != 0 {
			continue
		}
		out = append(out, calendarTick{t: t, label: tl.label(t, interval, rows)})
	}
	if tl.kind == 'd' && interval < 360 {
		// Days and months say their year at the first tick and where it turns.
		for i := range out {
			if y := day(out[i].t).Year(); i == 0 || y != day(out[i-1].t).Year() {
				out[i].year = strconv.Itoa(y)
			}
		}
	}
	return out
}

func (tl *timeline) label(t, interval int, rows map[int]string) string {
	switch tl.kind {
	case 'd':
		d := day(t)
		switch {
		case interval >= 360:
			return strconv.Itoa(d.Year())
		case interval >= 30:
			return d.Format("Jan")
		}
		return d.Format("2 Jan")
	case 'm':
		if interval >= 12 {
			return strconv.Itoa(t / 12)
		}
		return monthNames[t%12][:3] + " " + strconv.Itoa(t/12)
	case 'q':
		if interval >= 4 {
			return strconv.Itoa(t / 4)
		}
		if l, ok := rows[t]; ok {
			return l
		}
		return fmt.Sprintf("Q%d %d", t%4+1, t/4)
	case 'f':
		if l, ok := rows[t]; ok {
			return l
		}
		return fmt.Sprintf("%d-%02d", t, (t+1)%100)
	}
	if l, ok := rows[t]; ok {
		return l
	}
	return strconv.Itoa(t)
}

// abbreviate shortens a label the way a desk would on a phone: month names
// to three letters, fiscal years to "FY26".
func abbreviate(label string) string {
	out := fiscalYear.ReplaceAllStringFunc(label, func(s string) string {
		m := fiscalYear.FindStringSubmatch(s)
		y, _ := strconv.Atoi(m[1])
		return fmt.Sprintf("FY%02d", (y+1)%100)
	})
	return longMonth.ReplaceAllStringFunc(out, func(s string) string { return s[:3] })
}

var (
	fiscalYear = regexp.MustCompile(`\b(\d{4})[-–](\d{2})\b`)
	longMonth  = regexp.MustCompile(`\b(January|February|March|April|June|July|August|September|October|November|December)\b`)
)

// end is the first instant after the period, in loc.
func (p period) end(loc *time.Location) time.Time {
	switch p.kind {
	case 'm':
		return time.Date(p.t/12, time.Month(p.t%12+2), 1, 0, 0, 0, 0, loc)
	case 'q':
		return time.Date(p.t/4, time.Month(p.t%4*3+4), 1, 0, 0, 0, 0, loc)
	case 'f': // an Indian fiscal year runs April to March
		return time.Date(p.t+1, time.April, 1, 0, 0, 0, 0, loc)
	case 'd':
		d := day(p.t)
		return time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, loc)
	}
	return time.Date(p.t+1, time.January, 1, 0, 0, 0, 0, loc)
}

// CheckDates reports each row that gives a value as data (not marked *)
// for a time that had not ended by asOf, the story's date: a figure for a
// period still running, or to come, is a projection or an assumption and
// must say so. A label with a note in brackets ("2025-26 (BE)") says so.
func (c *Chart) CheckDates(asOf time.Time) []fence.Problem {
	var problems []fence.Problem
	for _, r := range c.Rows {
		end, ok := periodEnd(r.Label, asOf.Location())
		if !ok || bracketNote.MatchString(strings.TrimSpace(r.Label)) || !end.After(asOf) {
			continue
		}
		var series, cells []string
		for i, v := range r.Values {
			if !math.IsNaN(v) && !r.Starred[i] {
				series, cells = append(series, c.Series[i]), append(cells, r.Cells[i]+"*")
			}
		}
		if len(series) > 0 {
			it := "it"
			if len(series) > 1 {
				it = "them"
			}
			problems = append(problems, fence.Problem{Line: r.Line, Message: fmt.Sprintf(
				"%q had not ended on the story's date (%s), so %s cannot be data yet: mark %s with a * as %s (%s), or say what it is in the label (%q)",
				r.Label, asOf.Format("2006-01-02"), words.And(series), it, c.starWord(), strings.Join(cells, ", "), r.Label+" (projected)")})
		}
	}
	return problems
}

// Labels of a time that only the date check reads (the axis does not lay
// them out as times): fiscal years and quarters as desks write them ("FY26",
// "FY 2025-26", "Q2 FY26", "Q2 2025-26"), half-years ("H2 2025"), months
// with a two-digit year after an apostrophe ("Sep'25": "Sep-25" may as well
// be the 25th of a daily series) and "2025-Q3".
var (
	fyLabel = regexp.MustCompile(`^FY\s?'?(\d{2}|\d{4})$|^FY\s?(\d{4})\s?[-–/]\s?(\d{2}|\d{4})$`)
	// A two-digit year needs its FY: "Q2 25" may be a calendar quarter.
	fyQuarterLabel = regexp.MustCompile(`^Q([1-4])\s?(?:FY\s?'?(\d{2})|(?:FY\s?)?(\d{4}\s?[-–/]\s?\d{2,4})|FY\s?(\d{4}))$`)
	halfLabel      = regexp.MustCompile(`^H([12]),? (\d{4})$`)
	shortYearMonth = regexp.MustCompile(`^([A-Za-z]{3,9})\s?['’](\d{2})$`)
	isoQuarter     = regexp.MustCompile(`^(\d{4})-Q([1-4])$`)
)

// periodEnd is the first instant after the time a row's label names, in loc.
func periodEnd(label string, loc *time.Location) (time.Time, bool) {
	if p, ok := parsePeriod(label); ok {
		return p.end(loc), true
	}
	s := bracketNote.ReplaceAllString(strings.TrimSpace(label), "")
	atoi := func(x string) int { n, _ := strconv.Atoi(x); return n }
	// fyEnd is the calendar year a fiscal year written y ends in: "26" and
	// "2026" are 2025-26; "2025-26" is too.
	fyEnd := func(y string) int {
		if a, b, ok := strings.Cut(strings.NewReplacer("–", "-", "/", "-", " ", "").Replace(y), "-"); ok {
			start := atoi(a)
			if end := atoi(b); end == (start+1)%100 || end == start+1 {
				return start + 1
			}
			return 0
		}
		if n := atoi(y); n < 100 {
			return 2000 + n
		} else {
			return n
		}
	}
	quarterEnd := func(q, end int) time.Time { // fiscal Q1 is April to June of the year before end
		return time.Date(end-1, time.Month(3*q+4), 1, 0, 0, 0, 0, loc)
	}
	switch m := fyLabel.FindStringSubmatch(s); {
	case m != nil && m[1] != "":
		if y := fyEnd(m[1]); y > 0 {
			return time.Date(y, time.April, 1, 0, 0, 0, 0, loc), true
		}
	case m != nil:
		if y := fyEnd(m[2] + "-" + m[3]); y > 0 {
			return time.Date(y, time.April, 1, 0, 0, 0, 0, loc), true
		}
	}
	if m := fyQuarterLabel.FindStringSubmatch(s); m != nil {
		if end := fyEnd(m[2] + m[3] + m[4]); end > 0 { // the one of the three forms that matched
			return quarterEnd(atoi(m[1]), end), true
		}
	}
	if m := halfLabel.FindStringSubmatch(s); m != nil {
		return time.Date(atoi(m[2]), time.Month(6*atoi(m[1])+1), 1, 0, 0, 0, 0, loc), true
	}
	if m := shortYearMonth.FindStringSubmatch(s); m != nil && month(m[1]) >= 0 {
		return time.Date(2000+atoi(m[2]), time.Month(month(m[1])+2), 1, 0, 0, 0, 0, loc), true
	}
	if m := isoQuarter.FindStringSubmatch(s); m != nil {
		return time.Date(atoi(m[1]), time.Month(3*atoi(m[2])+1), 1, 0, 0, 0, 0, loc), true
	}
	return time.Time{}, false
}
