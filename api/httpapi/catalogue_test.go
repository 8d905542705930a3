package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// names are the names of a list of products in an answer.
func names(t *testing.T, list any) []string {
	t.Helper()
	var out []string
	for _, p := range list.([]any) {
		p := p.(map[string]any)
		if _, ok := p["category"].(map[string]any)["name"]; !ok {
			t.Fatalf("product without an expanded category: %v", p)
		}
		out = append(out, p["name"].(string))
	}
	return out
}

func TestProductListsAndPaging(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	tees, teesSlug := a.createCategory(admin, "T-Shirts")
	jeans, _ := a.createCategory(admin, "Jeans")
	var created []string // oldest first
	for i := range 14 {
		cat := tees
		if i%2 == 1 {
			cat = jeans
		}
		p := a.createProduct(admin, productFields(cat, fmt.Sprintf("Garment %02d", i)), nil)
		created = append(created, p["name"].(string))
	}
	newest := slices.Clone(created)
	slices.Reverse(newest)

	t.Run("get-product-all", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product"}), 200)
		if got := names(t, m["products"]); !slices.Equal(got, newest) || m["countTotal"] != 14.0 || m["success"] != true || m["message"] == "" {
			t.Fatalf("get-product %v / %v", got, m["countTotal"])
		}
		if _, paged := m["total"]; paged {
			t.Fatalf("an unpaged get-product answers a total: %v", m["total"])
		}
	})
	t.Run("get-product-paged", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product?page=2&limit=5"}), 200)
		if got := names(t, m["products"]); !slices.Equal(got, newest[5:10]) || m["countTotal"] != 14.0 || m["total"] != 14.0 {
			t.Fatalf("page 2 of 5: %v, countTotal %v, total %v", got, m["countTotal"], m["total"])
		}
		for _, q := range []string{"page=0", "page=x", "limit=0", "limit=101", "limit=abc"} {
			expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product?" + q}), 400)
		}
	})
	t.Run("product-count", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-count"}), 200)
		if m["success"] != true || m["total"] != 14.0 {
			t.Fatalf("count %v", m)
		}
	})
	t.Run("product-list-disjoint-complete", func(t *testing.T) {
		var all []string
		for page, want := range map[int]int{1: 6, 2: 6, 3: 2, 4: 0} {
			m := expect(t, a.do(request{method: "GET", path: fmt.Sprintf("/api/v1/product/product-list/%d", page)}), 200)
			got := names(t, m["products"])
			if len(got) != want || m["success"] != true {
				t.Fatalf("page %d has %d products, want %d", page, len(got), want)
			}
			if page < 4 && !slices.Equal(got, newest[(page-1)*6:min(14, page*6)]) {
				t.Fatalf("page %d: %v", page, got)
			}
			all = append(all, got...)
		}
		slices.Sort(all)
		if !slices.Equal(all, created) {
			t.Fatalf("pages together: %v", all)
		}
		for _, bad := range []string{"0", "-1", "abc", "1.5"} {
			expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-list/" + bad}), 400)
		}
	})
	t.Run("get-product-by-slug", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/garment-03"}), 200)
		p := m["product"].(map[string]any)
		if p["name"] != "Garment 03" || p["category"].(map[string]any)["name"] != "Jeans" || m["success"] != true {
			t.Fatalf("by slug %v", m)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/no-such-thing"}), 404)
		// A product's id finds it too, in either case (a cart kept from before a rename asks so).
		id := p["_id"].(string)
		for _, byID := range []string{id, strings.ToUpper(id)} {
			m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/" + byID}), 200)
			if got := m["product"].(map[string]any); got["_id"] != id || got["slug"] != "garment-03" {
				t.Fatalf("by id %s: %v", byID, m)
			}
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/" + strings.Repeat("a", 24)}), 404)
	})
	t.Run("product-category", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/" + teesSlug}), 200)
		got := names(t, m["products"])
		want := []string{"Garment 12", "Garment 10", "Garment 08", "Garment 06", "Garment 04", "Garment 02", "Garment 00"}
		if !slices.Equal(got, want) || m["category"].(map[string]any)["_id"] != tees || m["success"] != true {
			t.Fatalf("category products %v", got)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/socks"}), 404)
	})
	t.Run("related-product", func(t *testing.T) {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/garment-12"}), 200)
		pid := m["product"].(map[string]any)["_id"].(string)
		m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/related-product/" + pid + "/" + tees}), 200)
		if got := names(t, m["products"]); !slices.Equal(got, []string{"Garment 10", "Garment 08", "Garment 06"}) || m["success"] != true {
			t.Fatalf("related %v", got)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/related-product/x/" + tees}), 400)
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/related-product/" + pid + "/y"}), 400)
		expect(t, a.do(request{method: "GET", path: "/api/v1/product/related-product/" + pid + "/0123456789abcdef01234567"}), 404)
		m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/related-product/0123456789abcdef01234567/" + tees}), 404)
		if m["message"] != "Product not found." {
			t.Fatalf("related to an unknown product: %v", m)
		}
	})
}

func TestSearchIsLiteralAndCaseInsensitive(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	for _, p := range []struct{ name, desc string }{
		{"Linen SHIRT", "Breezy linen for hot days, with a relaxed fit and a soft collar."},
		{"Oxford Shirt (White)", "A crisp cotton oxford with a button-down collar for office days."},
		{"Star Tee", "Printed with the pattern .* all over, a joke for programmers."},
		{"Range Tee", "Graphic of the character class [a-z] across the chest."},
		{"Plain Tee", "Nothing special about this one: cotton, crew neck, everyday wear."},
	} {
		f := productFields(cat, p.name)
		f["description"] = p.desc
		a.createProduct(admin, f, nil)
	}
	search := func(keyword string) []string {
		t.Helper()
		rec := a.do(request{method: "GET", path: "/api/v1/product/search/" + url.PathEscape(keyword)})
		expect(t, rec, 200)
		if !strings.HasPrefix(strings.TrimSpace(rec.Body.String()), "[") {
			t.Fatalf("search answer is not a bare array: %s", rec.Body.String())
		}
		var list []any
		if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil {
			t.Fatal(err)
		}
		got := names(t, list)
		slices.Sort(got)
		return got
	}
	for _, tt := range []struct {
		keyword string
		want    []string
	}{
		{".*", []string{"Star Tee"}},
		{"(", []string{"Oxford Shirt (White)"}},
		{"[a-", []string{"Range Tee"}},
		{"sHiRt", []string{"Linen SHIRT", "Oxford Shirt (White)"}},
		{"COLLAR", []string{"Linen SHIRT", "Oxford Shirt (White)"}},
		{"a/b", nil},
		{"^Plain", nil},
		{"tee", []string{"Plain Tee", "Range Tee", "Star Tee"}},
	} {
		t.Run(tt.keyword, func(t *testing.T) {
			if got := search(tt.keyword); !slices.Equal(got, tt.want) {
				t.Fatalf("search %q = %v, want %v", tt.keyword, got, tt.want)
			}
		})
	}
	for _, path := range []string{"/api/v1/product/search", "/api/v1/product/search/"} {
		rec := a.do(request{method: "GET", path: path})
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != "[]" {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body.String())
		}
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/search/" + strings.Repeat("a", 101)}), 400)
	if got := search(strings.Repeat("a", 100)); len(got) != 0 {
		t.Fatalf("100 a's matched %v", got)
	}
}

// TestReadModelNeverStale checks that every write answers only after the read model has it.
func TestReadModelNeverStale(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Hoodies")
	p := a.createProduct(admin, productFields(cat, "Grey Hoodie"), nil)
	id := p["_id"].(string)

	f := productFields(cat, "Grey Hoodie")
	f["quantity"] = "3"
	expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin, f, nil), 200)
	m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/grey-hoodie"}), 200)
	if q := m["product"].(map[string]any)["quantity"]; q != 3.0 {
		t.Fatalf("quantity after update = %v", q)
	}

	expect(t, a.do(request{method: "PUT", path: "/api/v1/category/update-category/" + cat, token: admin,
		body: map[string]string{"name": "Sweatshirts"}}), 200)
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/grey-hoodie"}), 200)
	if c := m["product"].(map[string]any)["category"].(map[string]any); c["name"] != "Sweatshirts" || c["slug"] != "sweatshirts" {
		t.Fatalf("category after rename = %v", c)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/sweatshirts"}), 200)

	// A checkout changes stock in the store and then names the product it changed.
	oid, _ := bson.ObjectIDFromHex(id)
	if _, err := a.db.Database().Collection("products").UpdateByID(context.Background(), oid,
		bson.M{"$inc": bson.M{"quantity": -2}}); err != nil {
		t.Fatal(err)
	}
	if err := a.catalogue.Changed(t.Context(), shop.CatalogueChange{Products: []string{id}}); err != nil {
		t.Fatal(err)
	}
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/grey-hoodie"}), 200)
	if q := m["product"].(map[string]any)["quantity"]; q != 1.0 {
		t.Fatalf("quantity after checkout = %v", q)
	}

	// Answers are copies: changing one does not change the model.
	ps, _, _ := a.products.Products(t.Context(), 1, 0)
	ps[0].Name = "Changed"
	ps[0].Category.Name = "Changed"
	if got, _ := a.products.ProductBySlug(t.Context(), "grey-hoodie"); got.Name != "Grey Hoodie" || got.Category.Name != "Sweatshirts" {
		t.Fatalf("model changed through an answer: %+v", got)
	}

	expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + id, token: admin}), 200)
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-count"}), 200)
	if m["total"] != 0.0 {
		t.Fatalf("count after delete = %v", m["total"])
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/grey-hoodie"}), http.StatusNotFound)
}

// TestCatalogueAnswersCarryAMessage: every catalogue read that answers a JSON object answers
// {success: true, message, ...} (DESIGN §5: only search, the order lists, the auth checks and
// the photo answer otherwise).
func TestCatalogueAnswersCarryAMessage(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, slug := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, productFields(cat, "Oxford Shirt"), nil)
	a.createProduct(admin, productFields(cat, "Linen Shirt"), nil)
	for name, path := range map[string]string{
		"single-category":  "/api/v1/category/single-category/" + slug,
		"get-category":     "/api/v1/category/get-category",
		"get-product":      "/api/v1/product/get-product",
		"get-product-slug": "/api/v1/product/get-product/oxford-shirt",
		"product-count":    "/api/v1/product/product-count",
		"product-list":     "/api/v1/product/product-list/1",
		"product-category": "/api/v1/product/product-category/" + slug,
		"related-product":  "/api/v1/product/related-product/" + p["_id"].(string) + "/" + cat,
		"browse":           "/api/v1/product/browse",
	} {
		t.Run(name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "GET", path: path}), http.StatusOK)
			if msg, _ := m["message"].(string); m["success"] != true || msg == "" {
				t.Fatalf("%s answered success %v, message %q", path, m["success"], m["message"])
			}
		})
	}
}
