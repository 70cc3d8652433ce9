package media

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nivaran/magazine/generator/content/markdown"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/images"
	"github.com/nivaran/magazine/generator/util/diag"
)

// LocalPicture resolves a picture path an editor wrote (images/x.jpg,
// relative to the stories folder) to a file that is surely the site's own:
// inside dir once symbolic links are followed, a regular file, a JPEG or
// PNG by name, and not huge. Every local picture goes through it, so a
// story never makes the build read anything else.
func LocalPicture(dir, rel string) (string, error) {
	if rel == "" || filepath.IsAbs(rel) || strings.HasPrefix(rel, "/") || strings.Contains(rel, `\`) {
		return "", fmt.Errorf("%q must be a path under the stories folder, like images/x.jpg", rel)
	}
	clean := filepath.Clean(filepath.FromSlash(rel))
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%q points outside the stories folder", rel)
	}
	switch strings.ToLower(filepath.Ext(clean)) {
	case ".jpg", ".jpeg", ".png":
	default:
		return "", fmt.Errorf("%q is not a JPEG or PNG picture", rel)
	}
	path := filepath.Join(dir, clean)
	real, err := filepath.EvalSymlinks(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("%s does not exist in %s", rel, dir)
	}
	if err != nil {
		return "", err
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	if r, err := filepath.Rel(root, real); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%q points outside the stories folder", rel)
	}
	info, err := os.Stat(real)
	switch {
	case err != nil:
		return "", err
	case !info.Mode().IsRegular():
		return "", fmt.Errorf("%s is not a regular file", rel)
	case info.Size() > images.MaxFileBytes:
		return "", fmt.Errorf("%s is %d MB; keep pictures under %d MB", rel, (info.Size()+1<<20-1)>>20, images.MaxFileBytes>>20)
	}
	return path, nil
}

// CheckPictures reports pictures of the site's own — featured and in the
// body — that cannot be used, at their lines. It reads no pixels, so it
// runs with the content checks, before any picture is made.
func CheckPictures(dir string, stories []*story.Story) diag.List {
	var diags diag.List
	for _, s := range stories {
		if story.IsLocalImage(s.FeaturedImage) {
			if _, err := LocalPicture(dir, s.FeaturedImage); err != nil {
				diags.Add(s.File, s.Line("featuredImage"), 0, "featuredImage: %v", err)
			}
		}
		for _, f := range s.Body.Figures {
			if f.External() {
				continue
			}
			if _, err := LocalPicture(dir, f.Src); err != nil {
				diags.Add(s.File, f.Line, 0, "picture: %v", err)
			}
		}
	}
	return diags
}

// Figure is a body picture as the page shows it: resized variants of a
// local file, or an external address with the size the editor gave.
func (l *Library) Figure(f *markdown.Figure) markdown.Picture {
	if f.External() {
		return markdown.Picture{Src: f.Src, Width: f.Width, Height: f.Height}
	}
	return l.body[f.Src]
}
