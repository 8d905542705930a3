package main

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// TestRenamedProductsOldAddressAfterARestart: the old address of a renamed product is kept in
// the store, so shopd started again on the same DATA_DIR still sends it on to the product.
func TestRenamedProductsOldAddressAfterARestart(t *testing.T) {
	dataDir, dist := t.TempDir(), t.TempDir()
	index := `<!doctype html><html><head><title>Clothing Shop</title></head><body></body></html>`
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	env := func() map[string]string {
		return map[string]string{"DATA_DIR": dataDir, "CLIENT_DIST": dist, "SEED_DEMO": "false",
			"LOG_LEVEL": "error", "ADMIN_EMAIL": "admin@shop.test", "ADMIN_PASSWORD": "admin123"}
	}
	t.Run("renamed", func(t *testing.T) {
		base := startShop(t, env())
		admin := call(t, "POST", base+"/api/v1/auth/login", "",
			map[string]string{"email": "admin@shop.test", "password": "admin123"}, 200)["token"].(string)
		category := call(t, "POST", base+"/api/v1/category/create-category", admin,
			map[string]string{"name": "Shirts"}, 201)["category"].(map[string]any)["_id"].(string)
		id := createProductWith(t, base, admin, category, "Linen Shirt", 3)
		sendForm(t, "PUT", base+"/api/v1/product/update-product/"+id, admin, 200, map[string]string{
			"name": "Linen Shirt Classic", "description": "A linen shirt.", "price": "499", "quantity": "3",
			"category": category, "shipping": "1"})
	})
	t.Run("after-a-restart", func(t *testing.T) {
		base := startShop(t, env())
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}}
		res, err := noFollow.Get(base + "/product/linen-shirt?ref=bookmark")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		const want = "/product/linen-shirt-classic?ref=bookmark"
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusMovedPermanently || loc != want {
			t.Fatalf("the old address after a restart: %d to %q, want 301 to %s", res.StatusCode, loc, want)
		}
	})
}
