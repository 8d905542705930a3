package mongostore

import (
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// variantStockUpdate moves a variant's stock and its product's by delta, never below zero.
//
// The variant is written by its index path ("variants.2.quantity"): the embedded store
// (FerretDB v1.24.0) supports neither the positional operator ("variants.$.quantity":
// "Cannot create field '$'") nor a field condition inside $elemMatch, as
// TestPositionalVariantUpdate checks. On MongoDB the guard pins the variant and its stock at
// that index, so the update is still one atomic conditional update; on the embedded store the
// product's lock is held from the read to the write (see updateGuarded), and every write of a
// product's variants holds it too, so the index read is still the variant's when written.
//
// Each move also moves variantsRev, so that an admin's edit computed before a sale is made
// again over the sale rather than undoing it (see SetVariants).
func variantStockUpdate(raw bson.Raw, item shop.StockItem, vid bson.ObjectID, delta int) (bson.M, bson.M, error) {
	var d productDoc
	if err := bson.Unmarshal(raw, &d); err != nil {
		return nil, nil, err
	}
	i := d.variantIndex(vid)
	if i < 0 {
		return nil, nil, shop.Errorf(shop.ENOTFOUND, "This size of product %s is no longer sold.", item.ProductID)
	}
	if d.Variants[i].Quantity+delta < 0 {
		return nil, nil, errShortStock(-delta)
	}
	at := fmt.Sprintf("variants.%d.", i)
	update := bson.M{"$inc": bson.M{at + "quantity": delta, "quantity": delta, "variantsRev": 1},
		"$set": bson.M{"updatedAt": nowMillis()}}
	return update, bson.M{at + "_id": vid, at + "quantity": bson.M{"$gte": -delta}}, nil
}
