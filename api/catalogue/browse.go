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
// name, its name and description in lower case for the keyword, its name as lists sort it
// (sortName), and its facts.
type Entry struct {
	Product      *shop.Product
	CategorySlug string
	CategoryName string
	NameLower    string
	DescLower    string
	NameSort     string
	Facts        Facts
}

// Facts are what browsing reads of a product, taken from it once rather than at every browse:
// the size, colour, price and stock of each variant.
type Facts struct {
	Variants []VariantFacts
}

// VariantFacts are a variant's size and colour (empty when its product has no such option),
// the price it sells at, and its stock.
type VariantFacts struct {
	Size, Colour string
	Price        shop.Paise
	Quantity     int
}

// FactsOf takes the facts of a product.
func FactsOf(p *shop.Product) Facts {
	var f Facts
	if len(p.Options) == 0 {
		return f
	}
	sizeName, colourName := optionNamed(p, shop.SizeOptionNames), optionNamed(p, shop.ColourOptionNames)
	f.Variants = make([]VariantFacts, len(p.Variants))
	for i, v := range p.Variants {
		f.Variants[i] = VariantFacts{Price: v.PriceOr(p.Price), Quantity: v.Quantity}
		if sizeName != "" {
			f.Variants[i].Size = v.Options[sizeName]
		}
		if colourName != "" {
			f.Variants[i].Colour = v.Options[colourName]
		}
	}
	return f
}

// browsedAlikeButStock reports whether browsing matches, sorts and counts the products of
// entries a and b alike when it does not ask for stock: the same price, and the same sizes,
// colours and prices in the same variants. Their names and categories are compared apart.
func browsedAlikeButStock(a, b *entry) bool {
	av, bv := a.facts.Variants, b.facts.Variants
	if a.p.Price != b.p.Price || len(a.p.Options) == 0 != (len(b.p.Options) == 0) || len(av) != len(bv) {
		return false
	}
	for i := range av {
		if av[i].Size != bv[i].Size || av[i].Colour != bv[i].Colour || av[i].Price != bv[i].Price {
			return false
		}
	}
	return true
}

// sameInStock reports whether the same variants of entries a and b (alike but for stock) are
// in stock, or, for products without options, whether both are.
func sameInStock(a, b *entry) bool {
	if len(a.p.Options) == 0 {
		return a.p.Quantity > 0 == (b.p.Quantity > 0)
	}
	for i := range a.facts.Variants {
		if a.facts.Variants[i].Quantity > 0 != (b.facts.Variants[i].Quantity > 0) {
			return false
		}
	}
	return true
}

// Page is what a browse finds: the entries of the page asked for, how many match in all, and
// the facets.
type Page struct {
	Products []*shop.Product // the entries' products, to read only
	// Prices are what each product is sorted by: the lowest price of its variants that
	// match (its own price, without options).
	Prices []shop.Paise
	Total  int
	Facets shop.Facets
}

// Browse answers the page q asks for among entries (given newest first), the number that
// match, and the facets, in one pass over the entries. An entry yielded is read during the
// yield only, so the caller may reuse it.
func Browse(entries iter.Seq[*Entry], q shop.BrowseQuery) Page {
	return findMatches(entries, q).page(q)
}

// matches are the products matching a query's filters, newest first, and its facets: what
// every page and sort of those filters shares.
type matches struct {
	matched []priced
	facets  shop.Facets
}

// findMatches finds the entries q's filters keep, and counts the facets.
func findMatches(entries iter.Seq[*Entry], q shop.BrowseQuery) *matches {
	f := newFilter(q)
	var matched []priced
	facets := newFacetCounter(f)
	for e := range entries {
		m := f.examine(e)
		if !m.keyword {
			continue
		}
		facets.add(e, &m)
		if m.category {
			if price, ok := m.lowestPassing(false, false, false); ok {
				matched = append(matched, priced{e.Product, e.NameSort, price, len(matched)})
			}
		}
	}
	return &matches{matched: slices.Clip(matched), facets: facets.result()}
}

// page sorts the matches as q asks (leaving ms as it is) and answers q's page of them.
func (ms *matches) page(q shop.BrowseQuery) Page {
	sorted := ms.matched
	if q.Sort != "" && q.Sort != shop.BrowseNewest {
		sorted = slices.Clone(ms.matched)
		sortEntries(sorted, q.Sort)
	}
	from, to := 0, min(len(sorted), shop.MaxProductsListed)
	if q.Limit > 0 {
		from = min(len(sorted), (max(q.Page, 1)-1)*q.Limit)
		to = min(len(sorted), from+q.Limit)
	}
	page := Page{Products: make([]*shop.Product, 0, to-from), Prices: make([]shop.Paise, 0, to-from),
		Total: len(sorted), Facets: ms.facets}
	for _, pe := range sorted[from:to] {
		page.Products = append(page.Products, pe.product)
		page.Prices = append(page.Prices, pe.price)
	}
	return page
}

// priced is a matching product with what it is sorted by; rank is its place newest first.
type priced struct {
	product  *shop.Product
	nameSort string
	price    shop.Paise
	rank     int
}

// Browse answers one page of the catalogue under q, with the facets. The matches and the
// facets depend on every product's browse facts, and on which variants are in stock only when
// q asks for stock: a sale that empties no variant makes stale only the cached answers that
// show the product sold (its stock is on the page), and one that empties or refills a variant
// also the ones asking for stock.
func (m *Model) Browse(ctx context.Context, q shop.BrowseQuery) (*shop.BrowseResult, error) {
	noteBrowsed(ctx, q.InStock)
	m.mu.RLock()
	defer m.mu.RUnlock()
	key := filterKey(q)
	ms := m.recent.get(key, m.browseChangedLocked(q.InStock))
	if ms == nil {
		ms = findMatches(func(yield func(*Entry) bool) {
			var be Entry
			for _, e := range m.newest {
				be = Entry{Product: &e.p.Product, NameLower: e.nameLower, DescLower: e.descLower, NameSort: e.nameSort, Facts: e.facts}
				if c, ok := m.categories[e.p.Category.ID]; ok {
					be.CategorySlug, be.CategoryName = c.Slug, c.Name
				}
				if !yield(&be) {
					return
				}
			}
		}, q)
		m.recent.put(key, m.gen, ms)
	}
	page := ms.page(q)
	res := &shop.BrowseResult{Total: page.Total, Page: q.Page, Limit: q.Limit, Facets: page.Facets,
		Products: make([]*shop.Product, 0, len(page.Products)), MatchedPrices: page.Prices}
	for _, p := range page.Products {
		res.Products = append(res.Products, m.productLocked(ctx, m.products[p.ID]))
	}
	return res, nil
}

// filter is a query made ready for matching. It is used by one browse at a time: examine
// reuses its buffer, so matching a product allocates nothing.
type filter struct {
	q           shop.BrowseQuery
	categories  map[string]bool // slugs and ids
	keyword     string
	hasCategory bool
	buf         []variantMatch
}

func newFilter(q shop.BrowseQuery) *filter {
	f := &filter{q: q, categories: map[string]bool{}, keyword: strings.ToLower(q.Keyword),
		hasCategory: len(q.Categories)+len(q.CategoryIDs) > 0}
	for _, c := range slices.Concat(q.Categories, q.CategoryIDs) {
		f.categories[c] = true
	}
	return f
}

// inList reports whether v is one of list, ignoring case.
func inList(list []string, v string) bool {
	for _, x := range list {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

// match records which filters an entry passes. The variant filters (size, colour, stock,
// price) are kept per variant, since one variant must pass all of them together: a shopper
// who asks for M in Navy under ₹1000 wants a product that sells that, not one with an M in
// Sand, a Navy XL, and something else under ₹1000. A product without options is one
// variant, at its own price and stock.
type match struct {
	keyword, category bool
	variants          []variantMatch // valid until the next examine
	plain             bool           // a product without options
}

type variantMatch struct {
	size, colour, stock, inPriceRange bool
	price                             shop.Paise
	sizeValue, colour0                string
}

func (f *filter) examine(e *Entry) match {
	p := e.Product
	m := match{keyword: f.keyword == "" || strings.Contains(e.NameLower, f.keyword) || strings.Contains(e.DescLower, f.keyword)}
	if !m.keyword {
		return m
	}
	m.category = !f.hasCategory || f.categories[e.CategorySlug] || f.categories[p.Category.ID]
	if len(p.Options) == 0 {
		m.plain = true
		f.buf = append(f.buf[:0], variantMatch{size: len(f.q.Sizes) == 0, colour: len(f.q.Colours) == 0,
			stock: !f.q.InStock || p.Quantity > 0, price: p.Price, inPriceRange: f.inPriceRange(p.Price)})
		m.variants = f.buf
		return m
	}
	vs := e.Facts.Variants
	f.buf = slices.Grow(f.buf[:0], len(vs))[:len(vs)]
	m.variants = f.buf
	for i := range vs {
		v, vm := &vs[i], &m.variants[i]
		vm.sizeValue, vm.colour0, vm.price = v.Size, v.Colour, v.Price
		vm.size = len(f.q.Sizes) == 0 || (v.Size != "" && inList(f.q.Sizes, v.Size))
		vm.colour = len(f.q.Colours) == 0 || (v.Colour != "" && inList(f.q.Colours, v.Colour))
		vm.stock = !f.q.InStock || v.Quantity > 0
		vm.inPriceRange = f.inPriceRange(v.Price)
	}
	return m
}

func (f *filter) inPriceRange(price shop.Paise) bool {
	return (f.q.MinPrice == nil || price >= *f.q.MinPrice) && (f.q.MaxPrice == nil || price <= *f.q.MaxPrice)
}

// passes reports whether the variant passes the variant filters, leaving out size, colour or
// price when asked (for their facets).
func (v *variantMatch) passes(ignoreSize, ignoreColour, ignorePrice bool) bool {
	return v.stock && (ignoreSize || v.size) && (ignoreColour || v.colour) && (ignorePrice || v.inPriceRange)
}

// lowestPassing answers the lowest price of the product's variants that pass the variant
// filters (leaving out those asked), and whether any does: the price the product is sorted
// by, and counted at in the price facet.
func (m *match) lowestPassing(ignoreSize, ignoreColour, ignorePrice bool) (shop.Paise, bool) {
	var low shop.Paise
	found := false
	for i := range m.variants {
		if v := &m.variants[i]; v.passes(ignoreSize, ignoreColour, ignorePrice) && (!found || v.price < low) {
			low, found = v.price, true
		}
	}
	return low, found
}

// variantsPass reports whether one variant passes the variant filters, leaving out size or
// colour when asked (for their facets).
func (m *match) variantsPass(ignoreSize, ignoreColour bool) bool {
	for i := range m.variants {
		if m.variants[i].passes(ignoreSize, ignoreColour, false) {
			return true
		}
	}
	return false
}

// optionNamed answers the name of the product's option called one of names, ignoring case.
func optionNamed(p *shop.Product, names []string) string {
	for _, o := range p.Options {
		if inList(names, o.Name) {
			return o.Name
		}
	}
	return ""
}

// sortEntries orders matched entries (newest first already) by the query's sort; ties keep
// the newest first (by rank: an unstable sort with the rank last is much faster than a
// stable one, which moves thousands of entries around).
func sortEntries(es []priced, sort string) {
	switch sort {
	case shop.BrowsePriceAsc:
		slices.SortFunc(es, func(a, b priced) int { return cmp.Or(cmp.Compare(a.price, b.price), cmp.Compare(a.rank, b.rank)) })
	case shop.BrowsePriceDesc:
		slices.SortFunc(es, func(a, b priced) int { return cmp.Or(cmp.Compare(b.price, a.price), cmp.Compare(a.rank, b.rank)) })
	case shop.BrowseName:
		slices.SortFunc(es, func(a, b priced) int {
			return cmp.Or(strings.Compare(a.nameSort, b.nameSort), cmp.Compare(a.rank, b.rank))
		})
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
