package shop_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"shop"
)

// A cart the stock cannot fill when it is priced is refused with the shopper's 409 before
// anything is written: no order (not even an abandoned one), no unit moved, the key free.
func TestCartShortAtPricingWritesNothing(t *testing.T) {
	store := newMemStore(&shop.Product{ID: "p1", Name: "Tee", Price: 35000})
	stock := store.sellsFrom(newMemStock(map[string]int{"p1": 1}))
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: &cancellingGateway{cancel: func() {}},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	req := shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}, {ID: "p1"}}, IdempotencyKey: "k1"}
	_, _, err := orders.Checkout(context.Background(), req)
	if shop.ErrorCode(err) != shop.ECONFLICT ||
		shop.ErrorMessage(err) != `Not enough of "Tee" in stock for 2. Please change your cart.` {
		t.Fatalf("checkout of 2 with 1 left: %v; want the 409 naming the product", err)
	}
	if len(store.orders) != 0 || len(store.claims) != 0 {
		t.Errorf("after the refusal: %d orders, %d claims; want none", len(store.orders), len(store.claims))
	}
	if left := stock.left("p1"); left != 1 {
		t.Errorf("stock after the refusal = %d, want 1", left)
	}
	req.Cart = req.Cart[:1]
	if o, created, err := orders.Checkout(context.Background(), req); err != nil || !created || o.Total != 35000 {
		t.Fatalf("the same key for what is left: %+v, %v, %v; want a new order of 350.00", o, created, err)
	}
}

// sellingStock sells the last units of every item (to another shopper) just before a
// reservation: what a cart priced a moment earlier meets when the shop is busy.
type sellingStock struct{ *memStock }

func (s sellingStock) Reserve(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	s.mu.Lock()
	s.units[memKey(item)] = 0
	s.mu.Unlock()
	return s.memStock.Reserve(ctx, orderID, item, n)
}

// Units sold between pricing and reserving are still refused by the reservation itself: the
// same 409, the pending order abandoned (never listed), no unit taken.
func TestCartShortAtReservingIsRefusedToo(t *testing.T) {
	store := newMemStore(&shop.Product{ID: "p1", Name: "Tee", Price: 35000})
	stock := store.sellsFrom(newMemStock(map[string]int{"p1": 3}))
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: sellingStock{stock}, Gateway: &cancellingGateway{cancel: func() {}},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	_, _, err := orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
		Cart: []shop.CartItem{{ID: "p1"}}, IdempotencyKey: "k1"})
	if shop.ErrorCode(err) != shop.ECONFLICT ||
		shop.ErrorMessage(err) != `Not enough of "Tee" in stock for 1. Please change your cart.` {
		t.Fatalf("checkout whose units sold meanwhile: %v; want the 409 naming the product", err)
	}
	if listed := store.listed(); len(listed) != 0 {
		t.Errorf("%d orders listed after the refusal, want none", len(listed))
	}
	if len(store.orders) != 1 || store.orders["order-1"].PaymentState != shop.PaymentAbandoned {
		t.Errorf("pending order after the refusal: %+v; want order-1 abandoned", store.orders)
	}
	if len(stock.holds) != 0 {
		t.Errorf("holds after the refusal: %v, want none", stock.holds)
	}
}
