package story

import (
	"fmt"
	"time"
	_ "time/tzdata" // time zones by name on machines without a zoneinfo database
)

// Date is a publication time. Stories give YYYY-MM-DD or an ISO timestamp.
type Date struct {
	time.Time
	HasClock bool
}

// DefaultZone is the site's time zone unless site.yaml names another: a date
// without a clock is midnight there, and scheduled stories fall due by it.
var DefaultZone = mustZone("Asia/Kolkata")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// MinYear is the earliest year a story's dates may have.
const MinYear = 1900

var dateLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"}

// ParseDate reads a date in DefaultZone (see ParseDateIn).
func ParseDate(s string) (Date, error) { return ParseDateIn(s, DefaultZone) }

// ParseDateIn accepts the formats editors use. A time without an offset,
// and a bare date (midnight), are read in loc.
func ParseDateIn(s string, loc *time.Location) (Date, error) {
	if loc == nil {
		loc = DefaultZone
	}
	for _, l := range dateLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			// Year 1 is Go's zero time, which reads as "no date"; no
			// story of this magazine is older than 1900.
			if t.Year() < MinYear {
				return Date{}, fmt.Errorf("%q is before %d: not a date a story was published or updated (a typo?)", s, MinYear)
			}
			// Go reads offsets up to ±99:59; browsers read none beyond
			// ±23:59, and no time zone is beyond -12:00 or +14:00.
			if _, off := t.Zone(); off < -12*3600 || off > 14*3600 {
				return Date{}, fmt.Errorf("%q: %s is no time zone's offset from UTC (they run from -12:00 to +14:00)", s, t.Format("-07:00"))
			}
			return Date{Time: t, HasClock: l != "2006-01-02"}, nil
		}
	}
	return Date{}, fmt.Errorf("%q is not a date (want YYYY-MM-DD or an ISO time such as 2025-08-12T09:30:00+05:30)", s)
}

// ISO is the form used in meta tags and JSON-LD.
func (d Date) ISO() string {
	if d.HasClock {
		return d.Format(time.RFC3339)
	}
	return d.Format("2006-01-02")
}

// Long is the US long form, e.g. "September 2, 2025".
func (d Date) Long() string { return d.Format("January 2, 2006") }

func zoneOf(opt Options) *time.Location {
	if opt.Location == nil {
		return DefaultZone
	}
	return opt.Location
}
