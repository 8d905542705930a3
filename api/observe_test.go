package shop_test

import (
	"context"
	"sync"
	"testing"

	"shop"
)

// countingObserver records what checkouts tell it.
type countingObserver struct {
	mu        sync.Mutex
	outcomes  map[string]int
	conflicts int
}

func (o *countingObserver) CheckoutEnded(outcome string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcomes[outcome]++
}

func (o *countingObserver) StockConflict() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.conflicts++
}

// TestCheckoutTellsItsOutcome: every checkout tells the observer how it ended, and a
// reservation refused for short stock counts as a stock conflict.
func TestCheckoutTellsItsOutcome(t *testing.T) {
	store, stock := teeShop(2)
	obs := &countingObserver{outcomes: map[string]int{}}
	gw := &cancellingGateway{cancel: func() {}}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw,
		Logger: quietLog, Observer: obs})
	buy := func(key string, n int) {
		cart := make([]shop.CartItem, n)
		for i := range cart {
			cart[i] = shop.CartItem{ID: "p1"}
		}
		_, _, _ = orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: cart, IdempotencyKey: key})
	}
	buy("k1", 1)
	buy("k1", 1) // the retry answers the first order
	buy("k1", 2) // the key of another cart: not a shortage of stock
	buy("k2", 5) // more than is left
	buy("k3", 0) // an empty cart
	gw.decline = true
	buy("k4", 1)
	want := map[string]int{shop.CheckoutPlaced: 1, shop.CheckoutReplayed: 1, shop.CheckoutOutOfStock: 1,
		shop.CheckoutRejected: 2, shop.CheckoutDeclined: 1}
	for outcome, n := range want {
		if obs.outcomes[outcome] != n {
			t.Errorf("%s: %d, want %d (all: %v)", outcome, obs.outcomes[outcome], n, obs.outcomes)
		}
	}
	if obs.conflicts != 1 {
		t.Errorf("stock conflicts = %d, want 1", obs.conflicts)
	}
	if orders.Placing() != 0 {
		t.Errorf("%d orders still being placed after every checkout ended", orders.Placing())
	}
}
