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
type OrderItem struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	Price       Paise  `json:"price"`
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

// CartItem is one line of the client's cart: only its id is trusted.
type CartItem struct {
	ID string `json:"_id"`
}

// CheckoutRequest is a signed-in shopper paying for a cart.
type CheckoutRequest struct {
	BuyerID        string
	Nonce          string
	Cart           []CartItem
	IdempotencyKey string // optional; a retry with the same key answers the first order
}

// Charge asks a gateway to take an amount from a card.
type Charge struct {
	Amount         Paise
	Currency       string
	Nonce          string
	IdempotencyKey string
	Description    string
}

// Gateway is a card payment provider.
type Gateway interface {
	// Charge takes the amount. EDECLINED when the card is declined; other errors are faults.
	Charge(ctx context.Context, c Charge) (*Payment, error)
}

// Stock reserves and releases units of what is sold. Today a unit belongs to a product; when
// products gain variants it will belong to a variant, and only the implementation changes.
type Stock interface {
	// Reserve takes n units of item id if at least n are left. ENOTFOUND, ECONFLICT when short.
	Reserve(ctx context.Context, id string, n int) error
	// Release gives back n units taken by Reserve.
	Release(ctx context.Context, id string, n int) error
}

// OrderService takes payments and manages orders.
type OrderService interface {
	// Checkout prices the cart from the store, reserves stock, charges the card and writes the
	// order. On any failure every reserved unit is returned and no order is written.
	// created is false when an earlier checkout with the same idempotency key is answered.
	// EINVALID (empty cart, bad id), ENOTFOUND (unknown product), ECONFLICT (short stock), EDECLINED.
	Checkout(ctx context.Context, r CheckoutRequest) (order *Order, created bool, err error)
	// OrdersOfBuyer lists a buyer's orders newest first.
	OrdersOfBuyer(ctx context.Context, buyerID string) ([]*Order, error)
	// AllOrders lists every order newest first.
	AllOrders(ctx context.Context) ([]*Order, error)
	// SetOrderStatus changes an order's status. EINVALID for an unknown status, ENOTFOUND.
	SetOrderStatus(ctx context.Context, id, status string) (*Order, error)
}
