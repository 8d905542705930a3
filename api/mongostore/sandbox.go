package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// sandboxChargesColl keeps the sandbox gateway's charges by idempotency key.
const sandboxChargesColl = "sandbox_charges"

// SandboxLedger keeps the sandbox gateway's charges in the store, so that they outlive the
// process: recovery after a crash asks it what was charged. The unique _id makes a claim
// atomic on MongoDB and on the embedded store alike.
type SandboxLedger struct{ db *DB }

// NewSandboxLedger returns the ledger of the sandbox gateway.
func NewSandboxLedger(db *DB) *SandboxLedger { return &SandboxLedger{db: db} }

type sandboxChargeDoc struct {
	Key     string      `bson:"_id"`
	Payment *paymentDoc `bson:"payment"` // nil: the key was voided
}

// Claim keeps p under key unless the key is taken, and answers what is kept.
func (l *SandboxLedger) Claim(ctx context.Context, key string, p *shop.Payment) (*shop.Payment, error) {
	coll := l.db.db.Collection(sandboxChargesColl)
	doc := sandboxChargeDoc{Key: key}
	if p != nil {
		pd := newPaymentDoc(*p)
		doc.Payment = &pd
	}
	_, err := coll.InsertOne(ctx, doc)
	if err == nil {
		return p, nil
	}
	if !mongo.IsDuplicateKeyError(err) {
		return nil, fmt.Errorf("record sandbox charge: %w", err)
	}
	var kept sandboxChargeDoc
	if err := coll.FindOne(ctx, bson.M{"_id": key}).Decode(&kept); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, fmt.Errorf("sandbox charge %s vanished", key)
		}
		return nil, fmt.Errorf("read sandbox charge: %w", err)
	}
	if kept.Payment == nil {
		return nil, nil
	}
	d := kept.Payment
	return &shop.Payment{Success: d.Success, Provider: d.Provider, TransactionID: d.TransactionID,
		Amount: shop.RoundPaise(d.Amount), Currency: d.Currency, Brand: d.Brand, Last4: d.Last4}, nil
}
