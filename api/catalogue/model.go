// Package catalogue is the read model of the shop's catalogue: every product (without photo
// bytes) and every category in memory, answering the storefront's reads without the store.
// Writes name the documents they changed (shop.CatalogueChange); the model reloads exactly
// those by id, tells other processes through the store's version document, and moves the
// generations that the answer cache (Answers) checks, so a sale makes stale only the answers
// that show the sold product, and the browse answers only when it changes what they match or
// count. The store stays the source of truth.
package catalogue

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shop"
)

// Model is the in-memory catalogue. Answers are copies: callers may keep or change them.
type Model struct {
	src shop.CatalogueSource
	log *slog.Logger

	// loadMu orders reloads from the store, so an older read never overwrites a newer one.
	loadMu sync.Mutex
	mu     sync.RWMutex // guards everything below
	state
	// gen moves with every change of the model; structGen with every change that can alter
	// which products an answer lists or how they are described beyond their own fields:
	// a product added, removed, renamed or moved, any category change. factsGen moves when a
	// product's browse facts change other than by stock (its lowest price, its sizes and
	// colours), stockedGen when one of its variants (or the product, without variants) runs
	// out of stock or comes back: a sale that leaves every variant on the same side of zero
	// changes no browse answer but the ones that show the product.
	gen, structGen       uint64
	factsGen, stockedGen uint64
	epoch                string
	seq                  int64 // the store's version the model holds every change of
	recent               recentMatches
	// ahead are the versions past seq whose changes this process made and already holds: its
	// writes announce in parallel, so their versions come back in any order.
	ahead map[int64]bool
	// unrecorded is the first version Sync found counted but not yet recorded, and since when
	// (see Sync); recordGrace is how long it waits for it.
	unrecorded      int64
	unrecordedSince time.Time
	recordGrace     time.Duration

	// taken gathers the changes the model took as written (sales) for one announcement, made
	// gather after the first of them (takenTimer); announcing counts the announcements not
	// made yet.
	takenMu    sync.Mutex
	taken      []string
	takenTimer *time.Timer
	gather     time.Duration
	announcing sync.WaitGroup
}

// announceGather is how long the changes a write of this process already put in the model
// wait to be announced together (Model.gather). A sale then answers without waiting for the version
// document, and sales close together share one write of it (at 20 sales a second, one write
// for two or three sales); other processes see them that much later, well within a poll.
const announceGather = 50 * time.Millisecond

// recordGrace bounds how long Sync waits for a change the version counts to be recorded (its
// writer records it a moment after counting it) before it takes the writer for stopped
// between the two and reloads everything.
const recordGrace = 2 * time.Second

// state is the catalogue itself, rebuilt whole by Load.
type state struct {
	products   map[string]*entry
	bySlug     map[string]*entry
	newest     []*entry            // createdAt desc, then _id desc
	byCategory map[string][]*entry // by category id, each as newest
	categories map[string]*shop.Category
	catBySlug  map[string]*shop.Category
	catByName  []*shop.Category // sorted by name, ignoring case
}

// entry is one product in the model, with its lower-cased text for search.
type entry struct {
	p         shop.CatalogueProduct
	nameLower string
	descLower string
	nameSort  string // sortName of its name
	facts     Facts  // what browsing reads of it, taken once
	// replaced is set, under the model's lock, when a newer reading of the product or its
	// removal takes this entry's place: the answers that showed it are stale.
	replaced bool
	encoded  atomic.Pointer[encodedProduct] // the product's answer in JSON, once asked for
}

// New returns an empty model of src; Load fills it.
func New(src shop.CatalogueSource, log *slog.Logger) *Model {
	if log == nil {
		log = slog.Default()
	}
	m := &Model{src: src, log: log, gather: announceGather, recordGrace: recordGrace}
	m.state = newState(nil, nil)
	return m
}

func newState(products []*shop.CatalogueProduct, cats []*shop.Category) state {
	s := state{products: make(map[string]*entry, len(products)), bySlug: make(map[string]*entry, len(products)),
		newest: make([]*entry, 0, len(products)), byCategory: map[string][]*entry{}}
	for _, p := range products {
		e := newEntry(p)
		s.products[e.p.ID] = e
		s.bySlug[e.p.Slug] = e
		s.newest = append(s.newest, e)
	}
	slices.SortFunc(s.newest, newerFirst)
	for _, e := range s.newest {
		s.byCategory[e.p.Category.ID] = append(s.byCategory[e.p.Category.ID], e)
	}
	s.setCategories(cats)
	return s
}

func (s *state) setCategories(cats []*shop.Category) {
	s.categories = make(map[string]*shop.Category, len(cats))
	s.catBySlug = make(map[string]*shop.Category, len(cats))
	s.catByName = make([]*shop.Category, 0, len(cats))
	for _, c := range cats {
		s.categories[c.ID] = c
		s.catBySlug[c.Slug] = c
		s.catByName = append(s.catByName, c)
	}
	slices.SortFunc(s.catByName, func(a, b *shop.Category) int {
		return cmp.Or(compareNames(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
}

func newEntry(p *shop.CatalogueProduct) *entry {
	return &entry{p: *p, nameLower: strings.ToLower(p.Name), descLower: strings.ToLower(p.Description), nameSort: sortName(p.Name),
		facts: FactsOf(&p.Product)}
}

// newerFirst orders by createdAt descending, then _id descending: a stable order for paging.
func newerFirst(a, b *entry) int {
	if c := b.p.CreatedAt.Compare(a.p.CreatedAt); c != 0 {
		return c
	}
	return cmp.Compare(b.p.ID, a.p.ID)
}

// Load (re)builds the whole model from the store.
func (m *Model) Load(ctx context.Context) error {
	m.loadMu.Lock()
	defer m.loadMu.Unlock()
	// Read the version first: a write that lands during the load is then seen again by Sync.
	v, err := m.src.CatalogueVersion(ctx)
	if err != nil {
		return err
	}
	products, cats, err := m.src.LoadCatalogue(ctx)
	if err != nil {
		return err
	}
	m.replace(newState(products, cats), v.Epoch, v.Seq)
	return nil
}

// replace swaps in a whole new catalogue at the store's version epoch/seq.
func (m *Model) replace(s state, epoch string, seq int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.structGen = m.gen
	m.state = s
	if epoch != m.epoch {
		m.ahead = nil
	}
	m.epoch, m.seq = epoch, seq
	m.catchUpLocked()
}

// heldLocked notes that the model holds the change announced as version seq, and moves seq
// past every version it now holds without a gap.
func (m *Model) heldLocked(seq int64) {
	if seq <= m.seq {
		return
	}
	if m.ahead == nil {
		m.ahead = map[int64]bool{}
	}
	m.ahead[seq] = true
	m.catchUpLocked()
}

// catchUpLocked moves seq past the versions held ahead of it and forgets those behind it.
func (m *Model) catchUpLocked() {
	for m.ahead[m.seq+1] {
		m.seq++
	}
	for v := range m.ahead {
		if v <= m.seq {
			delete(m.ahead, v)
		}
	}
}

// Changed reloads the documents a write of this process changed, then records the change in
// the store's version document so other processes reload them too. A failure to record is
// logged, not answered: the write itself succeeded and this process already shows it. Both
// run even when ctx has ended (the admin closed the tab): the write is in the store, and the
// model must follow it. The
// products a write put in the model itself (Take, a sale) are recorded a moment later,
// together with the others taken meanwhile (announceTaken).
func (m *Model) Changed(ctx context.Context, ch shop.CatalogueChange) error {
	if ch.Empty() {
		return nil
	}
	ctx = context.WithoutCancel(ctx)
	if ch.Taken && !ch.All && len(ch.Categories) == 0 {
		m.announceTaken(ch.Products)
		return nil
	}
	reload := m.reload
	switch {
	case ch.All:
		reload = func(ctx context.Context, _ shop.CatalogueChange) error { return m.Load(ctx) }
	case ch.Taken:
		reload = func(context.Context, shop.CatalogueChange) error { return nil }
	}
	if err := reload(ctx, ch); err != nil {
		return err
	}
	m.announce(ctx, ch)
	return nil
}

// announceTaken announces the products taken as written, gather from the first of them,
// with the others taken until then.
func (m *Model) announceTaken(products []string) {
	m.takenMu.Lock()
	defer m.takenMu.Unlock()
	first := len(m.taken) == 0
	m.taken = append(m.taken, products...)
	if first {
		m.announcing.Add(1)
		m.takenTimer = time.AfterFunc(m.gather, m.announceGathered)
	}
}

// announceGathered announces the products taken since the last announcement.
func (m *Model) announceGathered() {
	defer m.announcing.Done()
	m.takenMu.Lock()
	ch := shop.CatalogueChange{Products: m.taken, Taken: true}
	m.taken = nil
	m.takenMu.Unlock()
	m.announce(context.Background(), ch)
}

// Announced announces at once what is gathered and waits until every change taken so far is
// announced, or ctx ends: before the store closes, so other processes learn of every sale.
func (m *Model) Announced(ctx context.Context) error {
	m.takenMu.Lock()
	if m.takenTimer != nil && m.takenTimer.Stop() {
		go m.announceGathered()
	}
	m.takenMu.Unlock()
	if err := shop.WaitFor(ctx, &m.announcing); err != nil {
		return fmt.Errorf("announce the catalogue's last changes: %w", err)
	}
	return nil
}

// announce records ch, which the model holds already, in the store's version document so
// other processes reload what it names. A failure is logged, not answered: the write itself
// succeeded and this process already shows it.
func (m *Model) announce(ctx context.Context, ch shop.CatalogueChange) {
	m.mu.RLock()
	epoch := m.epoch
	m.mu.RUnlock()
	seq, err := m.src.AnnounceCatalogueChange(ctx, ch)
	if err != nil {
		m.log.Error("record a catalogue change for other processes", "err", err)
		return
	}
	// This change was applied above; the changes of other processes before it, Sync brings.
	// Before, a version that did not directly follow the model's was dropped, so parallel
	// sales left the model behind its own writes until Sync read them all again (or, more
	// than the version document lists behind, the whole catalogue).
	m.mu.Lock()
	if m.epoch == epoch {
		m.heldLocked(seq)
	}
	m.mu.Unlock()
}

// Take puts products as a write of this process left them, without reading them again. The
// writer calls it while it still holds their locks, so two writes of one product arrive in
// the order they were made; its Changed (Taken) then tells the other processes.
func (m *Model) Take(products []*shop.CatalogueProduct) {
	m.loadMu.Lock()
	defer m.loadMu.Unlock()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	for _, p := range products {
		m.putProductLocked(p.ID, p)
	}
}

// reload reads the named documents by id and puts them in the model, removing the gone ones.
func (m *Model) reload(ctx context.Context, ch shop.CatalogueChange) error {
	m.loadMu.Lock()
	defer m.loadMu.Unlock()
	var products []*shop.CatalogueProduct
	var cats []*shop.Category
	var err error
	if len(ch.Products) > 0 {
		if products, err = m.src.CatalogueProducts(ctx, ch.Products); err != nil {
			return fmt.Errorf("reload changed products: %w", err)
		}
	}
	if len(ch.Categories) > 0 {
		if cats, err = m.src.CatalogueCategories(ctx, ch.Categories); err != nil {
			return fmt.Errorf("reload changed categories: %w", err)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	found := make(map[string]*shop.CatalogueProduct, len(products))
	for _, p := range products {
		found[p.ID] = p
	}
	for _, id := range ch.Products {
		m.putProductLocked(id, found[id])
	}
	if len(ch.Categories) > 0 {
		m.putCategoriesLocked(ch.Categories, cats)
	}
	return nil
}

// putProductLocked replaces product id with p (nil: removes it).
func (m *Model) putProductLocked(id string, p *shop.CatalogueProduct) {
	old := m.products[id]
	if old != nil {
		old.replaced = true
		delete(m.products, id)
		if m.bySlug[old.p.Slug] == old {
			delete(m.bySlug, old.p.Slug)
		}
		m.newest = withoutEntry(m.newest, old)
		m.byCategory[old.p.Category.ID] = withoutEntry(m.byCategory[old.p.Category.ID], old)
	}
	if p == nil {
		if old != nil {
			m.structGen = m.gen
		}
		return
	}
	e := newEntry(p)
	m.products[id] = e
	m.bySlug[e.p.Slug] = e
	m.newest = withEntry(m.newest, e)
	m.byCategory[e.p.Category.ID] = withEntry(m.byCategory[e.p.Category.ID], e)
	if old == nil || old.p.Name != p.Name || old.p.Slug != p.Slug || old.p.Description != p.Description ||
		old.p.Category.ID != p.Category.ID || !old.p.CreatedAt.Equal(p.CreatedAt) {
		m.structGen = m.gen
		return
	}
	if !browsedAlikeButStock(old, e) {
		m.factsGen = m.gen
	} else if !sameInStock(old, e) {
		m.stockedGen = m.gen
	}
}

// withoutEntry removes e from entries ordered newest first.
func withoutEntry(entries []*entry, e *entry) []*entry {
	if i, found := slices.BinarySearchFunc(entries, e, newerFirst); found {
		return slices.Delete(entries, i, i+1)
	}
	return entries
}

// withEntry inserts e in its place among entries ordered newest first.
func withEntry(entries []*entry, e *entry) []*entry {
	i, _ := slices.BinarySearchFunc(entries, e, newerFirst)
	return slices.Insert(entries, i, e)
}

// browseChangedLocked is the generation of the last change that can alter a browse: one of
// the structure or of any product's browse facts, and, when inStock, of any product's
// variants in stock.
func (m *Model) browseChangedLocked(inStock bool) uint64 {
	last := max(m.structGen, m.factsGen)
	if inStock {
		last = max(last, m.stockedGen)
	}
	return last
}

// putCategoriesLocked replaces the categories with these ids by cats (the ones still there).
func (m *Model) putCategoriesLocked(ids []string, cats []*shop.Category) {
	all := make(map[string]*shop.Category, len(m.categories))
	for id, c := range m.categories {
		all[id] = c
	}
	for _, id := range ids {
		delete(all, id)
	}
	for _, c := range cats {
		all[c.ID] = c
	}
	m.setCategories(slices.Collect(maps.Values(all)))
	m.structGen = m.gen
}
