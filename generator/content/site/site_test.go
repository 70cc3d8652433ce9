package site

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var buildDate = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

const base = `name: Nivaran
tagline: Solutions for India
editorEmail: desk@nivaran.example
baseURL: https://nivaran.example
categories: [Economic Policy]
`

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t *testing.T, files ...string) (*Config, error) {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, text := range files {
		name := "site.yaml"
		if i > 0 {
			name = "overlay" + string(rune('0'+i)) + ".yaml"
		}
		paths = append(paths, write(t, dir, name, text))
	}
	cfg, err := LoadFiles(paths, buildDate)
	if err != nil {
		// Paths relative to the folder, so the expected messages are short.
		return nil, errorString(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
	}
	return cfg, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

func TestFormsModes(t *testing.T) {
	cases := []struct {
		name, forms string
		want        string // the error, or "" when valid
		mode        string
	}{
		{"default is collector with the collector's paths", "", "", FormsCollector},
		{"collector with site paths", "forms:\n  mode: collector\n  launch: /api/forms/launch\n", "", FormsCollector},
		{"hosted with https endpoints", `forms:
  mode: hosted
  launch: https://formspree.io/f/launch
  editorial: https://formspree.io/f/editorial
  partnership: https://formspree.io/f/partnership
  newsletter: https://formspree.io/f/newsletter
`, "", FormsHosted},
		{"absolute endpoint in collector mode", "forms:\n  launch: https://formspree.io/f/x\n",
			`site.yaml:7: forms.launch: "https://formspree.io/f/x" is an absolute URL, but forms.mode is collector: use the collector's path /api/forms/launch, or set forms.mode: hosted`, ""},
		{"relative endpoint in hosted mode", `forms:
  mode: hosted
  launch: https://formspree.io/f/launch
  editorial: /api/forms/editorial
  partnership: https://formspree.io/f/partnership
  newsletter: https://formspree.io/f/newsletter
`, `site.yaml:9: forms.editorial: "/api/forms/editorial" is a relative path, but forms.mode is hosted: give the form service's absolute https URL, or set forms.mode: collector`, ""},
		{"plain http in hosted mode", `forms:
  mode: hosted
  launch: http://forms.example/launch
  editorial: https://formspree.io/f/editorial
  partnership: https://formspree.io/f/partnership
  newsletter: https://formspree.io/f/newsletter
`, `site.yaml:8: forms.launch: "http://forms.example/launch" must be an absolute https URL (the form carries readers' personal data)`, ""},
		{"missing endpoint in hosted mode points at forms", "forms:\n  mode: hosted\n  launch: https://formspree.io/f/launch\n  editorial: https://formspree.io/f/e\n  partnership: https://formspree.io/f/p\n",
			"site.yaml:7: forms.newsletter: forms.mode is hosted, so every form needs its hosted service's https URL", ""},
		{"unknown mode", "forms:\n  mode: static\n", `site.yaml:7: forms.mode: "static" is not a mode (want collector or hosted)`, ""},
		{"protocol-relative is absolute", "forms:\n  newsletter: //forms.example/n\n",
			`site.yaml:7: forms.newsletter: "//forms.example/n" is an absolute URL, but forms.mode is collector: use the collector's path /api/forms/newsletter, or set forms.mode: hosted`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := load(t, base+c.forms)
			if c.want != "" {
				if err == nil || err.Error() != c.want {
					t.Fatalf("error:\n got %v\nwant %s", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Forms.Mode != c.mode {
				t.Errorf("mode %q, want %q", cfg.Forms.Mode, c.mode)
			}
			if c.mode == FormsCollector && (cfg.Forms.Newsletter != "/api/forms/newsletter" || !cfg.Forms.NeedsCollector()) {
				t.Errorf("collector defaults: %+v", cfg.Forms)
			}
		})
	}
}

func TestDescribeSaysTheMode(t *testing.T) {
	collector := Forms{Mode: FormsCollector, Launch: "/api/forms/launch"}
	got := strings.Join(collector.Describe(), "\n")
	for _, want := range []string{"collector mode", "warning: dist/ needs `magazine serve` (or a proxy to it)"} {
		if !strings.Contains(got, want) {
			t.Errorf("collector: %q lacks %q", got, want)
		}
	}
	hosted := Forms{Mode: FormsHosted, Launch: "https://formspree.io/f/x"}
	if got := strings.Join(hosted.Describe(), "\n"); !strings.Contains(got, "hosted mode") || strings.Contains(got, "warning") {
		t.Errorf("hosted: %q", got)
	}
}

func TestOverlays(t *testing.T) {
	cfg, err := load(t, base+"launchDate: 2025-12-01\nforms:\n  newsletter: /api/forms/newsletter\nhome:\n  lead: 3\n  latest: 4\n",
		"baseURL: http://127.0.0.1:18437\nlaunchDate: 2025-09-10\n",
		`forms:
  mode: hosted
  launch: https://forms.example/launch
  editorial: https://forms.example/editorial
  partnership: https://forms.example/partnership
  newsletter: https://forms.example/newsletter
home:
  latest: 9
`)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseURL != "http://127.0.0.1:18437" || cfg.LaunchDate != "2025-09-10" || cfg.Name != "Nivaran" {
		t.Errorf("later files override keys, the rest stays: %+v", cfg)
	}
	if cfg.Forms.Mode != FormsHosted || cfg.Forms.Newsletter != "https://forms.example/newsletter" {
		t.Errorf("forms: %+v", cfg.Forms)
	}
	if cfg.Home.Lead != 3 || cfg.Home.Latest != 9 {
		t.Errorf("nested maps merge key by key: %+v", cfg.Home)
	}
}

func TestOverlayErrorsNameTheirFile(t *testing.T) {
	_, err := load(t, base, "forms:\n  mode: hosted\n  launch: /api/forms/launch\n")
	if err == nil {
		t.Fatal("no error")
	}
	got := err.Error()
	for _, w := range []string{
		`overlay1.yaml:3: forms.launch: "/api/forms/launch" is a relative path, but forms.mode is hosted`,
		`overlay1.yaml:2: forms.editorial: forms.mode is hosted, so every form needs its hosted service's https URL`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("errors:\n%s\nlack %s", got, w)
		}
	}
	_, err = load(t, base, "forms:\n  mdoe: hosted\n")
	if err == nil || err.Error() != `overlay1.yaml:2: unknown key "mdoe"` {
		t.Errorf("unknown key in an overlay: %v", err)
	}
}

func TestErrorsHaveLines(t *testing.T) {
	_, err := load(t, "name: \"\"\ntagline: \" \"\neditorEmail: desk@nivaran.example\nbaseURL: nivaran.example\nlaunchDate: soon\ncategories: []\n")
	want := `site.yaml:1: name is required: the magazine's name
site.yaml:2: tagline is required: the line under the name, in the home page's title and the feeds
site.yaml:4: baseURL: "nivaran.example" must be an absolute http(s) URL
site.yaml:5: launchDate: "soon" is not a date (want YYYY-MM-DD)
site.yaml:6: categories: at least one category is required`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// A value of the wrong type is named by its key and said as an editor
// reads it, not as the YAML library's Go types.
func TestMistypedValuesNameTheirKey(t *testing.T) {
	_, err := load(t, base+"perPage: twelve\n")
	if err == nil || !strings.HasSuffix(err.Error(), `: perPage: "twelve" is not a whole number`) {
		t.Errorf("perPage: twelve: %v", err)
	}
	_, err = load(t, base, "home:\n  latest: [6]\n")
	if err == nil || err.Error() != `overlay1.yaml:2: home.latest: a list is not a whole number` {
		t.Errorf("home.latest: [6]: %v", err)
	}
	_, err = load(t, base, "launchNotice: sometimes\n")
	if err == nil || err.Error() != `overlay1.yaml:1: launchNotice: "sometimes" is not true or false` {
		t.Errorf("launchNotice: sometimes: %v", err)
	}
	_, err = load(t, base, "authors:\n  - name: [Asha]\n")
	if err == nil || err.Error() != `overlay1.yaml:2: authors.0.name: a list is not text` {
		t.Errorf("a list for an author's name: %v", err)
	}
	_, err = load(t, base, "sections: {label: Home}\n")
	if err == nil || err.Error() != `overlay1.yaml:1: sections: a set of key: value pairs is not a list` {
		t.Errorf("a map for the sections: %v", err)
	}
	long := strings.Repeat("twelve", 10)
	_, err = load(t, base, "perPage: "+long+"\n")
	if err == nil || err.Error() != `overlay1.yaml:1: perPage: "`+long+`" is not a whole number` {
		t.Errorf("a long value: %v", err)
	}
}

// A mistake in one author's entry is reported at its own line, not at
// the authors: key.
func TestAuthorErrorsAtTheirLines(t *testing.T) {
	_, err := load(t, base, "authors:\n  - {name: Ira Venkataraman, role: Columnist, bio: A columnist.}\n  - name: Asha Rao\n    photo: /images/asha.jpg\n    links:\n      - {label: Site, url: \"https://asha.example\"}\n      - {label: Blog, url: \"asha.example\"}\n")
	want := "overlay1.yaml:4: authors: Asha Rao: photo \"/images/asha.jpg\" must be a picture under the stories folder, such as images/photo.jpg\n" +
		"overlay1.yaml:7: authors: Asha Rao: each link needs a label and an absolute https:// (or mailto:) url"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestHomeListsNameAStoryOnce(t *testing.T) {
	_, err := load(t, base, "home:\n  featured: [3, 4, 3, 3]\n")
	if err == nil || err.Error() != `overlay1.yaml:2: home.featured: story 3 is listed twice (it would show twice)` {
		t.Errorf("got %v", err)
	}
	_, err = load(t, base, "home:\n  spotlight:\n    - 3\n    - 4\n    - 3\n")
	if err == nil || err.Error() != `overlay1.yaml:5: home.spotlight: story 3 is listed twice (it would show twice)` {
		t.Errorf("got %v", err)
	}
}

// A config that is not UTF-8 text is reported at its first bad line, as a
// story is.
func TestConfigNotTextAtItsLine(t *testing.T) {
	line := strings.Count(base, "\n") + 1
	for extra, want := range map[string]string{
		"tagline: \"Niv\xe9aran\"\n": fmt.Sprintf("site.yaml:%d: this line is not valid UTF-8 text (save the file as UTF-8)", line),
		"tagline: \"a\x00b\"\n":      fmt.Sprintf("site.yaml:%d:12: a NUL byte: the site config must be plain UTF-8 text", line),
	} {
		_, err := load(t, base+extra)
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%q: got %v, want …%s", extra, err, want)
		}
	}
	// Saved as UTF-16 with its byte-order mark ("Unicode" in Notepad), it
	// is text that YAML reads.
	utf16 := []byte{0xff, 0xfe}
	for _, r := range base {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	if _, err := Load(write(t, t.TempDir(), "site.yaml", string(utf16)), buildDate); err != nil {
		t.Errorf("UTF-16: %v", err)
	}
}

func TestLaunchNotice(t *testing.T) {
	cfg, err := load(t, base)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.ShowLaunchNotice() || cfg.LaunchDate != "2026-11-28" {
		t.Errorf("default: notice %v, launch date %s (want on, build date + 5)", cfg.ShowLaunchNotice(), cfg.LaunchDate)
	}
	// Built at 20:00 UTC, 01:30 the next day in Kolkata, where the readers
	// count five days from.
	dir := t.TempDir()
	for zone, want := range map[string]string{"": "2026-11-29", "timeZone: UTC\n": "2026-11-28"} {
		cfg, err := Load(write(t, dir, "site.yaml", base+zone), time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.LaunchDate != want {
			t.Errorf("built in the evening, UTC, %q: launch date %s, want %s", zone, cfg.LaunchDate, want)
		}
	}
	cfg, err = load(t, base+"launchNotice: false\nlaunchDate: 2025-09-15\n")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.ShowLaunchNotice() || cfg.LaunchDate != "2025-09-15" {
		t.Errorf("launchNotice: false: %v %s", cfg.ShowLaunchNotice(), cfg.LaunchDate)
	}
	// The build says what the readers will see.
	for extra, want := range map[string]string{
		"":                         "Launch notice: counting down to 2026-11-28, the build date plus 5 days (launchDate is not set).",
		"launchDate: 2026-12-01\n": "Launch notice: counting down to 2026-12-01.",
		"launchDate: 2025-09-15\n": "Launch notice: launchDate 2025-09-15 has passed; the notice no longer shows.",
		"launchNotice: false\n":    "Launch notice: off (launchNotice: false).",
	} {
		cfg, err := load(t, base+extra)
		if err != nil {
			t.Fatal(err)
		}
		if notes := cfg.Notes(buildDate); !slices.Contains(notes, want) {
			t.Errorf("%q: %q, want %q among them", extra, notes, want)
		}
	}
}

// Without launchDate each build counts down from its own date: a build
// warns that a scheduled rebuild would keep the countdown from ever ending.
func TestLaunchDateWarning(t *testing.T) {
	const warning = "warning: launchDate is not set, so each build counts down to its own date plus 5 days: " +
		"a scheduled rebuild moves the countdown on every build and it never ends. Set launchDate: YYYY-MM-DD in site.yaml."
	for extra, warns := range map[string]bool{
		"":                         true,
		"launchDate: \"\"\n":       true,
		"launchDate: 2026-12-01\n": false,
		"launchNotice: false\n":    false,
		"launchNotice: false\nlaunchDate: \"\"\n": false,
	} {
		cfg, err := load(t, base+extra)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(cfg.Notes(buildDate), warning); got != warns {
			t.Errorf("%q: warned %v, want %v: %q", extra, got, warns, cfg.Notes(buildDate))
		}
	}
}

// The repository's own site.yaml is valid and states its mode and launch date.
func TestSampleConfig(t *testing.T) {
	cfg, err := Load(filepath.Join("..", "..", "..", "site.yaml"), buildDate)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Forms.Mode != FormsCollector || !cfg.ShowLaunchNotice() {
		t.Errorf("sample: mode %q, notice %v", cfg.Forms.Mode, cfg.ShowLaunchNotice())
	}
}
