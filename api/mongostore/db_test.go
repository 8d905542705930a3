package mongostore_test

import (
	"context"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop/internal/storetest"
	"shop/mongostore"
)

// TestOpenGivesUpOnAStoreThatNeverAnswers: shopd retries an unreachable store with backoff for
// its connect timeout, then stops with a message naming the address, not a hang or a panic.
func TestOpenGivesUpOnAStoreThatNeverAnswers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now

	begin := time.Now()
	_, err = mongostore.Open(context.Background(), "mongodb://"+addr+"/?serverSelectionTimeoutMS=300", "shop",
		mongostore.Options{ConnectTimeout: 2 * time.Second})
	took := time.Since(begin)
	if err == nil {
		t.Fatal("Open answered a store that is not there")
	}
	if !strings.Contains(err.Error(), "did not answer within 2s") || !strings.Contains(err.Error(), addr) {
		t.Errorf("error %q does not say which store failed and for how long", err)
	}
	if took < time.Second || took > 10*time.Second {
		t.Errorf("gave up after %s; want about the 2 s connect timeout", took)
	}
}

// On MongoDB every index the queries use is made. The embedded store answers only a filter on
// _id from an index, so there only the unique indexes are kept (made earlier, the others are
// dropped): each other one would only be upkeep at every write.
func TestIndexes(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := t.Context()
	names := func(coll string) []string {
		specs, err := db.Database().Collection(coll).Indexes().ListSpecifications(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range specs {
			out = append(out, s.Name)
		}
		slices.Sort(out)
		return out
	}
	want := map[string][]string{
		"products": {"_id_", "category_1_createdAt_-1", "createdAt_-1", "slug_1"},
		"orders": {"_id_", "buyer_1_createdAt_-1__id_-1", "createdAt_-1__id_-1", "number_1",
			"payment.transactionId_1", "paymentState_1_createdAt_1"},
		"checkouts": {"_id_", "createdAt_1"},
	}
	if storetest.Embedded() {
		want = map[string][]string{"products": {"_id_", "slug_1"}, "orders": {"_id_", "number_1"}, "checkouts": {"_id_"}}
	}
	// Indexes made by earlier versions are dropped where newer ones replace them.
	earlier := mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}}}
	if _, err := db.Database().Collection("orders").Indexes().CreateOne(ctx, earlier); err != nil {
		t.Fatal(err)
	}
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	for coll, w := range want {
		if got := names(coll); !slices.Equal(got, w) {
			t.Errorf("indexes of %s: %v, want %v", coll, got, w)
		}
	}
	// A second shopd reaching the store through MONGO_URI keeps the store's own indexes: on the
	// embedded store it once made every index, which each write of the store's owner then paid for.
	peer, err := mongostore.Open(ctx, storetest.URI(), db.Database().Name(), mongostore.Options{ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = peer.Close(context.Background()) })
	if err := peer.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	for coll, w := range want {
		if got := names(coll); !slices.Equal(got, w) {
			t.Errorf("after a second shopd's start, indexes of %s: %v, want %v", coll, got, w)
		}
	}
	// On MongoDB a checkout's claim of its Idempotency-Key expires after a day.
	specs, err := db.Database().Collection("checkouts").Indexes().ListSpecifications(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range specs {
		if spec.Name == "createdAt_1" && (spec.ExpireAfterSeconds == nil || *spec.ExpireAfterSeconds != 86400) {
			t.Errorf("the claims expire after %v s, want a day", spec.ExpireAfterSeconds)
		}
	}
}
