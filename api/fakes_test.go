package shop_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"shop"
)

// The fakes below refuse a cancelled context, as a real store or gateway would: a checkout
// step that ran on the shopper's cancelled request context would fail here.

// memStore is an OrderStore in memory.
type memStore struct {
	mu       sync.Mutex
	products map[string]*shop.Product
	orders   map[string]*shop.Order
	claims   map[string]string
	// refundClaims: the claim finishing each refunding order's cancellation
	refundClaims  map[string]string
	refundClaimed map[string]time.Time
	failWrite     bool // CreateOrder fails
	failPaid      bool // marking an order paid fails
	n             int
	// stock, when set, is where the products' quantities are read from, as a real store reads
	// them from the product documents its Stock writes (see sellsFrom).
	stock *memStock
}

// teeShop is a store selling one product, "Tee" (p1) at 350.00, and the stock of units it
// sells from.
func teeShop(units int) (*memStore, *memStock) {
	store := newMemStore(&shop.Product{ID: "p1", Name: "Tee", Price: 35000})
	return store, store.sellsFrom(newMemStock(map[string]int{"p1": units}))
}

// quietLog takes what a checkout logs and shows none of it.
var quietLog = slog.New(slog.NewTextHandler(io.Discard, nil))

// sellsFrom makes the store's products answer the quantities of stock, and answers stock.
func (s *memStore) sellsFrom(stock *memStock) *memStock {
	s.stock = stock
	return stock
}

func newMemStore(products ...*shop.Product) *memStore {
	s := &memStore{products: map[string]*shop.Product{}, orders: map[string]*shop.Order{}, claims: map[string]string{},
		refundClaims: map[string]string{}, refundClaimed: map[string]time.Time{}}
	for _, p := range products {
		s.products[p.ID] = p
	}
	return s
}

func (s *memStore) ProductsByID(ctx context.Context, ids []string) (map[string]*shop.Product, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := map[string]*shop.Product{}
	for _, id := range ids {
		if p, ok := s.products[id]; ok {
			out[id] = s.withStock(p)
		}
	}
	return out, nil
}

// withStock answers a copy of p with the quantities of the store's stock, or p without one.
func (s *memStore) withStock(p *shop.Product) *shop.Product {
	if s.stock == nil {
		return p
	}
	c := *p
	c.Quantity = s.stock.left(p.ID)
	c.Variants = slices.Clone(p.Variants)
	for i := range c.Variants {
		c.Variants[i].Quantity = s.stock.left(memKey(shop.StockItem{ProductID: p.ID, VariantID: c.Variants[i].ID}))
	}
	return &c
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
	o.Number = shop.NewOrderNumber()
	c := *o
	s.orders[o.ID] = &c
	return nil
}

func (s *memStore) SettlePayment(ctx context.Context, id, state string, p *shop.Payment) (*shop.Order, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.failPaid && state == shop.PaymentPaid {
		return nil, errors.New("write failed")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
	}
	if o.PaymentState != shop.PaymentPending {
		return nil, shop.Errorf(shop.ECONFLICT, "not pending")
	}
	o.PaymentState = state
	if p != nil {
		o.Payment = *p
	}
	c := *o
	return &c, nil
}

func (s *memStore) Order(ctx context.Context, id string) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.orders[id]; ok {
		c := *o
		return &c, nil
	}
	return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
}

// listed answers the orders that lists would show.
func (s *memStore) listed() []*shop.Order {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*shop.Order
	for _, o := range s.orders {
		if o.Listed() {
			out = append(out, o)
		}
	}
	return out
}

func (s *memStore) Orders(context.Context, string, shop.Page) ([]*shop.Order, int, error) {
	l := s.listed()
	return l, len(l), nil
}

func (s *memStore) OrderByTransaction(_ context.Context, txn string) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.orders {
		if o.Payment.TransactionID == txn {
			c := *o
			return &c, nil
		}
	}
	return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
}

func (s *memStore) OrdersInState(_ context.Context, state string, before time.Time) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, o := range s.orders {
		if o.PaymentState == state && o.CreatedAt.Before(before) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func (s *memStore) UpdateStatus(_ context.Context, id string, u shop.StatusUpdate) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
	}
	if err := u.Check(o); err != nil {
		return nil, err
	}
	o.Status = u.Status
	o.History = append(o.History, u.Change)
	if u.Refunded && o.RefundedAt == nil && o.PaymentState != shop.PaymentRefunding {
		o.PaymentState = shop.PaymentRefunding
		o.RefundTaken = u.RefundTaken
		s.refundClaims[id], s.refundClaimed[id] = u.RefundClaim, u.Change.At
	}
	c := *o
	return &c, nil
}

func (s *memStore) ClaimRefund(_ context.Context, id, claim string, at, staleBefore time.Time) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok || o.PaymentState != shop.PaymentRefunding || !s.refundClaimed[id].Before(staleBefore) {
		return nil, shop.Errorf(shop.ECONFLICT, "Order not refunding, or claimed lately.")
	}
	s.refundClaims[id], s.refundClaimed[id] = claim, at
	c := *o
	return &c, nil
}

func (s *memStore) FinishRefund(_ context.Context, id, claim string, at time.Time) (*shop.Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok || o.PaymentState != shop.PaymentRefunding || s.refundClaims[id] != claim {
		return nil, shop.Errorf(shop.ECONFLICT, "Order not refunding under this claim.")
	}
	o.PaymentState, o.RefundedAt = shop.PaymentRefunded, &at
	delete(s.refundClaims, id)
	c := *o
	return &c, nil
}

// memStock is a Stock in memory, with each order's holds. Units are keyed by product id, and
// "product/variant" for a variant.
type memStock struct {
	mu    sync.Mutex
	units map[string]int
	holds map[string]int // order id + "|" + memKey
	// restocks: what Restock put back, by order id + "|" + memKey, until ForgetRestock
	restocks map[string]int
}

func newMemStock(units map[string]int) *memStock {
	return &memStock{units: units, holds: map[string]int{}, restocks: map[string]int{}}
}

func memKey(item shop.StockItem) string {
	if item.VariantID != "" {
		return item.ProductID + "/" + item.VariantID
	}
	return item.ProductID
}

func (s *memStock) Reserve(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	hold := orderID + "|" + memKey(item)
	if _, ok := s.holds[hold]; ok {
		return nil
	}
	if s.units[memKey(item)] < n {
		return shop.Errorf(shop.ECONFLICT, "short")
	}
	s.units[memKey(item)] -= n
	s.holds[hold] = n
	return nil
}

func (s *memStock) Release(ctx context.Context, orderID string, item shop.StockItem) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	hold := orderID + "|" + memKey(item)
	s.units[memKey(item)] += s.holds[hold]
	delete(s.holds, hold)
	return nil
}

func (s *memStock) Settle(_ context.Context, orderID string, item shop.StockItem) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.holds, orderID+"|"+memKey(item))
	return nil
}

func (s *memStock) Restock(_ context.Context, orderID string, item shop.StockItem, n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, done := s.restocks[orderID+"|"+memKey(item)]; done {
		return nil
	}
	s.restocks[orderID+"|"+memKey(item)] = n
	s.units[memKey(item)] += n
	return nil
}

func (s *memStock) ForgetRestock(_ context.Context, orderID string, item shop.StockItem) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.restocks, orderID+"|"+memKey(item))
	return nil
}

func (s *memStock) left(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.units[key]
}
