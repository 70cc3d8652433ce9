package pipeline_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

const hosted = `forms:
  mode: hosted
  launch: https://forms.example/f/launch
  editorial: https://forms.example/f/editorial
  partnership: https://forms.example/f/partnership
  newsletter: https://forms.example/f/newsletter
launchNotice: false
`

// A hosted-mode build through an overlay: the pages carry the service's
// endpoints, the summary says which mode it built for, and the launch
// notice is off in the page data.
func TestHostedModeBuild(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("5", ""), "hosted.yaml": hosted})
	o.Overlays = []string{filepath.Join(filepath.Dir(o.Config), "hosted.yaml")}
	res, err := pipeline.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	report := pipeline.Report(res, o.Out)
	if !strings.Contains(report, "Forms: hosted mode") || strings.Contains(report, "warning") || !strings.Contains(report, "Launch notice: off") {
		t.Errorf("summary:\n%s", report)
	}
	var page struct {
		Site struct {
			Forms        map[string]string
			LaunchNotice bool `json:"launchNotice"`
		}
	}
	data := gt.Between(gt.Read(t, o.Out, "about/index.html"), `<script type="application/json" id="page-data">`, "</script>")
	if err := json.Unmarshal([]byte(data), &page); err != nil {
		t.Fatal(err)
	}
	if page.Site.Forms["newsletter"] != "https://forms.example/f/newsletter" || page.Site.Forms["launch"] != "https://forms.example/f/launch" || page.Site.LaunchNotice {
		t.Errorf("page data site: %+v", page.Site)
	}
	if _, ok := page.Site.Forms["mode"]; ok {
		t.Error("the mode is the build's business, not the page's")
	}
	if html := gt.Read(t, o.Out, "about/index.html"); !strings.Contains(html, `action="https://forms.example/f/newsletter"`) {
		t.Error("the no-JS newsletter form must post to the hosted endpoint")
	}
}

func TestCollectorModeWarns(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("5", "")})
	res, err := pipeline.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	report := pipeline.Report(res, o.Out)
	for _, want := range []string{"Forms: collector mode", "warning: dist/ needs `magazine serve` (or a proxy to it)", "Launch notice: counting down to 2025-09-10."} {
		if !strings.Contains(report, want) {
			t.Errorf("summary lacks %q:\n%s", want, report)
		}
	}
}

// A relative endpoint in hosted mode is an error at its line, the same in
// check and build, and nothing is written.
func TestFormsModeMismatchIsAConfigError(t *testing.T) {
	t.Parallel()
	cfg := gt.Site + strings.Replace(hosted, "https://forms.example/f/editorial", "/api/forms/editorial", 1)
	cfg = strings.Replace(cfg, "forms: {launch: /api/forms/launch, editorial: /api/forms/editorial, partnership: /api/forms/partnership, newsletter: /api/forms/newsletter}\n", "", 1)
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("5", ""), "site.yaml": cfg})
	line := 0
	for i, l := range strings.Split(cfg, "\n") {
		if strings.Contains(l, "editorial: /api/forms/editorial") {
			line = i + 1
		}
	}
	want := o.Config + ":" + itoa(line) + `: forms.editorial: "/api/forms/editorial" is a relative path, but forms.mode is hosted`
	_, cerr := pipeline.Check(o)
	_, berr := pipeline.Run(o)
	for name, err := range map[string]error{"check": cerr, "build": berr} {
		if _, ok := pipeline.Diagnostics(err); !ok || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v\nwant %s...", name, err, want)
		}
	}
	if _, err := os.Stat(o.Out); !os.IsNotExist(err) {
		t.Error("a config error must not write dist/")
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
