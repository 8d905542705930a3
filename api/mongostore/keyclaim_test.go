package mongostore_test

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
)

// A SKU is held by the product that sells it. A claim left by an edit that never finished
// holds it only while that edit may still be written; then another product takes it over.
// (An email's key is taken over the same way: TestAKeyWithoutItsAccountIsTakenOverOnceStale.)
func TestASKUClaimWithoutItsProductIsTakenOverOnceStale(t *testing.T) {
	db := storetest.NewDB(t)
	_, _, products := catalogueOn(t, db)
	ctx := t.Context()
	seller, _ := insertSizedProduct(t, db, 1, 1, 1)
	id, vids := insertSizedProduct(t, db, 4, 5, 6)
	claims := db.Database().Collection("skus")
	claim := func(sku string, owner bson.ObjectID, at time.Time) {
		t.Helper()
		if _, err := claims.InsertOne(ctx, bson.M{"_id": sku, "product": owner, "at": at}); err != nil {
			t.Fatal(err)
		}
	}
	sellerID, _ := bson.ObjectIDFromHex(seller)
	claim("LEFT-FRESH", bson.NewObjectID(), time.Now())
	claim("LEFT-STALE", bson.NewObjectID(), time.Now().Add(-time.Hour))
	claim(seller+"S", sellerID, time.Now().Add(-time.Hour))
	edit := func(skuOfS string) error {
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", "M", "L"}}}}
		for k, size := range []string{"S", "M", "L"} {
			sku := id + size
			if size == "S" {
				sku = skuOfS
			}
			in.Variants = append(in.Variants, shop.VariantInput{ID: vids[k], SKU: sku, Options: map[string]string{"Size": size}})
		}
		_, err := products.SetVariants(ctx, id, in)
		return err
	}
	for _, sku := range []string{"LEFT-FRESH", seller + "S"} {
		if err := edit(sku); shop.ErrorCode(err) != shop.ECONFLICT {
			t.Fatalf("taking SKU %s = %v, want a conflict", sku, err)
		}
	}
	if err := edit("LEFT-STALE"); err != nil {
		t.Fatalf("taking a SKU left by an edit an hour ago: %v", err)
	}
	var held struct {
		Product bson.ObjectID `bson:"product"`
	}
	if err := claims.FindOne(ctx, bson.M{"_id": "LEFT-STALE"}).Decode(&held); err != nil || held.Product.Hex() != id {
		t.Fatalf("claim of LEFT-STALE held by %v (%v), want %s", held.Product.Hex(), err, id)
	}
}
