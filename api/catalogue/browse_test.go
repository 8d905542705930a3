package catalogue

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"shop"
)

var (
	shirts = shop.CategoryRef{ID: "c1", Name: "Shirts", Slug: "shirts"}
	jeans  = shop.CategoryRef{ID: "c2", Name: "Jeans", Slug: "jeans"}
	kids   = shop.CategoryRef{ID: "c3", Name: "Kids", Slug: "kids"}
)

func paise(rupees int) *shop.Paise { p := shop.Paise(rupees * 100); return &p }

// v is a variant "Size/Colour" with its stock and an optional own price in rupees.
func v(combo string, quantity int, price ...int) shop.Variant {
	size, colour, _ := strings.Cut(combo, "/")
	opts := map[string]string{"Size": size}
	if colour != "" {
		opts["Colour"] = colour
	}
	out := shop.Variant{ID: combo, SKU: combo, Options: opts, Quantity: quantity}
	if len(price) > 0 {
		out.Price = paise(price[0])
	}
	return out
}

func product(name string, cat shop.CategoryRef, price int, variants ...shop.Variant) *shop.Product {
	p := &shop.Product{ID: name, Name: name, Description: "About the " + strings.ToLower(name) + ".",
		Price: shop.Paise(price * 100), Category: cat, Variants: variants}
	if len(variants) > 0 {
		p.Options = []shop.Option{{Name: "Size"}}
		if _, has := variants[0].Options["Colour"]; has {
			p.Options = append(p.Options, shop.Option{Name: "Colour"})
		}
		p.Quantity = shop.VariantStock(variants)
	}
	return p
}

// testCatalogue is a small shop, newest first.
func testCatalogue() []Entry {
	plain := product("Plain Scarf", shirts, 299)
	plain.Quantity = 0
	ps := []*shop.Product{
		product("Linen Shirt", shirts, 1499, v("S/Navy", 0), v("M/Navy", 2, 1599), v("L/White", 3)),
		product("Kids Tee", kids, 499, v("4-5Y", 5), v("6-7Y", 1)),
		product("Slim Jeans", jeans, 2499, v("30/Black", 4), v("32/Indigo", 0), v("34/Indigo", 2)),
		plain,
		product("Oxford Shirt", shirts, 999, v("M/Blue", 0), v("L/Blue", 1)),
		product("Wool Socks", kids, 150),
	}
	ps[5].Quantity = 8
	out := make([]Entry, len(ps))
	for i, p := range ps {
		p.CreatedAt = time.Date(2026, 1, 30-i, 0, 0, 0, 0, time.UTC)
		out[i] = entryOf(p)
	}
	return out
}

// each yields the entries in turn.
func each(es []Entry) func(yield func(*Entry) bool) {
	return func(yield func(*Entry) bool) {
		for i := range es {
			if !yield(&es[i]) {
				return
			}
		}
	}
}

func browse(q shop.BrowseQuery) Page { return Browse(each(testCatalogue()), q) }

func names(ps []*shop.Product) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return strings.Join(out, ", ")
}

func TestBrowseFiltersAndSorts(t *testing.T) {
	all := shop.BrowseQuery{Sort: shop.BrowseNewest, Page: 1, Limit: 12}
	with := func(change func(*shop.BrowseQuery)) shop.BrowseQuery { q := all; change(&q); return q }
	tests := []struct {
		name  string
		q     shop.BrowseQuery
		want  string
		total int
	}{
		{"everything-newest", all, "Linen Shirt, Kids Tee, Slim Jeans, Plain Scarf, Oxford Shirt, Wool Socks", 6},
		{"category", with(func(q *shop.BrowseQuery) { q.Categories = []string{"shirts"} }), "Linen Shirt, Plain Scarf, Oxford Shirt", 3},
		{"two-categories", with(func(q *shop.BrowseQuery) { q.Categories = []string{"jeans", "kids"} }), "Kids Tee, Slim Jeans, Wool Socks", 3},
		{"category-ids", with(func(q *shop.BrowseQuery) { q.CategoryIDs = []string{"c2"} }), "Slim Jeans", 1},
		{"unknown-category", with(func(q *shop.BrowseQuery) { q.Categories = []string{"hats"} }), "", 0},
		{"size-any-stock", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"S"} }), "Linen Shirt", 1},
		{"size-ignores-case", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"m"} }), "Linen Shirt, Oxford Shirt", 2},
		{"size-in-stock", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"M"}; q.InStock = true }), "Linen Shirt", 1},
		{"two-sizes", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"30", "6-7Y"} }), "Kids Tee, Slim Jeans", 2},
		{"colour", with(func(q *shop.BrowseQuery) { q.Colours = []string{"Indigo"} }), "Slim Jeans", 1},
		{"size-and-colour-on-one-variant", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"30"}; q.Colours = []string{"Indigo"} }), "", 0},
		{"size-and-colour", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"34"}; q.Colours = []string{"Indigo"} }), "Slim Jeans", 1},
		{"size-colour-in-stock", with(func(q *shop.BrowseQuery) {
			q.Sizes = []string{"S", "L"}
			q.Colours = []string{"Navy"}
			q.InStock = true
		}), "", 0},
		{"in-stock", with(func(q *shop.BrowseQuery) { q.InStock = true }), "Linen Shirt, Kids Tee, Slim Jeans, Oxford Shirt, Wool Socks", 5},
		{"min-price", with(func(q *shop.BrowseQuery) { q.MinPrice = paise(1000) }), "Linen Shirt, Slim Jeans", 2},
		{"price-range", with(func(q *shop.BrowseQuery) { q.MinPrice = paise(299); q.MaxPrice = paise(999) }), "Kids Tee, Plain Scarf, Oxford Shirt", 3},
		{"a-variant-in-the-price-range-is-enough", with(func(q *shop.BrowseQuery) { q.MinPrice = paise(1500) }), "Linen Shirt, Slim Jeans", 2},
		{"price-of-the-chosen-size", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"M"}; q.MaxPrice = paise(1500) }), "Oxford Shirt", 1},
		{"price-of-the-chosen-size-sorts", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"M", "L"}; q.Sort = shop.BrowsePriceDesc }), "Linen Shirt, Oxford Shirt", 2},
		{"keyword-in-name", with(func(q *shop.BrowseQuery) { q.Keyword = "SHIRT" }), "Linen Shirt, Oxford Shirt", 2},
		{"keyword-in-description", with(func(q *shop.BrowseQuery) { q.Keyword = "the wool" }), "Wool Socks", 1},
		{"keyword-literal", with(func(q *shop.BrowseQuery) { q.Keyword = "s.*" }), "", 0},
		{"price-asc", with(func(q *shop.BrowseQuery) { q.Sort = shop.BrowsePriceAsc }), "Wool Socks, Plain Scarf, Kids Tee, Oxford Shirt, Linen Shirt, Slim Jeans", 6},
		{"price-desc", with(func(q *shop.BrowseQuery) { q.Sort = shop.BrowsePriceDesc }), "Slim Jeans, Linen Shirt, Oxford Shirt, Kids Tee, Plain Scarf, Wool Socks", 6},
		{"name", with(func(q *shop.BrowseQuery) { q.Sort = shop.BrowseName }), "Kids Tee, Linen Shirt, Oxford Shirt, Plain Scarf, Slim Jeans, Wool Socks", 6},
		{"page-2", with(func(q *shop.BrowseQuery) { q.Limit = 4; q.Page = 2 }), "Oxford Shirt, Wool Socks", 6},
		{"page-past-the-end", with(func(q *shop.BrowseQuery) { q.Limit = 4; q.Page = 3 }), "", 6},
		{"no-limit", with(func(q *shop.BrowseQuery) { q.Limit = 0; q.Categories = []string{"kids"} }), "Kids Tee, Wool Socks", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := browse(tt.q)
			if got := names(res.Products); got != tt.want || res.Total != tt.total {
				t.Fatalf("Browse = %q (total %d), want %q (total %d)", got, res.Total, tt.want, tt.total)
			}
		})
	}
}

func facetString(f shop.Facets) string {
	var b strings.Builder
	for _, c := range f.Category {
		fmt.Fprintf(&b, "%s:%d ", c.Slug, c.Count)
	}
	b.WriteString("| ")
	for _, s := range f.Size {
		fmt.Fprintf(&b, "%s:%d ", s.Value, s.Count)
	}
	b.WriteString("| ")
	for _, c := range f.Colour {
		fmt.Fprintf(&b, "%s:%d ", c.Value, c.Count)
	}
	fmt.Fprintf(&b, "| %v-%v", f.Price.Min, f.Price.Max)
	return b.String()
}

// Each facet applies every filter but its own.
func TestBrowseFacets(t *testing.T) {
	all := shop.BrowseQuery{Sort: shop.BrowseNewest, Page: 1, Limit: 12}
	with := func(change func(*shop.BrowseQuery)) shop.BrowseQuery { q := all; change(&q); return q }
	tests := []struct {
		name string
		q    shop.BrowseQuery
		want string
	}{
		{"no-filter", all,
			"jeans:1 kids:2 shirts:3 | S:1 M:2 L:2 4-5Y:1 6-7Y:1 30:1 32:1 34:1 | Black:1 Blue:1 Indigo:1 Navy:1 White:1 | 15000-249900"},
		{"size-m-keeps-other-sizes", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"M"} }),
			"shirts:2 | S:1 M:2 L:2 4-5Y:1 6-7Y:1 30:1 32:1 34:1 | Blue:1 Navy:1 | 99900-159900"},
		{"price-counts-the-chosen-sizes-prices", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"M"}; q.MinPrice = paise(1500) }),
			"shirts:1 | M:1 30:1 32:1 34:1 | Navy:1 | 99900-159900"},
		{"in-stock-counts-only-stocked-variants", with(func(q *shop.BrowseQuery) { q.InStock = true }),
			"jeans:1 kids:2 shirts:2 | M:1 L:2 4-5Y:1 6-7Y:1 30:1 34:1 | Black:1 Blue:1 Indigo:1 Navy:1 White:1 | 15000-249900"},
		{"category-keeps-other-categories", with(func(q *shop.BrowseQuery) { q.Categories = []string{"kids"} }),
			"jeans:1 kids:2 shirts:3 | 4-5Y:1 6-7Y:1 | | 15000-49900"},
		{"colour-narrows-sizes", with(func(q *shop.BrowseQuery) { q.Colours = []string{"Indigo"} }),
			"jeans:1 | 32:1 34:1 | Black:1 Blue:1 Indigo:1 Navy:1 White:1 | 249900-249900"},
		{"price-keeps-the-range", with(func(q *shop.BrowseQuery) { q.MaxPrice = paise(500) }),
			"kids:2 shirts:1 | 4-5Y:1 6-7Y:1 | | 15000-249900"},
		{"chosen-value-without-products-stays", with(func(q *shop.BrowseQuery) { q.Sizes = []string{"XXL"}; q.Categories = []string{"jeans"} }),
			"jeans:0 | XXL:0 30:1 32:1 34:1 | | 0-0"},
		{"keyword-applies-to-every-facet", with(func(q *shop.BrowseQuery) { q.Keyword = "jeans" }),
			"jeans:1 | 30:1 32:1 34:1 | Black:1 Indigo:1 | 249900-249900"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := facetString(browse(tt.q).Facets); got != tt.want {
				t.Fatalf("facets\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestSizeOrder(t *testing.T) {
	sizes := []string{"XL", "10-11Y", "S", "One size", "32", "2-3Y", "XS", "30", "M", "3XL"}
	slices.SortFunc(sizes, sizeRank)
	if got := strings.Join(sizes, " "); got != "XS S M XL 3XL 2-3Y 10-11Y 30 32 One size" {
		t.Fatalf("sizes ordered %s", got)
	}
}

// benchCatalogue is 10,000 products of 8 variants, as the bench catalogue.
func benchCatalogue() []Entry {
	cats := []shop.CategoryRef{shirts, jeans, kids}
	colours := []string{"Navy", "Black", "White", "Olive"}
	out := make([]Entry, 10000)
	for i := range out {
		var vs []shop.Variant
		for k := range 8 {
			vs = append(vs, v(fmt.Sprintf("%s/%s", []string{"S", "M", "L", "XL"}[k%4], colours[(i+k/4)%4]), (i+k)%5))
		}
		p := product(fmt.Sprintf("Garment %d", i), cats[i%3], 300+i%2000, vs...)
		out[i] = entryOf(p)
	}
	return out
}

func BenchmarkBrowse(b *testing.B) {
	entries := benchCatalogue()
	q := shop.BrowseQuery{Sizes: []string{"M"}, Colours: []string{"Navy"}, Sort: shop.BrowsePriceAsc, Page: 2, Limit: 12}
	b.ReportAllocs()
	for b.Loop() {
		if page := Browse(each(entries), q); page.Total == 0 {
			b.Fatal("nothing found")
		}
	}
}

func entryOf(p *shop.Product) Entry {
	return Entry{Product: p, CategorySlug: p.Category.Slug, CategoryName: p.Category.Name,
		NameLower: strings.ToLower(p.Name), DescLower: strings.ToLower(p.Description), NameSort: sortName(p.Name), Facts: FactsOf(p)}
}

// TestSortTiesKeepNewestFirst: products that sort alike (one price, one name) stay newest
// first, whatever the sort, among enough of them that a sort's order of work would show.
func TestSortTiesKeepNewestFirst(t *testing.T) {
	var es []Entry
	for i := range 300 {
		p := product(fmt.Sprintf("Tee %03d", i), shirts, 100+i%3)
		p.Name, p.Quantity = "Tee", 1
		p.CreatedAt = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(-time.Duration(i) * time.Minute)
		es = append(es, entryOf(p))
	}
	for _, sort := range []string{shop.BrowsePriceAsc, shop.BrowsePriceDesc, shop.BrowseName} {
		page := Browse(each(es), shop.BrowseQuery{Sort: sort})
		for i := 1; i < len(page.Products); i++ {
			a, b := page.Products[i-1], page.Products[i]
			if a.Price == b.Price && !a.CreatedAt.After(b.CreatedAt) {
				t.Fatalf("%s: %s before %s at one price", sort, a.ID, b.ID)
			}
		}
	}
}

// A product is priced, in the filter, the sort and the price facet, at what the variants that
// pass the other filters sell at: a size sold out at a lower price is not its price for a
// shopper who asks for stock.
func TestBrowsePricesTheVariantsThatPass(t *testing.T) {
	cheapSoldOut := product("Party Dress", shirts, 900, v("S", 0, 100), v("M", 5))
	entries := []Entry{entryOf(cheapSoldOut)}
	q := func(change func(*shop.BrowseQuery)) Page {
		query := shop.BrowseQuery{Sort: shop.BrowseNewest, Page: 1, Limit: 12}
		change(&query)
		return Browse(each(entries), query)
	}
	if got := q(func(q *shop.BrowseQuery) { q.InStock = true; q.MaxPrice = paise(500) }); got.Total != 0 {
		t.Errorf("in stock under 500: %q; want none (only the sold-out S costs 100)", names(got.Products))
	}
	if got := q(func(q *shop.BrowseQuery) { q.InStock = true }).Facets.Price; got != (shop.PriceRange{Min: 90000, Max: 90000}) {
		t.Errorf("price facet in stock = %v; want 90000-90000", got)
	}
	if got := q(func(q *shop.BrowseQuery) { q.MaxPrice = paise(500) }); got.Total != 1 {
		t.Errorf("under 500, stock or not: total %d; want the dress (its S costs 100)", got.Total)
	}
	if got := q(func(*shop.BrowseQuery) {}).Facets.Price; got != (shop.PriceRange{Min: 10000, Max: 10000}) {
		t.Errorf("price facet = %v; want 10000-10000 (the dress from 100)", got)
	}
}

// Accented names sort among their letters ("Ça va Tee" among the Cs), not after Z.
func TestNameSortFoldsAccents(t *testing.T) {
	var es []Entry
	for _, name := range []string{"Zip Hoodie", "Ñandú Poncho", "cotton Tee", "Ça va Tee", "Slim Jeans", "Éclair Scarf"} {
		es = append(es, entryOf(product(name, shirts, 500)))
	}
	page := Browse(each(es), shop.BrowseQuery{Sort: shop.BrowseName})
	var names []string
	for _, p := range page.Products {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ", "); got != "Ça va Tee, cotton Tee, Éclair Scarf, Ñandú Poncho, Slim Jeans, Zip Hoodie" {
		t.Fatalf("sorted by name: %s", got)
	}
	cats := []string{"T-Shirts", "Ñiños", "Accessories", "Écharpes"}
	slices.SortFunc(cats, compareNames)
	if got := strings.Join(cats, ", "); got != "Accessories, Écharpes, Ñiños, T-Shirts" {
		t.Fatalf("categories by name: %s", got)
	}
}
