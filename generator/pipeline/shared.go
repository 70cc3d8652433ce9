package pipeline

import (
	"path/filepath"
	"sync"
)

// Shared lends builders to the builds of any number of sites under one
// Root: each builder keeps its bundler and render workers between builds,
// as magazine dev's does, so a test suite starts Node once per builder
// instead of once per build. A builder builds one site at a time; builds
// wait for a free one.
type Shared struct {
	root string
	free chan *Builder
	room chan struct{} // a token for each builder not made yet
}

// NewShared lends up to n builders for sites under root.
func NewShared(root string, n int) *Shared {
	s := &Shared{root: root, free: make(chan *Builder, n), room: make(chan struct{}, n)}
	for range n {
		s.room <- struct{}{}
	}
	return s
}

// borrow returns a builder set up for opt (whose defaults are filled in)
// and the function that gives it back after a build that ended with err:
// a builder whose build failed other than on content problems (a render
// worker that stopped, say) is closed, and another made when needed.
func (s *Shared) borrow(opt Options) (*Builder, func(err error), error) {
	var b *Builder
	select {
	case b = <-s.free:
	case <-s.room:
		var err error
		if b, err = NewBuilder(Options{Root: s.root, Workers: 1}); err != nil {
			s.room <- struct{}{}
			return nil, nil, err
		}
		b.keepBundle = true
	}
	b.opt = opt
	b.images.CacheDir = filepath.Join(opt.Cache, "images")
	b.keepText, b.loaded.cfg, b.loaded.stories = false, nil, nil
	return b, func(err error) {
		if _, content := Diagnostics(err); err != nil && !content {
			b.Close()
			s.room <- struct{}{}
			return
		}
		s.free <- b
	}, nil
}

// builder is the builder of one build (build, check): borrowed from
// opt.Shared, or made for it, its bundle looked up in the store when
// nothing it is made from changed since it was stored. done releases it
// once the build ended with err; calling it again does nothing.
func (opt Options) builder() (b *Builder, done func(err error) error, err error) {
	var once sync.Once
	if opt.Shared == nil {
		if b, err = NewBuilder(opt); err != nil {
			return nil, nil, err
		}
		return b, func(error) (err error) { once.Do(func() { err = b.Close() }); return err }, nil
	}
	b, giveBack, err := opt.Shared.borrow(opt)
	if err != nil {
		return nil, nil, err
	}
	return b, func(err error) error { once.Do(func() { giveBack(err) }); return nil }, nil
}
