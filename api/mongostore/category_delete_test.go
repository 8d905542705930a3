package mongostore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
)

// An admin deleting a category while another creates a product in it never leaves the product
// without its category, and never refuses both: either the delete is refused (the product
// counted, and kept), or the product is (the category gone).
func TestCategoryDeleteRacingAProductCreate(t *testing.T) {
	db := storetest.NewDB(t)
	s, _ := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	for round := range 30 {
		c, err := s.Categories.CreateCategory(ctx, fmt.Sprint("Round ", round))
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var created *shop.Product
		var createErr, deleteErr error
		wg.Go(func() {
			created, createErr = s.Products.CreateProduct(ctx, input(c.ID, fmt.Sprint("Tee ", round), 5), nil)
		})
		wg.Go(func() { deleteErr = s.Categories.DeleteCategory(ctx, c.ID) })
		wg.Wait()
		if createErr != nil && shop.ErrorCode(createErr) != shop.ENOTFOUND && shop.ErrorCode(createErr) != shop.ECONFLICT {
			t.Fatalf("round %d: create: %v", round, createErr)
		}
		if deleteErr != nil && shop.ErrorCode(deleteErr) != shop.ECONFLICT {
			t.Fatalf("round %d: delete: %v", round, deleteErr)
		}
		if createErr != nil && deleteErr != nil {
			t.Fatalf("round %d: both refused: create %v; delete %v", round, createErr, deleteErr)
		}
		oid, _ := bson.ObjectIDFromHex(c.ID)
		categories, err := db.Database().Collection("categories").CountDocuments(ctx, bson.M{"_id": oid})
		if err != nil {
			t.Fatal(err)
		}
		products, err := db.Database().Collection("products").CountDocuments(ctx, bson.M{"category": oid})
		if err != nil {
			t.Fatal(err)
		}
		if categories == 0 && products > 0 {
			t.Fatalf("round %d: the category is gone and %d product(s) still name it (created %v)", round, products, created != nil)
		}
		if (createErr == nil) != (products == 1) {
			t.Fatalf("round %d: create answered %v but %d product(s) are stored", round, createErr, products)
		}
	}
}

// A category still in use is kept, and stays usable: the mark of its refused delete is gone.
func TestRefusedCategoryDeleteLeavesItUsable(t *testing.T) {
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Categories.DeleteCategory(ctx, c.ID); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("delete of a category in use = %v, want a conflict", err)
	}
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Linen Shirt", 5), nil); err != nil {
		t.Fatalf("a product into the kept category: %v", err)
	}
}

// A product written while a category is marked for deletion waits for the delete to end: the
// product stays when the category is kept, and is refused when it is gone.
func TestAProductWaitsForACategoryBeingDeleted(t *testing.T) {
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	oid, _ := bson.ObjectIDFromHex(c.ID)
	categories := db.Database().Collection("categories")
	markThen := func(after func()) {
		if _, err := categories.UpdateOne(ctx, bson.M{"_id": oid}, bson.M{"$set": bson.M{"deletingSince": time.Now()}}); err != nil {
			t.Fatal(err)
		}
		go func() {
			time.Sleep(100 * time.Millisecond) // the delete counting the category's products
			after()
		}()
	}
	markThen(func() {
		_, _ = categories.UpdateOne(ctx, bson.M{"_id": oid}, bson.M{"$unset": bson.M{"deletingSince": ""}})
	})
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil); err != nil {
		t.Fatalf("a product into a category whose delete was refused: %v", err)
	}
	other, err := s.Categories.CreateCategory(ctx, "Scarves")
	if err != nil {
		t.Fatal(err)
	}
	oid, _ = bson.ObjectIDFromHex(other.ID)
	markThen(func() { _, _ = categories.DeleteOne(ctx, bson.M{"_id": oid}) })
	if _, err := s.Products.CreateProduct(ctx, input(other.ID, "Silk Scarf", 5), nil); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a product into a category deleted meanwhile = %v, want ENOTFOUND", err)
	}
}

// A delete runs to its end once asked, even when its caller has gone (a closed tab, a
// reload): a category in use keeps no mark that would refuse product writes into it, and an
// unused one is deleted.
func TestCategoryDeleteWhoseCallerLeftEndsCleanly(t *testing.T) {
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil); err != nil {
		t.Fatal(err)
	}
	left, leave := context.WithCancel(ctx)
	leave()
	if err := s.Categories.DeleteCategory(left, c.ID); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("delete of a category in use, caller gone = %v, want a conflict", err)
	}
	start := time.Now()
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Linen Shirt", 5), nil); err != nil {
		t.Fatalf("a product into the kept category: %v", err)
	}
	if waited := time.Since(start); waited > time.Second {
		t.Errorf("the product waited %v on a delete that had ended", waited)
	}

	unused, err := s.Categories.CreateCategory(ctx, "Scarves")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Categories.DeleteCategory(left, unused.ID); err != nil {
		t.Fatalf("delete of an unused category, caller gone: %v", err)
	}
	if _, err := s.Products.CreateProduct(ctx, input(unused.ID, "Silk Scarf", 5), nil); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a product into the deleted category = %v, want ENOTFOUND", err)
	}
}

// The mark of a delete that never ended (its process died) holds only for a while: then
// products go into the category at once again.
func TestAnOldDeleteMarkIsVoid(t *testing.T) {
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	oid, _ := bson.ObjectIDFromHex(c.ID)
	long := time.Now().Add(-time.Hour)
	if _, err := db.Database().Collection("categories").UpdateOne(ctx, bson.M{"_id": oid},
		bson.M{"$set": bson.M{"deletingSince": long}}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil); err != nil {
		t.Fatalf("a product into a category marked an hour ago: %v", err)
	}
	if waited := time.Since(start); waited > time.Second {
		t.Errorf("the product waited %v on a mark an hour old", waited)
	}
}

// On the embedded store a delete's mark made before this process opened the store was left by
// a process killed mid-delete (it is the store's only writer): products go into the category
// at once, without waiting minutes for the mark to lapse. On MongoDB another process may be
// deleting the category: the mark holds.
func TestADeleteMarkOfAnEarlierProcess(t *testing.T) {
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	ctx := t.Context()
	oid, _ := bson.ObjectIDFromHex(c.ID)
	if _, err := db.Database().Collection("categories").UpdateOne(ctx, bson.M{"_id": oid},
		bson.M{"$set": bson.M{"deletingSince": time.Now().Add(-time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 5), nil)
	switch {
	case storetest.Embedded() && err != nil:
		t.Fatalf("a product into a category marked by a process before this one: %v", err)
	case !storetest.Embedded() && shop.ErrorCode(err) != shop.ECONFLICT:
		t.Fatalf("on MongoDB, a product into a category marked a minute ago = %v, want ECONFLICT", err)
	}
}
