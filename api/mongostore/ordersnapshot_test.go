package mongostore_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// reopen connects to db's database again, as a restarted shop does: nothing of db's memory
// (its order index, its caches) comes along.
func reopen(t *testing.T, db *mongostore.DB) *mongostore.DB {
	t.Helper()
	again, err := mongostore.Open(t.Context(), storetest.URI(), db.Database().Name(),
		mongostore.Options{SerializeUpdates: storetest.Embedded(), ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = again.Close(context.Background()) })
	return again
}

// seedOrders imports n paid orders a minute apart over two buyers, and one pending order.
func seedOrders(t *testing.T, db *mongostore.DB, n int) (buyers []string) {
	t.Helper()
	buyers = []string{bson.NewObjectID().Hex(), bson.NewObjectID().Hex()}
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	var orders []*shop.Order
	for i := range n + 1 {
		state := shop.PaymentPaid
		if i == n {
			state = shop.PaymentPending
		}
		orders = append(orders, &shop.Order{ID: bson.NewObjectID().Hex(), Buyer: shop.Buyer{ID: buyers[i%2]},
			Products: []shop.OrderItem{{ID: bson.NewObjectID().Hex(), Name: fmt.Sprintf("Scarf %d", i), Price: 49900}},
			Total:    49900, Status: shop.OrderStatuses[0], PaymentState: state,
			CreatedAt: at.Add(time.Duration(i) * time.Minute), UpdatedAt: at})
	}
	if err := mongostore.NewOrderStore(db).ImportOrders(t.Context(), orders); err != nil {
		t.Fatal(err)
	}
	return buyers
}

// listing is every page of 2 of every list (all orders, each buyer's) and the pending ids.
func listing(t *testing.T, db *mongostore.DB, buyers []string) string {
	t.Helper()
	s := mongostore.NewOrderStore(db)
	out := ""
	for _, buyer := range append([]string{""}, buyers...) {
		for page := 1; ; page++ {
			orders, total, err := s.Orders(t.Context(), buyer, shop.Page{Number: page, Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			out += fmt.Sprintf("[%s p%d of %d:", buyer, page, total)
			for _, o := range orders {
				out += " " + o.Products[0].Name + "/" + o.Status
			}
			out += "]"
			if len(orders) == 0 {
				break
			}
		}
	}
	pending, err := s.OrdersInState(t.Context(), shop.PaymentPending, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return out + fmt.Sprintf(" pending %d", len(pending))
}

// TestOrderIndexSnapshot: a start after a clean stop reads the order index from its snapshot
// and lists exactly what the orders say; a snapshot the store has moved past (a crash after a
// write, an older file) or a damaged one is not used, and the index is read from the orders.
// Only the embedded store keeps an order index; on MongoDB nothing is ever read from a file.
func TestOrderIndexSnapshot(t *testing.T) {
	ctx := t.Context()
	embedded := storetest.Embedded()
	db := storetest.NewDB(t)
	buyers := seedOrders(t, db, 7)
	path := filepath.Join(t.TempDir(), "orderindex.snapshot")

	if used, err := db.LoadOrderIndex(ctx, path); err != nil || used {
		t.Fatalf("first load = %v, %v; want from the orders", used, err)
	}
	want := listing(t, db, buyers)
	if err := db.SaveOrderIndex(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); (err == nil) != embedded {
		t.Fatalf("snapshot file after save: %v (embedded store: %v)", err, embedded)
	}

	// A clean restart: the snapshot is used and lists the same.
	restarted := reopen(t, db)
	if used, err := restarted.LoadOrderIndex(ctx, path); err != nil || used != embedded {
		t.Fatalf("load after a clean stop = %v, %v; want %v", used, err, embedded)
	}
	if got := listing(t, restarted, buyers); got != want {
		t.Fatalf("from the snapshot\n got %s\nwant %s", got, want)
	}

	// A crash after a write: the snapshot (still on disk) is older than the store.
	s := mongostore.NewOrderStore(restarted)
	late := &shop.Order{ID: s.NewOrderID(), Buyer: shop.Buyer{ID: buyers[0]}, Total: 99900,
		Products: []shop.OrderItem{{ID: bson.NewObjectID().Hex(), Name: "Late Coat", Price: 99900}},
		Status:   shop.OrderStatuses[0], PaymentState: shop.PaymentPaid,
		CreatedAt: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), UpdatedAt: time.Now()}
	if err := s.CreateOrder(ctx, late); err != nil {
		t.Fatal(err)
	}
	afterCrash := reopen(t, db)
	if used, err := afterCrash.LoadOrderIndex(ctx, path); err != nil || used {
		t.Fatalf("load after a crash = %v, %v; want from the orders", used, err)
	}
	want = listing(t, afterCrash, buyers)
	if !strings.Contains(want, "Late Coat") {
		t.Fatalf("the order written before the crash is not listed: %s", want)
	}

	// An older snapshot file than the one the store was sealed with is not used.
	if err := afterCrash.SaveOrderIndex(ctx); err != nil {
		t.Fatal(err)
	}
	older, _ := os.ReadFile(path)
	next := reopen(t, db)
	if used, err := next.LoadOrderIndex(ctx, path); err != nil || used != embedded {
		t.Fatalf("load after a clean stop = %v, %v; want %v", used, err, embedded)
	}
	if err := next.SaveOrderIndex(ctx); err != nil {
		t.Fatal(err)
	}
	if embedded {
		if err := os.WriteFile(path, older, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if used, err := reopen(t, db).LoadOrderIndex(ctx, path); err != nil || used {
		t.Fatalf("load of an older snapshot = %v, %v; want from the orders", used, err)
	}

	// A damaged snapshot is not used, and the orders are read.
	clean := reopen(t, db)
	if _, err := clean.LoadOrderIndex(ctx, path); err != nil {
		t.Fatal(err)
	}
	if err := clean.SaveOrderIndex(ctx); err != nil {
		t.Fatal(err)
	}
	if embedded {
		b, _ := os.ReadFile(path)
		b[len(b)/2] ^= 0xff
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	damaged := reopen(t, db)
	if used, err := damaged.LoadOrderIndex(ctx, path); err != nil || used {
		t.Fatalf("load of a damaged snapshot = %v, %v; want from the orders", used, err)
	}
	if got := listing(t, damaged, buyers); got != want {
		t.Fatalf("after a damaged snapshot\n got %s\nwant %s", got, want)
	}
}

// TestOrderListsSeeChanges: the order lists answer what the store holds after a status change
// and a buyer's new name, however often the same page was read before.
func TestOrderListsSeeChanges(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	u, err := users.Register(ctx, shop.Registration{Name: "Asha", Email: "asha@example.com", Password: "secret123",
		Phone: "9876543210", Address: "12 MG Road", Answer: "blue"})
	if err != nil {
		t.Fatal(err)
	}
	s := mongostore.NewOrderStore(db)
	o := &shop.Order{ID: s.NewOrderID(), Buyer: shop.Buyer{ID: u.ID}, Total: 49900, Status: shop.OrderStatuses[0],
		Products:     []shop.OrderItem{{ID: bson.NewObjectID().Hex(), Name: "Scarf", Price: 49900}},
		PaymentState: shop.PaymentPaid, CreatedAt: time.Now().UTC(), UpdatedAt: time.Now().UTC()}
	if err := s.CreateOrder(ctx, o); err != nil {
		t.Fatal(err)
	}
	first := func() *shop.Order {
		t.Helper()
		orders, _, err := s.Orders(ctx, "", shop.Page{Number: 1, Limit: 3})
		if err != nil || len(orders) != 1 {
			t.Fatalf("orders = %v, %v", orders, err)
		}
		return orders[0]
	}
	for range 3 {
		if got := first(); got.Status != shop.OrderStatuses[0] || got.Buyer.Name != "Asha" {
			t.Fatalf("listed %q by %q", got.Status, got.Buyer.Name)
		}
	}
	next := shop.OrderStatuses[1]
	if _, err := s.UpdateStatus(ctx, o.ID, shop.StatusUpdate{Status: next,
		Change: shop.StatusChange{Status: next, At: time.Now().UTC(), By: shop.ByAdmin},
		Check:  func(*shop.Order) error { return nil }}); err != nil {
		t.Fatal(err)
	}
	if _, err := users.UpdateProfile(ctx, u.ID, shop.ProfileUpdate{Name: "Asha Rao"}); err != nil {
		t.Fatal(err)
	}
	if got := first(); got.Status != next || got.Buyer.Name != "Asha Rao" {
		t.Fatalf("after the changes listed %q by %q; want %q by Asha Rao", got.Status, got.Buyer.Name, next)
	}
}
