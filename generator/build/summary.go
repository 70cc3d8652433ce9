package build

import (
	"fmt"
	"strings"
	"time"
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
	return b.String()
}

func round(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(100 * time.Microsecond)
}
