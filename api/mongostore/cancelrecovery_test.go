package mongostore_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
	"shop/payment"
)

// The cancel crash tests stop a cancellation for good right after one of its steps, as the
// checkout crash tests do, then run the recovery pass of a restarted shop: the order must end
// refunded through the gateway, with refundedAt set and its units back exactly once.

// refundLog is a gateway that notes each refund it gives.
type refundLog struct {
	shop.Gateway
	mu      sync.Mutex
	refunds []string // transaction ids
}

func (g *refundLog) Refund(ctx context.Context, p shop.Payment) error {
	g.mu.Lock()
	g.refunds = append(g.refunds, p.TransactionID)
	g.mu.Unlock()
	return g.Gateway.Refund(ctx, p)
}

func (g *refundLog) transactions() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.refunds...)
}

// paidOrder places an order of two units of the product through a checkout that completes.
func paidOrder(t *testing.T, orders *shop.Orders, productID string) *shop.Order {
	t.Helper()
	o, _, err := orders.Checkout(t.Context(), shop.CheckoutRequest{BuyerID: bson.NewObjectID().Hex(),
		Nonce: "pm_card_visa", Cart: []shop.CartItem{{ID: productID}, {ID: productID}}})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// crashCancel cancels the order as its buyer, in a cancellation that dies at its crash point.
func crashCancel(t *testing.T, orders *shop.Orders, o *shop.Order) {
	t.Helper()
	dies(t, "cancellation", func() error {
		_, err := orders.CancelOrder(context.Background(), o.ID, shop.Actor{ID: o.Buyer.ID})
		return err
	})
}

func TestRecoveryFinishesACancellationCutShort(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tt := range []struct {
		name      string
		at        crashPoint
		stockLeft int // right after the crash
	}{
		{"after the mark", afterMark, 3},
		{"after the refund", afterRefund, 3},
		{"after the restock", afterRestock, 5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db := storetest.NewDB(t)
			id := insertProduct(t, db, 5)
			store, stock := mongostore.NewOrderStore(db), mongostore.NewStock(db, nil)
			gw := &refundLog{Gateway: payment.NewSandbox(mongostore.NewSandboxLedger(db))}
			crashing := shop.NewOrders(shop.OrdersConfig{Store: crashingStore{store, tt.at},
				Stock: crashingStock{stock, tt.at}, Gateway: crashingGateway{gw, tt.at}, Logger: quiet})
			o := paidOrder(t, crashing, id)
			crashCancel(t, crashing, o)

			crashed, err := store.Order(t.Context(), o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if crashed.Status != shop.StatusCancelled || crashed.PaymentState != shop.PaymentRefunding || crashed.RefundedAt != nil {
				t.Fatalf("after the crash: status %q, payment %q, refundedAt %v; want Cancelled, refunding, none",
					crashed.Status, crashed.PaymentState, crashed.RefundedAt)
			}
			if q := quantityOf(t, db, id); q != tt.stockLeft {
				t.Fatalf("stock after the crash = %d, want %d", q, tt.stockLeft)
			}

			restarted := shop.NewOrders(shop.OrdersConfig{Store: mongostore.NewOrderStore(db), Stock: stock,
				Gateway: gw, Logger: quiet})
			if n, err := restarted.Recover(t.Context(), time.Now().Add(time.Hour)); err != nil || n != 1 {
				t.Fatalf("the pass settled %d orders (%v), want 1", n, err)
			}
			assertRefundedOnce(t, db, store, gw, o, id)
			if n, err := restarted.Recover(t.Context(), time.Now().Add(time.Hour)); err != nil || n != 0 {
				t.Fatalf("a second pass settled %d (%v)", n, err)
			}
			if q := quantityOf(t, db, id); q != 5 {
				t.Fatalf("stock after a second pass = %d, want 5", q)
			}
		})
	}
}

// TestParallelRecoveriesFinishACancellationOnce: the periodic passes of two processes over the
// same order, cut short after its mark an hour ago, refund it and return its units once
// between them: the first to claim it finishes it, the other leaves it to that claim.
func TestParallelRecoveriesFinishACancellationOnce(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	db := storetest.NewDB(t)
	id := insertProduct(t, db, 5)
	store, stock := mongostore.NewOrderStore(db), mongostore.NewStock(db, nil)
	gw := &refundLog{Gateway: payment.NewSandbox(mongostore.NewSandboxLedger(db))}
	anHourAgo := func() time.Time { return time.Now().Add(-time.Hour).UTC().Truncate(time.Millisecond) }
	crashing := shop.NewOrders(shop.OrdersConfig{Store: crashingStore{store, afterMark},
		Stock: stock, Gateway: gw, Logger: quiet, Now: anHourAgo})
	o := paidOrder(t, crashing, id)
	crashCancel(t, crashing, o)

	var wg sync.WaitGroup
	settled := make([]int, 2)
	for i := range settled {
		p := shop.NewOrders(shop.OrdersConfig{Store: mongostore.NewOrderStore(db), Stock: stock, Gateway: gw, Logger: quiet})
		wg.Go(func() {
			n, err := p.Recover(context.Background(), time.Now().Add(-2*time.Minute))
			if err != nil {
				t.Errorf("pass %d: %v", i, err)
			}
			settled[i] = n
		})
	}
	wg.Wait()
	if settled[0]+settled[1] != 1 {
		t.Fatalf("the passes settled %v orders, want 1 between them", settled)
	}
	assertRefundedOnce(t, db, store, gw, o, id)
}

// assertRefundedOnce checks that the order ended refunded through the gateway, with its two
// units back exactly once and no restock note left on the product.
func assertRefundedOnce(t *testing.T, db *mongostore.DB, store *mongostore.OrderStore, gw *refundLog,
	o *shop.Order, productID string) {
	t.Helper()
	got, err := store.Order(t.Context(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.PaymentState != shop.PaymentRefunded || got.RefundedAt == nil || got.Status != shop.StatusCancelled {
		t.Fatalf("after recovery: status %q, payment %q, refundedAt %v; want Cancelled, refunded, set",
			got.Status, got.PaymentState, got.RefundedAt)
	}
	refunds := gw.transactions()
	if len(refunds) == 0 {
		t.Fatal("no refund went through the gateway")
	}
	for _, tx := range refunds {
		if tx != o.Payment.TransactionID {
			t.Fatalf("refunded transaction %q, want the order's %q", tx, o.Payment.TransactionID)
		}
	}
	if q := quantityOf(t, db, productID); q != 5 {
		t.Fatalf("stock after recovery = %d, want 5 (the two units back once)", q)
	}
	var doc bson.M
	readProduct(t, db, productID, &doc)
	if notes, ok := doc["restocks"].(bson.M); ok && len(notes) > 0 {
		t.Fatalf("restock notes left on the product: %v", notes)
	}
}
