package mongostore

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Catalogue is the in-memory read model of the catalogue (DESIGN.md §8): every product
// (without photo bytes) and every category, built from the store at start. Every write
// through the services, and every stock change of checkout (through RefreshProducts), updates
// it before its answer returns; other processes' writes arrive through the version document
// (see Watch). The store stays the source of truth. Answers are copies: callers may keep or
// change them freely.
type Catalogue struct {
	db  *DB
	log *slog.Logger

	loadMu     sync.Mutex   // orders reloads from the store, so an older read never overwrites a newer one
	mu         sync.RWMutex // guards the maps below
	products   map[bson.ObjectID]*entry
	bySlug     map[string]*entry
	newest     []*entry // createdAt desc, then _id desc
	categories map[bson.ObjectID]*categoryDoc
	catBySlug  map[string]*categoryDoc
	catByName  []*categoryDoc // sorted by name

	version versionState
	gen     atomic.Uint64 // moves with every change of the model, under mu (see Version)
	bumpMu  sync.Mutex    // serialises bumps of the version document
}

// entry is one product in the model, with its lower-cased text for search.
type entry struct {
	doc       productDoc
	nameLower string
	descLower string
}

// NewCatalogue returns an empty model of db's catalogue; Load fills it.
func NewCatalogue(db *DB) *Catalogue {
	c := &Catalogue{db: db, log: db.log}
	c.reset(nil, nil)
	return c
}

func (c *Catalogue) reset(products []productDoc, cats []categoryDoc) {
	c.products = make(map[bson.ObjectID]*entry, len(products))
	c.bySlug = make(map[string]*entry, len(products))
	c.newest = make([]*entry, 0, len(products))
	for i := range products {
		e := newEntry(&products[i])
		c.products[e.doc.ID] = e
		c.bySlug[e.doc.Slug] = e
		c.newest = append(c.newest, e)
	}
	slices.SortFunc(c.newest, newerFirst)
	c.setCategories(cats)
}

func (c *Catalogue) setCategories(cats []categoryDoc) {
	c.categories = make(map[bson.ObjectID]*categoryDoc, len(cats))
	c.catBySlug = make(map[string]*categoryDoc, len(cats))
	c.catByName = make([]*categoryDoc, 0, len(cats))
	for i := range cats {
		d := &cats[i]
		c.categories[d.ID] = d
		c.catBySlug[d.Slug] = d
		c.catByName = append(c.catByName, d)
	}
	slices.SortFunc(c.catByName, func(a, b *categoryDoc) int {
		return cmp.Or(cmp.Compare(a.NameKey, b.NameKey), cmp.Compare(a.Name, b.Name), bytes.Compare(a.ID[:], b.ID[:]))
	})
}

func newEntry(d *productDoc) *entry {
	return &entry{doc: *d, nameLower: strings.ToLower(d.Name), descLower: strings.ToLower(d.Description)}
}

// newerFirst orders by createdAt descending, then _id descending: a stable order for paging.
func newerFirst(a, b *entry) int {
	if c := b.doc.CreatedAt.Compare(a.doc.CreatedAt); c != 0 {
		return c
	}
	return bytes.Compare(b.doc.ID[:], a.doc.ID[:])
}

// Load (re)builds the whole model from the store.
func (c *Catalogue) Load(ctx context.Context) error {
	c.loadMu.Lock()
	defer c.loadMu.Unlock()
	// Read the version first: a write that lands during the load is then seen again by Watch.
	v, err := c.readVersion(ctx)
	if err != nil {
		return err
	}
	var products []productDoc
	cur, err := c.db.db.Collection(productsColl).Find(ctx, bson.M{})
	if err != nil {
		return fmt.Errorf("load products: %w", err)
	}
	if err := cur.All(ctx, &products); err != nil {
		return fmt.Errorf("read products: %w", err)
	}
	cats, err := c.loadCategories(ctx)
	if err != nil {
		return err
	}
	fresh := &Catalogue{}
	fresh.reset(products, cats)
	c.mu.Lock()
	c.gen.Add(1)
	c.products, c.bySlug, c.newest = fresh.products, fresh.bySlug, fresh.newest
	c.categories, c.catBySlug, c.catByName = fresh.categories, fresh.catBySlug, fresh.catByName
	c.mu.Unlock()
	c.version.set(v)
	return nil
}

func (c *Catalogue) loadCategories(ctx context.Context) ([]categoryDoc, error) {
	var cats []categoryDoc
	cur, err := c.db.db.Collection(categoriesColl).Find(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("load categories: %w", err)
	}
	if err := cur.All(ctx, &cats); err != nil {
		return nil, fmt.Errorf("read categories: %w", err)
	}
	return cats, nil
}

// RefreshProducts reloads the products with these ids from the store into the model, removing
// the ones that are gone, and tells other processes. Checkout calls it after stock changes.
func (c *Catalogue) RefreshProducts(ctx context.Context, ids ...string) error {
	oids := make([]bson.ObjectID, 0, len(ids))
	for _, id := range ids {
		oid, err := bson.ObjectIDFromHex(id)
		if err != nil {
			return fmt.Errorf("refresh product %q: %w", id, err)
		}
		oids = append(oids, oid)
	}
	if err := c.reloadProducts(ctx, oids); err != nil {
		return err
	}
	c.announce(ctx)
	return nil
}

// reloadProducts reads each product by _id (the one look-up the embedded store answers
// without a scan) and puts it in the model, or removes it when it is gone.
func (c *Catalogue) reloadProducts(ctx context.Context, ids []bson.ObjectID) error {
	c.loadMu.Lock()
	defer c.loadMu.Unlock()
	docs := make([]*productDoc, len(ids))
	for i, id := range ids {
		var d productDoc
		err := c.db.db.Collection(productsColl).FindOne(ctx, bson.M{"_id": id}).Decode(&d)
		switch shop.ErrorCode(notFound(err, "gone")) {
		case "":
			docs[i] = &d
		case shop.ENOTFOUND:
		default:
			return fmt.Errorf("reload product %s: %w", id.Hex(), err)
		}
	}
	c.mu.Lock()
	c.gen.Add(1)
	defer c.mu.Unlock()
	for i, id := range ids {
		c.removeLocked(id)
		if docs[i] != nil {
			c.insertLocked(newEntry(docs[i]))
		}
	}
	return nil
}

func (c *Catalogue) removeLocked(id bson.ObjectID) {
	old, ok := c.products[id]
	if !ok {
		return
	}
	delete(c.products, id)
	if c.bySlug[old.doc.Slug] == old {
		delete(c.bySlug, old.doc.Slug)
	}
	if i, found := slices.BinarySearchFunc(c.newest, old, newerFirst); found {
		c.newest = slices.Delete(c.newest, i, i+1)
	}
}

func (c *Catalogue) insertLocked(e *entry) {
	c.products[e.doc.ID] = e
	c.bySlug[e.doc.Slug] = e
	i, _ := slices.BinarySearchFunc(c.newest, e, newerFirst)
	c.newest = slices.Insert(c.newest, i, e)
}

// RefreshCategories reloads every category (there are few) and tells other processes.
func (c *Catalogue) RefreshCategories(ctx context.Context) error {
	if err := c.reloadCategories(ctx); err != nil {
		return err
	}
	c.announce(ctx)
	return nil
}

func (c *Catalogue) reloadCategories(ctx context.Context) error {
	c.loadMu.Lock()
	defer c.loadMu.Unlock()
	cats, err := c.loadCategories(ctx)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.gen.Add(1)
	c.setCategories(cats)
	c.mu.Unlock()
	return nil
}

// Version moves whenever the model changes, before the write that changed it answers: an
// answer made from the model at one version is still right while Version answers it.
func (c *Catalogue) Version() uint64 { return c.gen.Load() }

// ref is the category of a product as embedded in answers; the caller holds mu.
func (c *Catalogue) refLocked(id bson.ObjectID) shop.CategoryRef {
	if d, ok := c.categories[id]; ok {
		return shop.CategoryRef{ID: d.ID.Hex(), Name: d.Name, Slug: d.Slug}
	}
	return shop.CategoryRef{ID: id.Hex()}
}

func (c *Catalogue) productLocked(e *entry) *shop.Product {
	return e.doc.product(c.refLocked(e.doc.Category))
}

// Products lists products newest first: page (from 1) of limit, or the first
// all of them when limit is 0. It also answers the total.
func (c *Catalogue) Products(page, limit int) ([]*shop.Product, int) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	total := len(c.newest)
	from, to := 0, total
	if limit > 0 {
		from = min(total, (max(page, 1)-1)*limit)
		to = min(total, from+limit)
	}
	out := make([]*shop.Product, 0, to-from)
	for _, e := range c.newest[from:to] {
		out = append(out, c.productLocked(e))
	}
	return out, total
}

// Count is the number of products.
func (c *Catalogue) Count() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.newest)
}

// ProductBySlug returns a product, or nil.
func (c *Catalogue) ProductBySlug(slug string) *shop.Product {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if e, ok := c.bySlug[slug]; ok {
		return c.productLocked(e)
	}
	return nil
}

// Product returns a product by id, or nil.
func (c *Catalogue) Product(id bson.ObjectID) *shop.Product {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if e, ok := c.products[id]; ok {
		return c.productLocked(e)
	}
	return nil
}

// photo returns the photo of a product: found reports whether the product exists.
func (c *Catalogue) photo(id bson.ObjectID) (ref *photoRef, found bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.products[id]
	if !ok {
		return nil, false
	}
	if e.doc.Photo == nil {
		return nil, true
	}
	p := *e.doc.Photo
	return &p, true
}

// filter answers up to limit products newest first for which keep is true.
func (c *Catalogue) filter(limit int, keep func(*entry) bool) []*shop.Product {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := []*shop.Product{}
	for _, e := range c.newest {
		if len(out) == limit {
			break
		}
		if keep(e) {
			out = append(out, c.productLocked(e))
		}
	}
	return out
}

// OfCategory lists up to limit products of a category newest first, leaving out one product.
func (c *Catalogue) OfCategory(cat, except bson.ObjectID, limit int) []*shop.Product {
	return c.filter(limit, func(e *entry) bool { return e.doc.Category == cat && e.doc.ID != except })
}

// Search lists up to limit products whose name or description holds keyword, ignoring case.
// The keyword is plain text: nothing in it has a special meaning.
func (c *Catalogue) Search(keyword string, limit int) []*shop.Product {
	k := strings.ToLower(keyword)
	if k == "" {
		return []*shop.Product{}
	}
	return c.filter(limit, func(e *entry) bool {
		return strings.Contains(e.nameLower, k) || strings.Contains(e.descLower, k)
	})
}

// Categories lists the categories sorted by name.
func (c *Catalogue) Categories() []*shop.Category {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]*shop.Category, len(c.catByName))
	for i, d := range c.catByName {
		out[i] = d.category()
	}
	return out
}

// CategoryBySlug returns a category, or nil.
func (c *Catalogue) CategoryBySlug(slug string) *shop.Category {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if d, ok := c.catBySlug[slug]; ok {
		return d.category()
	}
	return nil
}

// Category returns a category by id, or nil.
func (c *Catalogue) Category(id bson.ObjectID) *shop.Category {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if d, ok := c.categories[id]; ok {
		return d.category()
	}
	return nil
}
