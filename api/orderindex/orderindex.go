// Package orderindex keeps in memory what the order lists need to page through orders
// without asking the store to scan them: each order's id, buyer, creation time and payment
// state. The embedded store answers only look-ups by _id without reading every order, so
// the shop pages here and then fetches the orders of the page by _id.
package orderindex

import (
	"slices"
	"sync"
	"time"
)

// Entry is what the index knows of one order.
type Entry struct {
	ID        string
	Buyer     string
	CreatedAt time.Time
	State     string // the payment state
}

// key orders entries: oldest first, ties broken by id.
type key struct {
	at int64
	id string
}

func (k key) compare(o key) int {
	if k.at != o.at {
		if k.at < o.at {
			return -1
		}
		return 1
	}
	switch {
	case k.id < o.id:
		return -1
	case k.id > o.id:
		return 1
	}
	return 0
}

// Index holds the entries of every order. Listed orders (by the listed function given to
// New) are kept sorted, all of them and per buyer, so a page is a slice of a slice.
type Index struct {
	listed  func(state string) bool
	mu      sync.RWMutex
	entries map[string]Entry
	all     []key
	byBuyer map[string][]key
}

// New returns an empty index; listed says which payment states appear in lists.
func New(listed func(state string) bool) *Index {
	return &Index{listed: listed, entries: map[string]Entry{}, byBuyer: map[string][]key{}}
}

// Put adds an order or records its new state.
func (x *Index) Put(e Entry) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if old, ok := x.entries[e.ID]; ok {
		if x.listed(old.State) {
			k := keyOf(old)
			x.all = remove(x.all, k)
			x.byBuyer[old.Buyer] = remove(x.byBuyer[old.Buyer], k)
		}
	}
	x.entries[e.ID] = e
	if x.listed(e.State) {
		k := keyOf(e)
		x.all = insert(x.all, k)
		x.byBuyer[e.Buyer] = insert(x.byBuyer[e.Buyer], k)
	}
}

// Page answers the ids of one page of listed orders newest first, of one buyer or (buyer
// "") of all, and how many listed orders there are. limit 0 answers them all.
func (x *Index) Page(buyer string, page, limit int) (ids []string, total int) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	keys := x.all
	if buyer != "" {
		keys = x.byBuyer[buyer]
	}
	total = len(keys)
	end := total
	if limit > 0 {
		end = max(0, total-(page-1)*limit)
	}
	start := 0
	if limit > 0 {
		start = max(0, end-limit)
	}
	ids = make([]string, 0, end-start)
	for i := end - 1; i >= start; i-- {
		ids = append(ids, keys[i].id)
	}
	return ids, total
}

// State answers the payment state of order id, and whether the index knows the order.
func (x *Index) State(id string) (string, bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	e, ok := x.entries[id]
	return e.State, ok
}

// InState answers the ids of orders in state created before the time given.
func (x *Index) InState(state string, before time.Time) []string {
	x.mu.RLock()
	defer x.mu.RUnlock()
	var ids []string
	for _, e := range x.entries {
		if e.State == state && e.CreatedAt.Before(before) {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

func keyOf(e Entry) key { return key{at: e.CreatedAt.UnixNano(), id: e.ID} }

// insert puts k in order; new orders are the newest, so it is nearly always an append.
func insert(keys []key, k key) []key {
	i, found := slices.BinarySearchFunc(keys, k, key.compare)
	if found {
		return keys
	}
	return slices.Insert(keys, i, k)
}

func remove(keys []key, k key) []key {
	if i, found := slices.BinarySearchFunc(keys, k, key.compare); found {
		return slices.Delete(keys, i, i+1)
	}
	return keys
}
