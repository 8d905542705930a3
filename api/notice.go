package shop

import (
	"context"
	"fmt"
	"strings"
)

// SettleNotice settles an order by what its card provider says happened to its charge.
// Notices may come late, twice or out of order: each one changes an order only from the
// state it speaks of (a pending order, or a listed order not yet refunded).
func (s *Orders) SettleNotice(ctx context.Context, n PaymentNotice) error {
	o, err := s.noticeOrder(ctx, n)
	if ErrorCode(err) == ENOTFOUND || ErrorCode(err) == EINVALID {
		s.log.Info("payment notice about no order of this shop", "kind", n.Kind, "order", n.OrderID,
			"transaction", n.TransactionID)
		return nil
	}
	if err != nil {
		return err
	}
	if _, live := s.running.Load(o.ID); live && o.PaymentState == PaymentPending {
		return nil // the checkout placing it settles it
	}
	switch {
	case n.Kind == NoticePaid && o.PaymentState == PaymentPending && n.Payment != nil:
		if n.Payment.Amount != o.Total {
			// Not believed, and not asked again: the provider would send it again for days,
			// and again it would not match. The order stays pending for the recovery pass,
			// which asks the gateway itself; a person should look.
			s.log.Error("payment notice: the amount paid is not the order's total; the order stays pending, check the payment by hand",
				"order", o.ID, "number", o.Number, "paid", n.Payment.Amount, "due", o.Total,
				"provider", n.Payment.Provider, "transaction", n.Payment.TransactionID)
			return nil
		}
		paid, made, err := s.markPaid(ctx, o, n.Payment)
		if err != nil {
			return err
		}
		if made {
			s.notifyPlaced(ctx, paid, nil)
		}
	case n.Kind == NoticeFailed && o.PaymentState == PaymentPending:
		for _, res := range o.Reserved {
			if err := s.stock.Release(ctx, o.ID, res.Item); err != nil {
				return fmt.Errorf("return units of %v: %w", res.Item, err)
			}
		}
		if _, err := s.store.SettlePayment(ctx, o.ID, PaymentAbandoned, nil); err != nil && ErrorCode(err) != ECONFLICT {
			return err
		}
	case n.Kind == NoticeRefunded && o.Listed() && !o.refundBegun():
		return s.refundedAtProvider(ctx, o)
	}
	return nil
}

// noticeOrder finds the order a notice is about.
func (s *Orders) noticeOrder(ctx context.Context, n PaymentNotice) (*Order, error) {
	if id, ok := strings.CutPrefix(n.OrderID, "order-"); ok {
		return s.store.Order(ctx, id)
	}
	if n.TransactionID != "" {
		return s.store.OrderByTransaction(ctx, n.TransactionID)
	}
	return nil, Errorf(ENOTFOUND, "Order not found.")
}

// refundedAtProvider cancels an order refunded outside the shop (from the provider's
// dashboard, say): it is marked cancelled and refunded and its units go back, once; the
// money is not refunded again.
func (s *Orders) refundedAtProvider(ctx context.Context, o *Order) error {
	claim := newRefundClaim()
	o, err := s.store.UpdateStatus(ctx, o.ID, StatusUpdate{Status: StatusCancelled,
		Change: StatusChange{Status: StatusCancelled, At: s.now(), By: ByShop},
		Check: func(o *Order) error {
			if o.refundBegun() {
				return Errorf(ECONFLICT, "This order is already refunded.")
			}
			return nil
		},
		Refunded: true, RefundClaim: claim, RefundTaken: true,
	})
	if ErrorCode(err) == ECONFLICT {
		return nil
	}
	if err != nil {
		return err
	}
	o = s.finishCancelNow(ctx, o, claim)
	s.notifyStatus(ctx, o, true)
	return nil
}
