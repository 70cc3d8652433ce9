package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
)

// checkOut refuses an output folder that is, or holds, something the build
// reads (the stories, the config, the frontend, its own cache folder), or
// that lies in the stories folder: a build replaces its output folder
// whole. (output.Open refuses a folder of files no build made.)
func (o Options) checkOut() error {
	sources := append([]string{o.Stories, o.Config, filepath.Join(o.Root, "frontend"), filepath.Join(o.Root, "templates"), o.Cache}, o.Overlays...)
	for _, src := range sources {
		if within(src, o.Out) {
			return fmt.Errorf("--out %s would replace %s, which the build reads (a build replaces its output folder whole): choose a folder of its own (the default is dist)", o.Out, src)
		}
	}
	if within(o.Out, o.Stories) {
		return fmt.Errorf("--out %s is inside the stories folder %s: choose a folder outside it (the default is dist)", o.Out, o.Stories)
	}
	return nil
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(resolved(dir), resolved(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolved is p made absolute, with the symbolic links of its longest
// existing part resolved: a folder and a link to it are one folder.
func resolved(p string) string {
	p, _ = filepath.Abs(p)
	rest := ""
	for dir := p; ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if dir == filepath.Dir(dir) {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}
