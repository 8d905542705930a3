package mongostore

import (
	"container/list"
	"context"
	"sync"
	"sync/atomic"
)

// PhotoCache keeps photo bytes by GridFS file id, least recently used out first, within a
// budget of bytes. A file's bytes never change under its id, so entries never go stale.
// Concurrent misses of one file share one load.
type PhotoCache struct {
	budget       int64
	hits, misses atomic.Uint64 // answers from memory; answers that waited for a load

	mu       sync.Mutex
	used     int64
	order    *list.List // of *cached, most recent first
	byID     map[string]*list.Element
	inflight map[string]*load
}

type cached struct {
	id    string
	bytes []byte
}

type load struct {
	done  chan struct{}
	bytes []byte
	err   error
}

// NewPhotoCache returns a cache of at most budget bytes; 0 caches nothing.
func NewPhotoCache(budget int64) *PhotoCache {
	return &PhotoCache{budget: budget, order: list.New(), byID: map[string]*list.Element{}, inflight: map[string]*load{}}
}

// Get answers the bytes of id, calling fetch on a miss.
func (c *PhotoCache) Get(ctx context.Context, id string, fetch func(context.Context) ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if el, ok := c.byID[id]; ok {
		c.order.MoveToFront(el)
		b := el.Value.(*cached).bytes
		c.mu.Unlock()
		c.hits.Add(1)
		return b, nil
	}
	c.misses.Add(1)
	if l, ok := c.inflight[id]; ok {
		c.mu.Unlock()
		select {
		case <-l.done:
			return l.bytes, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l := &load{done: make(chan struct{})}
	c.inflight[id] = l
	c.mu.Unlock()

	// The load outlives a caller that gives up: others may be waiting for it.
	l.bytes, l.err = fetch(context.WithoutCancel(ctx))
	c.mu.Lock()
	delete(c.inflight, id)
	if l.err == nil {
		c.addLocked(id, l.bytes)
	}
	c.mu.Unlock()
	close(l.done)
	return l.bytes, l.err
}

func (c *PhotoCache) addLocked(id string, b []byte) {
	size := int64(len(b))
	if size > c.budget {
		return
	}
	for c.used+size > c.budget {
		last := c.order.Back()
		old := last.Value.(*cached)
		c.order.Remove(last)
		delete(c.byID, old.id)
		c.used -= int64(len(old.bytes))
	}
	c.byID[id] = c.order.PushFront(&cached{id: id, bytes: b})
	c.used += size
}

// Stats answers how many lookups were answered from memory and how many waited for a load.
func (c *PhotoCache) Stats() (hits, misses uint64) { return c.hits.Load(), c.misses.Load() }

// Used is the number of bytes cached.
func (c *PhotoCache) Used() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
