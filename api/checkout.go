package shop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
)

// finishTimeout bounds the charge and the order write of one checkout once the charge has begun.
const finishTimeout = 2 * time.Minute

// Orders implements OrderService. The rules of checkout live here, once, over three narrow
// interfaces: the OrderStore (products, orders, idempotency claims), the Stock (reserve and
// release units) and the Gateway (charge and refund a card). Storage and gateways only do
// what they are asked; the order of the steps and their compensation are decided here, so
// every store and every gateway gets the same behaviour and it is tested in one place.
type Orders struct {
	store    OrderStore
	stock    Stock
	gateway  Gateway
	currency string
	log      *slog.Logger
	now      func() time.Time
	// claimWait bounds how long a retry waits for a concurrent checkout with its key.
	claimWait time.Duration
	// inflight counts running checkouts, so shutdown can let them finish (Drain).
	inflight sync.WaitGroup
}

var _ OrderService = (*Orders)(nil)

// OrdersConfig holds the parts of Orders.
type OrdersConfig struct {
	Store    OrderStore
	Stock    Stock
	Gateway  Gateway
	Currency string       // ISO code charged in; "inr" when empty
	Logger   *slog.Logger // compensation failures are logged here
	Now      func() time.Time
}

// NewOrders returns the order service.
func NewOrders(c OrdersConfig) *Orders {
	o := &Orders{store: c.Store, stock: c.Stock, gateway: c.Gateway, currency: c.Currency,
		log: c.Logger, now: c.Now, claimWait: 10 * time.Second}
	if o.currency == "" {
		o.currency = "inr"
	}
	if o.log == nil {
		o.log = slog.Default()
	}
	if o.now == nil {
		o.now = func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
	}
	return o
}

// Checkout prices the cart from the store, reserves stock, charges the card and writes the
// order. Any failure returns every reserved unit (and refunds a charge already taken), writes
// no order and frees the idempotency key for a retry.
func (s *Orders) Checkout(ctx context.Context, r CheckoutRequest) (*Order, bool, error) {
	s.inflight.Add(1)
	defer s.inflight.Done()
	if err := r.Validate(); err != nil {
		return nil, false, err
	}
	orderID := s.store.NewOrderID()
	if r.IdempotencyKey != "" {
		earlier, err := s.claim(ctx, r.BuyerID, r.IdempotencyKey, orderID)
		if err != nil || earlier != nil {
			return earlier, false, err
		}
	}
	o, err := s.place(ctx, orderID, r)
	if err != nil {
		if r.IdempotencyKey != "" {
			if rerr := s.store.ReleaseCheckoutClaim(context.WithoutCancel(ctx), r.BuyerID, r.IdempotencyKey, orderID); rerr != nil {
				s.log.Error("checkout: idempotency claim not released; retries with this key will wait",
					"buyer", r.BuyerID, "order", orderID, "err", rerr)
			}
		}
		return nil, false, err
	}
	return o, true, nil
}

// claim makes this checkout the one that places an order for (buyer, key). When an earlier
// checkout claimed the pair and placed its order, claim answers that order. While the earlier
// one is still running it waits for it (up to claimWait, then ECONFLICT), so concurrent retries
// never charge twice; when the earlier one failed and let go, this one claims the key.
func (s *Orders) claim(ctx context.Context, buyerID, key, orderID string) (*Order, error) {
	deadline := time.Now().Add(s.claimWait)
	for {
		earlierID, err := s.store.ClaimCheckout(ctx, buyerID, key, orderID)
		if err != nil {
			return nil, fmt.Errorf("claim checkout: %w", err)
		}
		if earlierID == "" {
			return nil, nil
		}
		o, err := s.store.Order(ctx, earlierID)
		if err == nil {
			return o, nil
		}
		if ErrorCode(err) != ENOTFOUND {
			return nil, fmt.Errorf("order of an earlier checkout: %w", err)
		}
		if time.Now().After(deadline) {
			return nil, Errorf(ECONFLICT, "A payment with this Idempotency-Key is still being processed. Please try again in a moment.")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// place runs the steps of one checkout: load, price, reserve, charge, write.
func (s *Orders) place(ctx context.Context, orderID string, r CheckoutRequest) (*Order, error) {
	var ids []string
	for _, it := range r.Cart {
		if !slices.Contains(ids, it.ID) {
			ids = append(ids, it.ID)
		}
	}
	products, err := s.store.ProductsByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	items := make([]OrderItem, len(r.Cart))
	prices := make([]Paise, len(r.Cart))
	counts := map[StockItem]int{}
	labels := map[StockItem]string{}
	for i, it := range r.Cart {
		p, ok := products[it.ID]
		if !ok {
			return nil, Errorf(ENOTFOUND, "A product in your cart (id %s) is no longer sold. Please remove it and try again.", it.ID)
		}
		line, err := lineOf(i, p, it)
		if err != nil {
			return nil, err
		}
		items[i], prices[i] = line.item, line.item.Price
		counts[line.unit]++
		labels[line.unit] = line.label
	}
	total := Sum(prices...)

	// Reserve in a fixed order: two carts with the same items then take them in the same order.
	units := slices.SortedFunc(maps.Keys(counts), compareStockItems)
	var reserved []StockItem
	for _, u := range units {
		if err := s.stock.Reserve(ctx, u, counts[u]); err != nil {
			if ErrorCode(err) == ECONFLICT {
				err = Errorf(ECONFLICT, "Not enough of %q in stock for %d. Please change your cart.", labels[u], counts[u])
			}
			s.release(ctx, orderID, reserved, counts)
			return nil, err
		}
		reserved = append(reserved, u)
	}

	// From the charge on, a shopper who goes away must not leave a payment half made: the
	// charge and the order write run to their end (bounded) whatever happens to the request.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	pay, err := s.gateway.Charge(ctx, Charge{Amount: total, Currency: s.currency, Nonce: r.Nonce,
		IdempotencyKey: "order-" + orderID, Description: "Order " + orderID})
	if err == nil && (pay == nil || !pay.Success) {
		err = Errorf(EDECLINED, "Your payment was not accepted. Please check your card details or use another card.")
	}
	if err != nil {
		s.release(ctx, orderID, reserved, counts)
		return nil, err
	}

	now := s.now()
	o := &Order{ID: orderID, Products: items, Buyer: Buyer{ID: r.BuyerID, Name: r.BuyerName},
		Payment: *pay, Total: total, Status: OrderStatuses[0], CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateOrder(ctx, o); err != nil {
		if rerr := s.gateway.Refund(ctx, *pay); rerr != nil {
			s.log.Error("checkout: order not written and the charge NOT refunded; refund it by hand",
				"order", orderID, "buyer", r.BuyerID, "provider", pay.Provider, "transaction", pay.TransactionID,
				"amount", pay.Amount, "err", rerr)
		}
		s.release(ctx, orderID, reserved, counts)
		return nil, fmt.Errorf("write order %s: %w", orderID, err)
	}
	return o, nil
}

// release gives back the reserved units. It runs even when the request was cancelled; a unit
// it cannot return is logged, never hidden behind the error the shopper sees.
func (s *Orders) release(ctx context.Context, orderID string, units []StockItem, counts map[StockItem]int) {
	ctx = context.WithoutCancel(ctx)
	for _, u := range units {
		if err := s.stock.Release(ctx, u, counts[u]); err != nil {
			s.log.Error("checkout: reserved stock not returned", "order", orderID, "product", u.ProductID,
				"variant", u.VariantID, "units", counts[u], "err", err)
		}
	}
}

// OrdersOfBuyer lists a buyer's orders newest first.
func (s *Orders) OrdersOfBuyer(ctx context.Context, buyerID string) ([]*Order, error) {
	if buyerID == "" {
		return nil, errors.New("orders of buyer: no buyer id")
	}
	return s.store.Orders(ctx, buyerID, MaxOrdersListed)
}

// AllOrders lists the newest orders of all buyers.
func (s *Orders) AllOrders(ctx context.Context) ([]*Order, error) {
	return s.store.Orders(ctx, "", MaxOrdersListed)
}

// SetOrderStatus sets any of the OrderStatuses at any time.
func (s *Orders) SetOrderStatus(ctx context.Context, id, status string) (*Order, error) {
	if !ValidOrderStatus(status) {
		return nil, Errorf(EINVALID, "Field status must be one of: %s.", strings.Join(OrderStatuses, ", "))
	}
	return s.store.SetOrderStatus(ctx, id, status)
}

// Drain waits until every running checkout has finished, or ctx ends. Shutdown calls it after
// the HTTP server stopped taking requests and before the store closes: a checkout that has
// begun to charge a card must also write its order (or give the money and stock back).
func (s *Orders) Drain(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("checkouts still running at shutdown: %w", ctx.Err())
	}
}
