package shop

import (
	"context"
	"time"
)

// Every calls do every interval until ctx ends, and returns then. The first call comes one
// interval after the start: the background passes of the shop (catalogue sync, order recovery)
// have each done their work once while the process started.
func Every(ctx context.Context, interval time.Duration, do func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			do(ctx)
		}
	}
}
