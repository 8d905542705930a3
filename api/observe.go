package shop

import "errors"

// CheckoutObserver is told how each checkout ended and of each reservation refused for short
// stock, for the shop's metrics. Its methods must be cheap and safe for concurrent use.
type CheckoutObserver interface {
	CheckoutEnded(outcome string)
	StockConflict()
}

// How a checkout ends, as CheckoutObserver hears it.
const (
	CheckoutPlaced     = "placed"       // charged, the order written
	CheckoutReplayed   = "replayed"     // a retry with the same Idempotency-Key: the first order
	CheckoutDeclined   = "declined"     // the card was declined
	CheckoutOutOfStock = "out_of_stock" // not enough stock of an item
	CheckoutRejected   = "rejected"     // a bad cart, an unknown product, or a key of another cart or still in use
	CheckoutFailed     = "failed"       // anything else (the store, the gateway, a timeout)
)

// CheckoutOutcomes are all the ways a checkout ends.
var CheckoutOutcomes = []string{CheckoutPlaced, CheckoutReplayed, CheckoutDeclined, CheckoutOutOfStock,
	CheckoutRejected, CheckoutFailed}

// checkoutOutcome names how a checkout that answered (order, created, err) ended.
func checkoutOutcome(o *Order, created bool, err error) string {
	switch {
	case err == nil && created:
		return CheckoutPlaced
	case err == nil && o != nil:
		return CheckoutReplayed
	}
	switch ErrorCode(err) {
	case EDECLINED:
		return CheckoutDeclined
	case ECONFLICT:
		if errors.Is(err, errOutOfStock) {
			return CheckoutOutOfStock
		}
		return CheckoutRejected
	case EINVALID, ENOTFOUND:
		return CheckoutRejected
	}
	return CheckoutFailed
}

// noCheckoutObserver observes nothing.
type noCheckoutObserver struct{}

func (noCheckoutObserver) CheckoutEnded(string) {}
func (noCheckoutObserver) StockConflict()       {}

// Placing answers how many orders this process is placing now: written pending, not yet paid
// or abandoned.
func (s *Orders) Placing() int {
	n := 0
	s.running.Range(func(any, any) bool { n++; return true })
	return n
}
