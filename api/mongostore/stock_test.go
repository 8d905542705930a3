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

// readProduct decodes the stored product id into doc (a struct of the fields wanted).
func readProduct(t *testing.T, db *mongostore.DB, id string, doc any) {
	t.Helper()
	oid, _ := bson.ObjectIDFromHex(id)
	if err := db.Database().Collection("products").FindOne(t.Context(), bson.M{"_id": oid}).Decode(doc); err != nil {
		t.Fatal(err)
	}
}

func quantityOf(t *testing.T, db *mongostore.DB, id string) int {
	t.Helper()
	var doc struct {
		Quantity int `bson:"quantity"`
	}
	readProduct(t, db, id, &doc)
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
	orderA, orderB, orderC := bson.NewObjectID().Hex(), bson.NewObjectID().Hex(), bson.NewObjectID().Hex()
	ctx := t.Context()

	steps := []struct {
		name     string
		do       func() error
		wantCode string
		wantLeft int
	}{
		{"reserve 2 for A", func() error { return stock.Reserve(ctx, orderA, item(id), 2) }, "", 1},
		{"reserve for A again takes nothing more", func() error { return stock.Reserve(ctx, orderA, item(id), 2) }, "", 1},
		{"reserve beyond stock for B", func() error { return stock.Reserve(ctx, orderB, item(id), 2) }, shop.ECONFLICT, 1},
		{"release A", func() error { return stock.Release(ctx, orderA, item(id)) }, "", 3},
		{"release A again gives nothing more", func() error { return stock.Release(ctx, orderA, item(id)) }, "", 3},
		{"release B, which holds nothing", func() error { return stock.Release(ctx, orderB, item(id)) }, "", 3},
		{"reserve 1 for C", func() error { return stock.Reserve(ctx, orderC, item(id), 1) }, "", 2},
		{"settle C: sold", func() error { return stock.Settle(ctx, orderC, item(id)) }, "", 2},
		{"release C after settling gives nothing", func() error { return stock.Release(ctx, orderC, item(id)) }, "", 2},
		{"restock 1 for C, cancelled", func() error { return stock.Restock(ctx, orderC, item(id), 1) }, "", 3},
		{"restock C again puts nothing more", func() error { return stock.Restock(ctx, orderC, item(id), 1) }, "", 3},
		{"forget C's restock", func() error { return stock.ForgetRestock(ctx, orderC, item(id)) }, "", 3},
	}
	for _, st := range steps {
		err := st.do()
		if shop.ErrorCode(err) != st.wantCode && !(st.wantCode == "" && err == nil) {
			t.Fatalf("%s: %v, want code %q", st.name, err, st.wantCode)
		}
		if q := quantityOf(t, db, id); q != st.wantLeft {
			t.Fatalf("%s: quantity = %d, want %d", st.name, q, st.wantLeft)
		}
	}
	if changed := changes.products(); len(changed) != 4 {
		t.Fatalf("the read model was told of %v, want the product 4 times (reserve, release, reserve, restock)", changed)
	}

	unknown := bson.NewObjectID().Hex()
	if err := stock.Reserve(ctx, orderA, item(unknown), 1); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("reserve of an unknown product = %v, want ENOTFOUND", err)
	}
	if err := stock.Reserve(ctx, orderA, item("nope"), 1); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("reserve of a malformed id = %v, want EINVALID", err)
	}
	if err := stock.Release(ctx, orderA, item(unknown)); err != nil {
		t.Fatalf("release to a deleted product = %v, want nil", err)
	}
	if err := stock.Reserve(ctx, orderA, item(id), 0); err == nil {
		t.Fatal("reserve of 0 units succeeded")
	}
}

// The measured failure of the embedded store: 20 parallel guarded decrements of a quantity
// of 5, every other one priced just before as a checkout does (its reservation may start from
// that read); and 10 parallel releases of one hold.
func TestStockParallelReservationsNeverOversell(t *testing.T) {
	db := storetest.NewDB(t)
	stock, store := mongostore.NewStock(db, nil), mongostore.NewOrderStore(db)
	id := insertProduct(t, db, 5)
	var ok atomic.Int32
	var wg sync.WaitGroup
	var orders sync.Map
	for i := range 20 {
		wg.Go(func() {
			if i%2 == 0 {
				if products, err := store.ProductsByID(context.Background(), []string{id}); err != nil || products[id] == nil {
					t.Errorf("price: %v", err)
					return
				}
			}
			order := bson.NewObjectID().Hex()
			err := stock.Reserve(context.Background(), order, item(id), 1)
			switch shop.ErrorCode(err) {
			case "":
				ok.Add(1)
				orders.Store(order, true)
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
	var one string
	orders.Range(func(k, _ any) bool { one = k.(string); return false })
	for range 10 {
		wg.Go(func() {
			if err := stock.Release(context.Background(), one, item(id)); err != nil {
				t.Errorf("release: %v", err)
			}
		})
	}
	wg.Wait()
	if q := quantityOf(t, db, id); q != 1 {
		t.Fatalf("10 parallel releases of one hold left %d, want 1", q)
	}
}

// A checkout reads its products to price them, then reserves their stock. On the embedded store
// the reservation starts from that read when no write of the product came between; these show
// that a write that did come between is never missed.
func TestReservationAfterPricingSeesTheSalesBetween(t *testing.T) {
	db := storetest.NewDB(t)
	stock, orders := mongostore.NewStock(db, nil), mongostore.NewOrderStore(db)
	id := insertProduct(t, db, 1)
	if _, err := orders.ProductsByID(t.Context(), []string{id}); err != nil {
		t.Fatal(err)
	}
	if err := stock.Reserve(t.Context(), bson.NewObjectID().Hex(), item(id), 1); err != nil {
		t.Fatalf("the first buyer's reservation: %v", err)
	}
	err := stock.Reserve(t.Context(), bson.NewObjectID().Hex(), item(id), 1)
	if shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a reservation of the last unit, already sold since it was priced: %v, want ECONFLICT", err)
	}
	if q := quantityOf(t, db, id); q != 0 {
		t.Fatalf("quantity %d, want 0", q)
	}
}
