package shop_test

import (
	"fmt"
	"strings"
	"testing"

	"shop"
)

func TestParseBrowseQuery(t *testing.T) {
	q, err := shop.ParseBrowseQuery(map[string][]string{})
	if err != nil || q.Sort != shop.BrowseNewest || q.Page != 1 || q.Limit != 12 || q.InStock || q.MinPrice != nil {
		t.Fatalf("defaults = %+v, %v", q, err)
	}
	q, err = shop.ParseBrowseQuery(map[string][]string{"category": {"shirts, jeans,,shirts"}, "size": {"M", "L"},
		"colour": {"Navy"}, "minPrice": {"499.5"}, "maxPrice": {"2000"}, "inStock": {"true"}, "q": {" linen "},
		"sort": {"price-desc"}, "page": {"3"}, "limit": {"48"}, "unknown": {"x"}})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%v %v %v %d %d %v %q %s %d %d", q.Categories, q.Sizes, q.Colours, *q.MinPrice, *q.MaxPrice,
		q.InStock, q.Keyword, q.Sort, q.Page, q.Limit)
	if got != `[shirts jeans] [M L] [Navy] 49950 200000 true "linen" price-desc 3 48` {
		t.Fatalf("parsed %s", got)
	}

	var many []string
	for i := range 31 {
		many = append(many, fmt.Sprint("colour ", i))
	}
	thirtyOne := strings.Join(many, ",")
	tests := []struct {
		name, param, value, want string
	}{
		{"min-price-text", "minPrice", "cheap", "minPrice must be a number"},
		{"min-price-negative", "minPrice", "-1", "minPrice must be a number"},
		{"max-price-nan", "maxPrice", "NaN", "maxPrice must be a number"},
		{"in-stock", "inStock", "yes", "inStock must be true or false"},
		{"sort", "sort", "cheapest", "sort must be one of: newest, price-asc, price-desc, name"},
		{"page-zero", "page", "0", "page must be a whole number"},
		{"page-text", "page", "two", "page must be a whole number"},
		{"page-beyond", "page", "99999999", "page must be a whole number from 1 to 1000000."},
		{"limit-zero", "limit", "0", "limit must be a whole number from 1 to 48"},
		{"limit-49", "limit", "49", "limit must be a whole number from 1 to 48"},
		{"limit-empty", "limit", "", "limit must be a whole number"},
		{"q-long", "q", strings.Repeat("k", 101), "q must be at most 100"},
		{"size-long-value", "size", strings.Repeat("s", 101), "size holds a value longer"},
		{"colour-too-many", "colour", thirtyOne, "colour may list at most 30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := shop.ParseBrowseQuery(map[string][]string{tt.param: {tt.value}})
			if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tt.want) {
				t.Fatalf("ParseBrowseQuery(%s=%q) = %v, want EINVALID mentioning %q", tt.param, tt.value, err, tt.want)
			}
		})
	}
	_, err = shop.ParseBrowseQuery(map[string][]string{"minPrice": {"500"}, "maxPrice": {"100"}})
	if !strings.Contains(shop.ErrorMessage(err), "minPrice must not be more than maxPrice") {
		t.Fatalf("min over max = %v", err)
	}
}

// A price range takes in no price outside it: its bounds are rounded inward to whole paise,
// and a minimum above the largest price a product may have keeps every product out.
func TestBrowsePriceBoundsRoundInward(t *testing.T) {
	tests := []struct {
		param, value string
		want         shop.Paise
	}{
		{"minPrice", "1299.501", 129951}, {"maxPrice", "1299.499", 129949},
		{"minPrice", "1299.5", 129950}, {"maxPrice", "1299.5", 129950},
		{"minPrice", "0.29", 29}, {"maxPrice", "0.29", 29},
		{"minPrice", "0.001", 1}, {"maxPrice", "0.005", 0},
		{"minPrice", "2000000000", 100000000001}, {"maxPrice", "1e20", 100000000000},
	}
	for _, tt := range tests {
		q, err := shop.ParseBrowseQuery(map[string][]string{tt.param: {tt.value}})
		got := q.MinPrice
		if tt.param == "maxPrice" {
			got = q.MaxPrice
		}
		if err != nil || got == nil || *got != tt.want {
			t.Errorf("%s=%s: %v (%v), want %d paise", tt.param, tt.value, got, err, tt.want)
		}
	}
	// Bounds are compared as given: one price for both is a range, even between two paise.
	q, err := shop.ParseBrowseQuery(map[string][]string{"minPrice": {"1299.501"}, "maxPrice": {"1299.501"}})
	if err != nil || *q.MinPrice != 129951 || *q.MaxPrice != 129950 {
		t.Errorf("minPrice=maxPrice=1299.501: %+v (%v), want the empty range [129951, 129950]", q, err)
	}
	q, err = shop.ProductFilters{Radio: []float64{1299.501, 1299.501}}.Query()
	if err != nil || *q.MinPrice != 129951 || *q.MaxPrice != 129950 {
		t.Errorf("radio [1299.501, 1299.501]: %+v (%v), want the empty range [129951, 129950]", q, err)
	}
}

func TestProductFiltersQuery(t *testing.T) {
	q, err := shop.ProductFilters{Checked: []string{"6B033B51289C7B3E59F05186"}, Radio: []float64{20, 39.5}}.Query()
	if err != nil || len(q.CategoryIDs) != 1 || q.CategoryIDs[0] != "6b033b51289c7b3e59f05186" ||
		*q.MinPrice != 2000 || *q.MaxPrice != 3950 || q.Limit != 0 || q.Sort != shop.BrowseNewest {
		t.Fatalf("query %+v, %v", q, err)
	}
	if q, err := (shop.ProductFilters{}).Query(); err != nil || q.MinPrice != nil || len(q.CategoryIDs) != 0 {
		t.Fatalf("no filters = %+v, %v; want every product", q, err)
	}
	tests := []struct {
		name string
		f    shop.ProductFilters
		want string
	}{
		{"bad-id", shop.ProductFilters{Checked: []string{"6b033b51289c7b3e59f05186", "shirts"}}, "Field checked[1] is not a valid category id"},
		{"one-price", shop.ProductFilters{Radio: []float64{20}}, "Field radio must be [min, max]"},
		{"three-prices", shop.ProductFilters{Radio: []float64{1, 2, 3}}, "Field radio"},
		{"reversed", shop.ProductFilters{Radio: []float64{40, 20}}, "Field radio"},
		{"negative", shop.ProductFilters{Radio: []float64{-1, 20}}, "Field radio"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f.Query()
			if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tt.want) {
				t.Fatalf("Query() = %v, want EINVALID mentioning %q", err, tt.want)
			}
		})
	}
}
