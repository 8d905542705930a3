package shop_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"shop"
)

// faultyGateway answers every charge with a fault (a timeout, say), after taking it or not,
// and can be unreachable when asked about it afterwards.
type faultyGateway struct {
	mu          sync.Mutex
	takes       bool // the charge is taken before the fault
	unreachable bool // FindCharge fails
	taken       map[string]*shop.Payment
	voided      map[string]bool
	charges     int
}

func (g *faultyGateway) Charge(_ context.Context, c shop.Charge) (*shop.Payment, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.takes && !g.voided[c.IdempotencyKey] {
		if g.taken[c.IdempotencyKey] == nil {
			g.charges++
			g.taken[c.IdempotencyKey] = &shop.Payment{Success: true, Provider: "test", TransactionID: "tx-" + c.IdempotencyKey,
				Amount: c.Amount, Currency: c.Currency}
		}
	}
	return nil, errors.New("gateway: read tcp: i/o timeout")
}

func (g *faultyGateway) FindCharge(_ context.Context, c shop.Charge) (*shop.Payment, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.unreachable {
		return nil, errors.New("gateway: connection refused")
	}
	if p := g.taken[c.IdempotencyKey]; p != nil {
		return p, nil
	}
	g.voided[c.IdempotencyKey] = true
	return nil, nil
}

func (g *faultyGateway) Refund(context.Context, shop.Payment) error {
	return errors.New("no refund expected")
}

// TestChargeFaultNeverTakesMoneyWithoutAnOrder: a charge that answers a fault (a timeout, a
// 5xx) may have been taken all the same. The checkout asks the gateway: a charge taken makes
// the order paid, one not taken gives every unit back, and when the gateway cannot say, the
// order stays pending with its units and its key until the recovery pass asks again. Never a
// card charged without an order, and a retry never charges twice.
func TestChargeFaultNeverTakesMoneyWithoutAnOrder(t *testing.T) {
	for _, tc := range []struct {
		name               string
		takes, unreachable bool
		wantErr            bool
		wantListed         int
		wantUnits          int // of 3, the cart takes 2
		wantKeyClaimed     bool
	}{
		{"taken despite the fault: the order is paid", true, false, false, 1, 1, true},
		{"not taken: every unit back, the key free", false, false, true, 0, 3, false},
		{"gateway cannot say: pending, units and key kept", true, true, true, 0, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store, stock := teeShop(3)
			gw := &faultyGateway{takes: tc.takes, unreachable: tc.unreachable,
				taken: map[string]*shop.Payment{}, voided: map[string]bool{}}
			orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw, Logger: quietLog})

			o, _, err := orders.Checkout(t.Context(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
				Cart: []shop.CartItem{{ID: "p1"}, {ID: "p1"}}, IdempotencyKey: "k1"})
			if (err != nil) != tc.wantErr {
				t.Fatalf("Checkout = %v, %v; want an error: %v", o, err, tc.wantErr)
			}
			if err != nil && shop.ErrorMessage(err) == err.Error() {
				t.Fatalf("the shopper is told the gateway's fault: %v", err)
			}
			if got := len(store.listed()); got != tc.wantListed || stock.units["p1"] != tc.wantUnits {
				t.Fatalf("%d orders listed, %d units left; want %d, %d", got, stock.units["p1"], tc.wantListed, tc.wantUnits)
			}
			if _, claimed := store.claims["b1|k1"]; claimed != tc.wantKeyClaimed {
				t.Fatalf("key claimed %v, want %v", claimed, tc.wantKeyClaimed)
			}
			if gw.charges > 0 && len(store.listed()) == 0 && !tc.unreachable {
				t.Fatal("the card was charged and no order was kept")
			}
		})
	}
}

// TestPendingAfterAChargeFaultIsSettledByRecovery: the order left pending when the gateway
// could not say is paid by the recovery pass once the gateway answers, and a retry with the
// same Idempotency-Key then answers that order without a second charge.
func TestPendingAfterAChargeFaultIsSettledByRecovery(t *testing.T) {
	store, stock := teeShop(3)
	gw := &faultyGateway{takes: true, unreachable: true, taken: map[string]*shop.Payment{}, voided: map[string]bool{}}
	mails := &sentMails{}
	users := &countedUsers{user: shop.User{ID: "b1", Name: "Asha Rao", Email: "asha@shop.test"}}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw, Logger: quietLog,
		Mailer: mails, Users: users})
	req := shop.CheckoutRequest{BuyerID: "b1", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}, IdempotencyKey: "k1"}
	if _, _, err := orders.Checkout(t.Context(), req); err == nil {
		t.Fatal("a checkout whose charge outcome is unknown answered an order")
	}

	gw.mu.Lock()
	gw.unreachable = false
	gw.mu.Unlock()
	if n, err := orders.Recover(t.Context(), time.Now().Add(time.Minute)); err != nil || n != 1 {
		t.Fatalf("Recover = %d, %v; want 1 order settled", n, err)
	}
	o, created, err := orders.Checkout(t.Context(), req)
	if err != nil || created || o == nil || o.PaymentState != shop.PaymentPaid {
		t.Fatalf("retry = %+v, created %v, %v; want the paid order, not a new one", o, created, err)
	}
	if gw.charges != 1 || len(store.listed()) != 1 || stock.units["p1"] != 2 {
		t.Fatalf("%d charges, %d orders, %d units left; want 1, 1, 2", gw.charges, len(store.listed()), stock.units["p1"])
	}
	if err := orders.Drain(t.Context()); err != nil {
		t.Fatal(err)
	}
	mails.mu.Lock()
	defer mails.mu.Unlock()
	if len(mails.sent) != 1 {
		t.Fatalf("%d confirmation mails, want 1", len(mails.sent))
	}
}

// noticingGateway approves a charge, and before answering lets another process of the shop
// hear of it from the provider's notice (a webhook), so that one marks the order paid first.
type noticingGateway struct {
	other *shop.Orders
	t     *testing.T
}

func (g *noticingGateway) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	pay := &shop.Payment{Success: true, Provider: "test", TransactionID: "tx-1", Amount: c.Amount, Currency: c.Currency}
	if err := g.other.SettleNotice(ctx, shop.PaymentNotice{Kind: shop.NoticePaid, OrderID: c.IdempotencyKey, Payment: pay}); err != nil {
		g.t.Errorf("notice: %v", err)
	}
	return pay, nil
}

func (g *noticingGateway) FindCharge(context.Context, shop.Charge) (*shop.Payment, error) {
	return nil, nil
}
func (g *noticingGateway) Refund(context.Context, shop.Payment) error { return nil }

// TestOneConfirmationWhenAnotherProcessSettlesFirst: the process that marks the order paid
// tells the buyer; the checkout that finds it paid already does not tell them again.
func TestOneConfirmationWhenAnotherProcessSettlesFirst(t *testing.T) {
	store, stock := teeShop(3)
	mails := &sentMails{}
	users := &countedUsers{user: shop.User{ID: "b1", Name: "Asha Rao", Email: "asha@shop.test"}}
	config := shop.OrdersConfig{Store: store, Stock: stock, Logger: quietLog, Mailer: mails, Users: users}
	other := shop.NewOrders(config)
	config.Gateway = &noticingGateway{other: other, t: t}
	orders := shop.NewOrders(config)

	o, created, err := orders.Checkout(t.Context(), shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
		Cart: []shop.CartItem{{ID: "p1"}}})
	if err != nil || !created || o.PaymentState != shop.PaymentPaid {
		t.Fatalf("Checkout = %+v, %v, %v; want the paid order", o, created, err)
	}
	for _, s := range []*shop.Orders{orders, other} {
		if err := s.Drain(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	mails.mu.Lock()
	defer mails.mu.Unlock()
	if len(mails.sent) != 1 {
		t.Fatalf("%d confirmation mails, want 1", len(mails.sent))
	}
}
