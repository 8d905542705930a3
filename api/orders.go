package shop

import (
	"context"
	"errors"
	"slices"
	"strings"
)

// errOrderNotFound is the answer for an unknown order and for somebody else's alike, so that
// order ids cannot be probed.
var errOrderNotFound = Errorf(ENOTFOUND, "Order not found.")

// OrdersOfBuyer lists a page of a buyer's orders newest first.
func (s *Orders) OrdersOfBuyer(ctx context.Context, buyerID string, p Page) ([]*Order, int, error) {
	if buyerID == "" {
		return nil, 0, errors.New("orders of buyer: no buyer id")
	}
	if err := p.Validate(); err != nil {
		return nil, 0, err
	}
	return s.store.Orders(ctx, buyerID, p)
}

// AllOrders lists a page of all orders newest first.
func (s *Orders) AllOrders(ctx context.Context, p Page) ([]*Order, int, error) {
	if err := p.Validate(); err != nil {
		return nil, 0, err
	}
	return s.store.Orders(ctx, "", p)
}

// Order answers a listed order to its buyer or to an admin.
func (s *Orders) Order(ctx context.Context, id string, by Actor) (*Order, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return nil, err
	}
	if !o.Listed() || (!by.Admin && o.Buyer.ID != by.ID) {
		return nil, errOrderNotFound
	}
	return o, nil
}

// cancellable are the statuses in which a buyer may still cancel: nothing has left the shop.
var cancellable = []string{"Not Process", "Processing"}

// Cancelled is the status of a cancelled order.
const Cancelled = "Cancelled"

// SetOrderStatus sets any of the OrderStatuses at any time. The first time an order is set
// Cancelled its payment is refunded and its units go back to stock; no later change charges
// or restocks again.
func (s *Orders) SetOrderStatus(ctx context.Context, id, status string, by Actor) (*Order, error) {
	if !ValidOrderStatus(status) {
		return nil, Errorf(EINVALID, "Field status must be one of: %s.", strings.Join(OrderStatuses, ", "))
	}
	refunds := false
	o, err := s.store.UpdateStatus(ctx, id, StatusUpdate{Status: status,
		Change: StatusChange{Status: status, At: s.now(), By: by.by()},
		Check: func(o *Order) error {
			if !o.Listed() {
				return errOrderNotFound
			}
			refunds = status == Cancelled && o.RefundedAt == nil
			return nil
		},
		Refunded: status == Cancelled,
	})
	if err != nil {
		return nil, err
	}
	if refunds {
		s.refund(ctx, o)
	}
	s.notifyStatus(o, refunds)
	return o, nil
}

// CancelOrder cancels the buyer's own order while nothing has left the shop.
func (s *Orders) CancelOrder(ctx context.Context, id string, by Actor) (*Order, error) {
	o, err := s.store.UpdateStatus(ctx, id, StatusUpdate{Status: Cancelled,
		Change: StatusChange{Status: Cancelled, At: s.now(), By: ByBuyer},
		Check: func(o *Order) error {
			switch {
			case !o.Listed() || o.Buyer.ID != by.ID:
				return errOrderNotFound
			case o.Status == Cancelled || o.RefundedAt != nil:
				return Errorf(ECONFLICT, "This order is already cancelled.")
			case !slices.Contains(cancellable, o.Status):
				return Errorf(ECONFLICT, "This order is already %s and can no longer be cancelled.",
					strings.ToLower(o.Status))
			}
			return nil
		},
		Refunded: true,
	})
	if err != nil {
		return nil, err
	}
	s.refund(ctx, o)
	s.notifyStatus(o, true)
	return o, nil
}

// refund gives back the payment and the units of an order just cancelled. The guarded status
// change let exactly one caller here per order. A refund the gateway refuses is logged for a
// person to finish; it does not undo the cancellation.
func (s *Orders) refund(ctx context.Context, o *Order) {
	ctx = context.WithoutCancel(ctx)
	if err := s.gateway.Refund(ctx, o.Payment); err != nil {
		s.log.Error("cancel: payment NOT refunded; refund it by hand", "order", o.ID, "number", o.Number,
			"provider", o.Payment.Provider, "transaction", o.Payment.TransactionID, "amount", o.Payment.Amount,
			"err", err)
	}
	s.restock(ctx, o)
}

// restock returns the units of a cancelled order.
func (s *Orders) restock(ctx context.Context, o *Order) {
	for _, res := range o.units() {
		if err := s.stock.Restock(ctx, res.Item, res.Units); err != nil {
			s.log.Error("cancel: units not returned to stock", "order", o.ID, "product", res.Item.ProductID,
				"variant", res.Item.VariantID, "units", res.Units, "err", err)
		}
	}
}

// units is what the order took from stock: its reservations, or (an order placed before they
// were recorded) one unit per item bought.
func (o *Order) units() []Reservation {
	if len(o.Reserved) > 0 {
		return o.Reserved
	}
	counts := map[StockItem]int{}
	var out []Reservation
	for _, it := range o.Products {
		u := StockItem{ProductID: it.ID}
		if it.Variant != nil {
			u.VariantID = it.Variant.ID
		}
		if counts[u] == 0 {
			out = append(out, Reservation{Item: u})
		}
		counts[u]++
	}
	for i := range out {
		out[i].Units = counts[out[i].Item]
	}
	return out
}
