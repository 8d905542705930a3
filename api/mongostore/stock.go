package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Stock implements shop.Stock on the products' quantity. Each change is one conditional
// update of one document, taken under the document's lock (see Locker), so two shoppers
// racing for the last unit never both get it and the quantity never goes below zero.
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

// Reserve takes n units of product id when at least n are left.
func (s *Stock) Reserve(ctx context.Context, id string, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %s: the count must be positive", n, id)
	}
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	unlock := s.db.Locks().Lock(oid.Hex())
	res, err := s.db.db.Collection(productsColl).UpdateOne(ctx,
		bson.M{"_id": oid, "quantity": bson.M{"$gte": n}},
		bson.M{"$inc": bson.M{"quantity": -n}})
	unlock()
	if err != nil {
		return fmt.Errorf("reserve %d of product %s: %w", n, id, err)
	}
	if res.MatchedCount == 0 {
		count, err := s.db.db.Collection(productsColl).CountDocuments(ctx, bson.M{"_id": oid})
		if err != nil {
			return fmt.Errorf("reserve %d of product %s: %w", n, id, err)
		}
		if count == 0 {
			return shop.Errorf(shop.ENOTFOUND, "Product %s is no longer sold.", id)
		}
		return shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", n)
	}
	s.changed(ctx, id)
	return nil
}

// Release gives back n units. A product deleted since its reservation has nothing to return to.
func (s *Stock) Release(ctx context.Context, id string, n int) error {
	if n <= 0 {
		return fmt.Errorf("release %d units of %s: the count must be positive", n, id)
	}
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	unlock := s.db.Locks().Lock(oid.Hex())
	_, err = s.db.db.Collection(productsColl).UpdateOne(ctx, bson.M{"_id": oid},
		bson.M{"$inc": bson.M{"quantity": n}})
	unlock()
	if err != nil {
		return fmt.Errorf("release %d of product %s: %w", n, id, err)
	}
	s.changed(ctx, id)
	return nil
}

func (s *Stock) changed(ctx context.Context, id string) {
	if s.onChange == nil {
		return
	}
	if err := s.onChange(context.WithoutCancel(ctx), id); err != nil {
		s.db.log.Error("stock changed but the catalogue was not refreshed", "product", id, "err", err)
	}
}
