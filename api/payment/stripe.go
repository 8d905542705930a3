package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v85"

	"shop"
)

// Stripe charges cards through Stripe: one confirmed PaymentIntent per order, with the
// client's nonce as its payment method.
type Stripe struct {
	client *stripe.Client
}

var _ shop.Gateway = (*Stripe)(nil)

// StripeConfig configures the Stripe gateway.
type StripeConfig struct {
	SecretKey string
	// APIBase points the SDK at another backend (stripe-mock in tests); empty means Stripe's.
	APIBase    string
	HTTPClient *http.Client // default: a client with a 30 s timeout
}

// NewStripe returns the Stripe gateway.
func NewStripe(c StripeConfig) *Stripe {
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	cfg := &stripe.BackendConfig{
		HTTPClient: c.HTTPClient,
		// Network retries are safe: every request carries an idempotency key.
		MaxNetworkRetries: stripe.Int64(2),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull}, // failures are returned and logged once by the caller
	}
	if c.APIBase != "" {
		cfg.URL = stripe.String(c.APIBase)
	}
	return &Stripe{client: stripe.NewClient(c.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))}
}

// Charge creates a PaymentIntent under the charge's idempotency key, then confirms it with
// the client's payment method. Creating moves no money, so FindCharge can create it again
// under the same key (Stripe then answers the first one) and learn whether it was confirmed.
// A card error (declined, expired, wrong CVC...) is EDECLINED with Stripe's sentence.
func (s *Stripe) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	created, err := s.create(ctx, c)
	if err != nil {
		return nil, err
	}
	params := &stripe.PaymentIntentConfirmParams{PaymentMethod: stripe.String(c.Nonce)}
	if c.IdempotencyKey != "" {
		params.SetIdempotencyKey(c.IdempotencyKey + "-confirm")
	}
	pi, err := s.client.V1PaymentIntents.Confirm(ctx, created.ID, params)
	if err != nil {
		return nil, stripeError("confirm payment intent", err)
	}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded, stripe.PaymentIntentStatusProcessing:
		// Paid, or being paid: card payments in processing settle without the shopper.
	default:
		// requires_action (3-D Secure) and the like need the shopper in a browser flow the shop
		// does not have: give the authorisation back and ask for another card.
		if _, cerr := s.client.V1PaymentIntents.Cancel(context.WithoutCancel(ctx), pi.ID, nil); cerr != nil {
			return nil, fmt.Errorf("stripe: cancel payment intent %s in status %s: %w", pi.ID, pi.Status, cerr)
		}
		return nil, shop.Errorf(shop.EDECLINED, "Your card needs a confirmation step this shop cannot do. Please use another card.")
	}
	// The amount is the one the intent was created for (confirming cannot change it).
	pi.Amount, pi.Currency = created.Amount, created.Currency
	return s.withCard(ctx, payment(pi), pi), nil
}

// withCard adds the card's brand and last four digits from the PaymentIntent's charge. They
// are for the shopper's order page only: when Stripe does not tell them, the payment stands.
func (s *Stripe) withCard(ctx context.Context, p *shop.Payment, pi *stripe.PaymentIntent) *shop.Payment {
	if pi.LatestCharge == nil || pi.LatestCharge.ID == "" {
		return p
	}
	ch, err := s.client.V1Charges.Retrieve(ctx, pi.LatestCharge.ID, nil)
	if err == nil && ch.PaymentMethodDetails != nil && ch.PaymentMethodDetails.Card != nil {
		p.Brand = string(ch.PaymentMethodDetails.Card.Brand)
		p.Last4 = ch.PaymentMethodDetails.Card.Last4
	}
	return p
}

// create creates (or, under a key used before, answers again) the charge's PaymentIntent.
func (s *Stripe) create(ctx context.Context, c shop.Charge) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(int64(c.Amount)),
		Currency:           stripe.String(c.Currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
	}
	if c.Description != "" {
		params.Description = stripe.String(c.Description)
	}
	if c.IdempotencyKey != "" {
		params.SetIdempotencyKey(c.IdempotencyKey)
		params.AddMetadata("idempotency_key", c.IdempotencyKey)
	}
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, stripeError("create payment intent", err)
	}
	return pi, nil
}

// FindCharge asks Stripe for the PaymentIntent of the charge's idempotency key: confirmed, it
// is the payment; not confirmed, it is cancelled so that it can never be, and nil answered.
func (s *Stripe) FindCharge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	pi, err := s.create(ctx, c)
	if err != nil {
		return nil, err
	}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded, stripe.PaymentIntentStatusProcessing:
		return s.withCard(ctx, payment(pi), pi), nil
	case stripe.PaymentIntentStatusCanceled:
		return nil, nil
	}
	if _, err := s.client.V1PaymentIntents.Cancel(ctx, pi.ID, nil); err != nil {
		return nil, fmt.Errorf("stripe: cancel unconfirmed payment intent %s: %w", pi.ID, err)
	}
	return nil, nil
}

// payment is the shop's record of a paid PaymentIntent.
func payment(pi *stripe.PaymentIntent) *shop.Payment {
	return &shop.Payment{Success: true, Provider: "stripe", TransactionID: pi.ID,
		Amount: shop.Paise(pi.Amount), Currency: string(pi.Currency)}
}

// stripeError maps Stripe's answer: a card error is EDECLINED with Stripe's sentence for the
// shopper, a total outside Stripe's bounds EINVALID, anything else a fault.
func stripeError(doing string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		msg := se.Msg
		if msg == "" {
			msg = "Your card was declined."
		}
		return &shop.Error{Code: shop.EDECLINED, Message: msg + " Please check your card details or use another card."}
	}
	if errors.As(err, &se) && (se.Code == stripe.ErrorCodeAmountTooSmall || se.Code == stripe.ErrorCodeAmountTooLarge) {
		// The shopper can fix this by changing the cart; it is no fault of the shop.
		return shop.Errorf(shop.EINVALID, "The order total is outside what the card provider accepts. Please change your cart.")
	}
	return fmt.Errorf("stripe: %s: %w", doing, err)
}

// Refund refunds the whole PaymentIntent of p.
func (s *Stripe) Refund(ctx context.Context, p shop.Payment) error {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(p.TransactionID)}
	params.SetIdempotencyKey("refund-" + p.TransactionID)
	if _, err := s.client.V1Refunds.Create(ctx, params); err != nil {
		// Refunded already (by an earlier attempt under another key, or by hand in Stripe's
		// dashboard): the money is back, which is all a refund asks for. Treating it as a
		// failure would leave the order refunding, retried for ever.
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			return nil
		}
		return fmt.Errorf("stripe: refund %s: %w", p.TransactionID, err)
	}
	return nil
}
