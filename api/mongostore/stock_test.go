package mongostore_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

func insertProduct(t *testing.T, db *mongostore.DB, quantity int) string {
	t.Helper()
	id := bson.NewObjectID()
	now := time.Now().UTC()
	_, err := db.Database().Collection("products").InsertOne(t.Context(), bson.M{"_id": id, "name": "Tee", "slug": "tee-" + id.Hex(),
		"description": "A tee.", "price": 350.0, "quantity": quantity, "shipping": false, "category": bson.NewObjectID(),
		"createdAt": now, "updatedAt": now})
	if err != nil {
		t.Fatal(err)
	}
	return id.Hex()
}

// item is the stock of a product without variants.
func item(productID string) shop.StockItem { return shop.StockItem{ProductID: productID} }

func quantityOf(t *testing.T, db *mongostore.DB, id string) int {
	t.Helper()
	oid, _ := bson.ObjectIDFromHex(id)
	var doc struct {
		Quantity int `bson:"quantity"`
	}
	if err := db.Database().Collection("products").FindOne(t.Context(), bson.M{"_id": oid}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Quantity
}

// changeLog is a read model that records the changes it is told of.
type changeLog struct {
	mu      sync.Mutex
	changes []shop.CatalogueChange
	err     error
}

func (l *changeLog) Changed(_ context.Context, ch shop.CatalogueChange) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.changes = append(l.changes, ch)
	return l.err
}

func (l *changeLog) products() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, ch := range l.changes {
		out = append(out, ch.Products...)
	}
	return out
}

func TestStockReserveAndRelease(t *testing.T) {
	db := storetest.NewDB(t)
	changes := &changeLog{err: errors.New("the read model is down")} // logged, never a failure of the stock
	stock := mongostore.NewStock(db, changes)
	id := insertProduct(t, db, 3)

	if err := stock.Reserve(t.Context(), item(id), 2); err != nil {
		t.Fatal(err)
	}
	if err := stock.Reserve(t.Context(), item(id), 2); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("reserve beyond stock = %v, want ECONFLICT", err)
	}
	if q := quantityOf(t, db, id); q != 1 {
		t.Fatalf("quantity = %d, want 1", q)
	}
	if err := stock.Release(t.Context(), item(id), 2); err != nil {
		t.Fatal(err)
	}
	if q := quantityOf(t, db, id); q != 3 {
		t.Fatalf("quantity after release = %d, want 3", q)
	}
	if changed := changes.products(); len(changed) != 2 || changed[0] != id || changed[1] != id {
		t.Fatalf("the read model was told of %v, want the product twice (reserve, release)", changed)
	}

	unknown := bson.NewObjectID().Hex()
	if err := stock.Reserve(t.Context(), item(unknown), 1); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("reserve of an unknown product = %v, want ENOTFOUND", err)
	}
	if err := stock.Reserve(t.Context(), item("nope"), 1); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("reserve of a malformed id = %v, want EINVALID", err)
	}
	if err := stock.Release(t.Context(), item(unknown), 1); err != nil {
		t.Fatalf("release to a deleted product = %v, want nil", err)
	}
	if err := stock.Reserve(t.Context(), item(id), 0); err == nil {
		t.Fatal("reserve of 0 units succeeded")
	}
}

// The measured failure of DESIGN.md §9: 20 parallel guarded decrements of a quantity of 5.
func TestStockParallelReservationsNeverOversell(t *testing.T) {
	db := storetest.NewDB(t)
	stock := mongostore.NewStock(db, &changeLog{})
	id := insertProduct(t, db, 5)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			err := stock.Reserve(context.Background(), item(id), 1)
			switch shop.ErrorCode(err) {
			case "":
				ok.Add(1)
			case shop.ECONFLICT:
			default:
				t.Errorf("reserve: %v", err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 5 || quantityOf(t, db, id) != 0 {
		t.Fatalf("%d reservations succeeded leaving %d; want 5 leaving 0", ok.Load(), quantityOf(t, db, id))
	}
}
