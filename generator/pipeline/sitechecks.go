package pipeline

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/diag"
)

// checkHome reports home-page sections, and card links, that name stories
// that do not exist.
func checkHome(cfg *site.Config, file string, stories []*story.Story) diag.List {
	ids := map[int]bool{}
	for _, s := range stories {
		ids[s.ID] = true
	}
	var diags diag.List
	h := cfg.Home
	sections := []struct {
		name string
		ids  []int
	}{{"lead", []int{h.Lead}}, {"featured", h.Featured}, {"spotlight", h.Spotlight}, {"editorsPick", h.EditorsPick}}
	for _, sec := range sections {
		for _, id := range sec.ids {
			if id != 0 && !ids[id] {
				at, line := where(cfg, file, "home."+sec.name)
				diags.Add(at, line, 0, "home.%s: no story has id %d", sec.name, id)
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(h.Links)) {
		if !ids[id] {
			at, line := where(cfg, file, "home.links."+strconv.Itoa(id))
			diags.Add(at, line, 0, "home.links.%d: no story has id %d", id, id)
		}
	}
	return diags
}

// checkSiteLinks reports the config's links to pages of the site (the
// header's sections, the editor's-pick link) that no page has, at their
// lines, rather than as a broken link of every page that shows them. Links
// to files (a dot in the last part) are the link check's.
func checkSiteLinks(cfg *site.Config, file string, routes []route.Route) diag.List {
	pages := map[string]bool{}
	for _, r := range routes {
		pages[r.Path] = true
	}
	var diags diag.List
	check := func(key, link string) {
		p, _, _ := strings.Cut(link, "#")
		p, _, _ = strings.Cut(p, "?")
		if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.Contains(path.Base(p), ".") {
			return
		}
		if p = strings.TrimSuffix(p, "/"); p == "" {
			p = "/"
		}
		if !pages[p] {
			at, line := where(cfg, file, key)
			diags.Add(at, line, 0, "%s: no page of the site has the address %s", key, link)
		}
	}
	for i, sec := range cfg.Sections {
		check(fmt.Sprintf("sections[%d]", i), sec.Path)
	}
	// The Editor's Pick button leads to a page of this site, never
	// elsewhere (a data: or javascript: address would pass as a link).
	if t := cfg.Home.EditorsPickTarget; t != "" && (!strings.HasPrefix(t, "/") || strings.HasPrefix(t, "//")) {
		at, line := where(cfg, file, "home.editorsPickTarget")
		diags.Add(at, line, 0, "home.editorsPickTarget: %q is not a page of this site: give its path, starting with / (as /rbi-policy)", t)
	}
	check("home.editorsPickTarget", cfg.Home.EditorsPickTarget)
	for _, id := range slices.Sorted(maps.Keys(cfg.Home.Links)) {
		check("home.links."+strconv.Itoa(id), cfg.Home.Links[id])
	}
	return diags
}

// checkNames reports categories and authors whose names make no address, or
// the address of another's: each has its own page (/category/<slug>,
// /author/<slug>) and feed.
func checkNames(cfg *site.Config, file string) diag.List {
	var diags diag.List
	for _, set := range []struct {
		key   string
		names []string
		page  func(name string) string
	}{{"categories", cfg.Categories, route.CategoryPath}, {"authors", cfg.AuthorNames(), route.AuthorPath}} {
		base := set.page("")
		seen := map[string]string{} // page -> the name that made it first
		for i, name := range set.names {
			key := set.key + "." + strconv.Itoa(i)
			if set.key == "authors" {
				key += ".name"
			}
			at, line := where(cfg, file, key)
			page := set.page(name)
			switch first, ok := seen[page]; {
			case strings.TrimSpace(name) == "" && set.key == "authors": // the config's own check
			case strings.TrimSpace(name) == "":
				diags.Add(at, line, 0, "%s: item %d is empty: give the category's name", set.key, i)
			case story.AddressProblem(name, base) != "":
				diags.Add(at, line, 0, "%s: %s", set.key, story.AddressProblem(name, base))
			case ok && first == name:
				diags.Add(at, line, 0, "%s: %q is listed twice", set.key, name)
			case ok:
				diags.Add(at, line, 0, "%s: %q and %q would share one page, %s: give names that differ in their letters or digits", set.key, first, name, page)
			default:
				seen[page] = name
			}
		}
	}
	return diags
}

// where is the file and line of a config key, or the config file.
func where(cfg *site.Config, file, key string) (string, int) {
	if at, line := cfg.Where(strings.Split(key, "[")[0]); at != "" {
		return at, line
	}
	return file, 0
}
