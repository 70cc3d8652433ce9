package output

import (
	"os"
	"path/filepath"
)

// A build keeps its own folders in the cache folder, so that --out DIR
// gains nothing beside DIR: the staging folder (which stays, between
// builds, as the spare generation) and, during a swap in two steps, the
// old generation. Both are renamed to and from DIR's place, and a rename
// works only within one mount: when the cache folder is on another (a
// tmpfs, another disk, a bind mount), they stay beside DIR, hidden, as
// .DIR.spare and .DIR.old.

// placed are the folders a build of out keeps.
type placed struct {
	staging string // where the next generation is assembled, kept as the spare one
	old     string // the old generation during a swap in two steps
	twin    string // a full build's copy of its generation in hard links: the next spare
}

// inCache are the folders in the cache folder; beside, next to out.
func inCache(out, cache string) placed {
	base := filepath.Join(cache, filepath.Base(out))
	return placed{base + ".spare", base + ".old", base + ".twin"}
}

func beside(out string) placed {
	base := filepath.Join(filepath.Dir(out), "."+filepath.Base(out))
	return placed{base + ".spare", base + ".old", base + ".twin"}
}

// place chooses where a build of out keeps its folders: in the cache when
// a folder made there can be renamed to out's parent, otherwise beside
// out. The trial is the very operation the swap needs; its two empty
// folders are gone when place returns.
func place(out, cache string) placed {
	base := filepath.Base(out)
	from := filepath.Join(cache, base+".probe")
	to := filepath.Join(filepath.Dir(out), "."+base+".probe")
	os.RemoveAll(from)
	os.RemoveAll(to)
	if err := os.Mkdir(from, 0o700); err != nil {
		return beside(out)
	}
	err := os.Rename(from, to)
	os.Remove(from)
	os.Remove(to)
	if err != nil {
		return beside(out)
	}
	return inCache(out, cache)
}

// clearLeftovers puts back a generation that a swap in two steps left
// aside when it died, and removes what builds that died, or an earlier
// placement of the folders, left behind. Only staging (the spare
// generation, checked later against the cache's record) is kept.
func clearLeftovers(out, cache string, keep placed) error {
	parent, base := filepath.Dir(out), filepath.Base(out)
	if _, err := os.Lstat(out); os.IsNotExist(err) {
		for _, p := range []placed{inCache(out, cache), beside(out)} {
			if os.Rename(p.old, out) == nil {
				break
			}
		}
	}
	// The folders of the other placement, and the staging folders of
	// earlier versions of this program.
	var gone []string
	for _, p := range []placed{inCache(out, cache), beside(out)} {
		gone = append(gone, p.old, p.twin)
		if p.staging != keep.staging {
			gone = append(gone, p.staging)
		}
	}
	for _, pattern := range []string{"." + base + ".building-*", "." + base + "-changes.building-*"} {
		found, _ := filepath.Glob(filepath.Join(parent, pattern))
		gone = append(gone, found...)
	}
	for _, g := range gone {
		if err := os.RemoveAll(g); err != nil {
			return err
		}
	}
	return nil
}
