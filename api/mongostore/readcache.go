package mongostore

import (
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// readCache keeps documents this process read by _id, for the embedded store only: there one
// process owns the store, and every write of a document goes through guardedUpdate or
// deleteGuarded, which forget it once the write has landed. A document read while a write of
// that document landed is not kept (its read may predate the write), so the cache never
// answers older than the store. Writes of other documents do not matter: under sales, writes
// land every few milliseconds, and a cache that dropped every read overlapping any of them
// would keep almost nothing. Bounded: when full it starts again empty.
type readCache[V any] struct {
	mu    sync.Mutex
	max   int
	clock uint64 // moves at every forget
	floor uint64 // reads begun before it may have missed a forget no longer noted
	docs  map[bson.ObjectID]readEntry[V]
}

// readEntry is one document: its value when kept, and the clock of its last forget.
type readEntry[V any] struct {
	v       V
	kept    bool
	written uint64
}

func newReadCache[V any](max int) *readCache[V] {
	return &readCache[V]{max: max, docs: map[bson.ObjectID]readEntry[V]{}}
}

// get answers the kept document id.
func (c *readCache[V]) get(id bson.ObjectID) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.docs[id]
	return e.v, e.kept
}

// begin is called before reading from the store what put will keep; put takes what it answers.
func (c *readCache[V]) begin() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.clock
}

// put keeps v as document id, read after begin answered start, unless a write of id landed
// since.
func (c *readCache[V]) put(id bson.ObjectID, v V, start uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, noted := c.docs[id]
	if start < c.floor || e.written > start {
		return
	}
	if !noted {
		c.makeRoom()
	}
	c.docs[id] = readEntry[V]{v: v, kept: true}
}

// forget drops document id after a write of it landed (or may have).
func (c *readCache[V]) forget(id bson.ObjectID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clock++
	if _, ok := c.docs[id]; !ok {
		c.makeRoom()
	}
	c.docs[id] = readEntry[V]{written: c.clock}
}

// makeRoom empties a full cache. The forgets it noted go with it, so reads begun before
// now are kept no more.
func (c *readCache[V]) makeRoom() {
	if len(c.docs) < c.max {
		return
	}
	clear(c.docs)
	c.clock++
	c.floor = c.clock
}
