package mongostore_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/internal/storetest"
)

// Writes that fail (a duplicate key, a cancelled request) give the embedded store's write
// gate back: the writes after them, in parallel too, all go through.
func TestFailedWritesLetTheNextOnesThrough(t *testing.T) {
	db := storetest.NewDB(t)
	coll := db.Database().Collection("gate")
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	if _, err := coll.InsertOne(ctx, bson.M{"_id": "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := coll.InsertOne(ctx, bson.M{"_id": "a"}); err == nil {
		t.Fatal("a duplicate _id was inserted")
	}
	gone, stop := context.WithCancel(ctx)
	stop()
	if _, err := coll.UpdateOne(gone, bson.M{"_id": "a"}, bson.M{"$set": bson.M{"n": 1}}); err == nil {
		t.Fatal("a write with a cancelled context answered no error")
	}
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := coll.InsertOne(ctx, bson.M{"_id": i})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a write after the failed ones: %v", err)
		}
	}
	if n, err := coll.CountDocuments(ctx, bson.M{}); err != nil || n != 21 {
		t.Fatalf("%d documents (%v), want 21", n, err)
	}
}
