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

// errClaimsMoved: the product's SKUs changed between the claims and the write (another edit
// released one this edit keeps): claim again.
var errClaimsMoved = errors.New("the product's SKUs changed since they were claimed")

// setVariantsOnce claims the SKUs new to the product, then decides the edit on the product as
// it stands under its guarded update (see guardedUpdate): a kept variant sent without its
// stock keeps the stock that sales left, and a sale meanwhile neither refuses the edit nor is
// undone by it. written is false when the SKUs claimed no longer fit the product.
func (s *ProductService) setVariantsOnce(ctx context.Context, oid bson.ObjectID, in shop.VariantsInput) (written bool, err error) {
	var old productDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&old); err != nil {
		return false, notFound(err, errProductNotFound.Message)
	}
	if in.LoadedAt != nil && old.editedSince(*in.LoadedAt) {
		return false, errProductMoved
	}
	vs, err := in.Validate(old.variants())
	if err != nil {
		return false, err
	}
	claimed, err := s.claimSKUs(ctx, oid, newSKUs(&old, vs))
	defer func() {
		if !written {
			for _, sku := range claimed {
				s.releaseSKU(ctx, oid, sku)
			}
		}
	}()
	if err != nil {
		return false, err
	}
	isClaimed := map[string]bool{}
	for _, sku := range claimed {
		isClaimed[sku] = true
	}
	var dropped []string // SKUs of the variants the written edit removed
	err = s.db.guardedUpdate(ctx, s.coll(), oid, errProductNotFound.Message, func(raw bson.Raw) (bson.M, bson.M, error) {
		var cur productDoc
		if err := bson.Unmarshal(raw, &cur); err != nil {
			return nil, nil, fmt.Errorf("read product %s: %w", oid.Hex(), err)
		}
		if in.LoadedAt != nil && cur.editedSince(*in.LoadedAt) {
			return nil, nil, errProductMoved
		}
		vs, err := in.Validate(cur.variants())
		if err != nil {
			return nil, nil, err
		}
		for _, sku := range newSKUs(&cur, vs) {
			if !isClaimed[sku] {
				return nil, nil, errClaimsMoved
			}
		}
		keep := map[string]bool{}
		for _, v := range vs {
			keep[v.SKU] = true
		}
		dropped = dropped[:0]
		for _, v := range cur.Variants {
			if !keep[v.SKU] {
				dropped = append(dropped, v.SKU)
			}
		}
		return variantsGuard(cur.VariantsRev), variantsUpdate(raw, s.now(), in, vs), nil
	})
	if errors.Is(err, errClaimsMoved) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, sku := range dropped {
		s.releaseSKU(ctx, oid, sku)
	}
	return true, nil
}

// newSKUs are the SKUs of vs that product d does not sell yet.
func newSKUs(d *productDoc, vs []shop.Variant) []string {
	had := map[string]bool{}
	for _, v := range d.Variants {
		had[v.SKU] = true
	}
	var fresh []string
	for _, v := range vs {
		if !had[v.SKU] {
			fresh = append(fresh, v.SKU)
		}
	}
	return fresh
}

// variantsGuard is what must still hold of a product whose variants were decided at revision
// rev: on MongoDB a sale in between moves it, and the edit is decided again.
func variantsGuard(rev int) bson.M {
	if rev == 0 {
		return bson.M{"variantsRev": bson.M{"$in": bson.A{0, nil}}}
	}
	return bson.M{"variantsRev": rev}
}

// variantsUpdate writes the validated variants vs of edit in over the product raw.
func variantsUpdate(raw bson.Raw, now time.Time, in shop.VariantsInput, vs []shop.Variant) bson.M {
	opts := optionDocs(in.Options)
	set := bson.M{"options": opts, "variants": variantDocs(vs), "updatedAt": now, "editedAt": now}
	if len(opts) > 0 { // without options again, the product keeps the stock its variants had
		set["quantity"] = shop.VariantStock(vs)
	}
	// Stock sent for a kept variant is set outright, and so is a plain product's turned into
	// sizes: the holds on that stock are dropped (see dropHolds).
	stockSet := map[string]bool{"": len(opts) > 0}
	for i, v := range in.Variants {
		if v.Quantity != nil && vs[i].ID != "" {
			stockSet[vs[i].ID] = true
		}
	}
	update := bson.M{"$set": set, "$inc": bson.M{"variantsRev": 1}}
	if unset := dropHolds(raw, func(variantID string) bool { return stockSet[variantID] }); unset != nil {
		update["$unset"] = unset
	}
	return update
}

// variantDocs are validated variants as stored: a new one gets its id here.
func variantDocs(vs []shop.Variant) []variantDoc {
	docs := make([]variantDoc, len(vs))
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
	}
	return docs
}

func optionDocs(options []shop.Option) []optionDoc {
	out := make([]optionDoc, len(options))
	for i, o := range options {
		out[i] = optionDoc{Name: o.Name, Values: o.Values}
	}
	return out
}

// claimSKUs makes the SKUs the product's, in one insert when none is claimed yet, and answers
// those it claimed (all of them unless it fails). ECONFLICT when another product sells one.
func (s *ProductService) claimSKUs(ctx context.Context, product bson.ObjectID, skus []string) ([]string, error) {
	if len(skus) == 0 {
		return nil, nil
	}
	docs := make([]skuDoc, len(skus))
	for i, sku := range skus {
		docs[i] = skuDoc{SKU: sku, Product: product, At: s.now()}
	}
	_, err := s.db.db.Collection(skusColl).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	if err == nil {
		return skus, nil
	}
	var bulk mongo.BulkWriteException
	if !errors.As(err, &bulk) || bulk.WriteConcernError != nil {
		return nil, fmt.Errorf("claim SKUs: %w", err)
	}
	failed := map[int]bool{}
	for _, we := range bulk.WriteErrors {
		if we.Code != 11000 && !isDuplicate(we) {
			return nil, fmt.Errorf("claim SKUs: %w", err)
		}
		failed[we.Index] = true
	}
	// Every SKU the insert took is claimed before any clash is looked at: when one is refused,
	// the caller lets go of all it claimed, and a SKU left out here would stay held (and
	// refused to everyone, its own product too) until its claim went stale.
	var claimed []string
	for i, sku := range skus {
		if !failed[i] {
			claimed = append(claimed, sku)
		}
	}
	for i, sku := range skus {
		if failed[i] {
			if err := s.claimSKU(ctx, product, sku); err != nil {
				return claimed, err
			}
			claimed = append(claimed, sku)
		}
	}
	return claimed, nil
}

// skuClaims are the shop's SKUs: a SKU is held by the product that sells it, and one left by
// an edit that never finished is taken over once stale.
func (s *ProductService) skuClaims() *keyClaims {
	return &keyClaims{db: s.db, coll: skusColl, owner: "product", stale: staleSKUClaim, now: s.now, holds: s.sellsSKU}
}

// claimSKU makes sku the product's. ECONFLICT when another product sells it.
func (s *ProductService) claimSKU(ctx context.Context, product bson.ObjectID, sku string) error {
	err := s.skuClaims().claim(ctx, sku, product, shop.Errorf(shop.ECONFLICT, "SKU %s is already used by another product.", sku))
	if err != nil && shop.ErrorCode(err) == shop.EINTERNAL {
		return fmt.Errorf("take over SKU %s: %w", sku, err)
	}
	return err
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
	if err := s.skuClaims().release(ctx, sku, product); err != nil {
		s.db.log.Error("SKU claim not released", "sku", sku, "product", product.Hex(), "err", err)
	}
}
