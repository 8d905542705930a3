package shop_test

import (
	"context"
	"testing"
	"time"

	"shop"
)

// slowGateway holds every charge until release is closed.
type slowGateway struct {
	started chan struct{}
	release chan struct{}
}

func (g *slowGateway) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	close(g.started)
	<-g.release
	return &shop.Payment{Success: true, Provider: "slow", TransactionID: "tx-1", Amount: c.Amount, Currency: c.Currency}, nil
}

func (g *slowGateway) FindCharge(context.Context, shop.Charge) (*shop.Payment, error) {
	return nil, nil
}

func (g *slowGateway) Refund(context.Context, shop.Payment) error { return nil }

// TestDrainWaitsForACheckoutMidCharge: shutdown must not close the store under a checkout that
// is charging a card, or the money would be taken with no order written.
func TestDrainWaitsForACheckoutMidCharge(t *testing.T) {
	store, stock := teeShop(3)
	gw := &slowGateway{started: make(chan struct{}), release: make(chan struct{})}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock,
		Gateway: gw, Logger: quietLog})

	done := make(chan error, 1)
	go func() {
		_, _, err := orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}})
		done <- err
	}()
	<-gw.started

	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := orders.Drain(short); err == nil {
		t.Fatal("Drain returned while a checkout was still charging")
	}

	close(gw.release)
	if err := orders.Drain(context.Background()); err != nil {
		t.Fatalf("Drain after the charge: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("checkout: %v", err)
	}
	if len(store.listed()) != 1 {
		t.Fatalf("%d orders paid, want 1: Drain returned before the order was marked paid", len(store.listed()))
	}
}
