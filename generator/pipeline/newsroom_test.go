package pipeline_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// everywhere lists the files of a built site that contain s.
func everywhere(t *testing.T, dist, s string) []string {
	t.Helper()
	var hits []string
	filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".jpg") || strings.HasSuffix(p, ".png") {
			return err
		}
		if data, _ := os.ReadFile(p); strings.Contains(string(data), s) {
			rel, _ := filepath.Rel(dist, p)
			hits = append(hits, filepath.ToSlash(rel))
		}
		return nil
	})
	return hits
}

// A draft and a story dated tomorrow (IST) are in no output at all: no
// page, listing, feed, sitemap, search shard, related-stories card or 404
// suggestion names them; --drafts and --future put them back.
func TestDraftsAndScheduledStoriesAreLeftOut(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, gt.Newsroom())
	res, err := pipeline.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Draft Story Nine", "Future Story Ten", "/story/9", "/story/10", "images.example/9.jpg", "images.example/10.jpg"} {
		if hits := everywhere(t, o.Out, s); len(hits) > 0 {
			t.Errorf("%q is published in %v", s, hits)
		}
	}
	if len(res.Held.Drafts) != 1 || len(res.Held.Scheduled) != 1 || !strings.HasSuffix(res.Held.Next().File, "future.md") {
		t.Fatalf("held: %+v", res.Held)
	}
	report := pipeline.Report(res, "dist")
	for _, want := range []string{"Left out 1 draft(s)", "draft.md", "Next scheduled story: " + res.Held.Next().File,
		"falls due at 2025-09-06 00:00 IST (2025-09-05 18:30 UTC)"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	// The updated, corrected story says so to search engines.
	rbi := gt.Read(t, o.Out, "rbi-policy/index.html")
	for _, want := range []string{
		`<meta data-h property="article:modified_time" content="2025-08-22">`,
		`"dateModified":"2025-08-22"`,
		`"author":[{"@type":"Person","name":"Ira Venkataraman","url":"https://test.example/author/ira-venkataraman/"},{"@type":"Person","name":"Nivaran Economy Desk","url":"https://test.example/author/nivaran-economy-desk/"}]`,
		`<meta data-h name="author" content="Ira Venkataraman and Nivaran Economy Desk">`,
	} {
		if !strings.Contains(rbi, want) {
			t.Errorf("rbi-policy lacks %s", want)
		}
	}
	if sm := gt.Read(t, o.Out, "sitemap.xml"); !strings.Contains(sm, "<loc>https://test.example/rbi-policy/</loc>\n    <lastmod>2025-08-22</lastmod>") {
		t.Errorf("sitemap lastmod is the last change:\n%s", sm)
	}
	if msme := gt.Read(t, o.Out, "story/7/index.html"); strings.Contains(msme, "article:modified_time") || !strings.Contains(msme, `"dateModified":"2025-08-17"`) {
		t.Error("a story never updated has no modified time but its publication")
	}
	// What a published story still links to: its tags and authors.
	for _, f := range []string{"tag/rbi/index.html", "tag/rbi/feed.xml", "tag/msme/index.html", "author/asha-rao/index.html"} {
		if _, err := os.Stat(filepath.Join(o.Out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}

	o.Drafts, o.Future = true, true
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "stories/index.html", "tag/rbi/index.html", "feed.xml", "tag/rbi/feed.xml", "author/asha-rao/index.html", "story/9/index.html", "story/10/index.html"} {
		for _, s := range []string{"Draft Story Nine", "Future Story Ten"} {
			if !strings.Contains(gt.Read(t, o.Out, f), s) {
				t.Errorf("--drafts --future: %s lacks %q", f, s)
			}
		}
	}
	if sm := gt.Read(t, o.Out, "sitemap.xml"); !strings.Contains(sm, "/story/9/<") || !strings.Contains(sm, "/story/10/<") {
		t.Error("--drafts --future: the sitemap lacks them")
	}
	if len(everywhere(t, filepath.Join(o.Out, "search"), "Draft Story Nine")) == 0 {
		t.Error("--drafts: the search index lacks the draft")
	}
	draft := gt.Read(t, o.Out, "story/9/index.html")
	if !strings.Contains(draft, `class="status-marker status-marker--draft"`) {
		t.Error("a draft in a --drafts build is marked")
	}
	if !strings.Contains(gt.Read(t, o.Out, "story/10/index.html"), "status-marker--scheduled") {
		t.Error("a scheduled story in a --future build is marked")
	}
}

// A story falls due at midnight of its date in the site's time zone.
func TestScheduledByTheSitesTimeZone(t *testing.T) {
	t.Parallel()
	cases := []struct {
		zone string
		now  time.Time
		due  bool
	}{
		{"", time.Date(2025, 9, 5, 18, 29, 59, 0, time.UTC), false}, // 23:59:59 IST
		{"", time.Date(2025, 9, 5, 18, 30, 0, 0, time.UTC), true},   // midnight IST
		{"timeZone: UTC\n", time.Date(2025, 9, 5, 23, 59, 0, 0, time.UTC), false},
		{"timeZone: UTC\n", time.Date(2025, 9, 6, 0, 0, 0, 0, time.UTC), true},
	}
	for _, c := range cases {
		files := map[string]string{
			"site.yaml":    gt.Site + c.zone,
			"stories/a.md": gt.Story("5", ""),
			"stories/b.md": strings.Replace(gt.Story("6", ""), "publishedAt: 2025-08-16", "publishedAt: 2025-09-06", 1),
		}
		o := gt.Options(t, files)
		o.Now = c.now
		checked, err := pipeline.Check(o)
		if err != nil {
			t.Fatal(err)
		}
		res, err := pipeline.Run(o)
		if err != nil {
			t.Fatal(err)
		}
		if published := res.Stories == 2; published != c.due || checked.Stories != 2 {
			t.Errorf("zone %q at %s: published %d of %d stories", c.zone, c.now, res.Stories, checked.Stories)
		}
	}
}

// A draft's path that clashes with a screen is an error now, not on the
// day it is published.
func TestHeldStoriesAreStillChecked(t *testing.T) {
	t.Parallel()
	files := gt.Newsroom()
	files["stories/draft.md"] = strings.Replace(files["stories/draft.md"], "draft: true", "draft: true\npath: /search", 1)
	_, err := pipeline.Check(gt.Options(t, files))
	if err == nil || !strings.Contains(err.Error(), "draft.md:12: path: /search is reserved") {
		t.Fatalf("got %v", err)
	}
}

// An author's photo is resized like a featured picture and shown on their
// page; a missing one is an error naming site.yaml.
func TestAuthorPhoto(t *testing.T) {
	t.Parallel()
	files := gt.Newsroom()
	var jpg bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 600, 600))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	jpeg.Encode(&jpg, img, nil)
	files["stories/images/asha.jpg"] = jpg.String()
	files["site.yaml"] = strings.Replace(files["site.yaml"], "    role: Contributing writer\n", "    role: Contributing writer\n    photo: images/asha.jpg\n", 1)
	dist := gt.Build(t, files)
	page := gt.Read(t, dist, "author/asha-rao/index.html")
	if !regexpMatch(`<img class="listing__photo" src="/images/[^"]+-600\.jpg" srcSet="[^"]+ 480w, [^"]+ 600w" sizes="120px" alt="Asha Rao"`, page) {
		t.Errorf("no photo on the author page:\n%s", gt.Between(page, `<header class="listing__header">`, "</header>"))
	}
	if !regexpMatch(`"@type":"Person","name":"Asha Rao","url":"https://test.example/author/asha-rao/","jobTitle":"Contributing writer","description":"[^"]+","image":\{"@type":"ImageObject","url":"https://test.example/images/[^"]+","width":600,"height":600\},"sameAs":\["https://asha.example"\]`, page) {
		t.Error("the author's structured data lacks the photo or links")
	}

	files["site.yaml"] = strings.Replace(files["site.yaml"], "images/asha.jpg", "images/nobody.jpg", 1)
	_, err := pipeline.Run(gt.Options(t, files))
	if err == nil || !strings.Contains(err.Error(), "site.yaml:16: authors: Asha Rao: photo:") { // the photo: line
		t.Fatalf("got %v", err)
	}
}

// A scheduled story's links are checked now, as if it were published, so
// the unattended build of its day does not fail on them: a link to a page
// that will not exist is an error at its line for check and build; links
// to published stories, to another scheduled story and to the listing only
// it will fill are fine. Drafts are left alone.
func TestScheduledStoriesLinksCheckedNow(t *testing.T) {
	t.Parallel()
	future := func(id, extra, body string) string {
		s := strings.Replace(gt.Story(id, extra), "publishedAt: 2025-08-1"+id[len(id)-1:], "publishedAt: 2025-12-01", 1)
		return strings.Replace(s, "Body of story "+id+".", body, 1)
	}
	files := map[string]string{
		"stories/a.md": gt.Story("1", "path: /first\n"),
		"stories/b.md": future("2", "path: /second\ntags: [new-topic]\n", "See [the first](/first), [the third](/story/3) and [the topic](/tag/new-topic)."),
		"stories/c.md": future("3", "", "Due later."),
		"stories/d.md": strings.Replace(gt.Story("4", "draft: true\n"), "Body of story 4.", "A [draft link](/not-yet).", 1),
	}
	o := gt.Options(t, files)
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(o.Stories, "c.md"), []byte(future("3", "", "Linking [nowhere](/no-such-page).")), 0o644)
	want := filepath.Join(o.Stories, "c.md") + ":10: broken link /no-such-page: no page or file of the site has that address"
	_, cerr := pipeline.Check(o)
	_, berr := pipeline.Run(o)
	for what, err := range map[string]error{"check": cerr, "build": berr} {
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", what, err, want)
		}
	}
	// With --drafts, check and build both check the draft's links too.
	os.WriteFile(filepath.Join(o.Stories, "c.md"), []byte(future("3", "", "Due later.")), 0o644)
	o.Drafts = true
	checkAndBuildSay(t, o, filepath.Join(o.Stories, "d.md")+":11: broken link /not-yet: no page or file of the site has that address")
}

// A link to a story the build leaves out says which story it is and why.
func TestLinkToAHeldStorySaysWhy(t *testing.T) {
	t.Parallel()
	files := gt.Newsroom()
	files["stories/linker.md"] = gt.Story("31", "") + "See [the draft](/story/9) and [the next one](/story/10/).\n"
	o := gt.Options(t, files)
	dir := o.Stories
	checkAndBuildSay(t, o, filepath.Join(dir, "linker.md")+":13: broken link /story/9: it is the address of "+filepath.Join(dir, "draft.md")+", a draft (draft: true), not published yet\n"+
		filepath.Join(dir, "linker.md")+":13: broken link /story/10/: it is the address of "+filepath.Join(dir, "future.md")+", scheduled for 2025-09-06 00:00 IST: link to it once it is out")
}
