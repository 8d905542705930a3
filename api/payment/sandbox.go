// Package payment holds the card gateways behind shop.Gateway: Sandbox, which needs no
// network and is the default, and Stripe.
package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"shop"
)

// Nonces the sandbox declines, as the spec's test card tokens do on real providers.
const (
	DeclinedNonce       = "fake-processor-declined-visa-nonce"
	StripeDeclinedNonce = "pm_card_chargeDeclined"
)

// Sandbox approves any non-empty nonce except the declined ones. It moves no money.
type Sandbox struct{}

var _ shop.Gateway = Sandbox{}

// Charge approves or declines by the nonce and answers a fresh transaction id.
func (Sandbox) Charge(_ context.Context, c shop.Charge) (*shop.Payment, error) {
	switch c.Nonce {
	case "":
		return nil, shop.Errorf(shop.EDECLINED, "Your card was declined: no card details were given.")
	case DeclinedNonce, StripeDeclinedNonce:
		return nil, shop.Errorf(shop.EDECLINED, "Your card was declined. Please use another card.")
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	return &shop.Payment{Success: true, Provider: "sandbox", TransactionID: "sandbox_" + hex.EncodeToString(b[:]),
		Amount: c.Amount, Currency: c.Currency}, nil
}

// Refund has nothing to give back.
func (Sandbox) Refund(context.Context, shop.Payment) error { return nil }
