package pipeline

import (
	"fmt"
	"strings"
	"time"

	"github.com/nivaran/magazine/generator/content/story"
)

// Report is the one-screen report printed after a build.
func Report(r *Result, out string) string {
	if out == "" {
		out = "dist"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Built %d pages from %d stories into %s/ in %s: %d rendered, %d of %d files written\n",
		r.Pages, r.Stories, out, round(r.Total), r.Rendered, r.Written, r.Files)
	for _, p := range r.Phases {
		fmt.Fprintf(&b, "  %-10s %s\n", p.Name, round(p.Took))
	}
	for _, line := range r.Notes {
		b.WriteString(line + "\n")
	}
	b.WriteString(HeldReport(r.Held))
	return b.String()
}

// HeldReport says which stories a build left out, and when the next
// scheduled one falls due (to rebuild then).
func HeldReport(h story.Held) string {
	var b strings.Builder
	if n := len(h.Drafts); n > 0 {
		fmt.Fprintf(&b, "Left out %d draft(s) (--drafts includes them): %s\n", n, files(h.Drafts))
	}
	if n := len(h.Scheduled); n > 0 {
		next := h.Next()
		fmt.Fprintf(&b, "Left out %d scheduled story(ies) (--future includes them).\n", n)
		fmt.Fprintf(&b, "Next scheduled story: %s (%q) falls due at %s (%s); build again then to publish it.\n",
			next.File, next.Title, next.PublishedAt.Format("2006-01-02 15:04 MST"), next.PublishedAt.UTC().Format("2006-01-02 15:04 UTC"))
	}
	return b.String()
}

func files(stories []*story.Story) string {
	names := make([]string, len(stories))
	for i, s := range stories {
		names[i] = s.File
	}
	return strings.Join(names, ", ")
}

func round(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(100 * time.Microsecond)
}
