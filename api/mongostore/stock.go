package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// Stock implements shop.Stock on the products' quantity, or on a variant's quantity inside its
// product. Each change is one conditional update of one document, taken under the document's
// lock (see Locker), so two shoppers racing for the last unit never both get it and the
// quantity never goes below zero.
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

// Reserve takes n units of the item when at least n are left.
func (s *Stock) Reserve(ctx context.Context, item shop.StockItem, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %v: the count must be positive", n, item)
	}
	oid, err := objectID("Product id", item.ProductID)
	if err != nil {
		return err
	}
	var matched bool
	if item.VariantID != "" {
		matched, err = s.moveVariant(ctx, oid, item.VariantID, -n)
	} else {
		unlock := s.db.Locks().Lock(oid.Hex())
		var res *mongo.UpdateResult
		res, err = s.db.db.Collection(productsColl).UpdateOne(ctx,
			bson.M{"_id": oid, "quantity": bson.M{"$gte": n}},
			bson.M{"$inc": bson.M{"quantity": -n}})
		unlock()
		matched = err == nil && res.MatchedCount > 0
	}
	if err != nil {
		return fmt.Errorf("reserve %d of %v: %w", n, item, err)
	}
	if !matched {
		return s.whyNotReserved(ctx, oid, item, n)
	}
	s.changed(ctx, item.ProductID)
	return nil
}

// whyNotReserved tells a product or variant that is gone (ENOTFOUND) from short stock.
func (s *Stock) whyNotReserved(ctx context.Context, oid bson.ObjectID, item shop.StockItem, n int) error {
	var d productDoc
	err := s.db.db.Collection(productsColl).FindOne(ctx, bson.M{"_id": oid},
		options.FindOne().SetProjection(bson.M{"variants._id": 1})).Decode(&d)
	if err != nil {
		return notFound(fmt.Errorf("reserve %d of %v: %w", n, item, err), "Product "+item.ProductID+" is no longer sold.")
	}
	if vid, _ := bson.ObjectIDFromHex(item.VariantID); item.VariantID != "" && d.variantIndex(vid) < 0 {
		return shop.Errorf(shop.ENOTFOUND, "This size of product %s is no longer sold.", item.ProductID)
	}
	return shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", n)
}

// Release gives back n units. A product or variant deleted since its reservation has nothing
// to return to.
func (s *Stock) Release(ctx context.Context, item shop.StockItem, n int) error {
	if n <= 0 {
		return fmt.Errorf("release %d units of %v: the count must be positive", n, item)
	}
	oid, err := objectID("Product id", item.ProductID)
	if err != nil {
		return err
	}
	if item.VariantID != "" {
		_, err = s.moveVariant(ctx, oid, item.VariantID, n)
	} else {
		unlock := s.db.Locks().Lock(oid.Hex())
		_, err = s.db.db.Collection(productsColl).UpdateOne(ctx, bson.M{"_id": oid},
			bson.M{"$inc": bson.M{"quantity": n}})
		unlock()
	}
	if err != nil {
		return fmt.Errorf("release %d of %v: %w", n, item, err)
	}
	s.changed(ctx, item.ProductID)
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
