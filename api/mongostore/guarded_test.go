package mongostore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// On the embedded store, whose updates are not atomic (docs/architecture.md), 20 writers at once
// taking and giving back units of one product: no update is lost and the quantity never goes
// below zero.
func TestGuardedWritesUnderTwentyWriters(t *testing.T) {
	db := storetest.NewDB(t)
	stock := mongostore.NewStock(db, &changeLog{})
	id := insertProduct(t, db, 10)
	ctx := context.Background()
	var wg sync.WaitGroup
	var taken, given atomic.Int32
	for i := range 20 {
		wg.Go(func() {
			order := bson.NewObjectID().Hex()
			err := stock.Reserve(ctx, order, item(id), 1)
			if shop.ErrorCode(err) == shop.ECONFLICT {
				return
			}
			if err != nil {
				t.Error(err)
				return
			}
			taken.Add(1)
			if i%2 == 0 { // half give their unit back while others still take
				if err := stock.Release(ctx, order, item(id)); err != nil {
					t.Error(err)
					return
				}
				given.Add(1)
			}
		})
	}
	wg.Wait()
	var doc struct {
		Quantity int            `bson:"quantity"`
		Holds    map[string]int `bson:"holds"`
	}
	oid, _ := bson.ObjectIDFromHex(id)
	if err := db.Database().Collection("products").FindOne(ctx, bson.M{"_id": oid}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	held := 0
	for _, n := range doc.Holds {
		held += n
	}
	sold := int(taken.Load() - given.Load())
	if doc.Quantity < 0 || doc.Quantity+held != 10 || held != sold || taken.Load() < 10 {
		t.Fatalf("quantity %d, %d held, %d taken and %d given back: an update was lost (want quantity %d)",
			doc.Quantity, held, taken.Load(), given.Load(), 10-sold)
	}
}

// Plain writes of different fields of one user at once keep every field.
func TestPlainWritesKeepEachOther(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	users := db.Database().Collection("users")
	id := bson.NewObjectID()
	if _, err := users.InsertOne(ctx, bson.M{"_id": id, "email": "a@shop.test"}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	fields := []string{"name", "phone", "address", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
		"m", "n", "o", "p", "q"}
	for _, f := range fields {
		wg.Go(func() {
			if err := mongostore.UpdateByIDForTest(ctx, db, users, id, bson.M{"$set": bson.M{f: f}}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	var got bson.M
	if err := users.FindOne(ctx, bson.M{"_id": id}).Decode(&got); err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		if got[f] != f {
			t.Errorf("field %s = %v after 20 writers: a write was lost", f, got[f])
		}
	}
}
