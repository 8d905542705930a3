package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// TestCategoryPageIsTheEncodedList: a category's page, whose products the read model keeps
// encoded, answers exactly the bytes of encoding the category and its products at once,
// also after a sale and a rename of the category change what the kept encodings showed.
func TestCategoryPageIsTheEncodedList(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, slug := a.createCategory(admin, "Tees & Tops")
	plain := a.createProduct(admin, withField(productFields(cat, "Plain <Crew> Tee"), "description",
		`Soft cotton & "easy" fit <b>for every day</b>, café-washed.`), nil)
	tee := a.createProduct(admin, productFields(cat, "Sized Tee"), nil)
	expect(t, a.setVariants(admin, tee["_id"].(string), teeVariants("TEE")), http.StatusOK)

	same := func(when, slug string) {
		t.Helper()
		rec := a.do(request{method: "GET", path: "/api/v1/product/product-category/" + slug})
		category, products, err := a.products.ProductsOfCategory(t.Context(), slug)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(gin.H{"success": true, "message": "Products of the category.",
			"category": category, "products": products})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Code != http.StatusOK || rec.Body.String() != string(want) ||
			rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("%s: answered %d %s %s\nwant %s", when, rec.Code, rec.Header().Get("Content-Type"), rec.Body, want)
		}
	}
	same("first", slug)
	same("kept", slug)

	// A sale changes the plain tee's stock in the store, then names the product it changed.
	id := plain["_id"].(string)
	oid, _ := bson.ObjectIDFromHex(id)
	if _, err := a.db.Database().Collection("products").UpdateByID(context.Background(), oid,
		bson.M{"$inc": bson.M{"quantity": -5}}); err != nil {
		t.Fatal(err)
	}
	if err := a.catalogue.Changed(t.Context(), shop.CatalogueChange{Products: []string{id}}); err != nil {
		t.Fatal(err)
	}
	same("after a sale", slug)
	m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/" + slug}), http.StatusOK)
	if q := m["products"].([]any)[1].(map[string]any)["quantity"]; q != 7.0 {
		t.Fatalf("the sold tee shows %v in stock, want 7", q)
	}

	expect(t, a.do(request{method: "PUT", path: "/api/v1/category/update-category/" + cat, token: admin,
		body: map[string]string{"name": "Tops"}}), http.StatusOK)
	same("after a rename", "tops")
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/tops"}), http.StatusOK)
	for _, p := range m["products"].([]any) {
		if c := p.(map[string]any)["category"].(map[string]any); c["name"] != "Tops" || c["slug"] != "tops" {
			t.Fatalf("a product of the renamed category shows it as %v", c)
		}
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/" + slug}), http.StatusNotFound)
}
