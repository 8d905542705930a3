package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Stock implements shop.Stock on the products' quantity, or on a variant's quantity inside its
// product. Each change is one guarded update of one document (see updateGuarded), so two
// shoppers racing for the last unit never both get it and the quantity never goes below zero.
// Every change moves the product's updatedAt (an admin's form loaded before it is then refused
// rather than overwriting the sale) and is handed to the catalogue read model, which reloads
// that one product.
type Stock struct {
	db      *DB
	changes shop.CatalogueChanges
}

var _ shop.Stock = (*Stock)(nil)

// NewStock returns the stock of products, telling changes (nil: nothing to tell) of every change.
func NewStock(db *DB, changes shop.CatalogueChanges) *Stock {
	return &Stock{db: db, changes: changes}
}

// Reserve takes n units of the item when at least n are left.
func (s *Stock) Reserve(ctx context.Context, item shop.StockItem, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %v: the count must be positive", n, item)
	}
	return s.move(ctx, item, -n)
}

// Release gives back n units. A product or variant deleted since its reservation has nothing
// to return to.
func (s *Stock) Release(ctx context.Context, item shop.StockItem, n int) error {
	if n <= 0 {
		return fmt.Errorf("release %d units of %v: the count must be positive", n, item)
	}
	err := s.move(ctx, item, n)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// move adds delta units to the item's stock, refusing to go below zero.
func (s *Stock) move(ctx context.Context, item shop.StockItem, delta int) error {
	oid, err := objectID("Product id", item.ProductID)
	if err != nil {
		return err
	}
	decide := func(raw bson.Raw) (bson.M, bson.M, error) { return productStockUpdate(raw, delta) }
	if item.VariantID != "" {
		vid, err := objectID("Variant id", item.VariantID)
		if err != nil {
			return err
		}
		decide = func(raw bson.Raw) (bson.M, bson.M, error) { return variantStockUpdate(raw, item, vid, delta) }
	}
	_, err = s.db.updateGuarded(ctx, productsColl, oid, decide)
	if isNoDocument(err) {
		return shop.Errorf(shop.ENOTFOUND, "Product %s is no longer sold.", item.ProductID)
	}
	if err != nil {
		return fmt.Errorf("move stock of %v by %d: %w", item, delta, err)
	}
	if s.changes == nil {
		return nil
	}
	if err := s.changes.Changed(context.WithoutCancel(ctx), shop.CatalogueChange{Products: []string{item.ProductID}}); err != nil {
		s.db.log.Error("stock changed but the catalogue was not refreshed", "product", item.ProductID, "err", err)
	}
	return nil
}

// productStockUpdate moves the stock of a product sold without variants.
func productStockUpdate(raw bson.Raw, delta int) (bson.M, bson.M, error) {
	var d struct {
		Quantity int `bson:"quantity"`
	}
	if err := bson.Unmarshal(raw, &d); err != nil {
		return nil, nil, err
	}
	if d.Quantity+delta < 0 {
		return nil, nil, errShortStock(-delta)
	}
	update := bson.M{"$inc": bson.M{"quantity": delta}, "$set": bson.M{"updatedAt": nowMillis()}}
	return update, bson.M{"quantity": bson.M{"$gte": -delta}}, nil
}

func errShortStock(n int) error {
	return shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", n)
}
