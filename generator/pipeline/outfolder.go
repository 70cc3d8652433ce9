package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checkOut refuses an output folder that is, or holds, something the build
// reads (the stories, the config, the frontend, its own cache folder), or
// that lies in the stories folder, or that is a file: a build replaces its
// output folder whole. (output.Open refuses a folder of files no build
// made.) It refuses a cache folder that is the site's root or lies in the
// stories folder, for the build writes its caches, lock and spare copy of
// the site there. Build and check both ask, so they agree.
func (o Options) checkOut() error {
	reads := append([]string{o.Stories, o.Config, filepath.Join(o.Root, "frontend"), filepath.Join(o.Root, "templates")}, o.Overlays...)
	for _, src := range append(reads, o.Cache) {
		if within(src, o.Out) {
			return fmt.Errorf("--out %s would replace %s, which the build reads (a build replaces its output folder whole): choose a folder of its own (the default is dist)", o.Out, src)
		}
	}
	if within(o.Out, o.Stories) {
		return fmt.Errorf("--out %s is inside the stories folder %s: choose a folder outside it (the default is dist)", o.Out, o.Stories)
	}
	if fi, err := os.Stat(o.Out); err == nil && !fi.IsDir() {
		return fmt.Errorf("--out %s is a file: give a folder (the default is dist)", o.Out)
	}
	// The stories and the output may lie inside the cache folder (make
	// test-e2e keeps both in .cache); the site's root may not be it.
	for _, src := range reads[1:] {
		if within(src, o.Cache) {
			return fmt.Errorf("--cache-dir %s is or holds %s, which the build reads: the build writes its caches, lock and a spare copy of the site in its cache folder: choose a folder of its own (the default is .cache beside the config)", o.Cache, src)
		}
	}
	if within(o.Cache, o.Stories) {
		return fmt.Errorf("--cache-dir %s is inside the stories folder %s: choose a folder outside it (the default is .cache beside the config)", o.Cache, o.Stories)
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
