// Package chart reads a story's ```chart block — a small YAML header, a
// line of ---, then CSV rows — and draws it at build time as an SVG chart
// with its legend, source line, text alternative and data table, so a
// reader needs no JavaScript to see or read it.
package chart

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
)

// Types are the kinds of chart: line, bar (horizontal), column (vertical
// bars) and stacked (stacked columns).
var Types = []string{"line", "bar", "column", "stacked"}

// Keys are the header's keys. type, title and source are required;
// reference, highlight and starred annotate the chart (annotate.go); lang
// names the language of the chart's words when it is not the page's.
var Keys = []string{"type", "title", "units", "source", "alt", "reference", "highlight", "starred", "lang"}

// Limits that keep a chart readable (and a mistake from making a huge page).
const (
	MaxSeries = 6
	MaxRows   = 500
	MaxValue  = 1e15 // sums and scales stay finite
	// MinSpan is the least the values may spread over: ticks are labelled
	// to 6 decimals at most, so they could not be told apart.
	MinSpan = 1e-5
)

// Chart is a parsed chart block.
type Chart struct {
	Type   string
	Title  string
	Units  string // e.g. "%" or "₹ crore"; the value axis's title
	Source string
	Alt    string   // the editor's text alternative; a summary is written when empty
	Lang   string   // BCP 47 tag of the chart's words ("hi"), when not the page's language
	Label  string   // the first column's header: what the rows are
	Series []string // the other columns' headers
	Rows   []Row

	References []Reference // lines across the chart at a value
	Highlights []Span      // rows picked out
	Starred    string      // what a value marked * is: "projected" unless the header says
}

// Row is one line of data.
type Row struct {
	Line    int // in the block's content, from 1
	Label   string
	Cells   []string  // as written (less a trailing *), for the data table
	Values  []float64 // NaN where a cell is empty
	Starred []bool    // written with a trailing *: a projection, not data
}

// Parse reads a chart block's content. Every problem is reported, with
// lines counted from 1 at the block's first content line.
func Parse(src []byte) (*Chart, []fence.Problem) {
	// Lines end at "\n" only, as they do in a loaded story: YAML would also
	// end one at a lone "\r" and put its problems on other lines.
	src = bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	head, data, dataLine, ok := fence.Split(src)
	if !ok {
		return nil, []fence.Problem{{Line: 1, Message: "write the header (type, title, units, source), then a line of ---, then the CSV rows"}}
	}
	fields, problems := fence.Header(head, 1, Keys)
	add := func(line int, format string, args ...any) {
		problems = append(problems, fence.Problem{Line: line, Message: fmt.Sprintf(format, args...)})
	}
	c := &Chart{Type: fields["type"].Value, Title: fields["title"].Value, Units: fields["units"].Value,
		Source: fields["source"].Value, Alt: fields["alt"].Value, Starred: fields["starred"].Value}
	for _, key := range []string{"type", "title", "source"} {
		if fields[key].Value == "" && (len(fields) > 0 || len(problems) == 0) { // not when the YAML did not parse
			add(max(1, fields[key].Line), "%s is required%s", key, map[string]string{
				"type":   " (line, bar, column or stacked)",
				"source": " (where the numbers come from, shown as \"Source: …\")",
			}[key])
		}
	}
	if f := fields["lang"]; f.Value != "" {
		tag, err := language.Parse(f.Value)
		if err != nil {
			add(f.Line, "lang %q is not a language tag (e.g. hi for Hindi, mr for Marathi, ta for Tamil)", f.Value)
		}
		c.Lang = tag.String()
	}
	if c.Type != "" && !oneOf(c.Type, Types) {
		add(fields["type"].Line, "type %q is not a chart type (want line, bar, column or stacked)", c.Type)
	}
	// Annotations name rows: they are checked once the rows could be read,
	// whatever else is wrong in the header.
	if rowProblems := c.readRows(data, dataLine); len(rowProblems) > 0 {
		problems = append(problems, rowProblems...)
	} else {
		problems = append(problems, c.annotate(fields)...)
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return c, nil
}

// linesAbove says where a row n lines up is: "above", "2 lines above".
func linesAbove(n int) string {
	if n == 1 {
		return "above"
	}
	return strconv.Itoa(n) + " lines above"
}

func (c *Chart) readRows(data []byte, first int) []fence.Problem {
	var problems []fence.Problem
	add := func(line int, format string, args ...any) {
		problems = append(problems, fence.Problem{Line: line, Message: fmt.Sprintf(format, args...)})
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	header := true
	misshapen := 0               // rows with the wrong number of cells
	labelled := map[string]int{} // row label -> its line
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				add(first+pe.StartLine-1, "the CSV cannot be read: %v", pe.Err) // the row it began: an unclosed quote is found at the end
			} else {
				add(first, "the CSV cannot be read: %v", err)
			}
			return problems
		}
		line, _ := r.FieldPos(0)
		line += first - 1
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		if header {
			header = false
			if len(rec) < 2 {
				add(line, "the first CSV row names the columns: a label column, then at least one series (e.g. Month,CPI inflation)")
				return problems
			}
			if len(rec)-1 > MaxSeries {
				add(line, "%d series is too many to tell apart; keep to %d", len(rec)-1, MaxSeries)
			}
			c.Label, c.Series = rec[0], rec[1:]
			named := map[string]bool{}
			for i, s := range c.Series {
				switch {
				case s == "":
					add(line, "column %d has no name", i+2)
				case named[s]:
					add(line, "two columns are named %q: the legend could not tell them apart", s)
				}
				named[s] = true
			}
			continue
		}
		if len(rec) != len(c.Series)+1 {
			hint := ""
			if len(rec) > len(c.Series)+1 {
				hint = `; put a value with commas in quotes: "1,23,456"`
			}
			add(line, "this row has %d cells; the header has %d columns (%s)%s", len(rec), len(c.Series)+1, strings.Join(append([]string{c.Label}, c.Series...), ","), hint)
			misshapen++
			continue
		}
		row := Row{Line: line, Label: rec[0], Cells: rec[1:], Values: make([]float64, len(c.Series)), Starred: make([]bool, len(c.Series))}
		if row.Label == "" {
			add(line, "this row has no label in its first column")
		} else if at, ok := labelled[row.Label]; ok {
			// Lines here count from the block: the editor is told which row, by
			// how far above it is.
			add(line, "%q labels the row %s too: give each row its own label", row.Label, linesAbove(line-at))
		} else {
			labelled[row.Label] = line
		}
		for i, cell := range row.Cells {
			if star, ok := strings.CutSuffix(cell, "*"); ok {
				cell = strings.TrimSpace(star)
				row.Cells[i], row.Starred[i] = cell, true
				if cell == "" {
					add(line, "%s: a * marks a value as %s, so it goes after a number (4.4*)", c.Series[i], c.starWord())
				}
			}
			v, err := Number(cell)
			if err != nil {
				add(line, "%s: %v", c.Series[i], err)
			}
			row.Values[i] = v
		}
		c.Rows = append(c.Rows, row)
	}
	switch {
	case len(c.Series) == 0:
		add(first, "the chart has no data: after the --- line, a CSV header row, then one row per point")
	case misshapen > 0 && len(c.Rows) < 2: // those rows are the problem
	case len(c.Rows) == 0:
		add(first, "the chart has no data rows, only the header")
	case len(c.Rows) > MaxRows:
		add(first, "%d rows is more than a chart can show; keep to %d", len(c.Rows), MaxRows)
	case c.Type == "line" && len(c.Rows) < 2:
		add(first, "a line chart needs at least two rows")
	}
	if len(problems) == 0 && !c.hasValue() {
		add(first, "every value is empty")
	}
	if lo, hi := c.axisRange(); len(problems) == 0 && hi > lo && hi-lo < MinSpan {
		add(first, "the values span only %s, too little for the axis to label apart: give them in a larger unit (per million, say)", strconv.FormatFloat(hi-lo, 'g', 2, 64))
	}
	return problems
}

func (c *Chart) hasValue() bool {
	for _, r := range c.Rows {
		for _, v := range r.Values {
			if !math.IsNaN(v) {
				return true
			}
		}
	}
	return false
}

// units are the signs of a unit an editor may write into a number.
const units = "%₹$€£"

var numberPattern = regexp.MustCompile(`^[+-]?(\d+|\d{1,3}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+)?(\.\d+)?$`)

// Number reads a cell: digits with an optional sign and decimal point, and
// grouping commas as Indians (1,23,456) or others (123,456) write them —
// quote such a cell in the CSV. An empty cell is a missing value (NaN).
func Number(cell string) (float64, error) {
	s := strings.TrimSpace(cell)
	if s == "" {
		return math.NaN(), nil
	}
	s = strings.Replace(s, "−", "-", 1) // a typographic minus
	if !numberPattern.MatchString(s) || strings.Trim(s, "+-.") == "" {
		hint := " (leave the cell empty where a value is missing)"
		switch bare := strings.ReplaceAll(s, ",", ""); {
		case strings.ContainsAny(s, units):
			hint = " (give the unit once in the header, e.g. units: \"%\", and write only the number)"
		case bare != s && numberPattern.MatchString(bare) && strings.Trim(bare, "+-.") != "":
			hint = " (its commas do not group digits as 1,23,456 or 123,456 do: check them, or leave them out)"
		}
		return math.NaN(), fmt.Errorf("%q is not a number%s", cell, hint)
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil || math.Abs(v) > MaxValue {
		return math.NaN(), fmt.Errorf("%q is not a number a chart can show (at most %g)", cell, MaxValue)
	}
	return v, nil
}

func oneOf(s string, list []string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
