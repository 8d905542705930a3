package mongostore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

func TestCheckoutClaims(t *testing.T) {
	db := storetest.NewDB(t)
	s := mongostore.NewOrderStore(db)
	buyer := bson.NewObjectID().Hex()
	first, second := s.NewOrderID(), s.NewOrderID()
	if first == second {
		t.Fatal("NewOrderID repeated")
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "k", first); err != nil || earlier != "" {
		t.Fatalf("first claim = %q, %v", earlier, err)
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "k", second); err != nil || earlier != first {
		t.Fatalf("second claim = %q, %v; want %q", earlier, err, first)
	}
	// Releasing with the wrong order id leaves the claim; with its own, frees it.
	if err := s.ReleaseCheckoutClaim(t.Context(), buyer, "k", second); err != nil {
		t.Fatal(err)
	}
	if earlier, _ := s.ClaimCheckout(t.Context(), buyer, "k", second); earlier != first {
		t.Fatalf("claim after a foreign release = %q, want %q", earlier, first)
	}
	if err := s.ReleaseCheckoutClaim(t.Context(), buyer, "k", first); err != nil {
		t.Fatal(err)
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "k", second); err != nil || earlier != "" {
		t.Fatalf("claim after release = %q, %v", earlier, err)
	}

	// Parallel claims of one key: exactly one wins.
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			earlier, err := s.ClaimCheckout(context.Background(), buyer, "race", s.NewOrderID())
			if err != nil {
				t.Errorf("claim: %v", err)
			}
			if earlier == "" {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d parallel claims won, want 1", won.Load())
	}
}

// A claim left by a checkout that died before writing its order is taken over after a while;
// an old claim whose order exists still answers that order.
func TestAbandonedCheckoutClaims(t *testing.T) {
	db := storetest.NewDB(t)
	s := mongostore.NewOrderStore(db)
	buyer := bson.NewObjectID().Hex()
	old := time.Now().UTC().Add(-time.Hour)
	dead, placed := bson.NewObjectID(), bson.NewObjectID()
	claims := db.Database().Collection("checkouts")
	for key, oid := range map[string]bson.ObjectID{"dead": dead, "placed": placed, "young": dead} {
		createdAt := old
		if key == "young" {
			createdAt = time.Now().UTC()
		}
		if _, err := claims.InsertOne(t.Context(), bson.M{"_id": buyer + ":" + key, "orderId": oid, "createdAt": createdAt}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now().UTC()
	if err := s.CreateOrder(t.Context(), &shop.Order{ID: placed.Hex(), Buyer: shop.Buyer{ID: buyer}, Status: "Not Process",
		CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	fresh := s.NewOrderID()
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "dead", fresh); err != nil || earlier != "" {
		t.Fatalf("claim over an abandoned one = %q, %v; want it taken over", earlier, err)
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "placed", fresh); err != nil || earlier != placed.Hex() {
		t.Fatalf("claim over an old placed one = %q, %v; want %s", earlier, err, placed.Hex())
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "young", fresh); err != nil || earlier != dead.Hex() {
		t.Fatalf("claim over a young one = %q, %v; want %s", earlier, err, dead.Hex())
	}
}

// Claims older than a day go, so they do not grow with every order or product for good: by
// ForgetOldClaims where the store keeps no expiring index (the embedded one), by its TTL index
// on MongoDB. Checkouts' claims and product creates' alike.
func TestForgetOldClaims(t *testing.T) {
	db := storetest.NewDB(t)
	now := time.Now().UTC()
	buyer := bson.NewObjectID().Hex()
	colls := map[string]string{"checkouts": "orderId", "productcreates": "product"}
	for coll, field := range colls {
		for key, age := range map[string]time.Duration{"old": 25 * time.Hour, "young": 23 * time.Hour} {
			if _, err := db.Database().Collection(coll).InsertOne(t.Context(), bson.M{"_id": buyer + ":" + key,
				field: bson.NewObjectID(), "createdAt": now.Add(-age)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	n, err := db.ForgetOldClaims(t.Context(), now)
	if err != nil {
		t.Fatal(err)
	}
	if mongostore.ExpiresClaims(db) {
		if n != 0 {
			t.Fatalf("ForgetOldClaims on a store with a TTL index deleted %d, want 0", n)
		}
	} else if n != 2 {
		t.Fatalf("ForgetOldClaims deleted %d, want 2", n)
	}
	for coll := range colls {
		claims := db.Database().Collection(coll)
		old, err := claims.CountDocuments(t.Context(), bson.M{"_id": buyer + ":old"})
		if err != nil || (!mongostore.ExpiresClaims(db) && old != 0) {
			t.Fatalf("the %s claim of 25 hours ago: %d left, %v", coll, old, err)
		}
		if c, err := claims.CountDocuments(t.Context(), bson.M{"_id": buyer + ":young"}); err != nil || c != 1 {
			t.Fatalf("the %s claim of 23 hours ago: %d left, %v; want it kept", coll, c, err)
		}
	}
	if storetest.Embedded() && mongostore.ExpiresClaims(db) {
		t.Fatal("the embedded store has no TTL index, yet its claims are left to one")
	}
}

func TestProductsByID(t *testing.T) {
	db := storetest.NewDB(t)
	a, b := insertProduct(t, db, 3), insertProduct(t, db, 0)
	unknown := bson.NewObjectID().Hex()
	for name, s := range map[string]*mongostore.OrderStore{
		"one by one": mongostore.NewOrderStore(db), "batched": mongostore.NewOrderStore(mongostore.BatchedReads(db)),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := s.ProductsByID(t.Context(), []string{a, unknown, b})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 || got[a].Price != 35000 || got[a].Quantity != 3 || got[b].ID != b || got[unknown] != nil {
				t.Fatalf("ProductsByID = %v", got)
			}
			if _, err := s.ProductsByID(t.Context(), []string{a, "zz"}); shop.ErrorCode(err) != shop.EINVALID {
				t.Fatalf("malformed id: %v, want EINVALID", err)
			}
		})
	}
}

// A key whose checkout is over without an order works again at once, however young its
// claim: its order was abandoned (a failed checkout, or one a crash cut short and recovery
// settled). On the embedded store, where this process is the only writer, a claim made
// before the process opened the store and never placed is over too: a shopper retrying after
// a restart must not wait ten minutes.
func TestEndedCheckoutClaimsAreTakenOverAtOnce(t *testing.T) {
	db := storetest.NewDB(t)
	s := mongostore.NewOrderStore(db)
	buyer := bson.NewObjectID().Hex()
	claims := db.Database().Collection("checkouts")
	claim := func(key string, order bson.ObjectID, at time.Time) {
		if _, err := claims.InsertOne(t.Context(), bson.M{"_id": buyer + ":" + key, "orderId": order, "createdAt": at}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now().UTC()
	abandoned, pending, unwritten := bson.NewObjectID(), bson.NewObjectID(), bson.NewObjectID()
	for id, state := range map[bson.ObjectID]string{abandoned: shop.PaymentAbandoned, pending: shop.PaymentPending} {
		if err := s.CreateOrder(t.Context(), &shop.Order{ID: id.Hex(), Buyer: shop.Buyer{ID: buyer}, Status: "Not Process",
			PaymentState: state, CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	claim("abandoned", abandoned, now)
	claim("pending", pending, now.Add(-time.Minute))
	claim("before-start", unwritten, now.Add(-time.Minute))

	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "abandoned", s.NewOrderID()); err != nil || earlier != "" {
		t.Fatalf("claim over one whose order was abandoned = %q, %v; want it taken over", earlier, err)
	}
	if earlier, err := s.ClaimCheckout(t.Context(), buyer, "pending", s.NewOrderID()); err != nil || earlier != pending.Hex() {
		t.Fatalf("claim over one whose order is still pending = %q, %v; want %s", earlier, err, pending.Hex())
	}
	earlier, err := s.ClaimCheckout(t.Context(), buyer, "before-start", s.NewOrderID())
	if err != nil {
		t.Fatal(err)
	}
	want := unwritten.Hex() // other processes may be writing: it may still be placed
	if storetest.Embedded() {
		want = ""
	}
	if earlier != want {
		t.Fatalf("claim over one made a minute ago, before this process opened the store, never placed = %q; want %q", earlier, want)
	}
}
