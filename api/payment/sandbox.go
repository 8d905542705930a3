// Package payment holds the card gateways behind shop.Gateway: Sandbox, which needs no
// network and is the default, and Stripe.
package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"

	"shop"
)

// Nonces the sandbox declines, as the spec's test card tokens do on real providers.
const (
	DeclinedNonce       = "fake-processor-declined-visa-nonce"
	StripeDeclinedNonce = "pm_card_chargeDeclined"
)

// ChargeLedger keeps the sandbox's charges by idempotency key, so that a repeated charge and
// the recovery pass after a crash both learn what was charged.
type ChargeLedger interface {
	// Claim keeps p under key unless something is kept there already, and answers what is
	// kept: p, or the earlier payment, or nil when the key was claimed with a nil p (voided:
	// never to be charged).
	Claim(ctx context.Context, key string, p *shop.Payment) (*shop.Payment, error)
}

// Sandbox approves any non-empty nonce except the declined ones. It moves no money, but keeps
// its charges in its ledger (in memory when none is given).
type Sandbox struct {
	Ledger ChargeLedger
	once   sync.Once
}

var _ shop.Gateway = (*Sandbox)(nil)

// NewSandbox returns the sandbox gateway keeping its charges in ledger.
func NewSandbox(ledger ChargeLedger) *Sandbox { return &Sandbox{Ledger: ledger} }

func (s *Sandbox) ledger() ChargeLedger {
	s.once.Do(func() {
		if s.Ledger == nil {
			s.Ledger = &memoryLedger{charges: map[string]*shop.Payment{}}
		}
	})
	return s.Ledger
}

// Charge approves or declines by the nonce and answers a fresh transaction id, or the charge
// made before with the same idempotency key.
func (s *Sandbox) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
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
	p := &shop.Payment{Success: true, Provider: "sandbox", TransactionID: "sandbox_" + hex.EncodeToString(b[:]),
		Amount: c.Amount, Currency: c.Currency}
	if c.IdempotencyKey == "" {
		return p, nil
	}
	kept, err := s.ledger().Claim(ctx, c.IdempotencyKey, p)
	if err != nil {
		return nil, err
	}
	if kept == nil {
		return nil, shop.Errorf(shop.EDECLINED, "This payment was given up; please try again.")
	}
	return kept, nil
}

// FindCharge answers the charge kept under c's idempotency key, voiding the key when none was.
func (s *Sandbox) FindCharge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	return s.ledger().Claim(ctx, c.IdempotencyKey, nil)
}

// Refund has nothing to give back.
func (*Sandbox) Refund(context.Context, shop.Payment) error { return nil }

// memoryLedger is a ChargeLedger for one process's life.
type memoryLedger struct {
	mu      sync.Mutex
	charges map[string]*shop.Payment
}

func (l *memoryLedger) Claim(_ context.Context, key string, p *shop.Payment) (*shop.Payment, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if kept, ok := l.charges[key]; ok {
		return kept, nil
	}
	l.charges[key] = p
	return p, nil
}
