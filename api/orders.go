package shop

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
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
var cancellable = []string{StatusNotProcess, StatusProcessing}

// errStatusUnchanged stops the write of a status an order has already.
var errStatusUnchanged = errors.New("the order has this status already")

// SetOrderStatus sets any of the OrderStatuses at any time. The first time an order is set
// Cancelled its payment is refunded and its units go back to stock; no later change charges
// or restocks again.
func (s *Orders) SetOrderStatus(ctx context.Context, id, status string, by Actor) (*Order, error) {
	if !ValidOrderStatus(status) {
		return nil, Errorf(EINVALID, "Field status must be one of: %s.", strings.Join(OrderStatuses, ", "))
	}
	refunds, claim := false, newRefundClaim()
	o, err := s.store.UpdateStatus(ctx, id, StatusUpdate{Status: status,
		Change: StatusChange{Status: status, At: s.now(), By: by.by()},
		Check: func(o *Order) error {
			if !o.Listed() {
				return errOrderNotFound
			}
			if o.Status == status { // not a change: nothing to record, nobody to tell
				return errStatusUnchanged
			}
			refunds = status == StatusCancelled && !o.refundBegun()
			return nil
		},
		Refunded: status == StatusCancelled, RefundClaim: claim,
	})
	if errors.Is(err, errStatusUnchanged) {
		return s.Order(ctx, id, by)
	}
	if err != nil {
		return nil, err
	}
	if refunds {
		o = s.finishCancelNow(ctx, o, claim)
	}
	s.notifyStatus(ctx, o, refunds)
	return o, nil
}

// CancelOrder cancels the buyer's own order while nothing has left the shop. An admin, who
// sees every order, may cancel any of them here by the same rules.
func (s *Orders) CancelOrder(ctx context.Context, id string, by Actor) (*Order, error) {
	claim := newRefundClaim()
	o, err := s.store.UpdateStatus(ctx, id, StatusUpdate{Status: StatusCancelled,
		Change: StatusChange{Status: StatusCancelled, At: s.now(), By: by.by()},
		Check: func(o *Order) error {
			switch {
			case !o.Listed() || (!by.Admin && o.Buyer.ID != by.ID):
				return errOrderNotFound
			case o.Status == StatusCancelled:
				return Errorf(ECONFLICT, "This order is already cancelled.")
			case o.refundBegun(): // cancelled once, then set back by an admin: never refunded twice
				return Errorf(ECONFLICT, "This order was cancelled and refunded before; it cannot be cancelled again.")
			case !slices.Contains(cancellable, o.Status):
				return Errorf(ECONFLICT, "This order is already %s and can no longer be cancelled.",
					strings.ToLower(o.Status))
			}
			return nil
		},
		Refunded: true, RefundClaim: claim,
	})
	if err != nil {
		return nil, err
	}
	o = s.finishCancelNow(ctx, o, claim)
	s.notifyStatus(ctx, o, true)
	return o, nil
}

// finishCancelNow finishes, in the request that cancelled it, the cancellation just marked:
// the answer shows the order refunded. A step that fails leaves the order refunding for the
// recovery pass to finish; the cancellation stands.
func (s *Orders) finishCancelNow(ctx context.Context, o *Order, claim string) *Order {
	done, err := s.finishCancel(context.WithoutCancel(ctx), o, claim)
	if err != nil {
		s.log.ErrorContext(ctx, "cancel: refund and restock not finished; the recovery pass retries", "order", o.ID,
			"number", o.Number, "provider", o.Payment.Provider, "transaction", o.Payment.TransactionID,
			"amount", o.Payment.Amount, "err", err)
		return o
	}
	return done
}

// finishCancel refunds and restocks an order whose cancellation is marked (PaymentRefunding)
// and claimed by claim, then marks it refunded. Every step may run again after a crash: the
// gateway refunds a payment once, the stock takes an order's units back once, and only the
// holder of the last claim marks the order refunded and then forgets the restock notes. A
// claim goes stale after the checkout timeout (the recovery pass takes over only then), so a
// finisher has that long: past it, its calls fail rather than restock after a newer finisher
// forgot its notes. ECONFLICT when a later claim took over.
func (s *Orders) finishCancel(ctx context.Context, o *Order, claim string) (*Order, error) {
	ctx, cancel := context.WithTimeout(ctx, s.checkoutTimeout)
	defer cancel()
	if !o.RefundTaken {
		if err := s.gateway.Refund(ctx, o.Payment); err != nil {
			return nil, fmt.Errorf("refund order %s: %w", o.ID, err)
		}
	}
	units := o.units()
	for _, res := range units {
		if err := s.stock.Restock(ctx, o.ID, res.Item, res.Units); err != nil {
			return nil, fmt.Errorf("return units of %v: %w", res.Item, err)
		}
	}
	done, err := s.store.FinishRefund(ctx, o.ID, claim, s.now())
	if err != nil {
		return nil, err
	}
	for _, res := range units {
		if err := s.stock.ForgetRestock(ctx, o.ID, res.Item); err != nil {
			s.log.WarnContext(ctx, "cancel: restock note left behind", "order", o.ID, "product", res.Item.ProductID, "err", err)
		}
	}
	return done, nil
}

// newRefundClaim names one finisher of a cancellation.
func newRefundClaim() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
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
