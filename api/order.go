package shop

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"
)

// The order statuses, as SPEC names them.
const (
	StatusNotProcess = "Not Process"
	StatusProcessing = "Processing"
	StatusShipped    = "Shipped"
	StatusDelivered  = "Delivered"
	StatusCancelled  = "Cancelled"
)

// OrderStatuses is the one list of order statuses, in the order the admin's menu shows them.
// The first is the status of a new order. An admin may set any of them at any time.
var OrderStatuses = []string{StatusNotProcess, StatusProcessing, StatusShipped, StatusDelivered, StatusCancelled}

// ValidOrderStatus reports whether s is one of OrderStatuses.
func ValidOrderStatus(s string) bool { return slices.Contains(OrderStatuses, s) }

// OrderItem is a snapshot of a product as it was bought; it survives later edits and deletion.
// Price is the price charged: the variant's when it sets one.
type OrderItem struct {
	ID          string        `json:"_id"`
	Name        string        `json:"name"`
	Slug        string        `json:"slug"`
	Description string        `json:"description"`
	Price       Paise         `json:"price"`
	Variant     *OrderVariant `json:"variant,omitempty"` // the size and colour bought, if any
}

// OrderVariant is the variant an order item was bought in.
type OrderVariant struct {
	ID      string            `json:"_id"`
	SKU     string            `json:"sku"`
	Options map[string]string `json:"options"`
}

// Text names the variant's choices as the storefront shows an order's ("Size: M, Colour:
// Navy"): the snapshot keeps no order of its options, so Size comes first, then the others
// by name.
func (v *OrderVariant) Text() string {
	names := slices.Sorted(maps.Keys(v.Options))
	if i := slices.Index(names, "Size"); i > 0 {
		names = append([]string{"Size"}, slices.Delete(names, i, i+1)...)
	}
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + ": " + v.Options[name]
	}
	return strings.Join(parts, ", ")
}

// StatusChange is one step of an order's history.
type StatusChange struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
	By     string    `json:"by"` // ByBuyer, ByAdmin or ByShop
}

// Who changed an order's status, as its history shows it.
const (
	ByBuyer = "buyer" // the shopper who placed it
	ByAdmin = "admin"
	ByShop  = "shop" // the shop itself: checkout, recovery, a payment provider's notice
)

// Payment states of an order. An order is written pending before its card is charged; only
// paid orders (and the refunded ones among them) are ever listed or shown.
const (
	PaymentPending   = "pending"
	PaymentPaid      = "paid"
	PaymentAbandoned = "abandoned" // never charged: its units went back to stock
	PaymentRefunding = "refunding" // cancelled after payment: its refund and restock are under way
	PaymentRefunded  = "refunded"  // cancelled after payment: refunded and restocked
)

// Reservation is what an order holds of one stock item: the units taken for it at checkout.
type Reservation struct {
	Item  StockItem
	Units int
}

// Actor is who asks for a change: the signed-in user and whether they act as admin.
type Actor struct {
	ID    string
	Admin bool
}

// by names the actor in an order's history.
func (a Actor) by() string {
	if a.Admin {
		return ByAdmin
	}
	return ByBuyer
}

// Page asks for one page of a list: Number from 1, at most Limit items; Limit 0 is the whole list.
type Page struct {
	Number, Limit int
}

// Validate checks the page against MaxPageLimit.
func (p Page) Validate() error {
	switch {
	case p.Number < 1:
		return Errorf(EINVALID, "page must be a whole number from 1.")
	case p.Limit < 0 || p.Limit > MaxPageLimit:
		return Errorf(EINVALID, "limit must be a whole number from 1 to %d.", MaxPageLimit)
	}
	return nil
}

// Buyer is the buyer as shown on an order.
type Buyer struct {
	ID   string `json:"_id"`
	Name string `json:"name"`
}

// Payment is the outcome of a card charge.
type Payment struct {
	Success       bool   `json:"success"`
	Provider      string `json:"provider"`
	TransactionID string `json:"transactionId"`
	Amount        Paise  `json:"amount"`
	Currency      string `json:"currency"`
	Brand         string `json:"brand,omitempty"` // card brand, when the gateway tells it
	Last4         string `json:"last4,omitempty"` // last four digits of the card, likewise
}

// Order is a purchase: written pending before the charge, then paid (or abandoned).
type Order struct {
	ID           string         `json:"_id"`
	Number       string         `json:"number"` // shown to people: CS- and 8 Crockford base32 characters
	Products     []OrderItem    `json:"products"`
	Buyer        Buyer          `json:"buyer"`
	Payment      Payment        `json:"payment"`
	Total        Paise          `json:"total"`
	Status       string         `json:"status"`
	PaymentState string         `json:"paymentState"`
	History      []StatusChange `json:"history"`
	RefundedAt   *time.Time     `json:"refundedAt,omitempty"`
	CreatedAt    time.Time      `json:"createdAt"`
	UpdatedAt    time.Time      `json:"updatedAt"`
	// Reserved is the stock the order took at checkout, kept so that a checkout cut short
	// (a crash) can give it back exactly.
	Reserved []Reservation `json:"-"`
	// RefundTaken is set on an order refunded at the provider: finishing its cancellation
	// returns only its units.
	RefundTaken bool `json:"-"`
}

// refundBegun reports whether the order's cancellation after payment has been marked: its
// refund and restock are done, or under way.
func (o *Order) refundBegun() bool { return o.RefundedAt != nil || o.PaymentState == PaymentRefunding }

// Listed reports whether the order appears in lists and to its buyer: once it is paid.
func (o *Order) Listed() bool { return Listed(o.PaymentState) }

// boughtCart reports whether the order's items are the cart's lines, in any order: the same
// products in the same sizes, as many of each.
func (o *Order) boughtCart(cart []CartItem) bool {
	if len(o.Products) != len(cart) {
		return false
	}
	line := func(productID, variantID string) string {
		return strings.ToLower(productID) + "/" + strings.ToLower(variantID)
	}
	left := map[string]int{}
	for _, it := range o.Products {
		variantID := ""
		if it.Variant != nil {
			variantID = it.Variant.ID
		}
		left[line(it.ID, variantID)]++
	}
	for _, it := range cart {
		key := line(it.ID, it.VariantID)
		if left[key] == 0 {
			return false
		}
		left[key]--
	}
	return true
}

// Listed reports whether orders in payment state s are listed.
func Listed(s string) bool { return s != PaymentPending && s != PaymentAbandoned }

// CartItem is one line of the client's cart: only its ids are trusted. VariantID names the
// size and colour chosen; it is required for a product with variants and absent otherwise.
type CartItem struct {
	ID        string `json:"_id"`
	VariantID string `json:"variantId"`
}

// Limits of checkout and order lists.
const (
	MaxCartLines  = 100 // lines of one cart (a product may repeat)
	OrderPageSize = 3   // all-orders and orders when ?page= comes without ?limit=
	maxNonceLen   = 500
)

// CheckoutRequest is a signed-in shopper paying for a cart.
type CheckoutRequest struct {
	BuyerID        string
	BuyerName      string // shown on the order answered; the store keeps only the id
	BuyerEmail     string // where the confirmation goes; empty: the buyer is looked up
	Nonce          string
	Cart           []CartItem
	IdempotencyKey string // optional; a retry with the same key answers the first order
}

// buyer is the shopper as the request names them, when it gives their address.
func (r *CheckoutRequest) buyer() *User {
	if r.BuyerEmail == "" {
		return nil
	}
	return &User{ID: r.BuyerID, Name: r.BuyerName, Email: r.BuyerEmail}
}

// Validate returns the first problem with the request's shape. Whether the products exist
// and are in stock is checked against the store.
func (r *CheckoutRequest) Validate() error {
	// A nonce of spaces is no card: it is missing, not a token for the gateway to judge (the
	// sandbox approves any nonce but an empty one).
	r.Nonce = strings.TrimSpace(r.Nonce)
	switch {
	case r.BuyerID == "":
		return Errorf(EUNAUTHORIZED, "Please sign in to pay.")
	case r.Nonce == "":
		return Errorf(EINVALID, "Field nonce is required: the card details are missing.")
	case len(r.Nonce) > maxNonceLen:
		return Errorf(EINVALID, "Field nonce is too long.")
	case len(r.Cart) == 0:
		return Errorf(EINVALID, "Field cart is empty: add a product to your cart first.")
	case len(r.Cart) > MaxCartLines:
		return Errorf(EINVALID, "Field cart has %d items; at most %d can be bought at once.", len(r.Cart), MaxCartLines)
	}
	if err := CheckIdempotencyKey(r.IdempotencyKey); err != nil {
		return err
	}
	for i, it := range r.Cart {
		if it.ID == "" {
			return Errorf(EINVALID, "Field cart[%d]._id is required.", i)
		}
		if len(it.VariantID) > 100 {
			return Errorf(EINVALID, "Field cart[%d].variantId is not a valid id.", i)
		}
		// Ids are hexadecimal, in either case; the store answers them in lower case, so an
		// id in upper case would not find the product or size it names.
		r.Cart[i].ID, r.Cart[i].VariantID = strings.ToLower(it.ID), strings.ToLower(it.VariantID)
	}
	return nil
}

// Charge asks a gateway to take an amount from a card.
type Charge struct {
	Amount   Paise
	Currency string // ISO code, lower case ("inr")
	Nonce    string // the card token or payment method the client sent
	// IdempotencyKey makes the gateway answer a repeated request with the first result.
	IdempotencyKey string
	Description    string
}

// Gateway is a card payment provider.
type Gateway interface {
	// Charge takes the amount and answers a successful Payment. EDECLINED when the card is
	// declined; any other error is a fault. A charge repeated with the same IdempotencyKey
	// answers the first one and takes nothing more.
	Charge(ctx context.Context, c Charge) (*Payment, error)
	// FindCharge answers the payment taken by a Charge with c's IdempotencyKey (c without its
	// Nonce), or nil when none was taken; from then on no charge can be taken with that key.
	// Recovery asks it about checkouts cut short between their charge and their order.
	FindCharge(ctx context.Context, c Charge) (*Payment, error)
	// Refund gives back a payment taken by Charge, when what it paid for cannot be delivered.
	// Refunding it again gives nothing more.
	Refund(ctx context.Context, p Payment) error
}

// StockItem names what a unit of stock belongs to: a product without variants, or one
// variant of a product.
type StockItem struct {
	ProductID string
	VariantID string // empty for a product without variants
}

// Stock reserves and releases units of what is sold. Each reservation is held for an order
// until it is settled (sold) or released, so that a checkout cut short by a crash gives back
// exactly the units it took, once.
type Stock interface {
	// Reserve takes n units of item for the order if at least n are left, and notes that the
	// order holds them; reserving again for the same order takes nothing more. ENOTFOUND (the
	// product or its variant is gone), ECONFLICT when short.
	Reserve(ctx context.Context, orderID string, item StockItem, n int) error
	// Release gives back the units the order holds of item, if it still holds them.
	Release(ctx context.Context, orderID string, item StockItem) error
	// Settle marks the units the order holds of item as sold.
	Settle(ctx context.Context, orderID string, item StockItem) error
	// Restock puts n sold units of item back for the cancelled order, once: restocking again
	// for the same order puts nothing more, until ForgetRestock. A deleted item takes none.
	Restock(ctx context.Context, orderID string, item StockItem, n int) error
	// ForgetRestock drops what Restock notes of the order, once the order is marked refunded.
	ForgetRestock(ctx context.Context, orderID string, item StockItem) error
}

// OrderService takes payments and manages orders.
type OrderService interface {
	// Checkout prices the cart from the store, reserves stock, writes the order pending,
	// charges the card and marks the order paid. On any failure every reserved unit is
	// returned and no order is listed. created is false when an earlier checkout with the same
	// idempotency key is answered.
	// EINVALID (empty cart, bad id), ENOTFOUND (unknown product), ECONFLICT (short stock), EDECLINED.
	Checkout(ctx context.Context, r CheckoutRequest) (order *Order, created bool, err error)
	// OrdersOfBuyer lists one page of a buyer's orders newest first, and how many there are.
	OrdersOfBuyer(ctx context.Context, buyerID string, p Page) ([]*Order, int, error)
	// AllOrders lists one page of all buyers' orders newest first, and how many there are.
	AllOrders(ctx context.Context, p Page) ([]*Order, int, error)
	// Order answers one order to its buyer or an admin. EINVALID for a malformed id,
	// ENOTFOUND for an unknown one and for somebody else's.
	Order(ctx context.Context, id string, by Actor) (*Order, error)
	// SetOrderStatus changes an order's status (an admin's act); Cancelled refunds and
	// restocks as CancelOrder does. EINVALID for an unknown status or a malformed id, ENOTFOUND.
	SetOrderStatus(ctx context.Context, id, status string, by Actor) (*Order, error)
	// CancelOrder cancels the buyer's order while it is not yet shipped, refunds the payment
	// and returns the stock, once; an admin may cancel any order. EINVALID, ENOTFOUND (also
	// somebody else's order, for a shopper), ECONFLICT when it is past cancelling.
	CancelOrder(ctx context.Context, id string, by Actor) (*Order, error)
	// SettleNotice settles the order a provider's notice is about: a pending order is paid
	// or abandoned by it; a refund made at the provider cancels and restocks the order once.
	// A notice about no order of this shop is ignored.
	SettleNotice(ctx context.Context, n PaymentNotice) error
}

// StatusUpdate changes an order's status when the order is as Check wants it, in one guarded
// write of the order.
type StatusUpdate struct {
	Status string
	Change StatusChange // appended to the history
	// Check sees the stored order and refuses the change with an error (ECONFLICT, ENOTFOUND).
	Check func(o *Order) error
	// Refunded marks a paid order's cancellation (PaymentRefunding, claimed by RefundClaim)
	// unless it was marked before: the refund and restock that follow are finished by the
	// claim's holder (FinishRefund), or by the recovery pass after a crash.
	Refunded    bool
	RefundClaim string
	// RefundTaken: the provider refunded the payment already; only the units go back.
	RefundTaken bool
}

// OrderStore keeps orders, reads the products a cart names, and records the claims that make
// a checkout idempotent. Orders answered by it carry the buyer's current name.
type OrderStore interface {
	// ProductsByID answers the stored products among ids, keyed by id; unknown ids are absent.
	// EINVALID for a malformed id.
	ProductsByID(ctx context.Context, ids []string) (map[string]*Product, error)
	// NewOrderID answers a fresh id for an order about to be placed.
	NewOrderID() string
	// ClaimCheckout records that the buyer's checkout with key places order orderID. When the
	// pair was claimed before it answers the earlier claim's order id and claims nothing,
	// unless that claim was abandoned (long past, its order never written): then it takes over.
	ClaimCheckout(ctx context.Context, buyerID, key, orderID string) (earlierOrderID string, err error)
	// ReleaseCheckoutClaim removes the claim of a checkout that placed no order, so that a
	// retry with the same key runs again.
	ReleaseCheckoutClaim(ctx context.Context, buyerID, key, orderID string) error
	// CreateOrder writes a new order under o.ID, giving it a unique o.Number.
	CreateOrder(ctx context.Context, o *Order) error
	// SettlePayment moves a pending order to state (PaymentPaid with its payment, or
	// PaymentAbandoned) and answers it. ECONFLICT when it is no longer pending.
	SettlePayment(ctx context.Context, id, state string, p *Payment) (*Order, error)
	// Order answers one order, in any payment state. EINVALID for a malformed id, ENOTFOUND.
	Order(ctx context.Context, id string) (*Order, error)
	// Orders lists one page of listed orders newest first, of one buyer or (buyerID "") of
	// all, and the number of them.
	Orders(ctx context.Context, buyerID string, p Page) ([]*Order, int, error)
	// OrderByTransaction answers the order paid by the gateway's transaction. ENOTFOUND.
	OrderByTransaction(ctx context.Context, transactionID string) (*Order, error)
	// OrdersInState answers the ids of the orders in payment state created before the time
	// given.
	OrdersInState(ctx context.Context, state string, before time.Time) ([]string, error)
	// ClaimRefund makes claim, taken at the time given, the one to finish the cancellation of
	// an order in PaymentRefunding whose current claim was taken before staleBefore (the mark
	// is the first claim), and answers the order. ECONFLICT when the order is not refunding
	// or its claim is newer: its finisher may still be at work.
	ClaimRefund(ctx context.Context, id, claim string, at, staleBefore time.Time) (*Order, error)
	// FinishRefund marks an order in PaymentRefunding, still claimed by claim, refunded at
	// the time given. ECONFLICT when it is not refunding or another claim was taken since.
	FinishRefund(ctx context.Context, id, claim string, at time.Time) (*Order, error)
	// UpdateStatus applies u to order id and answers the order. EINVALID, ENOTFOUND, and
	// whatever u.Check refuses with.
	UpdateStatus(ctx context.Context, id string, u StatusUpdate) (*Order, error)
}

// Kinds of payment notice a card provider sends on its own.
const (
	NoticePaid     = "paid"     // the charge succeeded
	NoticeFailed   = "failed"   // the charge failed
	NoticeRefunded = "refunded" // the charge was refunded
)

// PaymentNotice is what a card provider tells the shop on its own about a charge: it names
// the order (OrderID, when the provider kept it) or the charge (TransactionID).
type PaymentNotice struct {
	Kind          string
	OrderID       string
	TransactionID string
	Payment       *Payment // the charge, for NoticePaid
}
