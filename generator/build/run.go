package build

import (
	"time"

	"github.com/nivaran/magazine/generator/output"
)

// Run builds the site into opt.Out. Content errors, bundling errors and
// render errors all stop the build before anything is written.
//
// The first build writes a fresh folder and swaps it in. Later builds use
// the manifest in the cache folder: pages whose inputs are unchanged are not
// rendered again, and only changed files are replaced (each one atomically).
func Run(opt Options) (*Result, error) {
	opt.defaults()
	start := time.Now()
	man := output.LoadManifest(opt.Cache, opt.Out)
	if opt.Clean {
		man = nil
	}
	b, err := NewBuilder(opt)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	site, err := b.Build(man.Has)
	if err != nil {
		return nil, err
	}
	t := time.Now()
	files := make(map[string]output.File, len(site.Files))
	for p, f := range site.Files {
		files[p] = output.File{Key: f.Key, Data: f.Data}
	}
	written, err := output.Write(opt.Out, opt.Cache, man, files)
	if err != nil {
		return nil, err
	}
	res := &Result{Stories: site.Stories, Pages: site.Pages, Files: len(files), Written: written, Rendered: site.Rendered,
		Phases: append(site.Phases, Phase{"write", time.Since(t)})}
	if err := b.Close(); err != nil {
		return nil, err
	}
	res.Total = time.Since(start)
	return res, nil
}
