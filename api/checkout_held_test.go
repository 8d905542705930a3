package shop_test

import (
	"context"
	"sync"
	"testing"

	"shop"
)

// holdingGateway charges a card only when the test lets it: while a charge waits, its
// checkout holds its units. Cards with the nonce "declined" are then declined.
type holdingGateway struct {
	charging chan struct{} // told as each charge begins
	release  chan struct{} // each charge waits for one
}

func newHoldingGateway() *holdingGateway {
	return &holdingGateway{charging: make(chan struct{}, 8), release: make(chan struct{}, 8)}
}

func (g *holdingGateway) Charge(_ context.Context, c shop.Charge) (*shop.Payment, error) {
	g.charging <- struct{}{}
	<-g.release
	if c.Nonce == "declined" {
		return nil, shop.Errorf(shop.EDECLINED, "Your card was declined. Please use another card.")
	}
	return &shop.Payment{Success: true, Provider: "test", TransactionID: "tx-" + c.IdempotencyKey,
		Amount: c.Amount, Currency: c.Currency}, nil
}

func (g *holdingGateway) FindCharge(context.Context, shop.Charge) (*shop.Payment, error) {
	return nil, nil
}

func (g *holdingGateway) Refund(context.Context, shop.Payment) error { return nil }

// readWatch tells of each read of the cart's products once it is made, and holds the first
// reader back until the test lets it go on.
type readWatch struct {
	*memStore
	mu       sync.Mutex
	reads    int
	read     chan struct{}
	holdOne  bool
	goOnFrom chan struct{}
}

func (s *readWatch) ProductsByID(ctx context.Context, ids []string) (map[string]*shop.Product, error) {
	products, err := s.memStore.ProductsByID(ctx, ids)
	s.mu.Lock()
	s.reads++
	first := s.reads == 1
	s.mu.Unlock()
	s.read <- struct{}{}
	if first && s.holdOne {
		<-s.goOnFrom
	}
	return products, err
}

type checkoutResult struct {
	order *shop.Order
	err   error
}

func checkoutIn(orders *shop.Orders, buyer, nonce string) chan checkoutResult {
	done := make(chan checkoutResult, 1)
	go func() {
		o, _, err := orders.Checkout(context.Background(), shop.CheckoutRequest{BuyerID: buyer, Nonce: nonce,
			Cart: []shop.CartItem{{ID: "p1"}}})
		done <- checkoutResult{o, err}
	}()
	return done
}

// behindAHeldUnit sells the last tee: b1 pays with nonce, and b2 checks out while b1 holds
// the unit, reading the stock before b1's charge ends. It answers how both ended.
func behindAHeldUnit(nonce string) (first, behind checkoutResult, stock *memStock, store *memStore) {
	store, stock = teeShop(1)
	watch := &readWatch{memStore: store, read: make(chan struct{}, 8)}
	gw := newHoldingGateway()
	orders := shop.NewOrders(shop.OrdersConfig{Store: watch, Stock: stock, Gateway: gw, Logger: quietLog})

	firstDone := checkoutIn(orders, "b1", nonce)
	<-watch.read
	<-gw.charging // b1 holds the last unit
	behindDone := checkoutIn(orders, "b2", "ok")
	<-watch.read // b2 found it held
	gw.release <- struct{}{}
	first = <-firstDone
	gw.release <- struct{}{} // for b2's charge, if it comes to one
	return first, <-behindDone, stock, store
}

// The last unit, held by a checkout whose card is then declined, goes to the shopper who
// found it held: reserving before charging made it look sold out to them, and they were told
// "Not enough in stock" of a unit that was back on sale a moment later.
func TestTheLastUnitHeldByADeclinedCardGoesToTheShopperBehind(t *testing.T) {
	declined, r, stock, _ := behindAHeldUnit("declined")
	if shop.ErrorCode(declined.err) != shop.EDECLINED {
		t.Fatalf("declined card: %v; want EDECLINED", declined.err)
	}
	if r.err != nil || r.order.PaymentState != shop.PaymentPaid || r.order.Buyer.ID != "b2" {
		t.Fatalf("the shopper behind the declined card: %+v, %v; want b2's order paid", r.order, r.err)
	}
	if left := stock.left("p1"); left != 0 {
		t.Errorf("stock after the sale = %d, want 0", left)
	}
}

// A unit held by a checkout that is then paid was sold: the shopper behind it is told so,
// once it is.
func TestTheLastUnitHeldByAPaidCheckoutIsSoldOutToTheShopperBehind(t *testing.T) {
	paid, r, _, store := behindAHeldUnit("ok")
	if paid.err != nil {
		t.Fatalf("first checkout: %v", paid.err)
	}
	if shop.ErrorCode(r.err) != shop.ECONFLICT ||
		shop.ErrorMessage(r.err) != `Not enough of "Tee" in stock for 1. Please change your cart.` {
		t.Fatalf("the shopper behind a paid checkout: %+v, %v; want the 409", r.order, r.err)
	}
	if listed := store.listed(); len(listed) != 1 || listed[0].Buyer.ID != "b1" {
		t.Errorf("orders listed: %v; want b1's alone", listed)
	}
}

// shortWatch tells of each reservation refused for short stock.
type shortWatch struct {
	*memStock
	short chan struct{}
}

func (s shortWatch) Reserve(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	err := s.memStock.Reserve(ctx, orderID, item, n)
	if shop.ErrorCode(err) == shop.ECONFLICT {
		s.short <- struct{}{}
	}
	return err
}

// A cart priced while the unit was free, whose reservation then finds it held by a checkout
// that is declined, reserves it once it is given back.
func TestAReservationShortWhileAnotherHoldsTheUnitIsTriedAgain(t *testing.T) {
	store, stock := teeShop(1)
	watch := &readWatch{memStore: store, read: make(chan struct{}, 8), holdOne: true, goOnFrom: make(chan struct{})}
	shortStock := shortWatch{memStock: stock, short: make(chan struct{}, 8)}
	gw := newHoldingGateway()
	orders := shop.NewOrders(shop.OrdersConfig{Store: watch, Stock: shortStock, Gateway: gw, Logger: quietLog})

	behind := checkoutIn(orders, "b2", "ok")
	<-watch.read // b2 priced the cart with the unit free, and waits
	declined := checkoutIn(orders, "b1", "declined")
	<-watch.read
	<-gw.charging // b1 holds the unit
	close(watch.goOnFrom)
	<-shortStock.short // b2's reservation found it held
	gw.release <- struct{}{}
	if r := <-declined; shop.ErrorCode(r.err) != shop.EDECLINED {
		t.Fatalf("declined card: %v; want EDECLINED", r.err)
	}
	gw.release <- struct{}{} // for b2's charge
	if r := <-behind; r.err != nil || r.order.Buyer.ID != "b2" {
		t.Fatalf("the shopper whose reservation met the held unit: %+v, %v; want b2's order", r.order, r.err)
	}
	if left := stock.left("p1"); left != 0 {
		t.Errorf("stock after the sale = %d, want 0", left)
	}
}

// pausingStock stops the first reservation just after it took its units from the stock,
// until the test lets it go on: the moment a shopper reading the stock then finds them gone.
type pausingStock struct {
	*memStock
	once  sync.Once
	taken chan struct{}
	goOn  chan struct{}
}

func (s *pausingStock) Reserve(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	err := s.memStock.Reserve(ctx, orderID, item, n)
	s.once.Do(func() {
		close(s.taken)
		<-s.goOn
	})
	return err
}

// Units count as held from before they leave the stock: a shopper who reads the stock just
// as a checkout whose card is then declined takes the last unit waits for it to come back,
// rather than being told it is sold out.
func TestTheLastUnitJustTakenByADeclinedCardGoesToTheShopperBehind(t *testing.T) {
	store, stock := teeShop(1)
	watch := &readWatch{memStore: store, read: make(chan struct{}, 8)}
	pausing := &pausingStock{memStock: stock, taken: make(chan struct{}), goOn: make(chan struct{})}
	gw := newHoldingGateway()
	orders := shop.NewOrders(shop.OrdersConfig{Store: watch, Stock: pausing, Gateway: gw, Logger: quietLog})

	declined := checkoutIn(orders, "b1", "declined")
	<-watch.read
	<-pausing.taken // the unit is out of the stock, its reservation not yet answered
	behind := checkoutIn(orders, "b2", "ok")
	<-watch.read // b2 found it gone
	close(pausing.goOn)
	gw.release <- struct{}{}
	if r := <-declined; shop.ErrorCode(r.err) != shop.EDECLINED {
		t.Fatalf("declined card: %v; want EDECLINED", r.err)
	}
	gw.release <- struct{}{} // for b2's charge
	if r := <-behind; r.err != nil || r.order.Buyer.ID != "b2" {
		t.Fatalf("the shopper who read the stock as the unit was taken: %+v, %v; want b2's order", r.order, r.err)
	}
}
