package mongostore

import (
	"context"
	"sync"

	"go.mongodb.org/mongo-driver/v2/event"
)

// writeGate lets two write commands at a time reach the embedded store. Its SQLite database
// takes one writer at a time, and a writer that finds another one busy does not queue: it
// waits and tries again, unfairly. With SQLite's own handler (1 ms, then 2, 5, ... up to
// 100 ms a try) and 16 shoppers checking out at once, goroutine dumps showed checkouts asleep
// in it while holding the catalogue version's lock, and checkouts took 1-3 s. Queued here,
// writes meet inside SQLite seldom (with the store's commits no longer waiting for the disk,
// see embedded.Start: 13 checkouts/s at p99 6 s became 25 at 1.1 s on the busy bench
// machine). Two, not one: FerretDB spends most of a write in Go (decoding the command,
// reading the document, encoding it as JSON) before and after its short SQLite write, and with
// two admitted one's Go work runs beside the other's write: checkout alone went from about
// 200 a second to 245-260, p99 105 to 90-97 ms. When the two do meet, the one that waits now
// naps for 50 µs a try (embedded/busy.go) instead of SQLite's milliseconds: 265 checkouts a
// second became 294-304, p99 88 ms 76-78. With that, three or four writers gain nothing more
// (289-320 a second, p99 81-89 ms). Reads are not gated: the store's WAL lets them run
// beside a write.
//
// The gate is the driver's command monitor: a write command takes a place just before it is
// sent and gives it back when its answer (or its failure) is in, whichever call of the shop
// made it (inserts, updates, deletes, GridFS chunks, bulk imports).
type writeGate struct {
	places  chan struct{}
	holding sync.Map // request id -> true while that command holds a place
}

// writersAtOnce is how many write commands the gate lets through together.
const writersAtOnce = 2

func newWriteGate() *writeGate { return &writeGate{places: make(chan struct{}, writersAtOnce)} }

// writeCommands are the commands that change documents.
var writeCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findAndModify": true}

func (g *writeGate) monitor() *event.CommandMonitor {
	return &event.CommandMonitor{
		Started: func(_ context.Context, e *event.CommandStartedEvent) {
			if writeCommands[e.CommandName] {
				g.places <- struct{}{}
				g.holding.Store(e.RequestID, true)
			}
		},
		Succeeded: func(_ context.Context, e *event.CommandSucceededEvent) { g.release(e.RequestID) },
		Failed:    func(_ context.Context, e *event.CommandFailedEvent) { g.release(e.RequestID) },
	}
}

func (g *writeGate) release(requestID int64) {
	if _, held := g.holding.LoadAndDelete(requestID); held {
		<-g.places
	}
}
