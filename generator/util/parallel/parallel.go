// Package parallel runs the iterations of a loop on every core: loading
// stories, making pages' data, reducing search terms, checking links.
package parallel

import (
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// For calls f(i) for every i below n, from one goroutine per core that
// takes the next index until none is left, and returns the first error
// (the other goroutines then stop at their next index). Goroutines that
// live for the whole loop, rather than one per index, keep the stacks they
// grew: making a page's data grew a new stack each time, half its CPU.
func For(n int, f func(i int) error) error {
	return ForWorkers(n, func() func(int) error { return f })
}

// ForWorkers is For with state of each goroutine's own: each calls worker
// once, and the function it returns for every index it takes.
func ForWorkers(n int, worker func() func(i int) error) error {
	var next atomic.Int64
	var failed atomic.Bool
	var g errgroup.Group
	for range min(n, runtime.GOMAXPROCS(0)) {
		g.Go(func() error {
			f := worker()
			for i := int(next.Add(1)) - 1; i < n && !failed.Load(); i = int(next.Add(1)) - 1 {
				if err := f(i); err != nil {
					failed.Store(true)
					return err
				}
			}
			return nil
		})
	}
	return g.Wait()
}
