package catalogue_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

const (
	shirts  = "6b0000000000000000000001"
	oxford  = "6b00000000000000000000a1"
	linen   = "6b00000000000000000000a2"
	chambre = "6b00000000000000000000a3"
)

func product(id, name string, qty int, minute int) *shop.CatalogueProduct {
	return &shop.CatalogueProduct{Product: shop.Product{ID: id, Name: name, Slug: name, Description: "Cotton.",
		Price: 49900, Quantity: qty, Category: shop.CategoryRef{ID: shirts},
		CreatedAt: time.Date(2026, 1, 1, 0, minute, 0, 0, time.UTC)}}
}

func loaded(t *testing.T, src *cataloguetest.Source) *catalogue.Model {
	t.Helper()
	m := catalogue.New(src, nil)
	if err := m.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	return m
}

func quantity(t *testing.T, m *catalogue.Model, slug string) int {
	t.Helper()
	p, err := m.ProductBySlug(context.Background(), slug)
	if err != nil {
		t.Fatalf("%s: %v", slug, err)
	}
	return p.Quantity
}

// A sale reloads the one product it changed, here and in another process that polls the
// version, and only that one.
func TestASaleReloadsOneProductEverywhere(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	src.PutProduct(product(chambre, "chambray", 5, 3))
	here, there := loaded(t, src), loaded(t, src)

	reads := src.ProductReads()
	src.PutProduct(product(linen, "linen", 4, 2)) // the store after the sale
	if err := here.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
		t.Fatal(err)
	}
	if q := quantity(t, here, "linen"); q != 4 {
		t.Fatalf("the selling process shows %d, want 4", q)
	}
	if q := quantity(t, there, "linen"); q != 5 {
		t.Fatalf("the other process shows %d before it polled", q)
	}
	if err := there.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if q := quantity(t, there, "linen"); q != 4 {
		t.Fatalf("the other process shows %d after it polled, want 4", q)
	}
	if got := src.ProductReads() - reads; got != 2 {
		t.Fatalf("the sale read %d product documents in two processes, want 2 (the sold one, once each)", got)
	}
	if here.Seq() != there.Seq() || here.Seq() != 1 {
		t.Fatalf("versions %d and %d, want 1 and 1", here.Seq(), there.Seq())
	}

	// A process that missed more changes than the version lists reloads everything.
	for i := range 6 {
		src.PutProduct(product(oxford, "oxford", 5-i, 1))
		if err := here.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
			t.Fatal(err)
		}
	}
	reads = src.ProductReads()
	if err := there.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if q := quantity(t, there, "oxford"); q != 0 || src.ProductReads()-reads != 3 {
		t.Fatalf("after a full reload: quantity %d, %d reads", q, src.ProductReads()-reads)
	}

	// A deleted product leaves every list.
	src.DeleteProduct(chambre)
	if err := here.Changed(ctx, shop.CatalogueChange{Products: []string{chambre}}); err != nil {
		t.Fatal(err)
	}
	if n, _ := here.ProductCount(ctx); n != 2 {
		t.Fatalf("%d products after a delete", n)
	}
	if ps, _, _ := here.Products(ctx, 1, 0); len(ps) != 2 || ps[0].ID != linen || ps[1].ID != oxford {
		t.Fatalf("newest first after a delete: %v", ps)
	}
}

// Watch keeps another process within a poll of every change.
func TestWatchSeesChangesWithinASecond(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	here, there := loaded(t, src), loaded(t, src)
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go there.Watch(watch, 100*time.Millisecond)

	src.PutProduct(product(oxford, "oxford", 2, 1))
	if err := here.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Second)
	for quantity(t, there, "oxford") != 2 {
		if time.Now().After(deadline) {
			t.Fatal("the other process did not see the sale within 1 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A renamed category reaches every product answer at once.
// A write whose caller has gone (a closed tab) is still taken up: the product is in the store.
func TestAChangeWhoseCallerLeftIsTakenUp(t *testing.T) {
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	m := loaded(t, src)
	src.PutProduct(product(oxford, "oxford", 3, 1))
	src.PutCategory(&shop.Category{ID: shirts, Name: "Formal Shirts", Slug: "formal-shirts"})
	left, leave := context.WithCancel(t.Context())
	leave()
	if err := m.Changed(left, shop.CatalogueChange{Products: []string{oxford}, Categories: []string{shirts}}); err != nil {
		t.Fatal(err)
	}
	p, err := m.ProductBySlug(t.Context(), "oxford")
	if err != nil || p.Quantity != 3 || p.Category.Name != "Formal Shirts" {
		t.Fatalf("product %+v, %v; want 3 left in Formal Shirts", p, err)
	}
}

func TestCategoryRenameReachesProducts(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	m := loaded(t, src)
	src.PutCategory(&shop.Category{ID: shirts, Name: "Formal Shirts", Slug: "formal-shirts"})
	if err := m.Changed(ctx, shop.CatalogueChange{Categories: []string{shirts}}); err != nil {
		t.Fatal(err)
	}
	p, err := m.ProductBySlug(ctx, "oxford")
	if err != nil || p.Category.Name != "Formal Shirts" || p.Category.Slug != "formal-shirts" {
		t.Fatalf("product %+v, %v", p, err)
	}
	if _, _, err := m.ProductsOfCategory(ctx, "shirts"); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the old slug: %v", err)
	}
}

// TestBrowseSeesEveryChange: browsing the same filters again, on another page or in another
// order, answers what the model holds now, also after a sale empties a product and a new
// product arrives.
func TestBrowseSeesEveryChange(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	m := loaded(t, src)
	names := func(q shop.BrowseQuery) string {
		t.Helper()
		res, err := m.Browse(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := fmt.Sprintf("%d:", res.Total)
		for _, p := range res.Products {
			out += " " + p.Name
		}
		return out
	}
	inStock := shop.BrowseQuery{InStock: true, Page: 1, Limit: 1}
	byName := inStock
	byName.Sort = shop.BrowseName
	page2 := inStock
	page2.Page = 2
	for _, c := range []struct {
		q    shop.BrowseQuery
		want string
	}{{inStock, "2: linen"}, {byName, "2: linen"}, {page2, "2: oxford"}, {inStock, "2: linen"}} {
		if got := names(c.q); got != c.want {
			t.Fatalf("before the changes: %s, want %s", got, c.want)
		}
	}
	src.PutProduct(product(linen, "linen", 0, 2)) // sold out
	src.PutProduct(product(chambre, "chambray", 3, 3))
	if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{linen, chambre}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q    shop.BrowseQuery
		want string
	}{{inStock, "2: chambray"}, {byName, "2: chambray"}, {page2, "2: oxford"}} {
		if got := names(c.q); got != c.want {
			t.Fatalf("after the changes: %s, want %s", got, c.want)
		}
	}
}

// A category's products follow every change: a product moved to another category leaves the
// first one's list and takes its place, newest first, in the other's; a deleted one leaves it.
func TestCategoryListsFollowMovesAndDeletes(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutCategory(&shop.Category{ID: dresses, Name: "Dresses", Slug: "dresses"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	maxiDress := product(maxi, "maxi", 5, 3)
	maxiDress.Category.ID = dresses
	src.PutProduct(maxiDress)
	m := loaded(t, src)
	lists := func() string {
		t.Helper()
		out := ""
		for _, slug := range []string{"shirts", "dresses"} {
			_, ps, err := m.ProductsOfCategory(ctx, slug)
			if err != nil {
				t.Fatal(err)
			}
			_, encoded, err := m.ProductsOfCategoryJSON(ctx, slug)
			if err != nil {
				t.Fatal(err)
			}
			var decoded []shop.Product
			if err := json.Unmarshal(encoded, &decoded); err != nil || len(decoded) != len(ps) {
				t.Fatalf("%s: %d products encoded, %d listed (%v)", slug, len(decoded), len(ps), err)
			}
			if c, _, _ := m.ProductsOfCategory(ctx, slug); m.ProductsInCategory(c.ID) != len(ps) {
				t.Fatalf("%s: %d products counted, %d listed", slug, m.ProductsInCategory(c.ID), len(ps))
			}
			out += slug + ":"
			for i, p := range ps {
				if decoded[i].ID != p.ID || decoded[i].Quantity != p.Quantity {
					t.Fatalf("%s: encoded %+v, listed %+v", slug, decoded[i], p)
				}
				out += " " + p.Name
			}
			out += "; "
		}
		return out
	}
	if got := lists(); got != "shirts: linen oxford; dresses: maxi; " {
		t.Fatalf("before: %s", got)
	}
	moved := product(linen, "linen", 4, 2)
	moved.Category.ID = dresses
	src.PutProduct(moved)
	src.DeleteProduct(oxford)
	if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{linen, oxford}}); err != nil {
		t.Fatal(err)
	}
	if got := lists(); got != "shirts:; dresses: maxi linen; " {
		t.Fatalf("after a move and a delete: %s", got)
	}
	related, err := m.RelatedProducts(ctx, maxi, dresses)
	if err != nil || len(related) != 1 || related[0].Name != "linen" {
		t.Fatalf("related to the maxi: %v, %v", related, err)
	}
}
