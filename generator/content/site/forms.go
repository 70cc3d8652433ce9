package site

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/nivaran/magazine/generator/util/diag"
)

// The two ways of publishing the lead forms (forms.mode in site.yaml).
const (
	// FormsCollector: the forms post to site paths that the collector of
	// `magazine serve` answers; dist/ then needs that server, or a proxy to
	// it, for the forms to keep their leads.
	FormsCollector = "collector"
	// FormsHosted: the forms post to absolute https endpoints of a hosted
	// form service, so dist/ works on any static host.
	FormsHosted = "hosted"
)

// Forms are the deployment mode and the endpoints the lead forms post to.
// After Load, Mode is always FormsCollector or FormsHosted.
type Forms struct {
	Mode        string `yaml:"mode" json:"-"`
	Launch      string `yaml:"launch" json:"launch"`
	Editorial   string `yaml:"editorial" json:"editorial"`
	Partnership string `yaml:"partnership" json:"partnership"`
	Newsletter  string `yaml:"newsletter" json:"newsletter"`
}

// NeedsCollector reports whether the built site's forms post to the
// collector of `magazine serve`: a host serving dist/ on its own would lose
// their leads, so the files written for hosts should say so.
func (f Forms) NeedsCollector() bool { return f.Mode != FormsHosted }

// CollectorPath is where the collector answers a form, and the default
// endpoint in collector mode.
func CollectorPath(form string) string { return "/api/forms/" + form }

func (f *Forms) endpoints() []struct {
	name string
	url  *string
} {
	return []struct {
		name string
		url  *string
	}{{"launch", &f.Launch}, {"editorial", &f.Editorial}, {"partnership", &f.Partnership}, {"newsletter", &f.Newsletter}}
}

// check validates the mode and that every endpoint fits it: site paths for
// the collector, absolute https URLs for a hosted service. A mismatch would
// post readers' sign-ups where nothing stores them.
func (f *Forms) check(at position) diag.List {
	var diags diag.List
	add := func(key, format string, args ...any) {
		file, line := at(key)
		diags.Add(file, line, 0, format, args...)
	}
	switch f.Mode {
	case "":
		f.Mode = FormsCollector
	case FormsCollector, FormsHosted:
	default:
		add("forms.mode", "forms.mode: %q is not a mode (want %s or %s)", f.Mode, FormsCollector, FormsHosted)
		return diags
	}
	for _, e := range f.endpoints() {
		key := "forms." + e.name
		*e.url = strings.TrimSpace(*e.url)
		v := *e.url
		abs := strings.HasPrefix(v, "//") || strings.Contains(v, "://")
		switch {
		case f.Mode == FormsCollector && v == "":
			*e.url = CollectorPath(e.name)
		case f.Mode == FormsCollector && abs:
			add(key, "%s: %q is an absolute URL, but forms.mode is collector: use the collector's path %s, or set forms.mode: hosted",
				key, v, CollectorPath(e.name))
		case f.Mode == FormsCollector && !strings.HasPrefix(v, "/"):
			add(key, "%s: %q must be a site path starting with / (the collector's is %s)", key, v, CollectorPath(e.name))
		case f.Mode == FormsHosted && v == "":
			add(key, "%s: forms.mode is hosted, so every form needs its hosted service's https URL", key)
		case f.Mode == FormsHosted && !abs:
			add(key, "%s: %q is a relative path, but forms.mode is hosted: give the form service's absolute https URL, or set forms.mode: collector",
				key, v)
		case f.Mode == FormsHosted:
			if u, err := url.Parse(v); err != nil || u.Scheme != "https" || u.Host == "" {
				add(key, "%s: %q must be an absolute https URL (the form carries readers' personal data)", key, v)
			}
		}
	}
	return diags
}

// Describe is what a build says about its forms: the mode it built for and,
// in collector mode, the warning that dist/ needs `magazine serve`.
func (f Forms) Describe() []string {
	if !f.NeedsCollector() {
		return []string{fmt.Sprintf("Forms: hosted mode: the forms post to the hosted form service (%s, ...); dist/ works on any static host.", f.Launch)}
	}
	return []string{
		fmt.Sprintf("Forms: collector mode: the forms post to %s, ... on this site.", f.Launch),
		"warning: dist/ needs `magazine serve` (or a proxy to it) for the forms; a plain static host loses their leads. " +
			"To publish on a static host, set forms.mode: hosted with a hosted form service's URLs in site.yaml.",
	}
}
