package story

import (
	"fmt"
	"time"
)

// Date is a publication time. Stories give YYYY-MM-DD or an ISO timestamp.
type Date struct {
	time.Time
	HasClock bool
}

var dateLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"}

// ParseDate accepts the formats editors use.
func ParseDate(s string) (Date, error) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
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
