package mongostore_test

import (
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// updatedAtOf answers the stored updatedAt of product id, as the admin's form loads it.
func updatedAtOf(t *testing.T, db *mongostore.DB, id string) time.Time {
	t.Helper()
	var doc struct {
		UpdatedAt time.Time `bson:"updatedAt"`
	}
	readProduct(t, db, id, &doc)
	return doc.UpdatedAt
}

// stockAfterFailing gives back what the order holds of product id, as its checkout failing
// does, and answers the product's stock then.
func stockAfterFailing(t *testing.T, db *mongostore.DB, stock *mongostore.Stock, order, id string) int {
	t.Helper()
	if err := stock.Release(t.Context(), order, item(id)); err != nil {
		t.Fatal(err)
	}
	return quantityOf(t, db, id)
}

// An admin who sets a stock outright sets what is there to sell after it: a checkout that
// took units before and then fails (declined, or short of another item) must not add them on
// top. A form that says when it was loaded, after the checkout took its units, shows the stock
// without them: those come back.
func TestAdminStockSetDuringACheckout(t *testing.T) {
	db := storetest.NewDB(t)
	_, cats, products := catalogueOn(t, db)
	stock := mongostore.NewStock(db, &changeLog{})
	c, err := cats.CreateCategory(t.Context(), "Tees")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("figure of unknown age", func(t *testing.T) {
		p, err := products.CreateProduct(t.Context(), input(c.ID, "Crew Tee", 10), nil)
		if err != nil {
			t.Fatal(err)
		}
		order := bson.NewObjectID().Hex()
		if err := stock.Reserve(t.Context(), order, item(p.ID), 3); err != nil {
			t.Fatal(err)
		}
		if _, err := products.UpdateProduct(t.Context(), p.ID, input(c.ID, "Crew Tee", 50), nil); err != nil {
			t.Fatal(err)
		}
		if got := stockAfterFailing(t, db, stock, order, p.ID); got != 50 {
			t.Fatalf("stock %d after the admin set 50 and a checkout begun before failed; want 50", got)
		}
	})

	t.Run("form loaded after the checkout took its units", func(t *testing.T) {
		p, err := products.CreateProduct(t.Context(), input(c.ID, "V-neck Tee", 10), nil)
		if err != nil {
			t.Fatal(err)
		}
		order := bson.NewObjectID().Hex()
		if err := stock.Reserve(t.Context(), order, item(p.ID), 3); err != nil {
			t.Fatal(err)
		}
		in := input(c.ID, "V-neck Tee", 7) // the 7 the form showed, kept while the price changes
		in.Price, in.LoadedAt = 59900, updatedAtOf(t, db, p.ID)
		if _, err := products.UpdateProduct(t.Context(), p.ID, in, nil); err != nil {
			t.Fatal(err)
		}
		if got := stockAfterFailing(t, db, stock, order, p.ID); got != 10 {
			t.Fatalf("stock %d; want the 7 kept plus the 3 given back", got)
		}
	})

	t.Run("variants", func(t *testing.T) {
		id, vids := insertSizedProduct(t, db, 4, 5, 6)
		medium, large := bson.NewObjectID().Hex(), bson.NewObjectID().Hex()
		if err := stock.Reserve(t.Context(), medium, shop.StockItem{ProductID: id, VariantID: vids[1]}, 2); err != nil {
			t.Fatal(err)
		}
		if err := stock.Reserve(t.Context(), large, shop.StockItem{ProductID: id, VariantID: vids[2]}, 1); err != nil {
			t.Fatal(err)
		}
		twenty := 20
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", "M", "L"}}}}
		for k, size := range []string{"S", "M", "L"} {
			v := shop.VariantInput{ID: vids[k], SKU: id + size, Options: map[string]string{"Size": size}}
			if size == "M" {
				v.Quantity = &twenty // set outright; S and L keep their stock as it is
			}
			in.Variants = append(in.Variants, v)
		}
		if _, err := products.SetVariants(t.Context(), id, in); err != nil {
			t.Fatal(err)
		}
		for _, hold := range []struct{ order, variant string }{{medium, vids[1]}, {large, vids[2]}} {
			if err := stock.Release(t.Context(), hold.order, shop.StockItem{ProductID: id, VariantID: hold.variant}); err != nil {
				t.Fatal(err)
			}
		}
		if total, each := variantQuantities(t, db, id); total != 30 || fmt.Sprint(each) != "[4 20 6]" {
			t.Fatalf("stock %d %v; want 30 [4 20 6]: M as set, L's unit given back", total, each)
		}
	})
}

// A product that sells all day can still be edited: sales move its stock, not what the admin
// edits, so only another edit since the form was loaded makes the form stale. A form that
// says which stock it showed leaves that stock as sales made it when its figure is unchanged,
// and sets it outright when the admin changed it.
func TestEditOfAProductSellingMeanwhile(t *testing.T) {
	db := storetest.NewDB(t)
	_, cats, products := catalogueOn(t, db)
	stock := mongostore.NewStock(db, &changeLog{})
	c, err := cats.CreateCategory(t.Context(), "Tees")
	if err != nil {
		t.Fatal(err)
	}
	// loadedThenSold answers a form's copy of a new product of 10, made before a sale of 2 and
	// while another checkout holds 3.
	loadedThenSold := func(name string) (id string, form shop.ProductInput, held string) {
		t.Helper()
		p, err := products.CreateProduct(t.Context(), input(c.ID, name, 10), nil)
		if err != nil {
			t.Fatal(err)
		}
		ten := 10
		form = input(c.ID, name, 10)
		form.LoadedAt, form.LoadedQuantity = updatedAtOf(t, db, p.ID), &ten
		sold, held := bson.NewObjectID().Hex(), bson.NewObjectID().Hex()
		if err := stock.Reserve(t.Context(), sold, item(p.ID), 2); err != nil {
			t.Fatal(err)
		}
		if err := stock.Settle(t.Context(), sold, item(p.ID)); err != nil {
			t.Fatal(err)
		}
		if err := stock.Reserve(t.Context(), held, item(p.ID), 3); err != nil {
			t.Fatal(err)
		}
		return p.ID, form, held
	}

	t.Run("stock figure unchanged", func(t *testing.T) {
		id, form, held := loadedThenSold("Crew Tee")
		form.Price = 59900
		p, err := products.UpdateProduct(t.Context(), id, form, nil)
		if err != nil {
			t.Fatalf("edit after a sale: %v", err)
		}
		if p.Price != 59900 || p.Quantity != 5 {
			t.Fatalf("answer: price %d stock %d; want 59900 and the 5 the sale and the hold left", p.Price, p.Quantity)
		}
		if got := stockAfterFailing(t, db, stock, held, id); got != 8 {
			t.Fatalf("stock %d after the held checkout failed; want 8 (10 less the 2 sold)", got)
		}
	})

	t.Run("stock figure changed", func(t *testing.T) {
		id, form, held := loadedThenSold("V-neck Tee")
		form.Quantity = 40
		if _, err := products.UpdateProduct(t.Context(), id, form, nil); err != nil {
			t.Fatalf("edit after a sale: %v", err)
		}
		if got := stockAfterFailing(t, db, stock, held, id); got != 40 {
			t.Fatalf("stock %d; want the 40 set, with nothing given back on top", got)
		}
	})

	t.Run("another edit since", func(t *testing.T) {
		id, form, _ := loadedThenSold("Henley Tee")
		other := input(c.ID, "Henley Tee", 10)
		other.Description = "Edited in another tab."
		if _, err := products.UpdateProduct(t.Context(), id, other, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := products.UpdateProduct(t.Context(), id, form, nil); shop.ErrorCode(err) != shop.ECONFLICT {
			t.Fatalf("edit of a copy loaded before another edit: %v; want ECONFLICT", err)
		}
	})

	t.Run("sold by size, kept before editedAt", func(t *testing.T) {
		id, vids := insertSizedProduct(t, db, 4, 5, 6)
		form := input(c.ID, "Sized Tee", 0)
		form.LoadedAt = updatedAtOf(t, db, id) // a form of the old kind, without the stock it showed
		if err := stock.Reserve(t.Context(), bson.NewObjectID().Hex(), shop.StockItem{ProductID: id, VariantID: vids[0]}, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := products.UpdateProduct(t.Context(), id, form, nil); err != nil {
			t.Fatalf("edit of a product sold by size after a sale: %v", err)
		}
		if total, each := variantQuantities(t, db, id); total != 14 || fmt.Sprint(each) != "[3 5 6]" {
			t.Fatalf("stock %d %v; want 14 [3 5 6]", total, each)
		}
	})
}

// An edit is one instant: the form reloaded from its answer names it by the updatedAt it
// answered, so editedAt must be that same instant, however the clock moves while it is made.
func TestEditsAreStampedOnce(t *testing.T) {
	db := storetest.NewDB(t)
	model, cats, _ := catalogueOn(t, db)
	products := mongostore.NewProductService(db, model, mongostore.NewPhotoCache(1<<20))
	tick := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	products.SetClock(func() time.Time { tick = tick.Add(time.Millisecond); return tick })
	c, err := cats.CreateCategory(t.Context(), "Tees")
	if err != nil {
		t.Fatal(err)
	}
	p, err := products.CreateProduct(t.Context(), input(c.ID, "Pocket Tee", 4), nil)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from *shop.Product) *shop.Product {
		t.Helper()
		form := input(c.ID, "Pocket Tee", from.Quantity)
		form.LoadedAt, form.LoadedQuantity = from.UpdatedAt, &from.Quantity
		after, err := products.UpdateProduct(t.Context(), p.ID, form, nil)
		if err != nil {
			t.Fatalf("edit of the copy the last write answered: %v", err)
		}
		return after
	}
	p = edit(edit(p))
	sized, err := products.SetVariants(t.Context(), p.ID, shop.VariantsInput{
		Options:  []shop.Option{{Name: "Size", Values: []string{"M"}}},
		Variants: []shop.VariantInput{{SKU: p.ID + "-M", Options: map[string]string{"Size": "M"}, Quantity: &p.Quantity}},
	})
	if err != nil {
		t.Fatal(err)
	}
	edit(sized)
}
