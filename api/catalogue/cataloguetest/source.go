// Package cataloguetest is an in-memory shop.CatalogueSource for tests of the read model and
// of what is built on it, without a store.
package cataloguetest

import (
	"context"
	"sync"

	"shop"
)

// Source is a catalogue held in memory. Tests change it with Put and Delete, as a store would
// change under a write, then tell the model (or let it poll). As a store, it refuses reads
// under a context that has ended.
type Source struct {
	mu         sync.Mutex
	products   map[string]*shop.CatalogueProduct
	categories map[string]*shop.Category
	version    shop.CatalogueVersion
	changes    map[int64]shop.CatalogueChange // the last keptChanges announced, by seq
	reads      int                            // product documents read, loads included
}

// New returns an empty source.
func New() *Source {
	return &Source{products: map[string]*shop.CatalogueProduct{}, categories: map[string]*shop.Category{},
		version: shop.CatalogueVersion{Epoch: "test"},
		changes: map[int64]shop.CatalogueChange{}}
}

// PutProduct stores a copy of p.
func (s *Source) PutProduct(p *shop.CatalogueProduct) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := *p
	s.products[p.ID] = &c
}

// PutCategory stores a copy of c.
func (s *Source) PutCategory(c *shop.Category) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cc := *c
	s.categories[c.ID] = &cc
}

// DeleteProduct removes product id.
func (s *Source) DeleteProduct(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.products, id)
}

// LoadCatalogue answers everything.
func (s *Source) LoadCatalogue(context.Context) ([]*shop.CatalogueProduct, []*shop.Category, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ps []*shop.CatalogueProduct
	for _, p := range s.products {
		c := *p
		ps = append(ps, &c)
		s.reads++
	}
	var cs []*shop.Category
	for _, c := range s.categories {
		cc := *c
		cs = append(cs, &cc)
	}
	return ps, cs, nil
}

// CatalogueProducts answers the products with these ids.
func (s *Source) CatalogueProducts(ctx context.Context, ids []string) ([]*shop.CatalogueProduct, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*shop.CatalogueProduct
	for _, id := range ids {
		s.reads++
		if p, ok := s.products[id]; ok {
			c := *p
			out = append(out, &c)
		}
	}
	return out, nil
}

// CatalogueCategories answers the categories with these ids.
func (s *Source) CatalogueCategories(ctx context.Context, ids []string) ([]*shop.Category, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*shop.Category
	for _, id := range ids {
		if c, ok := s.categories[id]; ok {
			cc := *c
			out = append(out, &cc)
		}
	}
	return out, nil
}

// keptChanges is how many changes the source keeps, as the store's ring does.
const keptChanges = 4

// CatalogueVersion answers the version.
func (s *Source) CatalogueVersion(context.Context) (*shop.CatalogueVersion, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.version
	return &v, nil
}

// CatalogueChangesSince answers the kept changes after seq up to upTo, stopping before one
// not recorded (MoveVersion).
func (s *Source) CatalogueChangesSince(_ context.Context, epoch string, seq, upTo int64) ([]shop.CatalogueChange, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if epoch != s.version.Epoch || seq < s.version.Seq-keptChanges {
		return nil, false, nil
	}
	var out []shop.CatalogueChange
	for want := seq + 1; want <= upTo; want++ {
		ch, ok := s.changes[want]
		if !ok {
			break
		}
		out = append(out, ch)
	}
	return out, true, nil
}

// SetVersion puts the version document back as v (a restored backup).
func (s *Source) SetVersion(v shop.CatalogueVersion) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version = v
}

// MoveVersion moves the version on by one change without recording what it changed, as a
// writer does a moment before it records it (or stopped before it could), and answers its seq.
func (s *Source) MoveVersion() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version.Seq++
	return s.version.Seq
}

// AnnounceCatalogueChange records ch.
func (s *Source) AnnounceCatalogueChange(_ context.Context, ch shop.CatalogueChange) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version.Seq++
	s.changes[s.version.Seq] = ch
	delete(s.changes, s.version.Seq-keptChanges)
	return s.version.Seq, nil
}

// ProductReads is the number of product documents read so far.
func (s *Source) ProductReads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads
}
