package media

import (
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/images"
)

func TestLocalPicture(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "images", "folder.jpg"), 0o755)
	os.WriteFile(filepath.Join(dir, "images", "ok.jpg"), []byte("x"), 0o644)
	outside := filepath.Join(t.TempDir(), "secret.jpg")
	os.WriteFile(outside, []byte("x"), 0o644)
	os.Symlink(outside, filepath.Join(dir, "images", "link.jpg"))
	os.Symlink("ok.jpg", filepath.Join(dir, "images", "inside.jpg"))
	os.Symlink("/dev/zero", filepath.Join(dir, "images", "device.jpg"))
	big, _ := os.Create(filepath.Join(dir, "images", "big.png"))
	big.Truncate(images.MaxFileBytes + 1) // sparse: costs no disk
	big.Close()

	if p, err := LocalPicture(dir, "images/ok.jpg"); err != nil || p != filepath.Join(dir, "images", "ok.jpg") {
		t.Errorf("a good picture: %q %v", p, err)
	}
	if _, err := LocalPicture(dir, "images/inside.jpg"); err != nil {
		t.Errorf("a link to a picture inside the folder is fine: %v", err)
	}
	bad := map[string]string{
		"images/missing.jpg": "does not exist",
		"../secret.jpg":      "points outside the stories folder",
		"images/../../x.jpg": "points outside the stories folder",
		"/etc/passwd.jpg":    "must be a path under the stories folder",
		"images/link.jpg":    "points outside the stories folder", "images/device.jpg": "points outside the stories folder",
		"images/folder.jpg":  "is not a regular file",
		"images/big.png":     "is 26 MB; keep pictures under 25 MB",
		"images/notes.txt":   "is not a JPEG or PNG picture",
		`images\windows.jpg`: "must be a path under the stories folder",
		"":                   "must be a path under the stories folder",
	}
	for rel, want := range bad {
		if _, err := LocalPicture(dir, rel); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("LocalPicture(%q) = %v, want an error with %q", rel, err, want)
		}
	}
}

func TestBodyPictures(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "images"), 0o755)
	writeJPEG(t, filepath.Join(dir, "images", "port.jpg"), 1000, 500)
	fig := &markdown.Figure{Src: "images/port.jpg", Alt: "Port", Line: 12}
	ext := &markdown.Figure{Src: "https://images.example/a.jpg", Alt: "A", Width: 640, Height: 480}
	missing := &markdown.Figure{Src: "images/gone.jpg", Alt: "Gone", Line: 14}
	s := &story.Story{File: "stories/x.md", ID: 1, Title: "T", Category: "Technology", FeaturedImage: "generated",
		Body: markdown.Doc{Figures: []*markdown.Figure{fig, ext}}}
	lib, files, diags := Process(processor(t), cfg, dir, []*story.Story{s})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	p := lib.Figure(fig)
	if !strings.HasPrefix(p.Src, "/images/port-") || p.Width != 1000 || p.Height != 500 || strings.Count(p.Srcset, "w,") != 2 || !strings.HasSuffix(p.Srcset, "1000w") {
		t.Errorf("a body picture is resized like a featured photo (no wider than it is): %+v", p)
	}
	if _, ok := files[strings.TrimPrefix(p.Src, "/")]; !ok {
		t.Error("the body picture's file is not published")
	}
	if e := lib.Figure(ext); e.Src != ext.Src || e.Width != 640 || e.Height != 480 || e.Srcset != "" {
		t.Errorf("an external picture passes through with its size: %+v", e)
	}
	s.Body.Figures = append(s.Body.Figures, missing)
	if d := CheckPictures(dir, []*story.Story{s}); len(d) != 1 || d[0].String() != "stories/x.md:14: picture: images/gone.jpg does not exist in "+dir {
		t.Errorf("CheckPictures: %v", d)
	}
}

func writeJPEG(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := jpeg.Encode(f, img, nil); err != nil {
		t.Fatal(err)
	}
}

// A featured picture goes through the same resolver as body pictures: a
// story never makes the build read a file outside its folder.
func TestFeaturedPictureStaysInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "stories")
	os.MkdirAll(filepath.Join(dir, "images", "x.jpg"), 0o755)
	os.WriteFile(filepath.Join(root, "big.png"), []byte("png"), 0o644)
	os.Symlink(root, filepath.Join(dir, "images", "up"))
	os.WriteFile(filepath.Join(dir, "images", "ok.jpg"), []byte("jpg"), 0o644)
	os.Symlink("ok.jpg", filepath.Join(dir, "images", "alias.jpg"))
	for image, want := range map[string]string{
		"../../../../../dev/zero":   `x.md:8: featuredImage: "../../../../../dev/zero" points outside the stories folder`,
		"../../dev/zero.png":        `x.md:8: featuredImage: "../../dev/zero.png" points outside the stories folder`,
		"../big.png":                `x.md:8: featuredImage: "../big.png" points outside the stories folder`,
		"images/up/big.png":         `x.md:8: featuredImage: "images/up/big.png" points outside the stories folder`,
		"../../../../../etc/passwd": `x.md:8: featuredImage: "../../../../../etc/passwd" points outside the stories folder`,
		"/etc/passwd.jpg":           `x.md:8: featuredImage: "/etc/passwd.jpg" must be a path under the stories folder, like images/x.jpg`,
		"images/x.jpg":              `x.md:8: featuredImage: images/x.jpg is not a regular file`,
		"images/nope.jpg":           `x.md:8: featuredImage: images/nope.jpg does not exist in ` + dir,
		"images/ok.jpg":             "",
		"images/alias.jpg":          "",
		"images/../images/ok.jpg":   "",
	} {
		src := "---\nid: 1\ntitle: T\nintroduction: I.\nauthor: A\npublishedAt: 2025-08-12\ncategory: C\nfeaturedImage: " + image + "\n---\n\nBody.\n"
		s, diags := story.Parse("x.md", []byte(src), story.Options{})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if got := CheckPictures(dir, []*story.Story{s}).Error(); got != want {
			t.Errorf("%s:\n got %s\nwant %s", image, got, want)
		}
	}
}
