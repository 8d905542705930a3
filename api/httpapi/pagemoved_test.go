package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop"
	shopapp "shop/app"
	"shop/httpapi"
	"shop/internal/storetest"
	"shop/mongostore"
)

// restartedApp is a shop started again on a's database: a new connection, read model and
// server, nothing of a's memory.
func restartedApp(t *testing.T, a *app, opts ...func(*httpapi.Deps)) *app {
	t.Helper()
	db, err := mongostore.Open(t.Context(), storetest.URI(), a.db.Database().Name(),
		mongostore.Options{SerializeUpdates: storetest.Embedded(), ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close(context.Background()) })
	s, err := shopapp.New(t.Context(), db, shopapp.Config{Hasher: shop.Hasher{Cost: bcrypt.MinCost},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	deps := s.Deps()
	deps.Tokens = a.tokens
	for _, o := range opts {
		o(&deps)
	}
	srv, err := httpapi.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	return &app{t: t, db: db, users: s.Users, tokens: a.tokens, server: srv, shop: s, catalogue: s.Catalogue,
		categories: s.Categories, products: s.Products}
}

// movedTo answers where a 301 from path sends the browser, failing the test for any other
// answer, or one a browser would keep.
func movedTo(t *testing.T, a *app, method, path string) string {
	t.Helper()
	rec := a.do(request{method: method, path: path})
	if rec.Code != http.StatusMovedPermanently {
		t.Fatalf("%s %s: %d, want 301 to the current address", method, path, rec.Code)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("%s %s: Cache-Control %q, want no-cache (the old slug may be taken later)", method, path, cc)
	}
	return rec.Header().Get("Location")
}

// pageNotFound checks that path answers 404 with the page as built.
func pageNotFound(t *testing.T, a *app, path string) {
	t.Helper()
	if rec := a.do(request{method: "GET", path: path}); rec.Code != 404 || rec.Body.String() != headIndex {
		t.Errorf("%s: %d %.100s, want 404 with the page as built", path, rec.Code, rec.Body.String())
	}
}

// TestRenamedProductsOldAddressMoves: a product's slug follows its name, and the links to its
// old address (shared, bookmarked, in search engines) are sent on to its current page with a
// 301, its query kept, after any number of renames and after a restart. The product's own
// slug always answers its page; a deleted product's old address, and an address no product
// ever had, are 404s; the API's get-product knows current slugs only, as it always did.
func TestRenamedProductsOldAddressMoves(t *testing.T) {
	withPages := withBuiltPages(t)
	a := newApp(t, withPages)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	rename := func(t *testing.T, p map[string]any, name string) map[string]any {
		t.Helper()
		path := "/api/v1/product/update-product/" + p["_id"].(string)
		m := expect(t, a.sendProduct("PUT", path, admin, productFields(cat, name), nil), 200)
		return m["product"].(map[string]any)
	}
	create := func(name string) map[string]any {
		return a.createProduct(admin, productFields(cat, name), nil)
	}
	canonical := func(t *testing.T, page, slug string) {
		t.Helper()
		want := `<link rel="canonical" href="https://shop.example.com/product/` + slug + `">`
		if !strings.Contains(page, want) {
			t.Errorf("no %s in %.1500s", want, page)
		}
	}

	t.Run("renamed", func(t *testing.T) {
		rename(t, create("Linen Shirt"), "Linen Shirt Classic")
		canonical(t, a.page("/product/linen-shirt-classic"), "linen-shirt-classic")
		got := movedTo(t, a, "GET", "/product/linen-shirt?utm_source=mail&size=M")
		if got != "/product/linen-shirt-classic?utm_source=mail&size=M" {
			t.Errorf("Location %q", got)
		}
		for _, path := range []string{"/product/linen-shirt", "/product/linen-shirt/"} {
			if got := movedTo(t, a, "HEAD", path); got != "/product/linen-shirt-classic" {
				t.Errorf("HEAD %s: Location %q", path, got)
			}
		}
	})

	t.Run("api-unchanged", func(t *testing.T) {
		rename(t, create("Oxford Shirt"), "Oxford Button Down")
		movedTo(t, a, "GET", "/product/oxford-shirt")
		old := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/oxford-shirt"}), 404)
		unknown := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/no-such-shirt"}), 404)
		if old["message"] != unknown["message"] {
			t.Errorf("get-product by an old slug answers %v, an unknown slug %v", old, unknown)
		}
	})

	t.Run("chain", func(t *testing.T) {
		p := rename(t, create("Denim Shirt"), "Denim Overshirt")
		rename(t, p, "Denim Shacket")
		for _, old := range []string{"/product/denim-shirt", "/product/denim-overshirt"} {
			if got := movedTo(t, a, "GET", old); got != "/product/denim-shacket" {
				t.Errorf("%s moved to %q, want /product/denim-shacket", old, got)
			}
		}
	})

	t.Run("renamed-back", func(t *testing.T) {
		p := rename(t, create("Wool Scarf"), "Wool Wrap")
		if p = rename(t, p, "Wool Scarf"); p["slug"] != "wool-scarf" {
			t.Fatalf("renamed back to slug %v", p["slug"])
		}
		canonical(t, a.page("/product/wool-scarf"), "wool-scarf")
		if got := movedTo(t, a, "GET", "/product/wool-wrap"); got != "/product/wool-scarf" {
			t.Errorf("/product/wool-wrap moved to %q", got)
		}
	})

	t.Run("old-slug-taken", func(t *testing.T) {
		rename(t, create("Flannel Shirt"), "Flannel Jacket")
		movedTo(t, a, "GET", "/product/flannel-shirt")
		taker := create("Flannel Shirt")
		if taker["slug"] != "flannel-shirt" {
			t.Fatalf("the new product got slug %v", taker["slug"])
		}
		page := a.page("/product/flannel-shirt")
		canonical(t, page, "flannel-shirt")
		answer := a.drawnAnswers(page)["/api/v1/product/get-product/flannel-shirt"].(map[string]any)
		if got := answer["product"].(map[string]any); got["_id"] != taker["_id"] {
			t.Errorf("the page of the old slug shows %v, want the product that has it now", got["_id"])
		}
		canonical(t, a.page("/product/flannel-jacket"), "flannel-jacket")
		// The product that took the slug is deleted: a link made while it showed there is a
		// 404, not the page of the product that had the slug before.
		expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + taker["_id"].(string), token: admin}), 200)
		pageNotFound(t, a, "/product/flannel-shirt")
	})

	t.Run("deleted", func(t *testing.T) {
		p := rename(t, create("Silk Tie"), "Silk Bow Tie")
		movedTo(t, a, "GET", "/product/silk-tie")
		path := "/api/v1/product/delete-product/" + p["_id"].(string)
		expect(t, a.do(request{method: "DELETE", path: path, token: admin}), 200)
		pageNotFound(t, a, "/product/silk-tie")
		pageNotFound(t, a, "/product/silk-bow-tie")
	})

	t.Run("never-was", func(t *testing.T) {
		rename(t, create("Polo Shirt"), "Pique Polo")
		movedTo(t, a, "GET", "/product/polo-shirt")
		pageNotFound(t, a, "/product/no-such-shirt")
		pageNotFound(t, a, "/product/polo")
	})

	t.Run("after-a-restart", func(t *testing.T) {
		rename(t, create("Camp Shirt"), "Camp Collar Shirt")
		again := restartedApp(t, a, withPages)
		got := movedTo(t, again, "GET", "/product/camp-shirt?ref=bookmark")
		if got != "/product/camp-collar-shirt?ref=bookmark" {
			t.Errorf("after a restart, Location %q", got)
		}
		if got := movedTo(t, again, "GET", "/product/denim-overshirt"); got != "/product/denim-shacket" {
			t.Errorf("after a restart, the chain leads to %q", got)
		}
		canonical(t, again.page("/product/wool-scarf"), "wool-scarf")
		pageNotFound(t, again, "/product/silk-tie")
	})
}

// TestRenamedCategorysOldAddressMoves: a category's slug follows its name too, and its old
// address is sent on to its page as a product's is; a deleted category's is a 404.
func TestRenamedCategorysOldAddressMoves(t *testing.T) {
	withPages := withBuiltPages(t)
	a := newApp(t, withPages)
	admin := a.signUpAdmin()
	rename := func(t *testing.T, id, name string) string {
		t.Helper()
		m := expect(t, a.do(request{method: "PUT", path: "/api/v1/category/update-category/" + id, token: admin,
			body: map[string]string{"name": name}}), 200)
		return m["category"].(map[string]any)["slug"].(string)
	}
	ok := func(t *testing.T, a *app, path string) {
		t.Helper()
		if rec := a.do(request{method: "GET", path: path}); rec.Code != 200 {
			t.Errorf("%s: %d, want the category's page", path, rec.Code)
		}
	}

	tees, _ := a.createCategory(admin, "Tees")
	if got := rename(t, tees, "T-Shirts"); got != "t-shirts" {
		t.Fatalf("renamed to slug %q", got)
	}
	ok(t, a, "/category/t-shirts")
	if got := movedTo(t, a, "GET", "/category/tees?size=M"); got != "/category/t-shirts?size=M" {
		t.Errorf("/category/tees moved to %q", got)
	}
	rename(t, tees, "Tops")
	for _, old := range []string{"/category/tees", "/category/t-shirts"} {
		if got := movedTo(t, a, "GET", old); got != "/category/tops" {
			t.Errorf("%s moved to %q, want /category/tops", old, got)
		}
	}
	if got := rename(t, tees, "Tees"); got != "tees" {
		t.Fatalf("renamed back to slug %q", got)
	}
	ok(t, a, "/category/tees")
	if got := movedTo(t, a, "GET", "/category/tops"); got != "/category/tees" {
		t.Errorf("/category/tops moved to %q", got)
	}
	// An edit that keeps the slug leaves no old address.
	rename(t, tees, "TEES")
	ok(t, a, "/category/tees")

	// A product page and a category page of one slug are apart: a category's old slug never
	// sends a product's address anywhere.
	pageNotFound(t, a, "/product/t-shirts")

	again := restartedApp(t, a, withPages)
	if got := movedTo(t, again, "GET", "/category/t-shirts"); got != "/category/tees" {
		t.Errorf("after a restart, /category/t-shirts moved to %q", got)
	}

	// A category that took an old slug, deleted: its address is a 404, not the category that
	// had the slug before.
	skirts, _ := a.createCategory(admin, "Skirts")
	rename(t, skirts, "Skirts Long")
	midi, _ := a.createCategory(admin, "Skirts")
	ok(t, a, "/category/skirts")
	expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + midi, token: admin}), 200)
	pageNotFound(t, a, "/category/skirts")
	ok(t, a, "/category/skirts-long")

	socks, _ := a.createCategory(admin, "Socks")
	rename(t, socks, "Hosiery")
	movedTo(t, a, "GET", "/category/socks")
	expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + socks, token: admin}), 200)
	pageNotFound(t, a, "/category/socks")
	pageNotFound(t, a, "/category/hosiery")
	pageNotFound(t, a, "/category/never-was")
}
