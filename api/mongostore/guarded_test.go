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

// A guarded write that keeps finding its document changed under it (on MongoDB: writers of one
// busy product meeting each other) gives up with a conflict the client can retry, not a fault.
func TestGuardedUpdateThatNeverLandsIsAConflict(t *testing.T) {
	db := mongostore.BatchedReads(storetest.NewDB(t)) // the filter carries the guard, as on MongoDB
	id := insertProduct(t, db, 10)
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		t.Fatal(err)
	}
	decided := 0
	err = mongostore.GuardedUpdateForTest(t.Context(), db, db.Database().Collection("products"), oid,
		func(bson.Raw) (bson.M, bson.M, error) {
			decided++
			// A guard the stored document never meets: another writer always came first.
			return bson.M{"quantity": 11}, bson.M{"$inc": bson.M{"quantity": -1}}, nil
		})
	if shop.ErrorCode(err) != shop.ECONFLICT || decided < 2 {
		t.Fatalf("err = %v after %d decisions; want a conflict after retrying", err, decided)
	}
	if q := quantityOf(t, db, id); q != 10 {
		t.Fatalf("quantity %d, want 10 (nothing written)", q)
	}
}
