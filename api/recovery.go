package shop

import (
	"context"
	"fmt"
	"time"
)

// Recover settles the pending orders created before the time given: checkouts cut short by a
// crash or a lost connection between writing their order and marking it paid. The gateway is
// asked by the checkout's idempotency key whether the card was charged: then the order is
// paid and its units sold; otherwise its units go back and it is abandoned. Orders this
// process is still placing are left alone. It also finishes the cancellations marked before
// that time but cut short before their refund and restock were done (see finishCancel). It
// answers how many orders it settled.
func (s *Orders) Recover(ctx context.Context, before time.Time) (int, error) {
	ids, err := s.store.OrdersInState(ctx, PaymentPending, before)
	if err != nil {
		return 0, fmt.Errorf("recover pending orders: %w", err)
	}
	settled := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			return settled, ctx.Err() // shutting down: the next start settles the rest
		}
		if _, live := s.running.Load(id); live {
			continue
		}
		if err := s.settle(ctx, id); err != nil {
			s.log.ErrorContext(ctx, "recovery: pending order not settled; the next pass retries", "order", id, "err", err)
			continue
		}
		settled++
	}
	if ids, err = s.store.OrdersInState(ctx, PaymentRefunding, before); err != nil {
		return settled, fmt.Errorf("recover cancelled orders: %w", err)
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return settled, ctx.Err()
		}
		done, err := s.finishCancelLeft(ctx, id, before)
		if err != nil {
			s.log.ErrorContext(ctx, "recovery: cancelled order not refunded; the next pass retries", "order", id, "err", err)
			continue
		}
		if done {
			settled++
		}
	}
	return settled, nil
}

// RecoverEvery runs a recovery pass every interval until ctx ends, settling pending orders
// older than the checkout timeout.
func (s *Orders) RecoverEvery(ctx context.Context, interval time.Duration) {
	Every(ctx, interval, func(ctx context.Context) {
		if n, err := s.Recover(ctx, s.now().Add(-s.checkoutTimeout)); err != nil && ctx.Err() == nil {
			s.log.ErrorContext(ctx, "recovery pass", "err", err)
		} else if n > 0 {
			s.log.InfoContext(ctx, "recovery pass settled orders", "orders", n)
		}
	})
}

// settle finishes one pending order by what the gateway says was charged.
func (s *Orders) settle(ctx context.Context, id string) error {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return err
	}
	if o.PaymentState != PaymentPending {
		return nil
	}
	pay, err := s.gateway.FindCharge(ctx, s.charge(o))
	if err != nil {
		return fmt.Errorf("ask the gateway about order %s: %w", id, err)
	}
	if pay != nil {
		paid, made, err := s.markPaid(ctx, o, pay)
		if err != nil {
			return err
		}
		if made {
			s.notifyPlaced(ctx, paid, nil)
		}
		s.log.InfoContext(ctx, "recovery: charged order marked paid", "order", id, "number", o.Number)
		return nil
	}
	for _, res := range o.Reserved {
		if err := s.stock.Release(ctx, id, res.Item); err != nil {
			return fmt.Errorf("return units of %v: %w", res.Item, err)
		}
	}
	if _, err := s.store.SettlePayment(ctx, id, PaymentAbandoned, nil); err != nil && ErrorCode(err) != ECONFLICT {
		return err
	}
	s.log.InfoContext(ctx, "recovery: uncharged order abandoned and its units returned", "order", id, "number", o.Number)
	return nil
}

// finishCancelLeft finishes the cancellation of a refunding order whose finisher claimed it
// before the time given: the process that marked it died, or its refund failed. One claimed
// since is left to its finisher, which has until then (see finishCancel). It reports whether
// it finished it.
func (s *Orders) finishCancelLeft(ctx context.Context, id string, before time.Time) (bool, error) {
	claim := newRefundClaim()
	o, err := s.store.ClaimRefund(ctx, id, claim, s.now(), before)
	if ErrorCode(err) == ECONFLICT {
		return false, nil // finished meanwhile, or its finisher is at work
	}
	if err != nil {
		return false, err
	}
	if _, err := s.finishCancel(ctx, o, claim); err != nil {
		if ErrorCode(err) == ECONFLICT {
			return false, nil // another pass claimed it since and finishes it
		}
		return false, err
	}
	s.log.InfoContext(ctx, "recovery: cancelled order refunded and its units returned", "order", id, "number", o.Number)
	return true, nil
}
