package shop

import (
	"context"
	"slices"
	"time"
)

// OrderStatuses is the one list of order statuses, in the order the admin's menu shows them.
// The first is the status of a new order. An admin may set any of them at any time.
var OrderStatuses = []string{"Not Process", "Processing", "Shipped", "Delivered", "Cancelled"}

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
}

// Order is a paid purchase.
type Order struct {
	ID        string      `json:"_id"`
	Products  []OrderItem `json:"products"`
	Buyer     Buyer       `json:"buyer"`
	Payment   Payment     `json:"payment"`
	Total     Paise       `json:"total"`
	Status    string      `json:"status"`
	CreatedAt time.Time   `json:"createdAt"`
	UpdatedAt time.Time   `json:"updatedAt"`
}

// CartItem is one line of the client's cart: only its ids are trusted. VariantID names the
// size and colour chosen; it is required for a product with variants and absent otherwise.
type CartItem struct {
	ID        string `json:"_id"`
	VariantID string `json:"variantId"`
}

// Limits of checkout and order lists.
const (
	MaxCartLines         = 100  // lines of one cart (a product may repeat)
	MaxIdempotencyKeyLen = 200  // bytes of an Idempotency-Key
	MaxOrdersListed      = 1000 // order lists answer at most this many, newest first
	maxNonceLen          = 500
)

// CheckoutRequest is a signed-in shopper paying for a cart.
type CheckoutRequest struct {
	BuyerID        string
	BuyerName      string // shown on the order answered; the store keeps only the id
	Nonce          string
	Cart           []CartItem
	IdempotencyKey string // optional; a retry with the same key answers the first order
}

// Validate returns the first problem with the request's shape. Whether the products exist
// and are in stock is checked against the store.
func (r *CheckoutRequest) Validate() error {
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
	case len(r.IdempotencyKey) > MaxIdempotencyKeyLen:
		return Errorf(EINVALID, "The Idempotency-Key header must be at most %d characters.", MaxIdempotencyKeyLen)
	}
	for i, it := range r.Cart {
		if it.ID == "" {
			return Errorf(EINVALID, "Field cart[%d]._id is required.", i)
		}
		if len(it.VariantID) > 100 {
			return Errorf(EINVALID, "Field cart[%d].variantId is not a valid id.", i)
		}
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
	// declined; any other error is a fault.
	Charge(ctx context.Context, c Charge) (*Payment, error)
	// Refund gives back a payment taken by Charge, when what it paid for cannot be delivered.
	Refund(ctx context.Context, p Payment) error
}

// StockItem names what a unit of stock belongs to: a product without variants, or one
// variant of a product.
type StockItem struct {
	ProductID string
	VariantID string // empty for a product without variants
}

// Stock reserves and releases units of what is sold.
type Stock interface {
	// Reserve takes n units of item if at least n are left. ENOTFOUND (the product or its
	// variant is gone), ECONFLICT when short.
	Reserve(ctx context.Context, item StockItem, n int) error
	// Release gives back n units taken by Reserve.
	Release(ctx context.Context, item StockItem, n int) error
}

// OrderService takes payments and manages orders.
type OrderService interface {
	// Checkout prices the cart from the store, reserves stock, charges the card and writes the
	// order. On any failure every reserved unit is returned and no order is written.
	// created is false when an earlier checkout with the same idempotency key is answered.
	// EINVALID (empty cart, bad id), ENOTFOUND (unknown product), ECONFLICT (short stock), EDECLINED.
	Checkout(ctx context.Context, r CheckoutRequest) (order *Order, created bool, err error)
	// OrdersOfBuyer lists a buyer's orders newest first (at most MaxOrdersListed).
	OrdersOfBuyer(ctx context.Context, buyerID string) ([]*Order, error)
	// AllOrders lists the newest MaxOrdersListed orders of all buyers, newest first.
	AllOrders(ctx context.Context) ([]*Order, error)
	// SetOrderStatus changes an order's status. EINVALID for an unknown status or a malformed
	// id, ENOTFOUND.
	SetOrderStatus(ctx context.Context, id, status string) (*Order, error)
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
	// CreateOrder writes a new order under o.ID.
	CreateOrder(ctx context.Context, o *Order) error
	// Order answers one order. EINVALID for a malformed id, ENOTFOUND.
	Order(ctx context.Context, id string) (*Order, error)
	// Orders lists orders newest first, of one buyer or (buyerID "") of all, at most limit.
	Orders(ctx context.Context, buyerID string, limit int) ([]*Order, error)
	// SetOrderStatus sets an order's status and answers the order. EINVALID, ENOTFOUND.
	SetOrderStatus(ctx context.Context, id, status string) (*Order, error)
}
