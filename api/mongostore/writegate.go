package mongostore

import (
	"context"
	"sync"

	"go.mongodb.org/mongo-driver/v2/event"
)

// writeGate lets one write command at a time reach the embedded store. Its SQLite database
// takes one writer at a time, and a writer that finds another one busy does not queue: it
// sleeps and tries again (1 ms, then 2, 5, ... up to 100 ms a try, unfairly). With 16
// shoppers checking out at once, goroutine dumps showed checkouts asleep in SQLite's busy
// handler while holding the catalogue version's lock, and checkouts took 1-3 s. Queued here,
// the same writes never meet inside SQLite (with the store's commits no longer waiting for
// the disk, see embedded.Start: 13 checkouts/s at p99 6 s became 25 at 1.1 s on the busy
// bench machine). Reads are not gated: the store's WAL lets them run beside a write.
//
// The gate is the driver's command monitor: a write command takes the gate just before it is
// sent and gives it back when its answer (or its failure) is in, whichever call of the shop
// made it (inserts, updates, deletes, GridFS chunks, bulk imports).
type writeGate struct {
	mu      sync.Mutex
	holding sync.Map // request id -> true while that command holds the gate
}

// writeCommands are the commands that change documents.
var writeCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findAndModify": true}

func (g *writeGate) monitor() *event.CommandMonitor {
	return &event.CommandMonitor{
		Started: func(_ context.Context, e *event.CommandStartedEvent) {
			if writeCommands[e.CommandName] {
				g.mu.Lock()
				g.holding.Store(e.RequestID, true)
			}
		},
		Succeeded: func(_ context.Context, e *event.CommandSucceededEvent) { g.release(e.RequestID) },
		Failed:    func(_ context.Context, e *event.CommandFailedEvent) { g.release(e.RequestID) },
	}
}

func (g *writeGate) release(requestID int64) {
	if _, held := g.holding.LoadAndDelete(requestID); held {
		g.mu.Unlock()
	}
}
