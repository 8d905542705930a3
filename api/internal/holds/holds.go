// Package holds counts, per key, what this process's running work holds, so that a caller who
// found a key's resource used up can wait for a holder to let go and look again, rather than
// be refused for what is only in use: the last unit of a size held by a checkout whose card is
// about to be declined, or the sign-in attempts of an account counted before their checks end.
package holds

import (
	"context"
	"sync"
	"time"
)

// settledKept is how many settlements a key's last one is remembered for once nobody holds
// it: far more than happen while a caller waits.
const settledKept = 4096

// Holds counts what is held per key. The zero value is not usable: make one with New.
type Holds[K comparable] struct {
	mu        sync.Mutex
	held      map[K]int
	seq       uint64        // counts settlements
	settledAt map[K]uint64  // the settlement that last let go of something of each key
	changed   chan struct{} // closed, and replaced, at each settlement or dropped hold
}

// New returns an empty count.
func New[K comparable]() *Holds[K] {
	return &Holds[K]{held: map[K]int{}, settledAt: map[K]uint64{}, changed: make(chan struct{})}
}

// Mark is the settlement count, taken before the resource is looked at: AwaitSettled compares
// against it.
func (h *Holds[K]) Mark() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seq
}

// Hold counts n more held of key. Hold before the resource is taken, so that whoever finds it
// gone a moment after finds it held.
func (h *Holds[K]) Hold(key K, n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.held[key] += n
}

// Drop takes back a hold whose taking failed: nothing was let go, but whoever waits on the
// key looks again at who holds it.
func (h *Holds[K]) Drop(key K, n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.take(key, n)
	h.wake()
}

// Settle lets go of n held of key: it was used up, or given back.
func (h *Holds[K]) Settle(key K, n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.take(key, n)
	h.seq++
	h.settledAt[key] = h.seq
	if h.seq%settledKept == 0 {
		for k, at := range h.settledAt {
			if at+settledKept < h.seq && h.held[k] == 0 {
				delete(h.settledAt, k)
			}
		}
	}
	h.wake()
}

func (h *Holds[K]) take(key K, n int) {
	if h.held[key] -= n; h.held[key] <= 0 {
		delete(h.held, key)
	}
}

func (h *Holds[K]) wake() {
	close(h.changed)
	h.changed = make(chan struct{})
}

// AwaitSettled reports whether key's resource is worth looking at again: a holder of key has
// settled since mark was taken, at once or while waiting (until the deadline, or ctx ends).
// When nobody else holds anything of key, what was found used up is so: false.
func (h *Holds[K]) AwaitSettled(ctx context.Context, key K, mark uint64, deadline time.Time) bool {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		if h.settledAt[key] > mark {
			return true
		}
		if h.held[key] == 0 {
			return false
		}
		changed := h.changed
		h.mu.Unlock()
		select {
		case <-changed:
			h.mu.Lock()
		case <-timer.C:
			h.mu.Lock()
			return false
		case <-ctx.Done():
			h.mu.Lock()
			return false
		}
	}
}
