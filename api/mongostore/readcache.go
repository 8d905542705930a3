package mongostore

import (
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// readCache keeps documents this process read by _id, for the embedded store only: there one
// process owns the store, and every write of a document goes through guardedUpdate or
// deleteGuarded, which forget it once the write has landed. A document read while a write
// of any document landed is not kept (its read may predate that write), so the cache never
// answers older than the store. Bounded: when full it starts again empty.
type readCache[V any] struct {
	mu   sync.Mutex
	max  int
	gen  uint64 // moves at every forget
	docs map[bson.ObjectID]V
}

func newReadCache[V any](max int) *readCache[V] {
	return &readCache[V]{max: max, docs: map[bson.ObjectID]V{}}
}

// get answers the kept document id.
func (c *readCache[V]) get(id bson.ObjectID) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.docs[id]
	return v, ok
}

// begin is called before reading from the store what put will keep.
func (c *readCache[V]) begin() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put keeps v as document id, read after begin answered gen, unless a write landed since.
func (c *readCache[V]) put(id bson.ObjectID, v V, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if len(c.docs) >= c.max {
		clear(c.docs)
	}
	c.docs[id] = v
}

// forget drops document id after a write of it landed (or may have).
func (c *readCache[V]) forget(id bson.ObjectID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	delete(c.docs, id)
}
