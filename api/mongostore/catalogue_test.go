package mongostore_test

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/app"
	"shop/catalogue"
	"shop/internal/storetest"
	"shop/mongostore"
)

// catalogueOn builds the shop over db, as one process would, and answers its read model and
// catalogue services.
func catalogueOn(t *testing.T, db *mongostore.DB) (*catalogue.Model, shop.CategoryService, shop.ProductService) {
	t.Helper()
	s, err := app.New(t.Context(), db, app.Config{PhotoCacheBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	return s.Catalogue, s.Categories, s.Products
}

// productBySlug answers the model's product, or nil.
func productBySlug(m *catalogue.Model, slug string) *shop.Product {
	p, _ := m.ProductBySlug(context.Background(), slug)
	return p
}

func input(catID, name string, qty int) shop.ProductInput {
	return shop.ProductInput{Name: name, Description: "Soft cotton garment for everyday wear.", Price: 49900, Quantity: qty, CategoryID: catID}
}

// TestSecondProcessSeesChanges runs two read models on one database, as two shopd processes
// would, and checks each write of one is visible in the other within 2 s.
func TestSecondProcessSeesChanges(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	other, err := mongostore.Open(ctx, storetest.URI(), db.Database().Name(), mongostore.Options{SerializeUpdates: storetest.Embedded()})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Close(context.Background()) }()
	local, cats, products := catalogueOn(t, db)
	remote, _, _ := catalogueOn(t, other)
	watchCtx, stop := context.WithCancel(ctx)
	defer stop()
	go local.Watch(watchCtx, 200*time.Millisecond)
	go remote.Watch(watchCtx, 200*time.Millisecond)

	eventually := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Second)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("the other process did not see %s within 2 s", what)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	c, err := cats.CreateCategory(ctx, "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	eventually("a new category", func() bool { return productCategory(remote, "shirts") })
	p, err := products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	eventually("a new product", func() bool { return productBySlug(remote, "oxford-shirt") != nil })
	if _, err := cats.UpdateCategory(ctx, c.ID, "Formal Shirts"); err != nil {
		t.Fatal(err)
	}
	eventually("a renamed category", func() bool {
		got := productBySlug(remote, "oxford-shirt")
		return got != nil && got.Category.Name == "Formal Shirts"
	})
	// A checkout on the other process: stock changes in the store, then it names the product.
	oid, _ := bson.ObjectIDFromHex(p.ID)
	if _, err := other.Database().Collection("products").UpdateByID(ctx, oid, bson.M{"$inc": bson.M{"quantity": -2}}); err != nil {
		t.Fatal(err)
	}
	if err := remote.Changed(ctx, shop.CatalogueChange{Products: []string{p.ID}}); err != nil {
		t.Fatal(err)
	}
	if got := productBySlug(remote, "oxford-shirt"); got.Quantity != 3 {
		t.Fatalf("the checkout's own process sees quantity %d", got.Quantity)
	}
	if got := productBySlug(local, "oxford-shirt"); got.Quantity != 5 {
		t.Fatalf("quantity %d before the first process polled", got.Quantity)
	}
	eventually("a stock change", func() bool { return productBySlug(local, "oxford-shirt").Quantity == 3 })
	if err := products.DeleteProduct(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	eventually("a deleted product", func() bool { n, _ := remote.ProductCount(ctx); return n == 0 })
}

// TestConcurrentEditsKeepTheModelInStep races product edits and checks the model ends as
// the store does.
func TestConcurrentEditsKeepTheModelInStep(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	cat, cats, products := catalogueOn(t, db)
	c, err := cats.CreateCategory(ctx, "Tees")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 4 {
		p, err := products.CreateProduct(ctx, input(c.ID, fmt.Sprintf("Tee %d", i), 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ids[i%len(ids)]
			if _, err := products.UpdateProduct(ctx, id, input(c.ID, fmt.Sprintf("Tee %d", i%len(ids)), i), nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	fresh, _, _ := catalogueOn(t, db)
	want, _, _ := fresh.Products(ctx, 1, 0)
	got, total, _ := cat.Products(ctx, 1, 0)
	if total != 4 || len(got) != len(want) {
		t.Fatalf("model has %d products, store %d", total, len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Quantity != want[i].Quantity || got[i].Slug != want[i].Slug {
			t.Errorf("model %+v, store %+v", got[i], want[i])
		}
	}
}

func TestPhotoCacheEvictsLeastRecentlyUsed(t *testing.T) {
	ctx := t.Context()
	c := mongostore.NewPhotoCache(100)
	loads := map[string]int{}
	var mu sync.Mutex
	get := func(id string, size int) []byte {
		t.Helper()
		b, err := c.Get(ctx, id, func(context.Context) ([]byte, error) {
			mu.Lock()
			loads[id]++
			mu.Unlock()
			return bytes.Repeat([]byte(id), size), nil
		})
		if err != nil || len(b) != size {
			t.Fatalf("get %s: %d bytes, %v", id, len(b), err)
		}
		return b
	}
	get("a", 40)
	get("b", 40)
	get("a", 40) // a is now the most recent
	get("c", 40) // evicts b
	if c.Used() != 80 {
		t.Fatalf("used %d", c.Used())
	}
	get("a", 40)
	get("b", 40)
	get("x", 500) // larger than the budget: served, not kept
	if loads["a"] != 1 || loads["b"] != 2 || loads["c"] != 1 || c.Used() > 100 {
		t.Fatalf("loads %v, used %d", loads, c.Used())
	}

	// Concurrent misses of one file share one load.
	var wg sync.WaitGroup
	release := make(chan struct{})
	_, missesBefore := c.Stats()
	const callers = 8
	for range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = c.Get(ctx, "slow", func(context.Context) ([]byte, error) {
				mu.Lock()
				loads["slow"]++
				mu.Unlock()
				<-release
				return []byte("slow"), nil
			})
		}()
	}
	// A miss is counted as it decides, under the cache's lock, to load the file or to wait for
	// the load under way; that load cannot end before release, so once every caller's miss is
	// counted, all of them are sharing it or making it.
	for {
		if _, misses := c.Stats(); misses-missesBefore == callers {
			break
		}
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if loads["slow"] != 1 {
		t.Fatalf("%d loads of one file", loads["slow"])
	}
}

// TestListsAreCappedAndStable loads products straight into the store: many share one
// createdAt, so the order falls back to _id, newest first.
func TestListsAreCappedAndStable(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	catID := bson.NewObjectID()
	if _, err := db.Database().Collection("categories").InsertOne(ctx, bson.M{"_id": catID, "name": "Tees", "nameKey": "tees", "slug": "tees"}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	var docs []any
	var ids []bson.ObjectID
	for i := range 130 {
		id := bson.NewObjectID()
		ids = append(ids, id)
		docs = append(docs, bson.M{"_id": id, "name": fmt.Sprintf("Tee %03d", i), "slug": fmt.Sprintf("tee-%03d", i),
			"description": "Cotton TEE", "price": 499.0, "quantity": 3, "shipping": false, "category": catID,
			"createdAt": at, "updatedAt": at})
	}
	if _, err := db.Database().Collection("products").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	cat, _, products := catalogueOn(t, db)

	found, err := products.SearchProducts(ctx, "cotton tee")
	if err != nil || len(found) != shop.MaxSearchResults {
		t.Fatalf("search found %d, %v", len(found), err)
	}
	seen := map[string]bool{}
	for page := 1; ; page++ {
		ps, total, _ := cat.Products(ctx, page, shop.ProductPageSize)
		if total != 130 {
			t.Fatalf("total %d", total)
		}
		if len(ps) == 0 {
			break
		}
		for i, p := range ps {
			want := ids[len(ids)-1-((page-1)*shop.ProductPageSize+i)] // _id descending
			if p.ID != want.Hex() || seen[p.ID] {
				t.Fatalf("page %d item %d is %s, want %s", page, i, p.Name, want.Hex())
			}
			seen[p.ID] = true
		}
	}
	if len(seen) != 130 {
		t.Fatalf("pages held %d products", len(seen))
	}
	related, err := products.RelatedProducts(ctx, ids[129].Hex(), catID.Hex())
	if err != nil || len(related) != shop.MaxRelated || related[0].ID != ids[128].Hex() {
		t.Fatalf("related %v, %v", related, err)
	}
	if _, err := products.SearchProducts(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := products.SearchProducts(ctx, "   "); len(got) != 0 {
		t.Fatalf("a blank keyword found %d", len(got))
	}
}

// productCategory reports whether the model knows the category with this slug.
func productCategory(m *catalogue.Model, slug string) bool {
	_, err := m.CategoryBySlug(context.Background(), slug)
	return err == nil
}
