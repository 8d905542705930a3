package mongostore_test

import (
	"bytes"
	"testing"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// A product write that answers an error after it landed (a connection lost on the way back)
// keeps the photo it stored: the product has it. A photo no product has goes.
func TestAFailedWriteKeepsThePhotoItsProductHas(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	_, cats, products := catalogueOn(t, db)
	c, err := cats.CreateCategory(ctx, "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	withPhoto := func(name string) *shop.Product {
		t.Helper()
		b := bytes.Repeat([]byte(name), 100)
		p, err := products.CreateProduct(ctx, input(c.ID, name, 1),
			&shop.PhotoUpload{ContentType: "image/jpeg", Size: int64(len(b)), Body: bytes.NewReader(b)})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	photoOf := func(id string) error {
		_, _, cold := catalogueOn(t, db) // a fresh process: no photo cache
		ph, err := cold.ProductPhoto(ctx, id)
		if err == nil {
			err = cold.LoadPhoto(ctx, ph)
		}
		return err
	}
	fileOf := func(id string) string {
		ph, err := products.ProductPhoto(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return ph.FileID
	}
	oxford, linen := withPhoto("Oxford"), withPhoto("Linen")

	mongostore.DiscardUnusedPhotoForTest(ctx, db, oxford.ID, fileOf(oxford.ID))
	if err := photoOf(oxford.ID); err != nil {
		t.Fatalf("the photo its product has was discarded: %v", err)
	}
	mongostore.DiscardUnusedPhotoForTest(ctx, db, oxford.ID, fileOf(linen.ID))
	if err := photoOf(linen.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a photo the product does not have = %v, want it gone", err)
	}
}
