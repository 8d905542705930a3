package shop_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"

	"shop"
)

// The fakes below refuse a cancelled context, as a real store or gateway would: a checkout
// step that ran on the shopper's cancelled request context would fail here.

type memStore struct {
	mu        sync.Mutex
	products  map[string]*shop.Product
	orders    map[string]*shop.Order
	claims    map[string]string
	failWrite bool
	n         int
}

func (s *memStore) ProductsByID(ctx context.Context, ids []string) (map[string]*shop.Product, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := map[string]*shop.Product{}
	for _, id := range ids {
		if p, ok := s.products[id]; ok {
			out[id] = p
		}
	}
	return out, nil
}

func (s *memStore) NewOrderID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	return fmt.Sprintf("order-%d", s.n)
}

func (s *memStore) ClaimCheckout(ctx context.Context, buyerID, key, orderID string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if earlier, ok := s.claims[buyerID+"|"+key]; ok {
		return earlier, nil
	}
	s.claims[buyerID+"|"+key] = orderID
	return "", nil
}

func (s *memStore) ReleaseCheckoutClaim(ctx context.Context, buyerID, key, orderID string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.claims, buyerID+"|"+key)
	return nil
}

func (s *memStore) CreateOrder(ctx context.Context, o *shop.Order) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.failWrite {
		return errors.New("write failed")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.orders[o.ID] = o
	return nil
}

func (s *memStore) Order(ctx context.Context, id string) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.orders[id]; ok {
		return o, nil
	}
	return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
}

func (s *memStore) Orders(context.Context, string, int) ([]*shop.Order, error) { return nil, nil }

func (s *memStore) SetOrderStatus(context.Context, string, string) (*shop.Order, error) {
	return nil, nil
}

type memStock struct {
	mu    sync.Mutex
	units map[string]int
}

// memKey keys units by product id, and "product/variant" for a variant.
func memKey(item shop.StockItem) string {
	if item.VariantID != "" {
		return item.ProductID + "/" + item.VariantID
	}
	return item.ProductID
}

func (s *memStock) Reserve(ctx context.Context, item shop.StockItem, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.units[memKey(item)] < n {
		return shop.Errorf(shop.ECONFLICT, "short")
	}
	s.units[memKey(item)] -= n
	return nil
}

func (s *memStock) Release(ctx context.Context, item shop.StockItem, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.units[memKey(item)] += n
	return nil
}

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
		name                 string
		decline, failWrite   bool
		wantErr              string
		wantOrders, wantUnit int // orders written, units left of 3
		wantRefunds          int
	}{
		{"approved: the order is written", false, false, "", 1, 1, 0},
		{"declined: every unit back", true, false, shop.EDECLINED, 0, 3, 0},
		{"order write fails: refund and every unit back", false, true, shop.EINTERNAL, 0, 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &memStore{products: map[string]*shop.Product{"p1": {ID: "p1", Name: "Tee", Price: 35000}},
				orders: map[string]*shop.Order{}, claims: map[string]string{}, failWrite: tc.failWrite}
			stock := &memStock{units: map[string]int{"p1": 3}}
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			gw := &cancellingGateway{cancel: cancel, decline: tc.decline}
			orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: gw,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})

			o, created, err := orders.Checkout(ctx, shop.CheckoutRequest{BuyerID: "b1", Nonce: "n",
				Cart: []shop.CartItem{{ID: "p1"}, {ID: "p1"}}, IdempotencyKey: "k1"})
			if shop.ErrorCode(err) != tc.wantErr && !(tc.wantErr == "" && err == nil) {
				t.Fatalf("Checkout error = %v, want code %q", err, tc.wantErr)
			}
			if len(store.orders) != tc.wantOrders || stock.units["p1"] != tc.wantUnit || len(gw.refunds) != tc.wantRefunds {
				t.Fatalf("%d orders, %d units left, %d refunds; want %d, %d, %d",
					len(store.orders), stock.units["p1"], len(gw.refunds), tc.wantOrders, tc.wantUnit, tc.wantRefunds)
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
