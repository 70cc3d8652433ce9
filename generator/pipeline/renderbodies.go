package pipeline

import (
	"context"

	"github.com/nivaran/magazine/generator/render/worker"
)

// renderBodies is the second step: the bodies of the pages that changed
// since the last build, rendered by React in the Node workers.
func (p *pages) renderBodies(ctx context.Context, in <-chan []*page, out chan<- renderedChunk) error {
	defer close(out)
	done := 0
	for batch := range in {
		stop := p.timer.start("render")
		var jobs []worker.Job
		var waiting []*page
		for _, pg := range batch {
			if pg.changed {
				jobs = append(jobs, worker.Job{Path: pg.route.Path, Data: pg.data})
				waiting = append(waiting, pg)
			}
		}
		var progress func(n, _ int)
		if p.b.opt.Progress != nil {
			// The total is an upper bound: unchanged pages are known a chunk at a time.
			progress = func(n, _ int) { p.b.opt.Progress(done+n, len(p.canon)) }
		}
		bodies, err := p.b.pool.Render(jobs, progress)
		stop()
		if err != nil {
			return err
		}
		done += len(jobs)
		if err := send(ctx, out, renderedChunk{batch, waiting, bodies}); err != nil {
			return err
		}
	}
	return nil
}
