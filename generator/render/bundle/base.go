package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// WithBase is the bundle for a site served below base, a base path such as
// "/magazine" (site.Config.BasePath): the same files with every reference
// from one bundle file to another — the boot script's to the entry and the
// stylesheet, the entry's to the lazy screens, theirs to their chunks, a
// stylesheet's url() — given base in front. The names, and Client's paths
// (site paths, which the pages prefix when they name them), stay. The
// bundle itself knows no base path, so it is made and stored once for
// every site (Store, Shared): esbuild's output names the files it writes
// with the public path "/assets" in double quotes (imports) or url(), and
// the boot script and the entry's lazy imports are written the same way.
func (r *Result) WithBase(base string) *Result {
	if base == "" {
		return r
	}
	c := *r.Client
	c.Files = make(map[string][]byte, len(r.Client.Files))
	js := strings.NewReplacer(`"`+assetsPath, `"`+base+assetsPath)
	css := strings.NewReplacer(`url(`+assetsPath, `url(`+base+assetsPath, `url("`+assetsPath, `url("`+base+assetsPath)
	for name, data := range r.Client.Files {
		switch {
		case strings.HasSuffix(name, ".js"):
			data = []byte(js.Replace(string(data)))
		case strings.HasSuffix(name, ".css"):
			data = []byte(css.Replace(string(data)))
		}
		c.Files[name] = data
	}
	out := *r
	out.Client = &c
	h := sha256.Sum256([]byte(r.Hash + "\x00" + base))
	out.Hash = hex.EncodeToString(h[:])[:16]
	return &out
}

// assetsPath is where the bundle's files are served (esbuild's PublicPath).
const assetsPath = "/assets/"
