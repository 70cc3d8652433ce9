package pipeline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// Pages are remembered by what they are made from (pageMemo): after each
// kind of change that reaches a page without being in its story's file, an
// incremental build writes what a build from nothing writes, byte for
// byte. (Test builds also make every remembered page and fail when it
// differs: memo_internal_test.go.)
func TestIncrementalBuildSeesEveryInputOfAPage(t *testing.T) {
	t.Parallel()
	files := gt.Newsroom()
	files["stories/images/lead.png"] = pngBytes(t, 600, 315)
	files["stories/images/chart.png"] = pngBytes(t, 400, 225)
	files["stories/images/asha.png"] = pngBytes(t, 300, 300)
	files["site.yaml"] = strings.Replace(files["site.yaml"], "    role: Contributing writer\n", "    role: Contributing writer\n    photo: images/asha.png\n", 1)
	msme := strings.Replace(files["stories/msme.md"], "featuredImage: https://images.example/7.jpg\nimageWidth: 1200\nimageHeight: 630\n", "featuredImage: images/lead.png\n", 1)
	files["stories/msme.md"] = strings.Replace(msme, "Body of story 7.", "Body of story 7.\n\n![Loans by month](images/chart.png)", 1)
	o := gt.Options(t, files)
	o.Future = true // story 10 shows, marked as scheduled until o.Now passes its date
	o.Cache = filepath.Join(t.TempDir(), "cache")
	run(t, o)
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(filepath.Dir(o.Config), name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		what   string
		change func()
	}{
		{"a featured picture", func() { write("stories/images/lead.png", pngBytes(t, 600, 300)) }},
		{"a picture in a body", func() { write("stories/images/chart.png", pngBytes(t, 400, 200)) }},
		{"an author's photo", func() { write("stories/images/asha.png", pngBytes(t, 250, 250)) }},
		{"another story's tags, which choose the related stories", func() {
			write("stories/three.md", strings.Replace(files["stories/three.md"], `tags: ["Credit"]`, `tags: ["RBI", "MSME"]`, 1))
		}},
		{"the time, past a scheduled story's date", func() { o.Now = o.Now.Add(48 * time.Hour) }},
	} {
		c.change()
		run(t, o)
		fresh := o
		fresh.Out, fresh.Cache = filepath.Join(t.TempDir(), "dist"), filepath.Join(t.TempDir(), "cache")
		run(t, fresh)
		if got, want := gt.Tree(t, o.Out), gt.Tree(t, fresh.Out); got != want {
			t.Errorf("after %s, the incremental build differs from a fresh one:\n%s", c.what, lineDiff(got, want))
		}
	}
}

// lineDiff is the lines only one of a and b has, marked - (a) and + (b).
func lineDiff(a, b string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	inA, inB := in(a), in(b)
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !inB[l] {
			out = append(out, "- "+l)
		}
	}
	for _, l := range strings.Split(b, "\n") {
		if !inA[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

// Builds that remember nothing new leave the memo file as it was: one into
// a fresh folder (magazine dev's start, --clean) finds every page's key
// already remembered.
func TestMemoFileDoesNotGrowWithSameInputs(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{"stories/a.md": gt.Story("1", ""), "stories/b.md": gt.Story("2", "")})
	o.Cache = filepath.Join(t.TempDir(), "cache")
	run(t, o)
	size := func() int64 {
		fi, err := os.Stat(filepath.Join(o.Cache, "pages.bin"))
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	first := size()
	for range 3 {
		o.Clean = true
		run(t, o)
	}
	if got := size(); got != first {
		t.Errorf("pages.bin grew from %d to %d bytes over builds of the same site", first, got)
	}
}

// A builder that keeps its state (magazine dev) writes the page memo in an
// idle moment (Warm), not before its build returns.
func TestKeptMemoWrittenWhenIdle(t *testing.T) {
	t.Parallel()
	b, o := keepingBuilder(t, map[string]string{"site.yaml": gt.Site, "stories/a.md": gt.Story("1", "")})
	site := newKeyed()
	if _, err := b.Build(site.has, site); err != nil {
		t.Fatal(err)
	}
	memo := filepath.Join(o.WithDefaults().Cache, "pages.bin")
	if _, err := os.Stat(memo); !os.IsNotExist(err) {
		t.Fatalf("the memo is written before the build returns: %v", err)
	}
	b.Warm()
	if _, err := os.Stat(memo); err != nil {
		t.Fatalf("Warm did not write the memo: %v", err)
	}
}
