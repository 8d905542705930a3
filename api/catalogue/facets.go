package catalogue

import (
	"cmp"
	"slices"
	"strings"

	"shop"
)

// facetCounter counts the facets of one browse while its entries are examined. Each facet
// applies every filter but its own; values chosen in the query are listed even at 0. Values
// are counted as spelt; spellings that differ only in case are merged at the end.
type facetCounter struct {
	f          *filter
	categories map[string]*shop.CategoryFacet // by slug, every category met
	sizes      valueCounts
	colours    valueCounts
	seen       []string // the values one product counted already
	price      shop.PriceRange
	priced     bool
}

func newFacetCounter(f *filter) *facetCounter {
	return &facetCounter{f: f, categories: map[string]*shop.CategoryFacet{}}
}

// valueCounts counts the values of one facet. A shop has a few dozen sizes or colours, so a
// list searched in turn is faster than a map here (this runs for every variant browsed).
type valueCounts []shop.ValueFacet

func (vc *valueCounts) add(v string) {
	for i := range *vc {
		if (*vc)[i].Value == v {
			(*vc)[i].Count++
			return
		}
	}
	*vc = append(*vc, shop.ValueFacet{Value: v, Count: 1})
}

// add counts an entry that matches the keyword.
func (c *facetCounter) add(e *Entry, m *match) {
	cf := c.categories[e.CategorySlug]
	if cf == nil {
		cf = &shop.CategoryFacet{Slug: e.CategorySlug, Name: e.CategoryName}
		c.categories[e.CategorySlug] = cf
	}
	if m.variantsPass(false, false) {
		cf.Count++
	}
	if !m.category {
		return
	}
	// The price range is of what the products sell at under every other filter: each
	// product's lowest price among its variants that pass them.
	if price, ok := m.lowestPassing(false, false, true); ok {
		if !c.priced || price < c.price.Min {
			c.price.Min = price
		}
		if !c.priced || price > c.price.Max {
			c.price.Max = price
		}
		c.priced = true
	}
	if m.plain {
		return
	}
	c.seen = c.seen[:0]
	for _, v := range m.variants {
		if v.passes(true, false, false) && v.sizeValue != "" && !slices.Contains(c.seen, v.sizeValue) {
			c.sizes.add(v.sizeValue)
			c.seen = append(c.seen, v.sizeValue)
		}
	}
	c.seen = c.seen[:0]
	for _, v := range m.variants {
		if v.passes(false, true, false) && v.colour0 != "" && !slices.Contains(c.seen, v.colour0) {
			c.colours.add(v.colour0)
			c.seen = append(c.seen, v.colour0)
		}
	}
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
		return cmp.Or(compareNames(a.Name, b.Name), strings.Compare(a.Slug, b.Slug))
	})
	out.Size = values(c.sizes, c.f.q.Sizes, sizeRank)
	out.Colour = values(c.colours, c.f.q.Colours, compareNames)
	return out
}

// values lists counted values, merging spellings that differ only in case (the first
// spelling in order names them), and adds the chosen ones not counted.
func values(counts valueCounts, chosen []string, order func(a, b string) int) []shop.ValueFacet {
	out := make([]shop.ValueFacet, 0, len(counts)+len(chosen))
	out = append(out, counts...)
	slices.SortFunc(out, func(a, b shop.ValueFacet) int {
		return cmp.Or(order(a.Value, b.Value), strings.Compare(a.Value, b.Value))
	})
	merged := out[:0]
	for _, vf := range out {
		if k := len(merged) - 1; k >= 0 && strings.EqualFold(merged[k].Value, vf.Value) {
			merged[k].Count += vf.Count
			continue
		}
		merged = append(merged, vf)
	}
	for _, v := range chosen {
		if !slices.ContainsFunc(merged, func(vf shop.ValueFacet) bool { return strings.EqualFold(vf.Value, v) }) {
			merged = append(merged, shop.ValueFacet{Value: v})
		}
	}
	slices.SortStableFunc(merged, func(a, b shop.ValueFacet) int { return order(a.Value, b.Value) })
	return merged
}
