package pipeline

import (
	"context"
	"fmt"
)

// wrap is the third step: each rendered body in the shell, with its head
// and its page data. It has a
// goroutine of its own so Node renders the next chunk meanwhile.
func (p *pages) wrap(ctx context.Context, in <-chan renderedChunk, out chan<- []*page) error {
	defer close(out)
	for c := range in {
		stop := p.timer.start("shell")
		var err error
		for i := 0; err == nil && i < len(c.bodies); i++ {
			pg := c.waiting[i]
			if pg.html, err = p.shell.page(pg.headHTML, c.bodies[i], pg.inline); err != nil {
				err = fmt.Errorf("%s: rendering %s: %w", p.src.tplPath, pg.route.Path, err)
			}
		}
		stop()
		if err != nil {
			return err
		}
		p.res.Rendered += len(c.bodies)
		if err := send(ctx, out, c.batch); err != nil {
			return err
		}
	}
	return nil
}
