package payment

import (
	"encoding/json"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"shop"
)

// StripeNotices reads the events Stripe posts to the shop's webhook.
type StripeNotices struct {
	Secret string // the endpoint's signing secret (whsec_...)
}

// Parse checks the Stripe-Signature header against the payload and answers the notice of a
// payment_intent.succeeded, payment_intent.payment_failed or charge.refunded event; other
// events answer nil. EINVALID for a bad signature or body.
func (n StripeNotices) Parse(payload []byte, signature string) (*shop.PaymentNotice, error) {
	// The events are read for a few fields that every API version has.
	e, err := webhook.ConstructEventWithOptions(payload, signature, n.Secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, shop.Errorf(shop.EINVALID, "The Stripe-Signature header does not match the notice.")
	}
	if e.Data == nil {
		return nil, shop.Errorf(shop.EINVALID, "The notice carries no object.")
	}
	switch e.Type {
	case stripe.EventTypePaymentIntentSucceeded, stripe.EventTypePaymentIntentPaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(e.Data.Raw, &pi); err != nil {
			return nil, shop.Errorf(shop.EINVALID, "The notice's payment intent cannot be read.")
		}
		notice := &shop.PaymentNotice{Kind: shop.NoticeFailed, OrderID: pi.Metadata["idempotency_key"],
			TransactionID: pi.ID}
		if e.Type == stripe.EventTypePaymentIntentSucceeded {
			notice.Kind, notice.Payment = shop.NoticePaid, payment(&pi)
		}
		return notice, nil
	case stripe.EventTypeChargeRefunded:
		var ch stripe.Charge
		if err := json.Unmarshal(e.Data.Raw, &ch); err != nil {
			return nil, shop.Errorf(shop.EINVALID, "The notice's charge cannot be read.")
		}
		if !ch.Refunded {
			return nil, nil // a part refunded: nothing the shop's orders can show
		}
		notice := &shop.PaymentNotice{Kind: shop.NoticeRefunded, OrderID: ch.Metadata["idempotency_key"]}
		if ch.PaymentIntent != nil {
			notice.TransactionID = ch.PaymentIntent.ID
		}
		return notice, nil
	}
	return nil, nil
}
