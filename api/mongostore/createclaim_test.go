package mongostore_test

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// createOn answers a product writer over db whose creates wait up to wait for one another,
// and the id of a category to create in.
func createOn(t *testing.T, db *mongostore.DB, wait time.Duration) (*mongostore.ProductService, string) {
	t.Helper()
	model, cats, _ := catalogueOn(t, db)
	c, err := cats.CreateCategory(t.Context(), "Bags")
	if err != nil {
		t.Fatal(err)
	}
	products := mongostore.NewProductService(db, model, mongostore.NewPhotoCache(1<<20))
	products.SetClaimWait(wait)
	return products, c.ID
}

// claimCreate writes the claim a create of product by admin under key leaves, as of at.
func claimCreate(t *testing.T, db *mongostore.DB, admin, key string, product bson.ObjectID, at time.Time, created bool) {
	t.Helper()
	doc := bson.M{"_id": admin + ":" + key, "product": product, "createdAt": at}
	if created {
		doc["created"] = true
	}
	if _, err := db.Database().Collection("productcreates").InsertOne(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
}

// keyed is a create of a tote by admin with Idempotency-Key key.
func keyed(catID, admin, key string) shop.ProductInput {
	in := input(catID, "Tote", 3)
	in.CreatedBy, in.IdempotencyKey = admin, key
	return in
}

func storedProducts(t *testing.T, db *mongostore.DB) int64 {
	t.Helper()
	n, err := db.Database().Collection("products").CountDocuments(t.Context(), bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A create whose key another create holds, and whose product is not written yet, waits for
// it: it answers that product once written, and creates nothing; when the other is still
// running after the wait, it is refused (409), as a retried checkout is.
func TestProductCreateWaitsForTheCreateHoldingItsKey(t *testing.T) {
	db := storetest.NewDB(t)
	products, catID := createOn(t, db, 300*time.Millisecond)
	admin := bson.NewObjectID().Hex()
	running := bson.NewObjectID()
	claimCreate(t, db, admin, "k1", running, time.Now().UTC(), false)

	start := time.Now()
	_, err := products.CreateProduct(t.Context(), keyed(catID, admin, "k1"), nil)
	if shop.ErrorCode(err) != shop.ECONFLICT || time.Since(start) < 300*time.Millisecond {
		t.Fatalf("create while the key's create runs = %v after %s, want a conflict after the wait", err, time.Since(start))
	}
	if n := storedProducts(t, db); n != 0 {
		t.Fatalf("%d products stored by a create refused", n)
	}

	products.SetClaimWait(10 * time.Second)
	done := make(chan struct{})
	go func() { // the running create writes its product
		defer close(done)
		time.Sleep(100 * time.Millisecond)
		now := time.Now().UTC()
		_, _ = db.Database().Collection("products").InsertOne(t.Context(), bson.M{"_id": running, "name": "Tote",
			"slug": "tote", "description": "A tote.", "price": 499.0, "quantity": 3, "category": bson.NewObjectID(),
			"createdAt": now, "updatedAt": now})
	}()
	p, err := products.CreateProduct(t.Context(), keyed(catID, admin, "k1"), nil)
	<-done
	if err != nil || p.ID != running.Hex() {
		t.Fatalf("create waiting for the key's create = %v, %v; want product %s", p, err, running.Hex())
	}
	if n := storedProducts(t, db); n != 1 {
		t.Fatalf("%d products stored, want the one the key's create wrote", n)
	}
}

// A key whose create is over without its product stored creates again: its product was
// deleted since (the claim says it was written), or the claim is older than any live create,
// or, on the embedded store where this process is the only writer, made before the process
// opened the store. On MongoDB another process may still be writing the last one.
func TestEndedProductCreateClaimsAreTakenOver(t *testing.T) {
	db := storetest.NewDB(t)
	products, catID := createOn(t, db, 200*time.Millisecond)
	admin := bson.NewObjectID().Hex()
	now := time.Now().UTC()
	claimCreate(t, db, admin, "deleted", bson.NewObjectID(), now, true)
	claimCreate(t, db, admin, "stale", bson.NewObjectID(), now.Add(-time.Hour), false)
	before := bson.NewObjectID()
	claimCreate(t, db, admin, "before-start", before, now.Add(-time.Minute), false)

	for _, key := range []string{"deleted", "stale"} {
		p, err := products.CreateProduct(t.Context(), keyed(catID, admin, key), nil)
		if err != nil {
			t.Fatalf("create over the %s claim: %v", key, err)
		}
		var claim struct {
			Product bson.ObjectID `bson:"product"`
			Created bool          `bson:"created"`
		}
		if err := db.Database().Collection("productcreates").FindOne(t.Context(),
			bson.M{"_id": admin + ":" + key}).Decode(&claim); err != nil || claim.Product.Hex() != p.ID || !claim.Created {
			t.Fatalf("the %s claim now %+v (%v), want product %s, created", key, claim, err, p.ID)
		}
	}
	_, err := products.CreateProduct(t.Context(), keyed(catID, admin, "before-start"), nil)
	switch {
	case storetest.Embedded() && err != nil:
		t.Fatalf("create over a claim from before this process opened the store: %v", err)
	case !storetest.Embedded() && shop.ErrorCode(err) != shop.ECONFLICT:
		t.Fatalf("create over a minute-old claim on a store others write = %v, want a conflict", err)
	}
	if want := map[bool]int64{true: 3, false: 2}[storetest.Embedded()]; storedProducts(t, db) != want {
		t.Fatalf("%d products stored, want %d", storedProducts(t, db), want)
	}
}

// A create that fails lets its key go: the retry, put right, creates the product.
func TestFailedProductCreateFreesItsKey(t *testing.T) {
	db := storetest.NewDB(t)
	products, catID := createOn(t, db, 200*time.Millisecond)
	admin := bson.NewObjectID().Hex()
	_, err := products.CreateProduct(t.Context(), keyed(bson.NewObjectID().Hex(), admin, "k"), nil)
	if shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("create in an unknown category = %v, want ENOTFOUND", err)
	}
	n, err := db.Database().Collection("productcreates").CountDocuments(t.Context(), bson.M{})
	if err != nil || n != 0 {
		t.Fatalf("%d claims left by a failed create (%v), want 0", n, err)
	}
	if p, err := products.CreateProduct(t.Context(), keyed(catID, admin, "k"), nil); err != nil || p.Category.ID != catID {
		t.Fatalf("the retry = %v, %v", p, err)
	}
}
