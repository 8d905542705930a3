package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Stock implements shop.Stock on the products' quantity. Each change is one guarded update
// of one document (see guardedUpdate), so two shoppers racing for the last unit never both
// get it and the quantity never goes below zero. A reservation is noted in the product
// (holds.<order id>: units) by the same write that takes the units, so giving them back
// after a crash happens exactly once.
type Stock struct {
	db       *DB
	onChange func(ctx context.Context, ids ...string) error
}

var _ shop.Stock = (*Stock)(nil)

// NewStock returns the stock of products. onChange (may be nil) runs after every successful
// Reserve and Release with the product's id, so that a read model of the catalogue is up to
// date before the answer returns. Its failure is logged, not returned: the units did move.
func NewStock(db *DB, onChange func(ctx context.Context, ids ...string) error) *Stock {
	return &Stock{db: db, onChange: onChange}
}

// Reserve takes n units of product id for the order when at least n are left, noting the
// hold in the product (holds.<order id>) in the same write.
func (s *Stock) Reserve(ctx context.Context, orderID, id string, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %s: the count must be positive", n, id)
	}
	hold := "holds." + orderID
	err := s.update(ctx, id, func(doc bson.Raw) (bson.M, bson.M, error) {
		if _, held := heldUnits(doc, orderID); held {
			return nil, nil, nil // reserved before
		}
		q, _ := doc.Lookup("quantity").AsInt64OK()
		if q < int64(n) {
			return nil, nil, shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", n)
		}
		return bson.M{"quantity": bson.M{"$gte": n}, hold: bson.M{"$exists": false}},
			bson.M{"$inc": bson.M{"quantity": -n}, "$set": bson.M{hold: n}}, nil
	})
	if err != nil {
		return fmt.Errorf("reserve %d of product %s: %w", n, id, err)
	}
	return nil
}

// Release gives back the units the order holds, once. A product deleted since its
// reservation has nothing to return to.
func (s *Stock) Release(ctx context.Context, orderID, id string) error {
	return s.dropHold(ctx, orderID, id, true)
}

// Settle forgets the order's hold: its units are sold.
func (s *Stock) Settle(ctx context.Context, orderID, id string) error {
	return s.dropHold(ctx, orderID, id, false)
}

func (s *Stock) dropHold(ctx context.Context, orderID, id string, giveBack bool) error {
	hold := "holds." + orderID
	err := s.update(ctx, id, func(doc bson.Raw) (bson.M, bson.M, error) {
		n, held := heldUnits(doc, orderID)
		if !held {
			return nil, nil, nil
		}
		update := bson.M{"$unset": bson.M{hold: ""}}
		if giveBack {
			update["$inc"] = bson.M{"quantity": n}
		}
		return bson.M{hold: n}, update, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return fmt.Errorf("release the hold of order %s on product %s: %w", orderID, id, err)
	}
	return nil
}

// Restock puts n sold units back. A deleted product takes none.
func (s *Stock) Restock(ctx context.Context, id string, n int) error {
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	unlock := s.db.Locks().Lock(oid.Hex())
	_, err = s.db.db.Collection(productsColl).UpdateOne(ctx, bson.M{"_id": oid}, bson.M{"$inc": bson.M{"quantity": n}})
	unlock()
	if err != nil {
		return fmt.Errorf("restock %d of product %s: %w", n, id, err)
	}
	s.changed(ctx, id)
	return nil
}

// update makes a guarded change of one product's stock and refreshes the catalogue when the
// quantity moved.
func (s *Stock) update(ctx context.Context, id string, decide func(doc bson.Raw) (bson.M, bson.M, error)) error {
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	changed := false
	err = s.db.guardedUpdate(ctx, s.db.db.Collection(productsColl), oid, "Product "+id+" is no longer sold.",
		func(doc bson.Raw) (bson.M, bson.M, error) {
			guard, update, err := decide(doc)
			_, changed = update["$inc"]
			return guard, update, err
		})
	if err == nil && changed {
		s.changed(ctx, id)
	}
	return err
}

// heldUnits answers the units the order holds in the product document.
func heldUnits(doc bson.Raw, orderID string) (int, bool) {
	v, err := doc.LookupErr("holds", orderID)
	if err != nil {
		return 0, false
	}
	n, ok := v.AsInt64OK()
	return int(n), ok
}

func (s *Stock) changed(ctx context.Context, id string) {
	if s.onChange == nil {
		return
	}
	if err := s.onChange(context.WithoutCancel(ctx), id); err != nil {
		s.db.log.Error("stock changed but the catalogue was not refreshed", "product", id, "err", err)
	}
}
