package mongostore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// skusColl holds one claim per SKU, {_id: sku, product, at}: its unique _id keeps a SKU to
// one product in the whole shop. Unique _id inserts are atomic on MongoDB and on the embedded
// store alike, where a unique index over an array of variants would not be.
const skusColl = "skus"

// staleSKUClaim is how old a claim must be before another product may take over a SKU that
// its owner does not sell: a younger one may belong to an edit still being written.
const staleSKUClaim = time.Minute

type skuDoc struct {
	SKU     string        `bson:"_id"`
	Product bson.ObjectID `bson:"product"`
	At      time.Time     `bson:"at"`
}

// SetVariants replaces a product's options and variants. The SKUs are claimed before the
// product is written and the ones it stops selling released after, so no lock is held while
// another is taken.
func (s *ProductService) SetVariants(ctx context.Context, id string, in shop.VariantsInput) (*shop.Product, error) {
	oid, err := objectID("Product id", id)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		written, err := s.setVariantsOnce(ctx, oid, in)
		if err != nil {
			return nil, err
		}
		if written {
			return s.refreshed(ctx, oid)
		}
		if attempt == 10 {
			return nil, shop.Errorf(shop.ECONFLICT, "The sizes of this product were changed meanwhile. Please reload and try again.")
		}
	}
}

// setVariantsOnce reads the product, validates the edit against its variants and writes it
// over the same state it read. written is false when another edit or a sale changed the
// variants between the read and the write.
func (s *ProductService) setVariantsOnce(ctx context.Context, oid bson.ObjectID, in shop.VariantsInput) (written bool, err error) {
	var old productDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&old); err != nil {
		return false, notFound(err, errProductNotFound.Message)
	}
	vs, err := in.Validate(old.variants())
	if err != nil {
		return false, err
	}
	had := map[string]bool{}
	for _, v := range old.Variants {
		had[v.SKU] = true
	}
	var claimed []string // SKUs new to the product, given back if it is not written
	defer func() {
		if !written {
			for _, sku := range claimed {
				s.releaseSKU(ctx, oid, sku)
			}
		}
	}()
	docs := make([]variantDoc, len(vs))
	keep := map[string]bool{}
	for i, v := range vs {
		vid := bson.NewObjectID()
		if v.ID != "" {
			vid = mustOID(v.ID)
		}
		docs[i] = variantDoc{ID: vid, SKU: v.SKU, Options: v.Options, Quantity: v.Quantity}
		if v.Price != nil {
			r := v.Price.Rupees()
			docs[i].Price = &r
		}
		keep[v.SKU] = true
		if had[v.SKU] {
			continue // the product's already
		}
		if err := s.claimSKU(ctx, oid, v.SKU); err != nil {
			return false, err
		}
		claimed = append(claimed, v.SKU)
	}
	opts := make([]optionDoc, len(in.Options))
	for i, o := range in.Options {
		opts[i] = optionDoc{Name: o.Name, Values: o.Values}
	}
	set := bson.M{"options": opts, "variants": docs, "updatedAt": s.now()}
	if len(opts) > 0 { // without options again, the product keeps the stock its variants had
		set["quantity"] = shop.VariantStock(vs)
	}
	written, err = s.writeOverVariants(ctx, oid, old.VariantsRev, bson.M{"$set": set, "$inc": bson.M{"variantsRev": 1}})
	if err != nil || !written {
		return false, err
	}
	for _, v := range old.Variants {
		if !keep[v.SKU] {
			s.releaseSKU(ctx, oid, v.SKU)
		}
	}
	return true, nil
}

// writeOverVariants applies update to the product if its variants are still at revision rev.
// MongoDB checks the revision in the update's filter, atomically. The embedded store would
// scan every product for such a filter (DESIGN: only an _id filter is pushed down), so there
// the check is made in Go under the product's lock, which every write of its stock holds too.
func (s *ProductService) writeOverVariants(ctx context.Context, oid bson.ObjectID, rev int, update bson.M) (bool, error) {
	filter := bson.M{"_id": oid, "variantsRev": rev}
	if rev == 0 {
		filter["variantsRev"] = bson.M{"$in": bson.A{0, nil}}
	}
	if s.db.locks.enabled {
		unlock := s.db.locks.Lock(oid.Hex())
		defer unlock()
		var now productDoc
		err := s.coll().FindOne(ctx, bson.M{"_id": oid}, options.FindOne().SetProjection(bson.M{"variantsRev": 1})).Decode(&now)
		if err != nil {
			return false, notFound(err, errProductNotFound.Message)
		}
		if now.VariantsRev != rev {
			return false, nil
		}
		filter = bson.M{"_id": oid}
	}
	res, err := s.coll().UpdateOne(ctx, filter, update)
	if err != nil {
		return false, fmt.Errorf("set variants of %s: %w", oid.Hex(), err)
	}
	return res.MatchedCount == 1, nil
}

// claimSKU makes sku the product's. ECONFLICT when another product sells it; a claim left by
// an edit that never finished (its product does not sell the SKU) is taken over.
func (s *ProductService) claimSKU(ctx context.Context, product bson.ObjectID, sku string) error {
	coll := s.db.db.Collection(skusColl)
	_, err := coll.InsertOne(ctx, skuDoc{SKU: sku, Product: product, At: s.now()})
	if err == nil || !isDuplicate(err) {
		return err
	}
	unlock := s.db.locks.Lock("sku:" + sku)
	defer unlock()
	var c skuDoc
	if err := coll.FindOne(ctx, bson.M{"_id": sku}).Decode(&c); err != nil {
		return fmt.Errorf("read claim of SKU %s: %w", sku, err)
	}
	if c.Product == product {
		return nil
	}
	taken := shop.Errorf(shop.ECONFLICT, "SKU %s is already used by another product.", sku)
	if s.now().Sub(c.At) < staleSKUClaim {
		return taken
	}
	sells, err := s.sellsSKU(ctx, c.Product, sku)
	if err != nil || sells {
		return cmpErr(err, taken)
	}
	if _, err := coll.UpdateOne(ctx, bson.M{"_id": sku}, bson.M{"$set": bson.M{"product": product, "at": s.now()}}); err != nil {
		return fmt.Errorf("take over SKU %s: %w", sku, err)
	}
	return nil
}

// sellsSKU reports whether the product (read by _id) has a variant with the SKU.
func (s *ProductService) sellsSKU(ctx context.Context, product bson.ObjectID, sku string) (bool, error) {
	var d productDoc
	err := s.coll().FindOne(ctx, bson.M{"_id": product}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read owner of SKU %s: %w", sku, err)
	}
	for _, v := range d.Variants {
		if v.SKU == sku {
			return true, nil
		}
	}
	return false, nil
}

// releaseSKUs frees the SKUs of a deleted product.
func (s *ProductService) releaseSKUs(ctx context.Context, d *productDoc) {
	for _, v := range d.Variants {
		s.releaseSKU(ctx, d.ID, v.SKU)
	}
}

// releaseSKU frees a SKU the product no longer sells. A claim that cannot be removed is only
// logged: it is taken over once stale.
func (s *ProductService) releaseSKU(ctx context.Context, product bson.ObjectID, sku string) {
	coll := s.db.db.Collection(skusColl)
	unlock := s.db.locks.Lock("sku:" + sku)
	defer unlock()
	var c skuDoc
	err := coll.FindOne(ctx, bson.M{"_id": sku}).Decode(&c)
	if err == nil && c.Product == product {
		_, err = coll.DeleteOne(ctx, bson.M{"_id": sku})
	}
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		s.db.log.Error("SKU claim not released", "sku", sku, "product", product.Hex(), "err", err)
	}
}
