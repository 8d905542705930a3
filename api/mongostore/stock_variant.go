package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// moveVariant adds delta units (negative: takes them) to a variant's stock and to its
// product's, never below zero. matched is false when the product or the variant is gone, or
// when fewer than -delta units are left.
//
// On MongoDB this is one atomic update: the positional operator ("variants.$.quantity")
// guarded by $elemMatch on the variant's _id and stock. The embedded store (FerretDB v1.24.0)
// supports neither, as TestPositionalVariantUpdate checks: it refuses "variants.$.quantity"
// ("Cannot create field '$'"), refuses a field condition inside $elemMatch ("unknown operator:
// _id") and matches nothing with an operator-only one; an update of an index path
// ("variants.2.quantity") works. Its updates are not atomic anyway, so there the product's
// lock is taken, the product read by _id, the stock checked in Go and the variant's index path
// written by _id. Every write of a product's variants holds the same lock (SetVariants), so
// the index read is still the variant's when it is written.
//
// Each move also moves variantsRev, so that an admin's edit computed before a sale is made
// again over the sale rather than undoing it (see SetVariants).
func (s *Stock) moveVariant(ctx context.Context, product bson.ObjectID, variantID string, delta int) (bool, error) {
	vid, err := objectID("Variant id", variantID)
	if err != nil {
		return false, err
	}
	coll := s.db.db.Collection(productsColl)
	if !s.db.locks.enabled {
		match := bson.M{"_id": vid}
		if delta < 0 {
			match["quantity"] = bson.M{"$gte": -delta}
		}
		res, err := coll.UpdateOne(ctx, bson.M{"_id": product, "variants": bson.M{"$elemMatch": match}},
			bson.M{"$inc": bson.M{"variants.$.quantity": delta, "quantity": delta, "variantsRev": 1}})
		return err == nil && res.MatchedCount > 0, err
	}
	unlock := s.db.locks.Lock(product.Hex())
	defer unlock()
	var d productDoc
	err = coll.FindOne(ctx, bson.M{"_id": product}, options.FindOne().SetProjection(bson.M{"variants": 1})).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	i := d.variantIndex(vid)
	if i < 0 || d.Variants[i].Quantity+delta < 0 {
		return false, nil
	}
	_, err = coll.UpdateOne(ctx, bson.M{"_id": product},
		bson.M{"$inc": bson.M{fmt.Sprintf("variants.%d.quantity", i): delta, "quantity": delta, "variantsRev": 1}})
	return err == nil, err
}
