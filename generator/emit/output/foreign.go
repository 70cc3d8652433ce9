package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// sourceMarks are names at the top of a folder that no build writes and
// that say the folder holds someone's work: stories, a config, a repository.
var sourceMarks = []string{".git", "go.mod", "package.json", "site.yaml"}

// refuseForeign stops a build from replacing a folder that no build made:
// the build swaps its output folder whole, so a mistaken --out (the
// repository, a home folder, the stories) would lose everything it held.
// A missing or empty folder is fine, and so is an earlier build: one that
// a build with this cache folder was let into (ownedName: a killed build
// may leave no manifest), or one that holds a site (index.html), a build
// whose cache was deleted. A folder with any of the sourceMarks is refused
// either way. A folder it accepts is recorded as this cache's.
func refuseForeign(out, cacheDir string) error {
	entries, err := os.ReadDir(out)
	if os.IsNotExist(err) || err == nil && len(entries) == 0 {
		return own(out, cacheDir)
	}
	if err != nil {
		return err
	}
	site, sources := false, []string{}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "index.html":
			site = true
		case strings.HasSuffix(name, ".md") || slices.Contains(sourceMarks, name):
			sources = append(sources, name)
		}
	}
	if len(sources) == 0 && (site || owned(out, cacheDir)) {
		return own(out, cacheDir)
	}
	shown := sources
	if len(shown) == 0 {
		for _, e := range entries {
			shown = append(shown, e.Name())
		}
	}
	sort.Strings(shown)
	if len(shown) > 3 {
		shown = append(shown[:3], "…")
	}
	return fmt.Errorf("%s holds files no build made (%s), and a build replaces its output folder whole: build into a new or empty folder (--out), or empty this one yourself",
		out, strings.Join(shown, ", "))
}

// ownedName, in the cache folder, lists the output folders builds with it
// were let into, a line each.
const ownedName = "outputs"

func owned(out, cacheDir string) bool {
	b, _ := os.ReadFile(filepath.Join(cacheDir, ownedName))
	return slices.Contains(strings.Split(string(b), "\n"), out)
}

func own(out, cacheDir string) error {
	if owned(out, cacheDir) {
		return nil
	}
	f, err := os.OpenFile(filepath.Join(cacheDir, ownedName), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(out + "\n")
	return errors.Join(err, f.Close())
}
