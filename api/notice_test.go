package shop_test

import (
	"context"
	"testing"
	"time"

	"shop"
)

// pendingOrder writes a pending order holding two units of p1, as a checkout cut short does.
func pendingOrder(t *testing.T, store *memStore, stock *memStock, id string) {
	t.Helper()
	item := shop.StockItem{ProductID: "p1"}
	if err := stock.Reserve(t.Context(), id, item, 2); err != nil {
		t.Fatal(err)
	}
	err := store.CreateOrder(t.Context(), &shop.Order{ID: id, Total: 70000, PaymentState: shop.PaymentPending,
		Status: "Not Process", CreatedAt: time.Now(), Reserved: []shop.Reservation{{Item: item, Units: 2}}})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSettleNotice(t *testing.T) {
	store, stock := teeShop(10)
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: &cancellingGateway{cancel: func() {}},
		Logger: quietLog})
	ctx := context.Background()
	pendingOrder(t, store, stock, "o-paid")
	pendingOrder(t, store, stock, "o-failed")
	pendingOrder(t, store, stock, "o-short")
	pay := &shop.Payment{Success: true, Provider: "stripe", TransactionID: "pi_1", Amount: 70000, Currency: "inr"}

	for range 2 { // notices come twice: the second changes nothing
		if err := orders.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticePaid, OrderID: "order-o-paid", Payment: pay}); err != nil {
			t.Fatal(err)
		}
		if err := orders.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticeFailed, OrderID: "order-o-failed"}); err != nil {
			t.Fatal(err)
		}
	}
	paid, _ := store.Order(ctx, "o-paid")
	failed, _ := store.Order(ctx, "o-failed")
	if paid.PaymentState != shop.PaymentPaid || paid.Payment.TransactionID != "pi_1" || failed.PaymentState != shop.PaymentAbandoned {
		t.Fatalf("states %s, %s", paid.PaymentState, failed.PaymentState)
	}
	if left := stock.left("p1"); left != 6 { // 10 - 2 (paid) - 2 (still pending); the failed one's back
		t.Fatalf("stock %d, want 6", left)
	}
	// A paid notice for another amount than the order's is not believed; it is taken (the
	// provider would send it again for days) and the order stays pending.
	short := *pay
	short.Amount = 100
	if err := orders.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticePaid, OrderID: "order-o-short", Payment: &short}); err != nil {
		t.Fatalf("a notice of the wrong amount was refused: %v", err)
	}
	if o, _ := store.Order(ctx, "o-short"); o.PaymentState != shop.PaymentPending {
		t.Fatalf("a notice of the wrong amount left the order %s", o.PaymentState)
	}
	// A failure notice for a paid order changes nothing; unknown orders are ignored.
	if err := orders.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticeFailed, OrderID: "order-o-paid"}); err != nil {
		t.Fatal(err)
	}
	if err := orders.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticePaid, OrderID: "order-nope", Payment: pay}); err != nil {
		t.Fatal(err)
	}
	if o, _ := store.Order(ctx, "o-paid"); o.PaymentState != shop.PaymentPaid {
		t.Fatalf("paid order became %s", o.PaymentState)
	}
}
