package shop

import (
	"context"
	"sync"
	"time"
)

// heldWait bounds how long a checkout that found an item short waits for other checkouts
// holding units of it to settle, before it tells its shopper the item is out of stock.
const heldWait = 3 * time.Second

// settledKept is how many settlements an item's last one is remembered for once nobody holds
// it: far more than happen while a checkout waits (heldWait).
const settledKept = 4096

// heldStock counts the units this process's running checkouts have reserved and not yet
// settled (sold, or given back). Units a checkout reserves before its card is charged are out
// of stock to everyone else until it ends, and a declined card gives them back: a shopper who
// found the last unit so held was told it was sold out while it was still for sale. A checkout
// that finds an item short while others hold units of it waits for them to settle, and looks
// again.
type heldStock struct {
	mu        sync.Mutex
	units     map[StockItem]int
	seq       uint64               // counts settlements
	settledAt map[StockItem]uint64 // the settlement that last let go of units of each item
	settled   chan struct{}        // closed, and replaced, at each settlement or dropped hold
}

func newHeldStock() *heldStock {
	return &heldStock{units: map[StockItem]int{}, settledAt: map[StockItem]uint64{}, settled: make(chan struct{})}
}

// mark is the settlement count, read before the stock is: awaitSettled compares against it.
func (h *heldStock) mark() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seq
}

func (h *heldStock) hold(res Reservation) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.units[res.Item] += res.Units
}

// drop takes back a hold whose reservation failed: no units were taken, so nothing settled,
// but whoever waits on the item looks again at who holds it.
func (h *heldStock) drop(res Reservation) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.units[res.Item] -= res.Units; h.units[res.Item] <= 0 {
		delete(h.units, res.Item)
	}
	close(h.settled)
	h.settled = make(chan struct{})
}

// settle lets go of the units of reserved: they were sold or given back.
func (h *heldStock) settle(reserved []Reservation) {
	if len(reserved) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	for _, res := range reserved {
		if h.units[res.Item] -= res.Units; h.units[res.Item] <= 0 {
			delete(h.units, res.Item)
		}
		h.settledAt[res.Item] = h.seq
	}
	if h.seq%settledKept == 0 {
		for item, at := range h.settledAt {
			if at+settledKept < h.seq && h.units[item] == 0 {
				delete(h.settledAt, item)
			}
		}
	}
	close(h.settled)
	h.settled = make(chan struct{})
}

// awaitSettled reports whether the stock of item is worth reading again: a checkout holding
// units of it has settled since mark was taken, at once or while waiting (until the deadline,
// or the caller leaves). When no other checkout holds units of item, the shortage is real.
func (h *heldStock) awaitSettled(ctx context.Context, item StockItem, mark uint64, deadline time.Time) bool {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		if h.settledAt[item] > mark {
			return true
		}
		if h.units[item] == 0 {
			return false
		}
		settled := h.settled
		h.mu.Unlock()
		select {
		case <-settled:
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
