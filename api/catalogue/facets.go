package catalogue

import (
	"cmp"
	"slices"
	"strings"

	"shop"
)

// facetCounter counts the facets of one browse while its entries are examined. Each facet
// applies every filter but its own; values chosen in the query are listed even at 0.
type facetCounter struct {
	f          *filter
	categories map[string]*shop.CategoryFacet // by slug, every category met
	sizes      map[string]*shop.ValueFacet    // by lower-case value
	colours    map[string]*shop.ValueFacet
	price      shop.PriceRange
	priced     bool
}

func newFacetCounter(f *filter) *facetCounter {
	return &facetCounter{f: f, categories: map[string]*shop.CategoryFacet{},
		sizes: map[string]*shop.ValueFacet{}, colours: map[string]*shop.ValueFacet{}}
}

// add counts an entry that matches the keyword.
func (c *facetCounter) add(e *Entry, m *match) {
	cf := c.categories[e.CategorySlug]
	if cf == nil {
		cf = &shop.CategoryFacet{Slug: e.CategorySlug, Name: e.CategoryName}
		c.categories[e.CategorySlug] = cf
	}
	variantsPass := m.variantsPass(c.f, false, false)
	if m.price && variantsPass {
		cf.Count++
	}
	if m.category && variantsPass {
		if !c.priced || m.price0 < c.price.Min {
			c.price.Min = m.price0
		}
		if !c.priced || m.price0 > c.price.Max {
			c.price.Max = m.price0
		}
		c.priced = true
	}
	if !m.category || !m.price || m.plain {
		return
	}
	var sizes, colours []string // counted once per product
	for _, v := range m.variants {
		if v.stock && v.colour && v.sizeValue != "" {
			sizes = countOnce(c.sizes, sizes, v.sizeValue)
		}
		if v.stock && v.size && v.colour0 != "" {
			colours = countOnce(c.colours, colours, v.colour0)
		}
	}
}

// countOnce adds one to value's count unless this product counted it already (in seen).
func countOnce(counts map[string]*shop.ValueFacet, seen []string, value string) []string {
	key := strings.ToLower(value)
	if slices.Contains(seen, key) {
		return seen
	}
	vf := counts[key]
	if vf == nil {
		vf = &shop.ValueFacet{Value: value}
		counts[key] = vf
	}
	vf.Count++
	return append(seen, key)
}

// result lists each facet's values with a count, and the chosen ones: categories by name,
// sizes from small to large, colours by name.
func (c *facetCounter) result() shop.Facets {
	out := shop.Facets{Category: []shop.CategoryFacet{}, Price: c.price}
	for _, cf := range c.categories {
		if cf.Count > 0 || c.f.categories[cf.Slug] {
			out.Category = append(out.Category, *cf)
		}
	}
	slices.SortFunc(out.Category, func(a, b shop.CategoryFacet) int {
		return cmp.Or(strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), strings.Compare(a.Slug, b.Slug))
	})
	out.Size = values(c.sizes, c.f.q.Sizes, sizeRank)
	out.Colour = values(c.colours, c.f.q.Colours, func(a, b string) int {
		return strings.Compare(strings.ToLower(a), strings.ToLower(b))
	})
	return out
}

func values(counts map[string]*shop.ValueFacet, chosen []string, order func(a, b string) int) []shop.ValueFacet {
	for _, v := range chosen {
		if counts[strings.ToLower(v)] == nil {
			counts[strings.ToLower(v)] = &shop.ValueFacet{Value: v}
		}
	}
	out := make([]shop.ValueFacet, 0, len(counts))
	for _, vf := range counts {
		out = append(out, *vf)
	}
	slices.SortFunc(out, func(a, b shop.ValueFacet) int { return order(a.Value, b.Value) })
	return out
}
