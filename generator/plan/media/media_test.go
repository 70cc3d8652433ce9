package media

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/images"
)

func processor(t *testing.T) *images.Processor {
	return &images.Processor{CacheDir: t.TempDir(), FontDir: "../../../frontend/fonts"}
}

var cfg = &site.Config{Name: "Nivaran", Tagline: "News That Solves", BaseURL: "https://nivaran.example"}

func TestProcess(t *testing.T) {
	dir := t.TempDir()
	stories := []*story.Story{
		{File: "a.md", ID: 1, Title: "Generated", Category: "International Trade", FeaturedImage: "generated", ImageAlt: "A port at dawn"},
		{File: "b.md", ID: 2, Title: "External", Category: "Technology", FeaturedImage: "https://cdn.example/x.jpg", ImageWidth: 1600, ImageHeight: 900, ImageAlt: "Chip"},
		{File: "c.md", ID: 3, Title: "Custom", Category: "Trade Strategy", FeaturedImage: "custom:trade-partnership"},
	}
	lib, files, diags := Process(processor(t), cfg, dir, stories)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	gen := lib.Featured(stories[0])
	if !regexp.MustCompile(`^/images/cover/1-[0-9a-f]{8}\.svg$`).MatchString(gen.Src) || gen.Width != 1200 || gen.Height != 630 || gen.Srcset != "" {
		t.Errorf("generated cover: %+v", gen)
	}
	if gen.Alt != "Illustration for “Generated”" {
		t.Errorf("a generated picture is described as one, not as the photo the editor imagined: %q", gen.Alt)
	}
	for _, img := range []Image{gen, lib.Social(stories[0]), lib.Featured(stories[2]), lib.Social(stories[2]), lib.Site()} {
		if _, ok := files[strings.TrimPrefix(img.Src, "/")]; !ok {
			t.Errorf("%s: file not returned", img.Src)
		}
	}
	if len(files) != 5 {
		t.Errorf("%d files, want two covers and three cards", len(files))
	}
	ext := lib.Featured(stories[1])
	if ext.Src != "https://cdn.example/x.jpg" || ext.Width != 1600 || ext.Height != 900 || lib.Social(stories[1]) != ext {
		t.Errorf("external images pass through with the editor's size: %+v", ext)
	}
	if c := lib.Featured(stories[2]); c.Custom != "trade-partnership" || c.Src == "" {
		t.Errorf("custom visual keeps a picture for cards: %+v", c)
	}
	social := lib.Social(stories[0])
	if !regexp.MustCompile(`^/images/social/1-[0-9a-f]{8}\.png$`).MatchString(social.Src) || social.Width != 1200 || social.Height != 630 || social.Alt != "Nivaran Magazine: Generated" {
		t.Errorf("social card: %+v", social)
	}
}

func TestSiteCard(t *testing.T) {
	img, files, diags := SiteCard(processor(t), cfg)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if !strings.HasPrefix(img.Src, "/images/social/0-") || img.Width != 1200 || img.Height != 630 || img.Alt != "Nivaran Magazine — News That Solves" {
		t.Errorf("site card: %+v", img)
	}
	if _, ok := files[strings.TrimPrefix(img.Src, "/")]; !ok {
		t.Error("site card file not returned")
	}
}

func TestBadImageIsAFileLineError(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "images"), 0o755)
	os.WriteFile(filepath.Join(dir, "images", "broken.jpg"), []byte("not a picture"), 0o644)
	src := "---\nid: 4\ntitle: \"T\"\nintroduction: \"I\"\nauthor: \"A\"\npublishedAt: 2025-08-20\ncategory: \"Technology\"\nfeaturedImage: images/broken.jpg\n---\n\nBody.\n"
	s, d := story.Parse("stories/x.md", []byte(src), story.Options{})
	if len(d) != 0 {
		t.Fatal(d)
	}
	_, _, diags := Process(processor(t), cfg, dir, []*story.Story{s})
	if len(diags) != 1 || !strings.HasPrefix(diags[0].String(), "stories/x.md:8: featuredImage: ") || !strings.Contains(diags[0].String(), "broken.jpg") {
		t.Fatalf("got %v", diags)
	}
}

// Of is part of the page memo's key: every field of a picture a page may
// show must change it, or a page would be remembered across a change.
func TestOfSeesEveryField(t *testing.T) {
	s := &story.Story{ID: 7, Body: markdown.Doc{Figures: []*markdown.Figure{{Src: "images/a.jpg"}}}}
	each := func(v reflect.Value, set func()) {
		for i := range v.NumField() {
			f := v.Field(i)
			was := reflect.ValueOf(f.Interface())
			switch f.Kind() {
			case reflect.String:
				f.SetString("x")
			case reflect.Int:
				f.SetInt(7)
			default:
				t.Fatalf("%s.%s: a %s the test cannot set", v.Type(), v.Type().Field(i).Name, f.Kind())
			}
			set()
			f.Set(was)
		}
	}
	l := NewLibrary()
	l.Add(7, Image{}, Image{})
	l.body["images/a.jpg"] = markdown.Picture{}
	base := l.Of(s)
	var img Image
	each(reflect.ValueOf(&img).Elem(), func() {
		for name, m := range map[string]map[int]Image{"featured": l.featured, "social": l.social} {
			m[7] = img
			if l.Of(s) == base {
				t.Errorf("%s: a change to %+v does not change Of", name, img)
			}
			m[7] = Image{}
		}
	})
	var pic markdown.Picture
	each(reflect.ValueOf(&pic).Elem(), func() {
		l.body["images/a.jpg"] = pic
		if l.Of(s) == base {
			t.Errorf("body picture: a change to %+v does not change Of", pic)
		}
		l.body["images/a.jpg"] = markdown.Picture{}
	})
}
