package build

import (
	"os"
	"strings"

	"github.com/nivaran/magazine/generator/diag"
	"github.com/nivaran/magazine/generator/linkcheck"
	"github.com/nivaran/magazine/generator/story"
)

// brokenLink reports a broken link where an editor can fix it: on a
// story's page, at the line of the story file that holds the link;
// otherwise (a link the site's own pages make) at the page.
func brokenLink(p linkcheck.Problem, s *story.Story) diag.Diagnostic {
	if s == nil {
		return diag.Diagnostic{File: p.Page, Message: "broken link " + p.Href}
	}
	return diag.Diagnostic{File: s.File, Line: lineOf(s.File, p.Href),
		Message: "broken link " + p.Href + ": no page or file of the site has that address"}
}

// lineOf is the first line of file holding href (or, failing that, href
// without its query and fragment); 0 when neither is there.
func lineOf(file, href string) int {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	lines := strings.Split(string(data), "\n")
	bare := strings.SplitN(strings.SplitN(href, "#", 2)[0], "?", 2)[0]
	for _, want := range []string{href, bare} {
		if want == "" {
			continue
		}
		for i, l := range lines {
			if strings.Contains(l, want) {
				return i + 1
			}
		}
	}
	return 0
}
