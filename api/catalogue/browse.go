package catalogue

import (
	"cmp"
	"context"
	"iter"
	"slices"
	"strconv"
	"strings"

	"shop"
)

// Entry is a product as browsing sees it: the product (only read), its category's slug and
// name, and its name and description in lower case for the keyword.
type Entry struct {
	Product      *shop.Product
	CategorySlug string
	CategoryName string
	NameLower    string
	DescLower    string
}

// Page is what a browse finds: the entries of the page asked for, how many match in all, and
// the facets.
type Page struct {
	Entries []Entry
	Total   int
	Facets  shop.Facets
}

// Browse answers the page q asks for among entries (given newest first), the number that
// match, and the facets, in one pass over the entries.
func Browse(entries iter.Seq[Entry], q shop.BrowseQuery) Page {
	f := newFilter(q)
	var matched []Entry
	facets := newFacetCounter(f)
	for e := range entries {
		m := f.examine(&e)
		if !m.keyword {
			continue
		}
		facets.add(&e, &m)
		if m.category && m.price && m.variantsPass(f, false, false) {
			matched = append(matched, e)
		}
	}
	sortEntries(matched, q.Sort)
	from, to := 0, min(len(matched), shop.MaxProductsListed)
	if q.Limit > 0 {
		from = min(len(matched), (max(q.Page, 1)-1)*q.Limit)
		to = min(len(matched), from+q.Limit)
	}
	return Page{Entries: matched[from:to:to], Total: len(matched), Facets: facets.result()}
}

// Browse answers one page of the catalogue under q, with the facets. The answer depends on
// every product (the facets count them all), so any change makes a cached one stale.
func (m *Model) Browse(ctx context.Context, q shop.BrowseQuery) (*shop.BrowseResult, error) {
	DependsOnEveryProduct(ctx)
	m.mu.RLock()
	defer m.mu.RUnlock()
	page := Browse(func(yield func(Entry) bool) {
		for _, e := range m.newest {
			be := Entry{Product: &e.p.Product, NameLower: e.nameLower, DescLower: e.descLower}
			if c, ok := m.categories[e.p.Category.ID]; ok {
				be.CategorySlug, be.CategoryName = c.Slug, c.Name
			}
			if !yield(be) {
				return
			}
		}
	}, q)
	res := &shop.BrowseResult{Total: page.Total, Page: q.Page, Limit: q.Limit, Facets: page.Facets,
		Products: make([]*shop.Product, 0, len(page.Entries))}
	for _, be := range page.Entries {
		res.Products = append(res.Products, m.productLocked(ctx, m.products[be.Product.ID]))
	}
	return res, nil
}

// filter is a query made ready for matching: lists as sets of lower-case values.
type filter struct {
	q           shop.BrowseQuery
	categories  map[string]bool // slugs and ids
	sizes       map[string]bool
	colours     map[string]bool
	keyword     string
	hasCategory bool
}

func newFilter(q shop.BrowseQuery) *filter {
	f := &filter{q: q, categories: map[string]bool{}, sizes: lowerSet(q.Sizes), colours: lowerSet(q.Colours),
		keyword: strings.ToLower(q.Keyword), hasCategory: len(q.Categories)+len(q.CategoryIDs) > 0}
	for _, c := range slices.Concat(q.Categories, q.CategoryIDs) {
		f.categories[c] = true
	}
	return f
}

func lowerSet(vs []string) map[string]bool {
	m := make(map[string]bool, len(vs))
	for _, v := range vs {
		m[strings.ToLower(v)] = true
	}
	return m
}

// match records which filters an entry passes. The variant filters (size, colour, stock) are
// kept per variant, since one variant must pass all of them together.
type match struct {
	keyword, category, price bool
	price0                   shop.Paise // the product's lowest price
	sizeName, colourName     string     // the names of its size and colour options, if any
	variants                 []variantMatch
	plain                    bool // a product without variants
	plainStock               bool
}

type variantMatch struct {
	size, colour, stock bool
	sizeValue, colour0  string
}

func (f *filter) examine(e *Entry) match {
	p := e.Product
	m := match{keyword: f.keyword == "" || strings.Contains(e.NameLower, f.keyword) || strings.Contains(e.DescLower, f.keyword)}
	if !m.keyword {
		return m
	}
	m.category = !f.hasCategory || f.categories[e.CategorySlug] || f.categories[p.Category.ID]
	m.price0 = lowestPrice(p)
	m.price = (f.q.MinPrice == nil || m.price0 >= *f.q.MinPrice) && (f.q.MaxPrice == nil || m.price0 <= *f.q.MaxPrice)
	if len(p.Options) == 0 {
		m.plain, m.plainStock = true, !f.q.InStock || p.Quantity > 0
		return m
	}
	m.sizeName, m.colourName = optionNamed(p, shop.SizeOptionNames), optionNamed(p, shop.ColourOptionNames)
	m.variants = make([]variantMatch, len(p.Variants))
	for i, v := range p.Variants {
		vm := &m.variants[i]
		vm.sizeValue, vm.colour0 = v.Options[m.sizeName], v.Options[m.colourName]
		vm.size = len(f.sizes) == 0 || (m.sizeName != "" && f.sizes[strings.ToLower(vm.sizeValue)])
		vm.colour = len(f.colours) == 0 || (m.colourName != "" && f.colours[strings.ToLower(vm.colour0)])
		vm.stock = !f.q.InStock || v.Quantity > 0
	}
	return m
}

// variantsPass reports whether one variant passes the variant filters, leaving out size or
// colour when asked (for their facets). A product without variants passes when no size or
// colour is asked for and its stock is as asked.
func (m *match) variantsPass(f *filter, ignoreSize, ignoreColour bool) bool {
	if m.plain {
		return m.plainStock && (ignoreSize || len(f.sizes) == 0) && (ignoreColour || len(f.colours) == 0)
	}
	for _, v := range m.variants {
		if (ignoreSize || v.size) && (ignoreColour || v.colour) && v.stock {
			return true
		}
	}
	return false
}

// lowestPrice is the lowest price a product sells at: its variants' own prices count.
func lowestPrice(p *shop.Product) shop.Paise {
	if len(p.Variants) == 0 {
		return p.Price
	}
	low := p.Variants[0].PriceOr(p.Price)
	for _, v := range p.Variants[1:] {
		low = min(low, v.PriceOr(p.Price))
	}
	return low
}

// optionNamed answers the name of the product's option called one of names, ignoring case.
func optionNamed(p *shop.Product, names []string) string {
	for _, o := range p.Options {
		if slices.Contains(names, strings.ToLower(o.Name)) {
			return o.Name
		}
	}
	return ""
}

// sortEntries orders matched entries (newest first already) by the query's sort; ties keep
// the newest first.
func sortEntries(es []Entry, sort string) {
	switch sort {
	case shop.BrowsePriceAsc:
		slices.SortStableFunc(es, func(a, b Entry) int { return cmp.Compare(lowestPrice(a.Product), lowestPrice(b.Product)) })
	case shop.BrowsePriceDesc:
		slices.SortStableFunc(es, func(a, b Entry) int { return cmp.Compare(lowestPrice(b.Product), lowestPrice(a.Product)) })
	case shop.BrowseName:
		slices.SortStableFunc(es, func(a, b Entry) int { return strings.Compare(a.NameLower, b.NameLower) })
	}
}

// sizeRank orders sizes as a shopper reads them: letter sizes from small to large, then
// sizes that start with a number (waists, ages) by that number, then the rest by name.
func sizeRank(a, b string) int {
	ga, na := sizeKey(a)
	gb, nb := sizeKey(b)
	return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(na, nb), strings.Compare(strings.ToLower(a), strings.ToLower(b)))
}

var letterSizes = []string{"xxxs", "xxs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "xxxl", "3xl", "4xl", "5xl"}

func sizeKey(s string) (group int, n float64) {
	if i := slices.Index(letterSizes, strings.ToLower(s)); i >= 0 {
		return 0, float64(i)
	}
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.') {
		end++
	}
	if v, err := strconv.ParseFloat(s[:end], 64); err == nil {
		return 1, v
	}
	return 2, 0
}
