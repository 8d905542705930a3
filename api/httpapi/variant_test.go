package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// teeVariants is a valid variants body: sizes S and M in Navy and Sand, three combinations sold.
func teeVariants(prefix string) map[string]any {
	return map[string]any{
		"options": []any{
			map[string]any{"name": "Size", "values": []string{"S", "M"}},
			map[string]any{"name": "Colour", "values": []string{"Navy", "Sand"}},
		},
		"variants": []any{
			map[string]any{"sku": prefix + "-S-NAVY", "options": map[string]string{"Size": "S", "Colour": "Navy"}, "quantity": 2},
			map[string]any{"sku": prefix + "-M-NAVY", "options": map[string]string{"Size": "M", "Colour": "Navy"}, "quantity": 0},
			map[string]any{"sku": prefix + "-M-SAND", "options": map[string]string{"Size": "M", "Colour": "Sand"},
				"quantity": 5, "price": 899.5},
		},
	}
}

// setVariants sends a variants body for product id.
func (a *app) setVariants(token, id string, body any) *httptest.ResponseRecorder {
	a.t.Helper()
	return a.do(request{method: "PUT", path: "/api/v1/product/variants/" + id, token: token, body: body})
}

// variantsOf answers the variants of a product answer, keyed by SKU.
func variantsOf(t *testing.T, p map[string]any) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	list, ok := p["variants"].([]any)
	if !ok {
		t.Fatalf("product has no variants list: %v", p)
	}
	for _, v := range list {
		m := v.(map[string]any)
		out[m["sku"].(string)] = m
	}
	return out
}

func TestSetVariants(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Tees")
	tee := a.createProduct(admin, productFields(catID, "Crew Tee"), nil)
	id := tee["_id"].(string)
	if opts, ok := tee["options"].([]any); !ok || len(opts) != 0 || len(tee["variants"].([]any)) != 0 || tee["quantity"] != 12.0 {
		t.Fatalf("a product without options answers %v", tee)
	}

	var first map[string]map[string]any
	t.Run("200-new-set", func(t *testing.T) {
		m := expect(t, a.setVariants(admin, id, teeVariants("TEE")), http.StatusOK)
		p := m["product"].(map[string]any)
		first = variantsOf(t, p)
		if m["success"] != true || p["quantity"] != 7.0 || len(first) != 3 || len(p["options"].([]any)) != 2 {
			t.Fatalf("answer %v", m)
		}
		sand := first["TEE-M-SAND"]
		if sand["price"] != 899.5 || sand["quantity"] != 5.0 || sand["options"].(map[string]any)["Colour"] != "Sand" ||
			len(sand["_id"].(string)) != 24 {
			t.Fatalf("variant %v", sand)
		}
		if _, has := first["TEE-S-NAVY"]["price"]; has {
			t.Fatalf("a variant without its own price answers one: %v", first["TEE-S-NAVY"])
		}
		bySlug := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/crew-tee"}), 200)["product"].(map[string]any)
		if bySlug["quantity"] != 7.0 || len(variantsOf(t, bySlug)) != 3 {
			t.Fatalf("get-product answers %v", bySlug)
		}
	})

	t.Run("200-ids-kept-new-removed", func(t *testing.T) {
		body := teeVariants("TEE")
		vs := body["variants"].([]any)
		kept := vs[0].(map[string]any)
		kept["_id"] = first["TEE-S-NAVY"]["_id"]
		kept["quantity"] = 4
		body["variants"] = []any{kept, map[string]any{"sku": "TEE-S-SAND", "options": map[string]string{"Size": "S", "Colour": "Sand"}, "quantity": 1}}
		p := expect(t, a.setVariants(admin, id, body), http.StatusOK)["product"].(map[string]any)
		got := variantsOf(t, p)
		if len(got) != 2 || got["TEE-S-NAVY"]["_id"] != first["TEE-S-NAVY"]["_id"] || got["TEE-S-NAVY"]["quantity"] != 4.0 ||
			got["TEE-S-SAND"]["_id"] == first["TEE-M-SAND"]["_id"] || p["quantity"] != 5.0 {
			t.Fatalf("variants after the edit %v", got)
		}
	})

	t.Run("200-form-edit-keeps-variant-stock", func(t *testing.T) {
		m := expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin,
			withField(productFields(catID, "Crew Tee"), "quantity", "99"), nil), http.StatusOK)
		if p := m["product"].(map[string]any); p["quantity"] != 5.0 || len(variantsOf(t, p)) != 2 {
			t.Fatalf("update-product answers %v", p)
		}
	})

	other := a.createProduct(admin, productFields(catID, "Polo"), nil)["_id"].(string)
	t.Run("409-sku-of-another-product", func(t *testing.T) {
		m := expect(t, a.setVariants(admin, other, teeVariants("TEE")), http.StatusConflict)
		if !strings.Contains(m["message"].(string), "SKU TEE-S-NAVY") {
			t.Fatalf("message %v", m["message"])
		}
		p := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/polo"}), 200)["product"].(map[string]any)
		if len(p["variants"].([]any)) != 0 || p["quantity"] != 12.0 {
			t.Fatalf("a refused edit changed the product: %v", p)
		}
	})
	t.Run("200-skus-of-a-refused-edit-stay-free", func(t *testing.T) {
		// The refused edit above sent TEE-M-NAVY after the clashing TEE-S-NAVY: it is free
		// for any product at once, not held until its claim goes stale.
		scarf := a.createProduct(admin, productFields(catID, "Scarf"), nil)["_id"].(string)
		body := map[string]any{"options": []any{map[string]any{"name": "Size", "values": []string{"M"}}},
			"variants": []any{map[string]any{"sku": "TEE-M-NAVY", "options": map[string]string{"Size": "M"}, "quantity": 1}}}
		expect(t, a.setVariants(admin, scarf, body), http.StatusOK)
		expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + scarf, token: admin}), http.StatusOK)
	})
	t.Run("200-sku-freed-by-removal", func(t *testing.T) {
		// TEE-M-SAND was removed from the tee above, and the refused edit claimed nothing.
		body := map[string]any{"options": []any{map[string]any{"name": "Size", "values": []string{"M"}}},
			"variants": []any{map[string]any{"sku": "TEE-M-SAND", "options": map[string]string{"Size": "M"}, "quantity": 3}}}
		expect(t, a.setVariants(admin, other, body), http.StatusOK)
	})
	t.Run("200-sku-freed-by-deletion", func(t *testing.T) {
		expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + id, token: admin}), http.StatusOK)
		third := a.createProduct(admin, productFields(catID, "Henley"), nil)["_id"].(string)
		body := map[string]any{"options": []any{map[string]any{"name": "Size", "values": []string{"S"}}},
			"variants": []any{map[string]any{"sku": "TEE-S-NAVY", "options": map[string]string{"Size": "S"}, "quantity": 1}}}
		expect(t, a.setVariants(admin, third, body), http.StatusOK)
	})
	t.Run("200-cleared", func(t *testing.T) {
		p := expect(t, a.setVariants(admin, other, map[string]any{"options": []any{}, "variants": []any{}}), 200)["product"].(map[string]any)
		if len(p["options"].([]any)) != 0 || len(p["variants"].([]any)) != 0 || p["quantity"] != 3.0 {
			t.Fatalf("cleared product %v", p)
		}
	})
}

func TestSetVariantsRefusals(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	shopper, _ := a.signUp("Asha", "asha@shop.test")
	catID, _ := a.createCategory(admin, "Tees")
	id := a.createProduct(admin, productFields(catID, "Crew Tee"), nil)["_id"].(string)
	edit := func(change func(body map[string]any, vs []map[string]any)) map[string]any {
		body := teeVariants("TEE")
		var vs []map[string]any
		for _, v := range body["variants"].([]any) {
			vs = append(vs, v.(map[string]any))
		}
		change(body, vs)
		return body
	}
	option := func(body map[string]any, i int) map[string]any { return body["options"].([]any)[i].(map[string]any) }
	thirtyOneValues := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
		"17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31"}
	tests := []struct {
		name   string
		token  string
		path   string
		body   any
		status int
		want   string
	}{
		{"401", "", id, teeVariants("A"), 401, "sign in"},
		{"403", shopper, id, teeVariants("A"), 403, "administrators"},
		{"400-id", admin, "nope", teeVariants("A"), 400, "Product id"},
		{"404", admin, "0123456789abcdef01234567", teeVariants("A"), 404, "Product not found"},
		{"400-not-json", admin, id, "{", 400, "not valid JSON"},
		{"400-options-type", admin, id, map[string]any{"options": "Size"}, 400, "Field options must be a list."},
		{"400-options-of-strings", admin, id, map[string]any{"options": []string{"Size"}}, 400, "Field options must be a list of objects."},
		{"400-values-of-numbers", admin, id, map[string]any{"options": []any{map[string]any{"name": "Size", "values": []int{38, 40}}}}, 400, "Field options.values must be a list of strings."},
		{"400-quantity-type", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[0]["quantity"] = 1.5 }), 400, "Field variants.quantity must be a whole number, written in digits."},
		{"400-quantity-exponent", admin, id, `{"options":[{"name":"Size","values":["S"]}],"variants":[{"sku":"X1","options":{"Size":"S"},"quantity":1e12}]}`, 400, "Field variants.quantity must be a whole number, written in digits."},
		{"400-updatedAt-words", admin, id, edit(func(b map[string]any, _ []map[string]any) { b["updatedAt"] = "yesterday" }), 400,
			"Field updatedAt must be a date and time as the shop's answers give it, such as 2025-05-01T09:30:00Z."},
		{"400-updatedAt-date-only", admin, id, edit(func(b map[string]any, _ []map[string]any) { b["updatedAt"] = "2025-05-01" }), 400,
			"Field updatedAt must be a date and time"},
		{"400-updatedAt-number", admin, id, edit(func(b map[string]any, _ []map[string]any) { b["updatedAt"] = 5 }), 400,
			"Field updatedAt must be a date and time"},
		{"400-updatedAt-object", admin, id, edit(func(b map[string]any, _ []map[string]any) { b["updatedAt"] = map[string]any{} }), 400,
			"Field updatedAt must be a date and time"},
		{"400-four-options", admin, id, edit(func(b map[string]any, _ []map[string]any) {
			b["options"] = append(b["options"].([]any), map[string]any{"name": "Fit", "values": []string{"Slim"}},
				map[string]any{"name": "Sleeve", "values": []string{"Long"}})
		}), 400, "at most 3"},
		{"400-31-values", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = thirtyOneValues }), 400, "options[0].values must hold 1 to 30"},
		{"400-option-name", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "" }), 400, "options[1].name is required"},
		{"400-option-name-dollar", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "$where" }), 400, "options[1].name must not begin with $ or contain a dot."},
		{"400-option-name-dot", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "Colour.Tone" }), 400, "options[1].name must not begin with $ or contain a dot."},
		{"400-option-name-proto", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "__proto__" }), 400, "options[1].name __proto__ is reserved"},
		{"400-option-name-constructor", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["name"] = "constructor" }), 400, "options[0].name constructor is reserved"},
		{"400-option-name-nul", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "Colour\x00" }), 400, "options[1].name must be one line"},
		{"400-value-invisible", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = []string{"S", "\u200b"} }), 400, "options[0].values[1] is required."},
		{"400-value-comma", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["values"] = []string{"Black, White", "Sand"} }), 400, "Field options[1].values[0] must not contain a comma."},
		{"400-option-name-comma", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["name"] = "Size,Fit" }), 400, "Field options[0].name must not contain a comma."},
		{"400-value-zero-width", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = []string{"S", "M\u200b"} }), 400, "Field options[0].values[1] must not contain invisible characters"},
		{"400-sku-zero-width", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[1]["sku"] = "TEE\u200b-M-NAVY" }), 400, "Field variants[1].sku must not contain invisible characters"},
		{"400-option-twice", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "SIZE" }), 400, "options[1].name repeats"},
		{"400-value-twice", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = []string{"S", "s"} }), 400, "options[0].values repeats"},
		{"400-value-twice-in-look-alike-letters", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = []string{"S", "M", "\u041c"} }), 400, "options[0].values repeats the value \u041c"},
		{"400-value-mixing-alphabets", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 0)["values"] = []string{"S", "M", "X\u041b"} }), 400, "options[0].values[2] must not mix alphabets"},
		{"400-option-name-mixing-alphabets", admin, id, edit(func(b map[string]any, _ []map[string]any) { option(b, 1)["name"] = "\u0405ize" }), 400, "options[1].name must not mix alphabets"},
		{"400-variants-without-options", admin, id, edit(func(b map[string]any, _ []map[string]any) { b["options"] = []any{} }), 400, "Field variants must be empty"},
		{"400-combination-twice", admin, id, edit(func(_ map[string]any, vs []map[string]any) {
			vs[1]["options"] = map[string]string{"Size": "S", "Colour": "Navy"}
		}), 400, "variants[1].options repeats the combination of variants[0]"},
		{"400-value-not-offered", admin, id, edit(func(_ map[string]any, vs []map[string]any) {
			vs[1]["options"] = map[string]string{"Size": "XL", "Colour": "Navy"}
		}), 400, "variants[1].options.Size: XL is not one of the values"},
		{"400-option-missing", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[1]["options"] = map[string]string{"Size": "M"} }), 400, "variants[1].options.Colour is required"},
		{"400-unknown-option", admin, id, edit(func(_ map[string]any, vs []map[string]any) {
			vs[1]["options"] = map[string]string{"Size": "M", "Colour": "Navy", "Fit": "Slim"}
		}), 400, "variants[1].options names Fit"},
		{"400-negative-stock", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[2]["quantity"] = -1 }), 400, "variants[2].quantity"},
		{"400-no-stock", admin, id, edit(func(_ map[string]any, vs []map[string]any) { delete(vs[2], "quantity") }), 400, "variants[2].quantity"},
		{"400-negative-price", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[2]["price"] = -5 }), 400, "variants[2].price"},
		{"400-price-decimals", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[2]["price"] = 1.999 }), 400, "variants[2].price"},
		{"400-no-sku", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[0]["sku"] = " " }), 400, "variants[0].sku is required"},
		{"400-sku-twice", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[1]["sku"] = "TEE-S-NAVY" }), 400, "variants[1].sku repeats"},
		{"400-unknown-variant-id", admin, id, edit(func(_ map[string]any, vs []map[string]any) { vs[0]["_id"] = "0123456789abcdef01234567" }), 400, "variants[0]._id is not one of this product's variants"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := expect(t, a.setVariants(tt.token, tt.path, tt.body), tt.status)
			if msg := m["message"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not mention %q", msg, tt.want)
			}
			p := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/crew-tee"}), 200)["product"].(map[string]any)
			if len(p["variants"].([]any)) != 0 || p["quantity"] != 12.0 {
				t.Fatalf("a refused edit changed the product: %v", p)
			}
		})
	}
}

// A body that leaves a list out is refused: it would otherwise clear every size and its stock.
// Only an explicit [] removes them.
func TestSetVariantsNeedsBothLists(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Tees")
	id := a.createProduct(admin, productFields(catID, "Crew Tee"), nil)["_id"].(string)
	expect(t, a.setVariants(admin, id, teeVariants("TEE")), http.StatusOK)
	for _, tt := range []struct {
		body any
		want string
	}{
		{map[string]any{}, "Field options is required; send [] to sell the product without sizes."},
		{`{"options": null, "variants": []}`, "Field options is required"},
		{map[string]any{"options": []any{}}, "Field variants is required; send [] to sell the product without sizes."},
		{map[string]any{"variants": []any{}}, "Field options is required"},
	} {
		m := expect(t, a.setVariants(admin, id, tt.body), http.StatusBadRequest)
		if !strings.HasPrefix(m["message"].(string), tt.want) {
			t.Errorf("%v: message %q, want %q", tt.body, m["message"], tt.want)
		}
		p := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/crew-tee"}), 200)["product"].(map[string]any)
		if len(p["variants"].([]any)) != 3 || p["quantity"] != 7.0 {
			t.Fatalf("a refused edit changed the sizes: %v", p)
		}
	}
}

// Two admins editing one product's sizes: the second, working on a copy loaded before the
// first saved, is refused rather than undoing the first's edit; sent again over the copy it
// reloads, it is taken. A variants body without updatedAt is taken as before.
func TestSetVariantsRefusesAStaleCopy(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Tees")
	id := a.createProduct(admin, productFields(catID, "Crew Tee"), nil)["_id"].(string)
	loaded := expect(t, a.setVariants(admin, id, teeVariants("TEE")), http.StatusOK)["product"].(map[string]any)["updatedAt"]

	first := teeVariants("FIRST")
	first["updatedAt"] = loaded
	saved := expect(t, a.setVariants(admin, id, first), http.StatusOK)["product"].(map[string]any)

	second := teeVariants("SECOND")
	second["updatedAt"] = loaded
	m := expect(t, a.setVariants(admin, id, second), http.StatusConflict)
	if m["message"] != "This product changed since you opened it. Reload it and try again." {
		t.Fatalf("stale copy answered %v", m)
	}
	now := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/" + id}), 200)["product"].(map[string]any)
	if _, kept := variantsOf(t, now)["FIRST-S-NAVY"]; !kept {
		t.Fatalf("the first admin's sizes were undone: %v", now["variants"])
	}

	second["updatedAt"] = saved["updatedAt"]
	expect(t, a.setVariants(admin, id, second), http.StatusOK)
	expect(t, a.setVariants(admin, id, teeVariants("THIRD")), http.StatusOK)
	second["updatedAt"] = "yesterday"
	expect(t, a.setVariants(admin, id, second), http.StatusBadRequest)
}
