package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Stock implements shop.Stock on the products' quantity. Each change is one guarded update of
// one document (see updateGuarded), so two shoppers racing for the last unit never both get
// it and the quantity never goes below zero. Every change moves the product's updatedAt (an
// admin's form loaded before it is then refused rather than overwriting the sale) and is
// handed to the catalogue read model, which reloads that one product.
type Stock struct {
	db      *DB
	changes shop.CatalogueChanges
}

var _ shop.Stock = (*Stock)(nil)

// NewStock returns the stock of products, telling changes of every change.
func NewStock(db *DB, changes shop.CatalogueChanges) *Stock {
	return &Stock{db: db, changes: changes}
}

// Reserve takes n units of product id when at least n are left.
func (s *Stock) Reserve(ctx context.Context, id string, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %s: the count must be positive", n, id)
	}
	return s.move(ctx, id, -n)
}

// Release gives back n units. A product deleted since its reservation has nothing to return to.
func (s *Stock) Release(ctx context.Context, id string, n int) error {
	if n <= 0 {
		return fmt.Errorf("release %d units of %s: the count must be positive", n, id)
	}
	err := s.move(ctx, id, n)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// move adds delta units to product id's stock, refusing to go below zero.
func (s *Stock) move(ctx context.Context, id string, delta int) error {
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	_, err = s.db.updateGuarded(ctx, productsColl, oid, func(raw bson.Raw) (bson.M, bson.M, error) {
		var d struct {
			Quantity int `bson:"quantity"`
		}
		if err := bson.Unmarshal(raw, &d); err != nil {
			return nil, nil, err
		}
		if d.Quantity+delta < 0 {
			return nil, nil, shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", -delta)
		}
		update := bson.M{"$inc": bson.M{"quantity": delta}, "$set": bson.M{"updatedAt": nowMillis()}}
		return update, bson.M{"quantity": bson.M{"$gte": -delta}}, nil
	})
	if isNoDocument(err) {
		return shop.Errorf(shop.ENOTFOUND, "Product %s is no longer sold.", id)
	}
	if err != nil {
		return fmt.Errorf("move stock of product %s by %d: %w", id, delta, err)
	}
	if err := s.changes.Changed(context.WithoutCancel(ctx), shop.CatalogueChange{Products: []string{id}}); err != nil {
		s.db.log.Error("stock changed but the catalogue was not refreshed", "product", id, "err", err)
	}
	return nil
}
