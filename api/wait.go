package shop

import (
	"context"
	"sync"
)

// WaitFor waits until every group is done, or ctx ends (its error is answered then): for
// shutdown, which lets the work under way finish but not forever.
func WaitFor(ctx context.Context, groups ...*sync.WaitGroup) error {
	done := make(chan struct{})
	go func() {
		for _, g := range groups {
			g.Wait()
		}
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
