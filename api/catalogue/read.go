package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"shop"
)

var (
	_ shop.ProductReader  = (*Model)(nil)
	_ shop.CategoryReader = (*Model)(nil)
)

var (
	errProductNotFound  = shop.Errorf(shop.ENOTFOUND, "Product not found.")
	errCategoryNotFound = shop.Errorf(shop.ENOTFOUND, "Category not found.")
)

// productLocked is the answer for e with its category expanded; the caller holds mu.
func (m *Model) productLocked(ctx context.Context, e *entry) *shop.Product {
	noteShown(ctx, e)
	p := e.p.Product
	if c, ok := m.categories[p.Category.ID]; ok {
		p.Category = shop.CategoryRef{ID: c.ID, Name: c.Name, Slug: c.Slug}
	}
	return &p
}

// Products lists products newest first: page (from 1) of limit, or all of them when limit
// is 0. It also answers the total.
func (m *Model) Products(ctx context.Context, page, limit int) ([]*shop.Product, int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	total := len(m.newest)
	from, to := 0, total
	if limit > 0 {
		from = min(total, (max(page, 1)-1)*limit)
		to = min(total, from+limit)
	}
	out := make([]*shop.Product, 0, to-from)
	for _, e := range m.newest[from:to] {
		out = append(out, m.productLocked(ctx, e))
	}
	return out, total, nil
}

// ProductCount is the number of products.
func (m *Model) ProductCount(context.Context) (int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.newest), nil
}

// ProductBySlug returns one product by its slug, or by its id: a slug follows the product's
// name, so a cart or a link kept from before a rename still finds the product by its id.
// ENOTFOUND.
func (m *Model) ProductBySlug(ctx context.Context, slug string) (*shop.Product, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if e, ok := m.bySlug[slug]; ok {
		return m.productLocked(ctx, e), nil
	}
	if e, ok := m.products[strings.ToLower(slug)]; ok && isObjectID(slug) {
		return m.productLocked(ctx, e), nil
	}
	return nil, errProductNotFound
}

// Product returns one product by id. ENOTFOUND.
func (m *Model) Product(ctx context.Context, id string) (*shop.Product, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if e, ok := m.products[id]; ok {
		return m.productLocked(ctx, e), nil
	}
	return nil, errProductNotFound
}

// filterLocked answers up to limit of entries (newest first) for which keep is true.
func (m *Model) filterLocked(ctx context.Context, entries []*entry, limit int, keep func(*entry) bool) []*shop.Product {
	out := []*shop.Product{}
	for e := range keptLocked(entries, limit, keep) {
		out = append(out, m.productLocked(ctx, e))
	}
	return out
}

// keptLocked yields up to limit of entries for which keep is true, in turn.
func keptLocked(entries []*entry, limit int, keep func(*entry) bool) iter.Seq[*entry] {
	return func(yield func(*entry) bool) {
		n := 0
		for _, e := range entries {
			if n == limit {
				return
			}
			if keep(e) {
				n++
				if !yield(e) {
					return
				}
			}
		}
	}
}

// encodedProduct is a product's answer in JSON, with the category it was answered in.
type encodedProduct struct {
	category shop.CategoryRef
	json     []byte
}

// productJSONLocked is the answer for e in JSON: kept with e, and encoded again only when its
// category was renamed since.
func (m *Model) productJSONLocked(ctx context.Context, e *entry) ([]byte, error) {
	p := m.productLocked(ctx, e)
	if enc := e.encoded.Load(); enc != nil && enc.category == p.Category {
		return enc.json, nil
	}
	js, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("encode product %s: %w", p.ID, err)
	}
	e.encoded.Store(&encodedProduct{category: p.Category, json: js})
	return js, nil
}

// ProductsInCategory answers how many products the model holds in category categoryID.
func (m *Model) ProductsInCategory(categoryID string) int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.byCategory[categoryID])
}

// ProductsOfCategory lists a category's products newest first (at most shop.MaxProductsListed).
func (m *Model) ProductsOfCategory(ctx context.Context, slug string) (*shop.Category, []*shop.Product, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	c, ok := m.catBySlug[slug]
	if !ok {
		return nil, nil, errCategoryNotFound
	}
	ps := m.filterLocked(ctx, m.byCategory[c.ID], shop.MaxProductsListed, everyEntry)
	cc := *c
	return &cc, ps, nil
}

func everyEntry(*entry) bool { return true }

// ProductsOfCategoryJSON is ProductsOfCategory with the products as the JSON array they are
// answered as. Each product's encoding is kept with it, so a category's page made again after
// a sale encodes only the product sold.
func (m *Model) ProductsOfCategoryJSON(ctx context.Context, slug string) (*shop.Category, []byte, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	c, ok := m.catBySlug[slug]
	if !ok {
		return nil, nil, errCategoryNotFound
	}
	var encoded [][]byte
	size := 2
	for e := range keptLocked(m.byCategory[c.ID], shop.MaxProductsListed, everyEntry) {
		js, err := m.productJSONLocked(ctx, e)
		if err != nil {
			return nil, nil, err
		}
		encoded = append(encoded, js)
		size += len(js) + 1
	}
	out := make([]byte, 0, size) // hundreds of KB: grown once, not copied at every doubling
	out = append(out, '[')
	for i, js := range encoded {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, js...)
	}
	cc := *c
	return &cc, append(out, ']'), nil
}

// RelatedProducts lists up to shop.MaxRelated other products of the category.
func (m *Model) RelatedProducts(ctx context.Context, productID, categoryID string) ([]*shop.Product, error) {
	if !isObjectID(productID) {
		return nil, shop.Errorf(shop.EINVALID, "Product id is not a valid id.")
	}
	if !isObjectID(categoryID) {
		return nil, shop.Errorf(shop.EINVALID, "Category id is not a valid id.")
	}
	productID, categoryID = strings.ToLower(productID), strings.ToLower(categoryID)
	m.mu.RLock()
	defer m.mu.RUnlock()
	if _, ok := m.products[productID]; !ok {
		return nil, errProductNotFound
	}
	if _, ok := m.categories[categoryID]; !ok {
		return nil, errCategoryNotFound
	}
	return m.filterLocked(ctx, m.byCategory[categoryID], shop.MaxRelated, func(e *entry) bool {
		return e.p.Category.ID == categoryID && e.p.ID != productID
	}), nil
}

// SearchProducts matches keyword literally and case-insensitively in name or description.
// Nothing in the keyword has a special meaning.
func (m *Model) SearchProducts(ctx context.Context, keyword string) ([]*shop.Product, error) {
	keyword = strings.TrimSpace(keyword)
	if utf8.RuneCountInString(keyword) > shop.MaxKeywordLength {
		return nil, shop.Errorf(shop.EINVALID, "Keyword must be at most %d characters.", shop.MaxKeywordLength)
	}
	k := strings.ToLower(keyword)
	if k == "" {
		return []*shop.Product{}, nil
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.filterLocked(ctx, m.newest, shop.MaxSearchResults, func(e *entry) bool {
		return strings.Contains(e.nameLower, k) || strings.Contains(e.descLower, k)
	}), nil
}

// ProductPhoto describes a product's photo without its bytes. EINVALID, ENOTFOUND.
func (m *Model) ProductPhoto(_ context.Context, productID string) (*shop.Photo, error) {
	if !isObjectID(productID) {
		return nil, shop.Errorf(shop.EINVALID, "Product id is not a valid id.")
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	e, ok := m.products[strings.ToLower(productID)]
	if !ok {
		return nil, errProductNotFound
	}
	if e.p.Photo == nil {
		return nil, shop.Errorf(shop.ENOTFOUND, "This product has no photo.")
	}
	ph := *e.p.Photo
	return &ph, nil
}

// Categories lists all categories sorted by name.
func (m *Model) Categories(context.Context) ([]*shop.Category, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]*shop.Category, len(m.catByName))
	for i, c := range m.catByName {
		cc := *c
		out[i] = &cc
	}
	return out, nil
}

// CategoryBySlug returns one category. ENOTFOUND.
func (m *Model) CategoryBySlug(_ context.Context, slug string) (*shop.Category, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if c, ok := m.catBySlug[slug]; ok {
		cc := *c
		return &cc, nil
	}
	return nil, errCategoryNotFound
}

// isObjectID reports whether s is an id as the store writes them: 24 lower- or upper-case hex digits.
func isObjectID(s string) bool {
	if len(s) != 24 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// Photos lists the photos of the products, newest product first.
func (m *Model) Photos() []*shop.Photo {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []*shop.Photo
	for _, e := range m.newest {
		if e.p.Photo != nil {
			ph := *e.p.Photo
			out = append(out, &ph)
		}
	}
	return out
}
