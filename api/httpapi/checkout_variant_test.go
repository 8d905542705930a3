package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
)

// sizedTee creates, through the API, a tee sold in S (2 left) and M (5 left, at its own price
// of 899.50), both in Navy, and answers the product with its variant ids by SKU.
func (a *shopApp) sizedTee(admin, name string) (id string, variants map[string]string) {
	a.t.Helper()
	catID, _ := a.createCategory(admin, name+" shelf")
	id = a.createProduct(admin, productFields(catID, name), nil)["_id"].(string)
	body := map[string]any{
		"options": []any{map[string]any{"name": "Size", "values": []string{"S", "M"}},
			map[string]any{"name": "Colour", "values": []string{"Navy"}}},
		"variants": []any{
			map[string]any{"sku": name + "-S", "options": map[string]string{"Size": "S", "Colour": "Navy"}, "quantity": 2},
			map[string]any{"sku": name + "-M", "options": map[string]string{"Size": "M", "Colour": "Navy"}, "quantity": 5, "price": 899.5},
		},
	}
	p := expect(a.t, a.setVariants(admin, id, body), http.StatusOK)["product"].(map[string]any)
	variants = map[string]string{}
	for sku, v := range variantsOf(a.t, p) {
		variants[strings.TrimPrefix(sku, name+"-")] = v["_id"].(string)
	}
	return id, variants
}

// line is a cart item for a chosen variant, as the client keeps it.
func line(productID, variantID string) map[string]any {
	l := cart(productID)[0]
	if variantID != "" {
		l["variantId"] = variantID
	}
	return l
}

// variantStock answers a product's stock and its variants' as the catalogue answers them.
func (a *shopApp) variantStock(slug string) (total int, bySize map[string]int) {
	a.t.Helper()
	p := expect(a.t, a.do(request{method: "GET", path: "/api/v1/product/get-product/" + slug}), 200)["product"].(map[string]any)
	bySize = map[string]int{}
	for _, v := range p["variants"].([]any) {
		m := v.(map[string]any)
		bySize[m["options"].(map[string]any)["Size"].(string)] = int(m["quantity"].(float64))
	}
	return int(p["quantity"].(float64)), bySize
}

func TestCheckoutOfVariants(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	admin := a.signUpAdmin()
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee, sizes := a.sizedTee(admin, "Crew Tee")
	plain := a.addProduct("Plain Scarf", 250, 4)

	t.Run("201-variant-price-and-snapshot", func(t *testing.T) {
		rec := a.do(request{method: "POST", path: checkoutPath, token: token, body: map[string]any{"nonce": okNonce,
			"cart": []any{line(tee, sizes["M"]), line(tee, sizes["S"]), line(tee, sizes["M"]), line(plain, "")}}})
		m := expect(t, rec, http.StatusCreated)
		var o struct {
			Total    float64 `json:"total"`
			Products []struct {
				ID      string  `json:"_id"`
				Price   float64 `json:"price"`
				Variant *struct {
					ID      string            `json:"_id"`
					SKU     string            `json:"sku"`
					Options map[string]string `json:"options"`
				} `json:"variant"`
			} `json:"products"`
		}
		raw, _ := json.Marshal(m["order"])
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		// M at its own 899.50 twice, S at the product's 799.50, the scarf at 250.
		if o.Total != 2848.5 || len(o.Products) != 4 {
			t.Fatalf("order %s", raw)
		}
		m0, s1, scarf := o.Products[0], o.Products[1], o.Products[3]
		if m0.Price != 899.5 || m0.Variant == nil || m0.Variant.ID != sizes["M"] || m0.Variant.SKU != "Crew Tee-M" ||
			m0.Variant.Options["Size"] != "M" || m0.Variant.Options["Colour"] != "Navy" {
			t.Fatalf("M item %s", raw)
		}
		if s1.Price != 799.5 || s1.Variant == nil || s1.Variant.ID != sizes["S"] || scarf.Variant != nil || scarf.Price != 250 {
			t.Fatalf("items %s", raw)
		}
		if !strings.Contains(rec.Body.String(), `"variant"`) || strings.Count(rec.Body.String(), `"variant"`) != 3 {
			t.Fatalf("a product without variants carries a variant: %s", rec.Body.String())
		}
		total, bySize := a.variantStock("crew-tee")
		if total != 4 || bySize["M"] != 3 || bySize["S"] != 1 || a.stockOf(tee) != 4 || a.stockOf(plain) != 3 {
			t.Fatalf("stock %d %v (stored %d, scarf %d)", total, bySize, a.stockOf(tee), a.stockOf(plain))
		}
		orders := a.orders("/api/v1/auth/orders", token)
		if len(orders) != 1 || orders[0].Products[0].Price != 899.5 {
			t.Fatalf("orders list %+v", orders)
		}
	})

	tests := []struct {
		name   string
		cart   []any
		status int
		want   string
	}{
		{"400-choose-a-size", []any{line(plain, ""), line(tee, "")}, 400, "Choose a size and colour for Crew Tee."},
		{"400-variant-of-a-plain-product", []any{line(plain, sizes["S"])}, 400, "Plain Scarf has no sizes or colours"},
		{"400-malformed-variant", []any{line(tee, "small")}, 400, "cart[0].variantId is not a valid id"},
		{"404-unknown-variant", []any{line(tee, "0123456789abcdef01234567")}, 404, "no longer sold"},
		{"409-short-variant", []any{line(tee, sizes["S"]), line(tee, sizes["S"])}, 409, `"Crew Tee (S, Navy)"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := a.orderCount()
			m := expect(t, a.do(request{method: "POST", path: checkoutPath, token: token,
				body: map[string]any{"nonce": okNonce, "cart": tt.cart}}), tt.status)
			if msg := m["message"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not mention %q", msg, tt.want)
			}
			total, bySize := a.variantStock("crew-tee")
			if a.orderCount() != before || total != 4 || bySize["S"] != 1 || a.stockOf(plain) != 3 {
				t.Fatalf("a refused checkout moved stock or wrote an order: %d %v", total, bySize)
			}
		})
	}
}

// Twenty shoppers race for the five units of one size: exactly five orders, none oversold,
// and the other size untouched.
func TestCheckoutRaceForTheLastUnitsOfASize(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	admin := a.signUpAdmin()
	tee, sizes := a.sizedTee(admin, "Crew Tee")
	tokens := make([]string, 20)
	for i := range tokens {
		tokens[i], _ = a.signUp(fmt.Sprintf("Shopper %d", i), fmt.Sprintf("s%d@shop.test", i))
	}
	statuses := make([]int, len(tokens))
	var wg sync.WaitGroup
	for i, tok := range tokens {
		wg.Go(func() {
			rec := a.do(request{method: "POST", path: checkoutPath, token: tok,
				body: map[string]any{"nonce": okNonce, "cart": []any{line(tee, sizes["M"])}}})
			statuses[i] = rec.Code
		})
	}
	wg.Wait()
	slices.Sort(statuses)
	want := slices.Concat(slices.Repeat([]int{201}, 5), slices.Repeat([]int{409}, 15))
	if !slices.Equal(statuses, want) {
		t.Fatalf("statuses = %v, want five 201 and fifteen 409", statuses)
	}
	total, bySize := a.variantStock("crew-tee")
	if n := a.orderCount(); n != 5 || total != 2 || bySize["M"] != 0 || bySize["S"] != 2 || a.stockOf(tee) != 2 {
		t.Fatalf("%d orders, stock %d %v (stored %d); want 5 orders, M 0, S 2", n, total, bySize, a.stockOf(tee))
	}
}
