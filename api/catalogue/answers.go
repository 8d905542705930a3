package catalogue

import (
	"container/list"
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Answers keeps encoded answers of catalogue reads, each with what it was made from (Reads):
// an answer is served while no change since touched it. A change of one product's stock or
// price makes stale the answers that show that product, and the browse answers only when it
// changes what browsing matches or counts (see Model.Browse); a product added, removed,
// renamed or moved, or any category change, makes every answer stale.
type Answers struct {
	model      *Model
	maxEntries int
	maxBytes   int

	hits, misses atomic.Uint64 // Get's answers found fresh, and not found or stale

	mu    sync.Mutex
	bytes int
	order *list.List // of *cached, most recently used first
	byKey map[string]*list.Element
}

// Answer is an encoded answer. It must not change once stored.
type Answer struct {
	Status      int
	ContentType string
	Plain, Gzip []byte // Gzip is nil when the answer is too small to compress
}

type cached struct {
	key   string
	reads *Reads
	a     *Answer
	// made is when the answer was kept, and staleAt when Get first found it stale (zero while
	// it is fresh): a stale answer stays until its new one replaces it, to tell how long it lasted.
	made, staleAt time.Time
}

// churnWindow is how soon after being made an answer must go stale to count as churning.
const churnWindow = 10 * time.Second

// Reads records what one answer was made from: the model's generation when it began, the
// products it showed (their entries, each marked when a newer one replaces it), and whether
// it browsed every product.
type Reads struct {
	gen     uint64
	mu      sync.Mutex
	shown   []*entry
	browsed bool // every product's browse facts but its stock: price, sizes, colours
	stocked bool // which variants of every product are in stock
}

type readsKey struct{}

// noteShown records that the answer being made under ctx shows the product of e.
func noteShown(ctx context.Context, e *entry) {
	if r, ok := ctx.Value(readsKey{}).(*Reads); ok {
		r.mu.Lock()
		r.shown = append(r.shown, e)
		r.mu.Unlock()
	}
}

// noteBrowsed records that the answer being made under ctx matched or counted every product
// by its browse facts, and, when inStock, by which of its variants are in stock.
func noteBrowsed(ctx context.Context, inStock bool) {
	if r, ok := ctx.Value(readsKey{}).(*Reads); ok {
		r.mu.Lock()
		r.browsed = true
		r.stocked = r.stocked || inStock
		r.mu.Unlock()
	}
}

// NewAnswers returns an answer cache over m bounded to maxEntries answers and maxBytes bytes.
func NewAnswers(m *Model, maxEntries, maxBytes int) *Answers {
	return &Answers{model: m, maxEntries: maxEntries, maxBytes: maxBytes, order: list.New(),
		byKey: map[string]*list.Element{}}
}

// Begin starts making an answer: reads of the model under the returned context are recorded.
// Call it before reading the model, so a change that lands meanwhile makes the answer stale.
func (a *Answers) Begin(ctx context.Context) (context.Context, *Reads) {
	r := &Reads{gen: a.model.generation()}
	return context.WithValue(ctx, readsKey{}, r), r
}

// Get answers the cached answer of key while it is fresh, or nil.
func (a *Answers) Get(key string) *Answer {
	a.mu.Lock()
	el, ok := a.byKey[key]
	if !ok {
		a.mu.Unlock()
		a.misses.Add(1)
		return nil
	}
	c := el.Value.(*cached)
	a.order.MoveToFront(el)
	a.mu.Unlock()
	if a.model.fresh(c.reads) {
		a.hits.Add(1)
		return c.a
	}
	a.misses.Add(1)
	a.mu.Lock()
	if a.byKey[key] == el && c.staleAt.IsZero() {
		c.staleAt = time.Now()
	}
	a.mu.Unlock()
	return nil
}

// Churning reports whether the answer last kept for key went stale within churnWindow of being
// made: an answer that changes touch that often (a category page while its products sell) is
// made again soon, so it is worth compressing fast rather than small.
func (a *Answers) Churning(key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	el, ok := a.byKey[key]
	if !ok {
		return false
	}
	c := el.Value.(*cached)
	return !c.staleAt.IsZero() && c.staleAt.Sub(c.made) < churnWindow
}

// Put keeps answer ans of key, made from r.
func (a *Answers) Put(key string, r *Reads, ans *Answer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if el, ok := a.byKey[key]; ok {
		a.removeLocked(el)
	}
	a.byKey[key] = a.order.PushFront(&cached{key: key, reads: r, a: ans, made: time.Now()})
	a.bytes += cachedBytes(key, ans)
	for a.order.Len() > a.maxEntries || a.bytes > a.maxBytes {
		a.removeLocked(a.order.Back())
	}
}

// cachedBytes is what an answer kept costs: its key too, which a caller makes as long as
// the request it sends (parameters no handler reads are in it).
func cachedBytes(key string, ans *Answer) int { return len(key) + len(ans.Plain) + len(ans.Gzip) }

// Stats answers how many lookups found a fresh answer, and how many found none or a stale one.
func (a *Answers) Stats() (hits, misses uint64) { return a.hits.Load(), a.misses.Load() }

// Len is the number of answers kept.
func (a *Answers) Len() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.order.Len()
}

func (a *Answers) removeLocked(el *list.Element) {
	c := a.order.Remove(el).(*cached)
	delete(a.byKey, c.key)
	a.bytes -= cachedBytes(c.key, c.a)
}

// generation is the model's generation: it moves with every change.
func (m *Model) generation() uint64 {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.gen
}

// fresh reports whether no change since r began touched what r read. r is complete: Put
// stored it after its answer was made.
func (m *Model) fresh(r *Reads) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.structGen > r.gen || r.browsed && m.browseChangedLocked(r.stocked) > r.gen {
		return false
	}
	for _, e := range r.shown {
		if e.replaced {
			return false
		}
	}
	return true
}
