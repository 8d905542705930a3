package mongostore_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// insertSizedProduct stores a product sold in sizes S, M and L with the given stock each.
func insertSizedProduct(t *testing.T, db *mongostore.DB, s, m, l int) (string, []string) {
	t.Helper()
	id := bson.NewObjectID()
	vids := []bson.ObjectID{bson.NewObjectID(), bson.NewObjectID(), bson.NewObjectID()}
	var variants bson.A
	for i, size := range []string{"S", "M", "L"} {
		variants = append(variants, bson.M{"_id": vids[i], "sku": id.Hex() + size, "options": bson.M{"Size": size},
			"quantity": []int{s, m, l}[i]})
	}
	now := time.Now().UTC()
	_, err := db.Database().Collection("products").InsertOne(t.Context(), bson.M{"_id": id, "name": "Tee",
		"slug": "tee-" + id.Hex(), "description": "A tee.", "price": 350.0, "quantity": s + m + l, "shipping": false,
		"category": bson.NewObjectID(), "options": bson.A{bson.M{"name": "Size", "values": bson.A{"S", "M", "L"}}},
		"variants": variants, "createdAt": now, "updatedAt": now})
	if err != nil {
		t.Fatal(err)
	}
	return id.Hex(), []string{vids[0].Hex(), vids[1].Hex(), vids[2].Hex()}
}

// variantQuantities answers the stored stock of the product and of each of its variants.
func variantQuantities(t *testing.T, db *mongostore.DB, id string) (int, []int) {
	t.Helper()
	var doc struct {
		Quantity int `bson:"quantity"`
		Variants []struct {
			Quantity int `bson:"quantity"`
		} `bson:"variants"`
	}
	readProduct(t, db, id, &doc)
	out := make([]int, len(doc.Variants))
	for i, v := range doc.Variants {
		out[i] = v.Quantity
	}
	return doc.Quantity, out
}

// The store fact behind Stock's index paths for variants: MongoDB takes a positional update
// guarded by $elemMatch; the embedded FerretDB v1.24.0 does not.
func TestPositionalVariantUpdate(t *testing.T) {
	db := storetest.NewDB(t)
	id, vids := insertSizedProduct(t, db, 1, 2, 3)
	oid, _ := bson.ObjectIDFromHex(id)
	vid, _ := bson.ObjectIDFromHex(vids[1])
	_, err := db.Database().Collection("products").UpdateOne(t.Context(),
		bson.M{"_id": oid, "variants": bson.M{"$elemMatch": bson.M{"_id": vid, "quantity": bson.M{"$gte": 1}}}},
		bson.M{"$inc": bson.M{"variants.$.quantity": -1, "quantity": -1}})
	total, each := variantQuantities(t, db, id)
	if storetest.Embedded() {
		if err == nil || total != 6 || each[1] != 2 {
			t.Fatalf("the embedded store took a positional update (err %v, stock %d %v): Stock may use it there too", err, total, each)
		}
		return
	}
	if err != nil || total != 5 || each[1] != 1 {
		t.Fatalf("positional update on MongoDB: err %v, stock %d %v; want 5 [1 1 3]", err, total, each)
	}
}

func TestVariantStockReserveAndRelease(t *testing.T) {
	db := storetest.NewDB(t)
	stock := mongostore.NewStock(db, &changeLog{})
	id, vids := insertSizedProduct(t, db, 1, 2, 3)
	m := shop.StockItem{ProductID: id, VariantID: vids[1]}
	orderA, orderB := bson.NewObjectID().Hex(), bson.NewObjectID().Hex()

	if err := stock.Reserve(t.Context(), orderA, m, 2); err != nil {
		t.Fatal(err)
	}
	if err := stock.Reserve(t.Context(), orderA, m, 2); err != nil {
		t.Fatalf("reserve for the same order again = %v, want nil (nothing more taken)", err)
	}
	if err := stock.Reserve(t.Context(), orderB, m, 1); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("reserve beyond the size's stock = %v, want ECONFLICT", err)
	}
	if total, each := variantQuantities(t, db, id); total != 4 || fmt.Sprint(each) != "[1 0 3]" {
		t.Fatalf("stock %d %v, want 4 [1 0 3]", total, each)
	}
	for range 2 { // the second release gives nothing more
		if err := stock.Release(t.Context(), orderA, m); err != nil {
			t.Fatal(err)
		}
		if total, each := variantQuantities(t, db, id); total != 6 || fmt.Sprint(each) != "[1 2 3]" {
			t.Fatalf("stock after release %d %v, want 6 [1 2 3]", total, each)
		}
	}
	if err := stock.Reserve(t.Context(), orderB, m, 1); err != nil {
		t.Fatal(err)
	}
	if err := stock.Settle(t.Context(), orderB, m); err != nil {
		t.Fatal(err)
	}
	for range 2 { // a second restock of the same order puts nothing more
		if err := stock.Restock(t.Context(), orderB, m, 1); err != nil {
			t.Fatal(err)
		}
	}
	if total, each := variantQuantities(t, db, id); total != 6 || fmt.Sprint(each) != "[1 2 3]" {
		t.Fatalf("stock after sale and restock %d %v, want 6 [1 2 3]", total, each)
	}
	gone := shop.StockItem{ProductID: id, VariantID: bson.NewObjectID().Hex()}
	if err := stock.Reserve(t.Context(), orderA, gone, 1); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("reserve of a removed size = %v, want ENOTFOUND", err)
	}
	if err := stock.Release(t.Context(), orderA, gone); err != nil {
		t.Fatalf("release to a removed size = %v, want nil", err)
	}
	if err := stock.Restock(t.Context(), orderA, gone, 1); err != nil {
		t.Fatalf("restock of a removed size = %v, want nil", err)
	}
	if err := stock.Reserve(t.Context(), orderA, shop.StockItem{ProductID: id, VariantID: "M"}, 1); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("reserve of a malformed variant id = %v, want EINVALID", err)
	}
	noProduct := shop.StockItem{ProductID: bson.NewObjectID().Hex(), VariantID: vids[0]}
	if err := stock.Reserve(t.Context(), orderA, noProduct, 1); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("reserve of a deleted product's size = %v, want ENOTFOUND", err)
	}
}

// Twenty parallel reservations of a size with 5 units: exactly 5 succeed and it ends at 0,
// whichever store runs the test (the embedded store's lock, MongoDB's atomic update).
func TestVariantStockParallelReservationsNeverOversell(t *testing.T) {
	db := storetest.NewDB(t)
	stock := mongostore.NewStock(db, &changeLog{})
	id, vids := insertSizedProduct(t, db, 4, 5, 6)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			err := stock.Reserve(context.Background(), bson.NewObjectID().Hex(),
				shop.StockItem{ProductID: id, VariantID: vids[1]}, 1)
			switch shop.ErrorCode(err) {
			case "":
				ok.Add(1)
			case shop.ECONFLICT:
			default:
				t.Errorf("reserve %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if total, each := variantQuantities(t, db, id); ok.Load() != 5 || total != 10 || fmt.Sprint(each) != "[4 0 6]" {
		t.Fatalf("%d reservations succeeded leaving %d %v; want 5 leaving 10 [4 0 6]", ok.Load(), total, each)
	}
}

// priceEdit is an admin's edit of insertSizedProduct's sizes that sets every price and leaves
// the stock out.
func priceEdit(id string, vids []string, price float64) shop.VariantsInput {
	in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", "M", "L"}}}}
	for k, size := range []string{"S", "M", "L"} {
		in.Variants = append(in.Variants, shop.VariantInput{ID: vids[k], SKU: id + size,
			Options: map[string]string{"Size": size}, Price: &price})
	}
	return in
}

// An admin editing prices while shoppers buy a size: the edit, which leaves the stock out,
// never undoes a sale, and no sale is lost or doubled.
func TestVariantEditDuringSalesLosesNoSale(t *testing.T) {
	db := storetest.NewDB(t)
	_, _, products := catalogueOn(t, db)
	stock := mongostore.NewStock(db, &changeLog{})
	id, vids := insertSizedProduct(t, db, 4, 5, 6)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			err := stock.Reserve(context.Background(), bson.NewObjectID().Hex(),
				shop.StockItem{ProductID: id, VariantID: vids[1]}, 1)
			if err == nil {
				ok.Add(1)
			} else if shop.ErrorCode(err) != shop.ECONFLICT {
				t.Errorf("reserve: %v", err)
			}
		})
	}
	wg.Go(func() {
		for i := range 5 {
			if _, err := products.SetVariants(context.Background(), id, priceEdit(id, vids, float64(400+i))); err != nil {
				t.Errorf("edit %d: %v", i, err)
			}
		}
	})
	wg.Wait()
	if total, each := variantQuantities(t, db, id); ok.Load() != 5 || total != 10 || fmt.Sprint(each) != "[4 0 6]" {
		t.Fatalf("%d reservations succeeded leaving %d %v; want 5 leaving 10 [4 0 6]", ok.Load(), total, each)
	}
}

// Shoppers whose cards are declined keep taking units of a size and giving them back: an
// admin's edits of the sizes meanwhile are decided on the product as it stands when written,
// so none is refused as "changed meanwhile", and the stock ends where it began.
func TestVariantEditsGoThroughWhileUnitsKeepMoving(t *testing.T) {
	db := storetest.NewDB(t)
	_, _, products := catalogueOn(t, db)
	stock := mongostore.NewStock(db, &changeLog{})
	id, vids := insertSizedProduct(t, db, 4, 5, 6)
	edited := make(chan struct{})
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			item := shop.StockItem{ProductID: id, VariantID: vids[1]}
			for {
				select {
				case <-edited:
					return
				default:
				}
				order := bson.NewObjectID().Hex()
				if err := stock.Reserve(context.Background(), order, item, 1); err != nil {
					if shop.ErrorCode(err) != shop.ECONFLICT {
						t.Errorf("reserve: %v", err)
					}
					continue
				}
				if err := stock.Release(context.Background(), order, item); err != nil {
					t.Errorf("release: %v", err)
				}
			}
		})
	}
	for i := range 8 {
		if _, err := products.SetVariants(context.Background(), id, priceEdit(id, vids, float64(400+i))); err != nil {
			t.Errorf("edit %d while units moved: %v", i, err)
		}
	}
	close(edited)
	wg.Wait()
	if total, each := variantQuantities(t, db, id); total != 15 || fmt.Sprint(each) != "[4 5 6]" {
		t.Fatalf("stock %d %v after every unit came back, want 15 [4 5 6]", total, each)
	}
}

// A plain product turned into sizes while a checkout holds some of its units: the sizes' stock
// is what the admin set, the held units are not given back on top of it, and no unit without a
// size can be taken any more.
func TestAPlainProductTurnedIntoSizesTakesNoUnitWithoutASize(t *testing.T) {
	db := storetest.NewDB(t)
	_, _, products := catalogueOn(t, db)
	stock := mongostore.NewStock(db, &changeLog{})
	id := insertProduct(t, db, 10)
	plain := shop.StockItem{ProductID: id}
	held := bson.NewObjectID().Hex()
	if err := stock.Reserve(t.Context(), held, plain, 3); err != nil {
		t.Fatal(err)
	}
	s, m := 4, 5
	in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", "M"}}},
		Variants: []shop.VariantInput{{SKU: id + "S", Options: map[string]string{"Size": "S"}, Quantity: &s},
			{SKU: id + "M", Options: map[string]string{"Size": "M"}, Quantity: &m}}}
	if _, err := products.SetVariants(t.Context(), id, in); err != nil {
		t.Fatal(err)
	}
	if err := stock.Reserve(t.Context(), bson.NewObjectID().Hex(), plain, 1); shop.ErrorCode(err) != shop.ENOTFOUND ||
		!strings.Contains(shop.ErrorMessage(err), "now sold by size") {
		t.Fatalf("a unit without a size after the change: %v, want ENOTFOUND saying it is sold by size", err)
	}
	if err := stock.Release(t.Context(), held, plain); err != nil {
		t.Fatal(err)
	}
	if err := stock.Restock(t.Context(), bson.NewObjectID().Hex(), plain, 2); err != nil {
		t.Fatal(err)
	}
	if total, each := variantQuantities(t, db, id); total != 9 || fmt.Sprint(each) != "[4 5]" {
		t.Fatalf("stock %d %v, want the 9 [4 5] the admin set", total, each)
	}
}
