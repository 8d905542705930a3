package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// browseShop is a small shop made through the API: shirts in sizes and colours, jeans in
// waist sizes, and a scarf sold as one thing.
type browseShop struct {
	*app
	shirts, jeans string // category ids
}

func newBrowseShop(t *testing.T) *browseShop {
	a := newApp(t)
	admin := a.signUpAdmin()
	b := &browseShop{app: a}
	b.shirts, _ = a.createCategory(admin, "Shirts")
	b.jeans, _ = a.createCategory(admin, "Jeans")
	sized := func(cat, name, price string, options []any, variants ...map[string]any) {
		id := a.createProduct(admin, withField(productFields(cat, name), "price", price), nil)["_id"].(string)
		vs := make([]any, len(variants))
		for i, v := range variants {
			v["sku"] = fmt.Sprintf("%s-%d", name, i)
			vs[i] = v
		}
		expect(t, a.setVariants(admin, id, map[string]any{"options": options, "variants": vs}), http.StatusOK)
	}
	sizeColour := []any{map[string]any{"name": "Size", "values": []string{"S", "M", "L"}},
		map[string]any{"name": "Colour", "values": []string{"Navy", "White"}}}
	combo := func(size, colour string, q int) map[string]any {
		return map[string]any{"options": map[string]string{"Size": size, "Colour": colour}, "quantity": q}
	}
	sized(b.shirts, "Oxford Shirt", "999", sizeColour, combo("M", "Navy", 0), combo("L", "Navy", 2))
	sized(b.jeans, "Slim Jeans", "2499", []any{map[string]any{"name": "Size", "values": []string{"30", "32"}}},
		map[string]any{"options": map[string]string{"Size": "30"}, "quantity": 4},
		map[string]any{"options": map[string]string{"Size": "32"}, "quantity": 0})
	a.createProduct(admin, withField(productFields(b.shirts, "Silk Scarf"), "price", "299"), nil)
	sized(b.shirts, "Linen Shirt", "1499", sizeColour, combo("S", "White", 1), combo("M", "Navy", 3),
		map[string]any{"options": map[string]string{"Size": "L", "Colour": "White"}, "quantity": 5, "price": 1599})
	return b
}

func (b *browseShop) browse(query string, status int) map[string]any {
	b.t.Helper()
	return expect(b.t, b.do(request{method: "GET", path: "/api/v1/product/browse" + query}), status)
}

func productNames(t *testing.T, m map[string]any) string {
	t.Helper()
	var out []string
	for _, p := range m["products"].([]any) {
		out = append(out, p.(map[string]any)["name"].(string))
	}
	return strings.Join(out, ", ")
}

func TestBrowse(t *testing.T) {
	b := newBrowseShop(t)
	m := b.browse("", 200)
	if m["success"] != true || m["total"] != 4.0 || m["page"] != 1.0 || m["limit"] != 12.0 ||
		productNames(t, m) != "Linen Shirt, Silk Scarf, Slim Jeans, Oxford Shirt" {
		t.Fatalf("answer %v", m)
	}
	for _, k := range []string{"success", "total", "page", "limit", "products", "facets"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("answer lacks %s: %v", k, m)
		}
	}
	first := m["products"].([]any)[0].(map[string]any)
	if first["category"].(map[string]any)["slug"] != "shirts" || first["quantity"] != 9.0 || len(first["variants"].([]any)) != 3 {
		t.Fatalf("a browsed product answers %v", first)
	}
	facets := m["facets"].(map[string]any)
	if fmt.Sprint(facets["category"]) != "[map[count:1 name:Jeans slug:jeans] map[count:3 name:Shirts slug:shirts]]" ||
		fmt.Sprint(facets["size"]) != "[map[count:1 value:S] map[count:2 value:M] map[count:2 value:L] map[count:1 value:30] map[count:1 value:32]]" ||
		fmt.Sprint(facets["colour"]) != "[map[count:2 value:Navy] map[count:1 value:White]]" ||
		fmt.Sprint(facets["price"]) != "map[max:2499 min:299]" {
		t.Fatalf("facets %v", facets)
	}

	tests := []struct {
		name, query, want string
		total             float64
	}{
		{"category", "?category=jeans", "Slim Jeans", 1},
		{"size-and-colour", "?size=M&colour=Navy", "Linen Shirt, Oxford Shirt", 2},
		{"size-in-stock", "?size=M&inStock=true", "Linen Shirt", 1},
		{"two-sizes", "?size=S,30", "Linen Shirt, Slim Jeans", 2},
		{"price-range", "?minPrice=299&maxPrice=999.5", "Silk Scarf, Oxford Shirt", 2},
		{"keyword", "?q=SHIRT", "Linen Shirt, Oxford Shirt", 2},
		{"price-asc", "?sort=price-asc", "Silk Scarf, Oxford Shirt, Linen Shirt, Slim Jeans", 4},
		{"name", "?sort=name&category=shirts", "Linen Shirt, Oxford Shirt, Silk Scarf", 3},
		{"page-2", "?limit=3&page=2", "Oxford Shirt", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := b.browse(tt.query, 200)
			if got := productNames(t, m); got != tt.want || m["total"] != tt.total {
				t.Fatalf("%s: %q (total %v), want %q (total %v)", tt.query, got, m["total"], tt.want, tt.total)
			}
		})
	}
	t.Run("matched-price", func(t *testing.T) {
		// Linen Shirt sells at 1499, its L in White at 1599: a shopper asking for L is shown
		// 1599; without a filter, or for a size at the product's price, no other price shows.
		matched := func(query, name string) any {
			t.Helper()
			for _, p := range b.browse(query, 200)["products"].([]any) {
				if p := p.(map[string]any); p["name"] == name {
					return p["matchedPrice"]
				}
			}
			t.Fatalf("%s: no %s", query, name)
			return nil
		}
		if got := matched("?size=L&category=shirts", "Linen Shirt"); got != 1599.0 {
			t.Errorf("size L: matchedPrice %v, want 1599", got)
		}
		if got := matched("?minPrice=1550", "Linen Shirt"); got != 1599.0 {
			t.Errorf("from 1550: matchedPrice %v, want 1599", got)
		}
		for _, query := range []string{"", "?size=M", "?sort=price-asc"} {
			if got := matched(query, "Linen Shirt"); got != nil {
				t.Errorf("%q: matchedPrice %v, want none (the product's own price)", query, got)
			}
		}
		if got := matched("", "Silk Scarf"); got != nil {
			t.Errorf("a product without sizes: matchedPrice %v, want none", got)
		}
	})
	t.Run("facets-leave-out-their-own-filter", func(t *testing.T) {
		f := b.browse("?size=M&category=shirts", 200)["facets"].(map[string]any)
		// Jeans come in no M: a category without a match is left out unless it is chosen.
		if fmt.Sprint(f["size"]) != "[map[count:1 value:S] map[count:2 value:M] map[count:2 value:L]]" ||
			fmt.Sprint(f["category"]) != "[map[count:2 name:Shirts slug:shirts]]" {
			t.Fatalf("facets %v", f)
		}
	})

	bad := []struct{ query, want string }{
		{"?minPrice=cheap", "minPrice"},
		{"?maxPrice=-1", "maxPrice"},
		{"?minPrice=500&maxPrice=100", "minPrice"},
		{"?inStock=maybe", "inStock"},
		{"?sort=cheapest", "sort"},
		{"?page=0", "page"},
		{"?limit=49", "limit"},
		{"?q=" + strings.Repeat("k", 101), "q must be"},
	}
	for _, tt := range bad {
		t.Run("400"+tt.query[:min(len(tt.query), 20)], func(t *testing.T) {
			m := b.browse(tt.query, 400)
			if !strings.HasPrefix(m["message"].(string), tt.want) {
				t.Fatalf("message %q does not name %s", m["message"], tt.want)
			}
		})
	}
}

func TestProductFilters(t *testing.T) {
	b := newBrowseShop(t)
	filter := func(body any, status int) map[string]any {
		t.Helper()
		return expect(t, b.do(request{method: "POST", path: "/api/v1/product/product-filters", body: body}), status)
	}
	m := filter(map[string]any{"checked": []string{b.shirts}, "radio": []float64{0, 1000}}, 200)
	if m["success"] != true || productNames(t, m) != "Silk Scarf, Oxford Shirt" {
		t.Fatalf("answer %v", m)
	}
	if got := productNames(t, filter(map[string]any{"checked": []string{}, "radio": []float64{}}, 200)); got !=
		"Linen Shirt, Silk Scarf, Slim Jeans, Oxford Shirt" {
		t.Fatalf("no filters answer %s", got)
	}
	if got := productNames(t, filter(map[string]any{"checked": []string{b.shirts, b.jeans}}, 200)); got !=
		"Linen Shirt, Silk Scarf, Slim Jeans, Oxford Shirt" {
		t.Fatalf("two categories answer %s", got)
	}
	for _, tt := range []struct {
		name string
		body any
		want string
	}{
		{"bad-id", map[string]any{"checked": []string{"shirts"}}, "checked[0]"},
		{"checked-type", map[string]any{"checked": "shirts"}, "checked"},
		{"radio-one", map[string]any{"radio": []float64{10}}, "radio"},
		{"radio-type", map[string]any{"radio": "cheap"}, "radio"},
		{"not-json", "{", "JSON"},
	} {
		t.Run("400-"+tt.name, func(t *testing.T) {
			if m := filter(tt.body, 400); !strings.Contains(m["message"].(string), tt.want) {
				t.Fatalf("message %q does not mention %s", m["message"], tt.want)
			}
		})
	}
}
