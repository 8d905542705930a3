package shop_test

import (
	"context"
	"sync"
	"testing"

	"shop"
)

// A cart the stock cannot fill when it is priced is refused with the shopper's 409 before its
// order is written: no order (not even an abandoned one), no unit moved, the key free.
func TestCartShortAtPricingWritesNoOrder(t *testing.T) {
	store, stock := teeShop(1)
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: &cancellingGateway{cancel: func() {}},
		Logger: quietLog})
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
	store, stock := teeShop(3)
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: sellingStock{stock}, Gateway: &cancellingGateway{cancel: func() {}},
		Logger: quietLog})
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

// A retry of a checkout that went through answers its order even when its cart could no
// longer be placed: its last unit sold (by that very order), or its product no longer sold.
func TestRetryOfAPlacedCheckoutAnswersItsOrderWhateverTheCartNow(t *testing.T) {
	store, stock := teeShop(1)
	gw := &cancellingGateway{cancel: func() {}}
	obs := &countingObserver{outcomes: map[string]int{}}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw,
		Logger: quietLog, Observer: obs})
	req := shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}, IdempotencyKey: "k1"}
	first, created, err := orders.Checkout(context.Background(), req)
	if err != nil || !created {
		t.Fatalf("first checkout: %v, %v", created, err)
	}
	for _, when := range []string{"sold out", "no longer sold"} {
		if when == "no longer sold" {
			delete(store.products, "p1")
		}
		again, created, err := orders.Checkout(context.Background(), req)
		if err != nil || created || again.ID != first.ID {
			t.Errorf("retry once %s: %+v, created %v, %v; want order %s answered again", when, again, created, err, first.ID)
		}
	}
	if len(gw.charged) != 1 || len(store.orders) != 1 {
		t.Errorf("%d charges, %d orders after the retries; want 1 and 1", len(gw.charged), len(store.orders))
	}
	if obs.outcomes[shop.CheckoutReplayed] != 2 || obs.conflicts != 0 {
		t.Errorf("outcomes %v, %d stock conflicts; want 2 replayed and no conflict", obs.outcomes, obs.conflicts)
	}
	if _, _, err := orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
		Cart: req.Cart, IdempotencyKey: "k2"}); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Errorf("a new key for the product no longer sold: %v; want its 404", err)
	}
}

// claimWatch is the memStore, telling held when a checkout first finds its key claimed by
// another one still running: from then on that checkout is waiting for the other.
type claimWatch struct {
	*memStore
	once sync.Once
	held chan struct{}
}

func (s *claimWatch) ClaimCheckout(ctx context.Context, buyerID, key, orderID string) (string, error) {
	earlier, err := s.memStore.ClaimCheckout(ctx, buyerID, key, orderID)
	if err == nil && earlier != "" && earlier != orderID {
		s.once.Do(func() { close(s.held) })
	}
	return earlier, err
}

// A retry sent while its checkout is still charging finds the last unit held by that very
// checkout: it waits for it and answers its order, rather than "out of stock".
func TestRetryDuringItsCheckoutWaitsForItsOrder(t *testing.T) {
	mem, stock := teeShop(1)
	store := &claimWatch{memStore: mem, held: make(chan struct{})}
	gw := &slowGateway{started: make(chan struct{}), release: make(chan struct{})}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock,
		Gateway: gw, Logger: quietLog})
	req := shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}, IdempotencyKey: "k1"}
	type answer struct {
		o       *shop.Order
		created bool
		err     error
	}
	first, retry := make(chan answer, 1), make(chan answer, 1)
	go func() {
		o, created, err := orders.Checkout(context.Background(), req)
		first <- answer{o, created, err}
	}()
	<-gw.started // the unit is held, the card being charged
	go func() {
		o, created, err := orders.Checkout(context.Background(), req)
		retry <- answer{o, created, err}
	}()
	// The charge is let go only once the retry has met the first checkout's claim, so the retry
	// really is waiting for it (not arriving after the order was written).
	select {
	case <-store.held:
	case b := <-retry:
		t.Fatalf("the retry answered %+v without meeting the running checkout's claim", b)
	}
	close(gw.release)
	a, b := <-first, <-retry
	if a.err != nil || !a.created {
		t.Fatalf("first checkout: %+v", a)
	}
	if b.err != nil || b.created || b.o.ID != a.o.ID {
		t.Errorf("retry during the checkout: %+v; want order %s answered again", b, a.o.ID)
	}
}

// An Idempotency-Key names one purchase: a retry of its cart (lines in any order) answers its
// order; a cart of other sizes, or of other lines, is refused without a charge or a unit moved.
func TestKeyOfAPlacedCheckoutRefusesAnotherCart(t *testing.T) {
	tee := &shop.Product{ID: "p1", Name: "Tee", Price: 35000, Options: []shop.Option{{Name: "Size", Values: []string{"S", "M"}}},
		Variants: []shop.Variant{{ID: "v1", SKU: "TEE-S", Options: map[string]string{"Size": "S"}},
			{ID: "v2", SKU: "TEE-M", Options: map[string]string{"Size": "M"}}}}
	store := newMemStore(tee, &shop.Product{ID: "p2", Name: "Cap", Price: 19900})
	stock := store.sellsFrom(newMemStock(map[string]int{"p1/v1": 5, "p1/v2": 5, "p2": 5}))
	gw := &cancellingGateway{cancel: func() {}}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw, Logger: quietLog})
	checkout := func(lines ...shop.CartItem) (*shop.Order, bool, error) {
		return orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: lines, IdempotencyKey: "k1"})
	}
	small, medium, capLine := shop.CartItem{ID: "p1", VariantID: "v1"}, shop.CartItem{ID: "p1", VariantID: "v2"}, shop.CartItem{ID: "p2"}
	first, created, err := checkout(small, capLine)
	if err != nil || !created {
		t.Fatalf("first checkout: %v, %v", created, err)
	}
	again, created, err := checkout(capLine, small)
	if err != nil || created || again.ID != first.ID {
		t.Fatalf("retry of the same cart in another order: %+v, %v, %v; want order %s", again, created, err, first.ID)
	}
	for _, other := range [][]shop.CartItem{{medium, capLine}, {small}, {small, capLine, capLine}, {small, medium}} {
		if _, _, err := checkout(other...); shop.ErrorCode(err) != shop.ECONFLICT {
			t.Errorf("the key with cart %v: %v; want ECONFLICT", other, err)
		}
	}
	if len(store.orders) != 1 || stock.left("p1/v1") != 4 || stock.left("p1/v2") != 5 || stock.left("p2") != 4 {
		t.Errorf("after the refusals: %d orders, stock S %d, M %d, cap %d; want 1, 4, 5, 4",
			len(store.orders), stock.left("p1/v1"), stock.left("p1/v2"), stock.left("p2"))
	}
}
