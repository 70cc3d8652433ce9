package story

import (
	"slices"
	"time"
)

// Held is what a build leaves out of the site.
type Held struct {
	Drafts    []*Story // draft: true
	Scheduled []*Story // dated after the build's time, soonest first
}

// Next is the scheduled story that falls due first, or nil.
func (h Held) Next() *Story {
	if len(h.Scheduled) == 0 {
		return nil
	}
	return h.Scheduled[0]
}

// Publish splits stories into what a build at now publishes and what it
// holds back: drafts unless drafts is set, and stories dated after now
// unless future is set. A date without a clock falls due at midnight in the
// site's time zone (ParseDateIn). This is the one place the rule lives:
// everything made from the published stories (pages, listings, feeds,
// sitemaps, search, related stories) leaves the others out by construction.
func Publish(stories []*Story, now time.Time, drafts, future bool) ([]*Story, Held) {
	var held Held
	out := make([]*Story, 0, len(stories))
	for _, s := range stories {
		switch {
		case s.Draft && !drafts:
			held.Drafts = append(held.Drafts, s)
		case s.PublishedAt.After(now) && !future:
			held.Scheduled = append(held.Scheduled, s)
		default:
			out = append(out, s)
		}
	}
	slices.SortStableFunc(held.Scheduled, func(a, b *Story) int { return a.PublishedAt.Compare(b.PublishedAt.Time) })
	return out, held
}
