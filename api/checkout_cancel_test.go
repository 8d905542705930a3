package shop_test

import (
	"context"
	"testing"

	"shop"
)

// cancellingGateway cancels the shopper's request while the charge is in flight.
type cancellingGateway struct {
	cancel  context.CancelFunc
	decline bool
	charged []shop.Charge
	refunds []shop.Payment
}

func (g *cancellingGateway) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	g.cancel()
	if err := ctx.Err(); err != nil {
		return nil, err // the gateway's call would be cut off
	}
	if g.decline {
		return nil, shop.Errorf(shop.EDECLINED, "declined")
	}
	g.charged = append(g.charged, c)
	return &shop.Payment{Success: true, Provider: "test", TransactionID: "tx-1", Amount: c.Amount, Currency: c.Currency}, nil
}

func (g *cancellingGateway) FindCharge(context.Context, shop.Charge) (*shop.Payment, error) {
	return nil, nil
}

func (g *cancellingGateway) Refund(ctx context.Context, p shop.Payment) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	g.refunds = append(g.refunds, p)
	return nil
}

// TestCheckoutCancelledMidChargeLosesNothing: a shopper whose request is cancelled (tab
// closed, server shutting down) while the card is charged either gets the order they paid
// for, or, when the charge or the order write fails, every unit back, the charge refunded and
// the Idempotency-Key free for a retry. Never stock held or money taken without an order.
func TestCheckoutCancelledMidChargeLosesNothing(t *testing.T) {
	for _, tc := range []struct {
		name                         string
		decline, failWrite, failPaid bool
		wantErr                      string
		wantOrders, wantUnit         int // orders written, units left of 3
		wantRefunds                  int
	}{
		{"approved: the order is written", false, false, false, "", 1, 1, 0},
		{"declined: every unit back", true, false, false, shop.EDECLINED, 0, 3, 0},
		{"pending order write fails: nothing taken", false, true, false, shop.EINTERNAL, 0, 3, 0},
		{"marking paid fails: refund and every unit back", false, false, true, shop.EINTERNAL, 0, 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store, stock := teeShop(3)
			store.failWrite, store.failPaid = tc.failWrite, tc.failPaid
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			gw := &cancellingGateway{cancel: cancel, decline: tc.decline}
			orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw,
				Logger: quietLog})

			o, created, err := orders.Checkout(ctx, shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
				Cart: []shop.CartItem{{ID: "p1"}, {ID: "p1"}}, IdempotencyKey: "k1"})
			if shop.ErrorCode(err) != tc.wantErr && !(tc.wantErr == "" && err == nil) {
				t.Fatalf("Checkout error = %v, want code %q", err, tc.wantErr)
			}
			if len(store.listed()) != tc.wantOrders || stock.units["p1"] != tc.wantUnit || len(gw.refunds) != tc.wantRefunds {
				t.Fatalf("%d orders, %d units left, %d refunds; want %d, %d, %d",
					len(store.listed()), stock.units["p1"], len(gw.refunds), tc.wantOrders, tc.wantUnit, tc.wantRefunds)
			}
			_, claimed := store.claims["b1|k1"]
			if tc.wantOrders == 1 {
				if !created || o == nil || store.orders[o.ID] == nil || !claimed {
					t.Fatalf("created %v, order %v, key claimed %v", created, o, claimed)
				}
				if o.Total != 70000 {
					t.Fatalf("order total %d, want 70000", o.Total)
				}
			} else if claimed {
				t.Fatal("the Idempotency-Key stays claimed by a checkout that placed no order")
			}
		})
	}
}
