package pipeline

import (
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/emit/output"
)

// Run builds the site into opt.Out. Content errors, bundling errors, render
// errors and broken links all stop the build before dist/ changes.
//
// The new build is assembled beside dist/ and swapped in with one rename
// (see package output). Builds after the first use the manifest in the
// cache folder: pages whose inputs are unchanged are not rendered again.
func Run(opt Options) (res *Result, err error) {
	opt.defaults()
	if err := opt.checkOut(); err != nil {
		return nil, err
	}
	start := time.Now()
	b, done, err := opt.builder()
	if err != nil {
		return nil, err
	}
	defer func() { done(err) }()
	w, err := output.Open(opt.Out, opt.Cache, opt.Clean)
	if err != nil {
		return nil, err
	}
	res, err = b.Build(w.Has, writerSink{w})
	if err != nil {
		w.Abort()
		return nil, err
	}
	t := time.Now()
	if res.Written, err = w.Commit(); err != nil {
		return nil, err
	}
	res.Phases = append(res.Phases, Phase{"commit", time.Since(t)})
	// What hosts count of the site: the build warns, naming the host, when
	// it passes one's limit.
	files, folders := w.Sizes()
	res.Size = hostpolicy.Of(opt.Out, files, folders)
	res.Notes = append(res.Notes, res.Size.Warnings()...)
	res.WorkerPeak = b.pool.PeakMemory()
	if err := done(nil); err != nil {
		return nil, err
	}
	res.Total = time.Since(start)
	return res, nil
}

type writerSink struct{ w *output.Writer }

func (s writerSink) Lost(names []string) bool         { return s.w.Previous().Lost(names) }
func (s writerSink) Read(path string) ([]byte, error) { return s.w.Previous().Read(path) }

func (s writerSink) Put(path string, f File) error {
	return s.w.Put(path, f)
}
