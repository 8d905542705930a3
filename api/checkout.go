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

	"shop/internal/holds"
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
	// running holds the ids of the orders this process is placing: recovery leaves them be.
	running sync.Map
	// held counts the units those orders hold, which a shopper finding an item short waits on:
	// a unit held by a checkout whose card is then declined goes back on sale.
	held      *holds.Holds[StockItem]
	mailer    Mailer // nil: no mail
	users     UserFinder
	publicURL string
	timeZone  *time.Location // where the mails date orders
	mails     sync.WaitGroup // order mails being prepared
	// checkoutTimeout is how old a pending order must be before a periodic recovery pass
	// settles it: older than any live checkout.
	checkoutTimeout time.Duration
	observe         CheckoutObserver
}

var _ OrderService = (*Orders)(nil)

// OrdersConfig holds the parts of Orders.
type OrdersConfig struct {
	Store    OrderStore
	Stock    Stock
	Gateway  Gateway
	Currency string       // ISO code charged in; DefaultCurrency when empty
	Logger   *slog.Logger // compensation failures are logged here
	Now      func() time.Time
	// CheckoutTimeout is the age at which a pending order counts as cut short (default 2m).
	CheckoutTimeout time.Duration
	// Mailer (may be nil) tells buyers of their orders, finding their address through Users;
	// PublicURL is where the shop is seen, for the links in the mail.
	Mailer    Mailer
	Users     UserFinder
	PublicURL string
	// TimeZone is where the mails date orders, with the zone named (time.Local when nil: the
	// shop's, from TZ). The storefront shows each shopper their own device's time.
	TimeZone *time.Location
	Observer CheckoutObserver // told how checkouts end (metrics); may be nil
}

// NewOrders returns the order service.
func NewOrders(c OrdersConfig) *Orders {
	o := &Orders{store: c.Store, stock: c.Stock, gateway: c.Gateway, currency: c.Currency,
		log: c.Logger, now: c.Now, claimWait: 10 * time.Second, checkoutTimeout: c.CheckoutTimeout, held: holds.New[StockItem](),
		mailer: c.Mailer, users: c.Users, publicURL: strings.TrimRight(c.PublicURL, "/"), observe: c.Observer}
	if o.observe == nil {
		o.observe = noCheckoutObserver{}
	}
	if o.users == nil {
		o.mailer = nil
	}
	if o.checkoutTimeout <= 0 {
		o.checkoutTimeout = 2 * time.Minute
	}
	if o.currency == "" {
		o.currency = DefaultCurrency
	}
	if o.timeZone = c.TimeZone; o.timeZone == nil {
		o.timeZone = time.Local
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
func (s *Orders) Checkout(ctx context.Context, r CheckoutRequest) (o *Order, created bool, err error) {
	s.inflight.Add(1)
	defer s.inflight.Done()
	defer func() { s.observe.CheckoutEnded(checkoutOutcome(o, created, err)) }()
	if err := r.Validate(); err != nil {
		return nil, false, err
	}
	orderID := s.store.NewOrderID()
	if r.IdempotencyKey != "" {
		earlier, err := s.claim(ctx, r, orderID)
		if err != nil || earlier != nil {
			return earlier, false, err
		}
	}
	o, err = s.place(ctx, orderID, r)
	if err != nil {
		// An order left pending keeps its key: a retry waits for the recovery pass to settle
		// it (and then answers it when it was paid) rather than charging the card again.
		if r.IdempotencyKey != "" && !errors.Is(err, errLeftPending) {
			if rerr := s.store.ReleaseCheckoutClaim(context.WithoutCancel(ctx), r.BuyerID, r.IdempotencyKey, orderID); rerr != nil {
				s.log.ErrorContext(ctx, "checkout: idempotency claim not released; retries with this key will wait",
					"buyer", r.BuyerID, "order", orderID, "err", rerr)
			}
		}
		return nil, false, err
	}
	return o, true, nil
}

// claim makes this checkout the one that places an order for (buyer, key). When an earlier
// checkout claimed the pair and placed its order, claim answers that order, or ECONFLICT when
// that order is of another cart: the key names one purchase, and answering another cart's
// order would tell the caller that items it never bought were paid for. While the earlier one
// is still running it waits for it (up to claimWait, then ECONFLICT), so concurrent retries
// never charge twice; when the earlier one failed and let go, this one claims the key.
func (s *Orders) claim(ctx context.Context, r CheckoutRequest, orderID string) (*Order, error) {
	deadline := time.Now().Add(s.claimWait)
	for {
		earlierID, err := s.store.ClaimCheckout(ctx, r.BuyerID, r.IdempotencyKey, orderID)
		if err != nil {
			return nil, fmt.Errorf("claim checkout: %w", err)
		}
		if earlierID == "" {
			return nil, nil
		}
		o, err := s.store.Order(ctx, earlierID)
		if err == nil && o.Listed() {
			if !o.boughtCart(r.Cart) {
				return nil, Errorf(ECONFLICT, "This Idempotency-Key was used for a payment of another cart. Please pay with a new key.")
			}
			return o, nil
		}
		if err != nil && ErrorCode(err) != ENOTFOUND {
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

// place runs the steps of one checkout: price the cart, write the order pending with the
// units it is about to reserve, reserve them, charge, mark the order paid. The pending order
// comes first so that a crash at any later step leaves a record the recovery pass settles.
// An item found short while other checkouts of this process hold units of it is looked at
// again once they settle, for at most heldWait.
func (s *Orders) place(ctx context.Context, orderID string, r CheckoutRequest) (*Order, error) {
	deadline := time.Now().Add(heldWait)
	o, cart, err := s.priceInStock(ctx, orderID, r, deadline)
	if err != nil {
		return nil, err
	}
	s.running.Store(orderID, true)
	defer s.running.Delete(orderID)
	if err := s.store.CreateOrder(ctx, o); err != nil {
		return nil, fmt.Errorf("write pending order %s: %w", orderID, err)
	}
	var held []Reservation
	defer func() { // after the units were sold or given back
		for _, res := range held {
			s.held.Settle(res.Item, res.Units)
		}
	}()
	for _, res := range o.Reserved {
		if err := s.reserve(ctx, orderID, res, deadline); err != nil {
			if ErrorCode(err) == ECONFLICT {
				err = s.shortOf(cart, res)
			}
			s.abandon(ctx, o)
			return nil, err
		}
		held = append(held, res)
	}

	// From the charge on, a shopper who goes away must not leave a payment half made: the
	// charge and the order write run to their end (bounded) whatever happens to the request.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	charge := s.charge(o)
	charge.Nonce = r.Nonce
	pay, err := s.gateway.Charge(ctx, charge)
	if err == nil && (pay == nil || !pay.Success) {
		err = Errorf(EDECLINED, "Your payment was not accepted. Please check your card details or use another card.")
	}
	if err != nil && ErrorCode(err) == EINTERNAL { // a fault, not a refusal the gateway explained
		pay, err = s.chargeTaken(ctx, o, err)
	}
	if errors.Is(err, errLeftPending) {
		return nil, err
	}
	if err != nil {
		s.abandon(ctx, o)
		return nil, err
	}
	paid, made, err := s.markPaid(ctx, o, pay)
	if err != nil {
		if rerr := s.gateway.Refund(ctx, *pay); rerr != nil {
			s.log.ErrorContext(ctx, "checkout: order not marked paid and the charge NOT refunded; refund it by hand",
				"order", orderID, "buyer", r.BuyerID, "provider", pay.Provider, "transaction", pay.TransactionID,
				"amount", pay.Amount, "err", rerr)
		}
		s.abandon(ctx, o)
		return nil, fmt.Errorf("mark order %s paid: %w", orderID, err)
	}
	paid.Buyer.Name = r.BuyerName
	if made {
		s.notifyPlaced(ctx, paid, r.buyer())
	}
	return paid, nil
}

// priceInStock prices the cart (price), and refuses a cart the stock just read cannot fill
// before its order is written: shoppers who keep trying a sold-out size then cost the store
// two reads and the key's claim, not an order written, reserved against and abandoned each time.
func (s *Orders) priceInStock(ctx context.Context, orderID string, r CheckoutRequest, deadline time.Time) (*Order, pricedCart, error) {
	for {
		mark := s.held.Mark()
		o, cart, err := s.price(ctx, orderID, r)
		if err != nil {
			return nil, pricedCart{}, err
		}
		short := slices.IndexFunc(o.Reserved, func(res Reservation) bool { return cart.available[res.Item] < res.Units })
		if short < 0 {
			return o, cart, nil
		}
		if !s.held.AwaitSettled(ctx, o.Reserved[short].Item, mark, deadline) {
			return nil, pricedCart{}, s.shortOf(cart, o.Reserved[short])
		}
	}
}

// reserve reserves the units of res for the order, trying again when they were short while
// other checkouts held units of the item and have settled since. The units count as held
// from before they leave the store's stock: a shopper who reads the stock a moment after
// finds them held, not sold.
func (s *Orders) reserve(ctx context.Context, orderID string, res Reservation, deadline time.Time) error {
	for {
		mark := s.held.Mark()
		s.held.Hold(res.Item, res.Units)
		err := s.stock.Reserve(ctx, orderID, res.Item, res.Units)
		if err == nil {
			return nil
		}
		s.held.Drop(res.Item, res.Units)
		if ErrorCode(err) != ECONFLICT || !s.held.AwaitSettled(ctx, res.Item, mark, deadline) {
			return err
		}
	}
}

// heldWait bounds how long a checkout that found an item short waits for other checkouts
// holding units of it to settle, before it tells its shopper the item is out of stock.
const heldWait = 3 * time.Second

// errLeftPending marks a checkout whose charge has an outcome no one can tell yet: its order
// stays pending, with its units and its Idempotency-Key, for the recovery pass to settle.
var errLeftPending = errors.New("the order is left pending for the recovery pass")

// chargeTaken is asked when the charge of order o failed with a fault rather than a decline
// (a timeout, a 5xx, a connection cut): the card may have been charged all the same. The
// gateway is asked by the charge's idempotency key, which also voids the key when nothing was
// taken, so no late charge can land after the order is abandoned. It answers the payment
// taken, or chargeErr when none was, or an errLeftPending when the gateway cannot say.
func (s *Orders) chargeTaken(ctx context.Context, o *Order, chargeErr error) (*Payment, error) {
	pay, err := s.gateway.FindCharge(ctx, s.charge(o))
	switch {
	case err != nil: // logged once, by whoever answers the shopper
		return nil, fmt.Errorf("charge order %s: %w, and the gateway cannot say whether it was taken (%v): %w",
			o.ID, chargeErr, err, errLeftPending)
	case pay != nil:
		s.log.WarnContext(ctx, "checkout: the charge answered an error but was taken; the order is paid",
			"order", o.ID, "charge_err", chargeErr)
		return pay, nil
	}
	return nil, chargeErr
}

// pricedCart is what pricing read of each stock item of a cart: how the shopper names it and
// how many units were left.
type pricedCart struct {
	labels    map[StockItem]string
	available map[StockItem]int
}

// errOutOfStock marks the conflicts of short stock, which the metrics tell apart from a
// conflict of the Idempotency-Key.
var errOutOfStock = errors.New("out of stock")

// shortOf is the stock conflict of reservation res, counted and told in the shopper's words.
func (s *Orders) shortOf(cart pricedCart, res Reservation) error {
	s.observe.StockConflict()
	return fmt.Errorf("%w: %w", errOutOfStock, Errorf(ECONFLICT, "Not enough of %q in stock for %d. Please change your cart.",
		cart.labels[res.Item], res.Units))
}

// price loads the cart's products and builds the pending order: items priced from the store
// and the units to reserve, in a fixed order (two carts with the same items then take them
// in the same order). It also answers what it read of each stock item.
func (s *Orders) price(ctx context.Context, orderID string, r CheckoutRequest) (*Order, pricedCart, error) {
	var ids []string
	for _, it := range r.Cart {
		if !slices.Contains(ids, it.ID) {
			ids = append(ids, it.ID)
		}
	}
	products, err := s.store.ProductsByID(ctx, ids)
	if err != nil {
		return nil, pricedCart{}, err
	}
	items := make([]OrderItem, len(r.Cart))
	prices := make([]Paise, len(r.Cart))
	counts := map[StockItem]int{}
	cart := pricedCart{labels: map[StockItem]string{}, available: map[StockItem]int{}}
	for i, it := range r.Cart {
		p, ok := products[it.ID]
		if !ok {
			return nil, pricedCart{}, Errorf(ENOTFOUND, "A product in your cart (id %s) is no longer sold. Please remove it and try again.", it.ID)
		}
		line, err := lineOf(i, p, it)
		if err != nil {
			return nil, pricedCart{}, err
		}
		items[i], prices[i] = line.item, line.item.Price
		counts[line.unit]++
		cart.labels[line.unit] = line.label
		cart.available[line.unit] = line.available
	}
	var reserved []Reservation
	for _, u := range slices.SortedFunc(maps.Keys(counts), compareStockItems) {
		reserved = append(reserved, Reservation{Item: u, Units: counts[u]})
	}
	now := s.now()
	return &Order{ID: orderID, Products: items, Buyer: Buyer{ID: r.BuyerID, Name: r.BuyerName},
		Total: Sum(prices...), Status: OrderStatuses[0], PaymentState: PaymentPending,
		History:   []StatusChange{{Status: OrderStatuses[0], At: now, By: ByBuyer}},
		CreatedAt: now, UpdatedAt: now, Reserved: reserved}, cart, nil
}

// charge is the charge of order o without its card: the same for the checkout and for the
// recovery pass that asks the gateway whether it was taken.
func (s *Orders) charge(o *Order) Charge {
	return Charge{Amount: o.Total, Currency: s.currency, IdempotencyKey: "order-" + o.ID,
		Description: "Order " + o.Number}
}

// markPaid records the payment on the pending order and lets go of its holds: the units are
// sold. When the recovery pass (or a payment notice) settled the order first (a very slow
// checkout), its outcome is the order's. It reports whether this call made the order paid:
// only that one tells the buyer, so a buyer gets one confirmation.
func (s *Orders) markPaid(ctx context.Context, o *Order, pay *Payment) (*Order, bool, error) {
	made := true
	paid, err := s.store.SettlePayment(ctx, o.ID, PaymentPaid, pay)
	if ErrorCode(err) == ECONFLICT {
		made = false
		if paid, err = s.store.Order(ctx, o.ID); err == nil && paid.PaymentState != PaymentPaid {
			err = fmt.Errorf("order %s was settled as %s while it was being paid", o.ID, paid.PaymentState)
		}
	}
	if err != nil {
		return nil, false, err
	}
	for _, res := range o.Reserved {
		if err := s.stock.Settle(ctx, o.ID, res.Item); err != nil {
			s.log.WarnContext(ctx, "checkout: sold units still noted as held", "order", o.ID, "product", res.Item.ProductID,
				"variant", res.Item.VariantID, "err", err)
		}
	}
	return paid, made, nil
}

// abandon gives back every unit the order holds and marks it abandoned. It runs even when the
// request was cancelled; what it cannot do is logged (the recovery pass retries it), never
// hidden behind the error the shopper sees.
func (s *Orders) abandon(ctx context.Context, o *Order) {
	ctx = context.WithoutCancel(ctx)
	released := true
	for _, res := range o.Reserved {
		if err := s.stock.Release(ctx, o.ID, res.Item); err != nil {
			released = false
			s.log.ErrorContext(ctx, "checkout: reserved stock not returned", "order", o.ID, "product", res.Item.ProductID,
				"variant", res.Item.VariantID, "units", res.Units, "err", err)
		}
	}
	if !released {
		return // still pending: the recovery pass returns the rest
	}
	if _, err := s.store.SettlePayment(ctx, o.ID, PaymentAbandoned, nil); err != nil && ErrorCode(err) != ECONFLICT {
		s.log.ErrorContext(ctx, "checkout: failed order not marked abandoned", "order", o.ID, "err", err)
	}
}

// Drain waits until every running checkout has finished, or ctx ends. Shutdown calls it after
// the HTTP server stopped taking requests and before the store closes: a checkout that has
// begun to charge a card must also write its order (or give the money and stock back).
func (s *Orders) Drain(ctx context.Context) error {
	if err := WaitFor(ctx, &s.inflight, &s.mails); err != nil {
		return fmt.Errorf("checkouts still running at shutdown: %w", err)
	}
	return nil
}
