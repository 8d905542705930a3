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

// Charge creates and confirms a PaymentIntent for the amount in minor units. A card error
// (declined, expired, wrong CVC...) is EDECLINED with Stripe's sentence for the shopper.
func (s *Stripe) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(int64(c.Amount)),
		Currency:           stripe.String(c.Currency),
		PaymentMethod:      stripe.String(c.Nonce),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Confirm:            stripe.Bool(true),
	}
	if c.Description != "" {
		params.Description = stripe.String(c.Description)
	}
	if c.IdempotencyKey != "" {
		params.SetIdempotencyKey(c.IdempotencyKey)
	}
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			msg := se.Msg
			if msg == "" {
				msg = "Your card was declined."
			}
			return nil, &shop.Error{Code: shop.EDECLINED, Message: msg + " Please check your card details or use another card."}
		}
		if errors.As(err, &se) && (se.Code == stripe.ErrorCodeAmountTooSmall || se.Code == stripe.ErrorCodeAmountTooLarge) {
			// The shopper can fix this by changing the cart; it is no fault of the shop.
			return nil, shop.Errorf(shop.EINVALID, "The order total is outside what the card provider accepts. Please change your cart.")
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
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
	return &shop.Payment{Success: true, Provider: "stripe", TransactionID: pi.ID,
		Amount: shop.Paise(pi.Amount), Currency: string(pi.Currency)}, nil
}

// Refund refunds the whole PaymentIntent of p.
func (s *Stripe) Refund(ctx context.Context, p shop.Payment) error {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(p.TransactionID)}
	params.SetIdempotencyKey("refund-" + p.TransactionID)
	if _, err := s.client.V1Refunds.Create(ctx, params); err != nil {
		return fmt.Errorf("stripe: refund %s: %w", p.TransactionID, err)
	}
	return nil
}
