package mongostore_test

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/app"
	"shop/internal/storetest"
	"shop/mongostore"
)

// TestSoldHoldsAreGoneAfterTheNextSale pays one order and leaves another pending: after a
// third order's sale of the same product, only the pending order's hold (and the new one) are
// noted, a settled hold never comes back as stock, and the pending order's release still
// returns its units.
func TestSoldHoldsAreGoneAfterTheNextSale(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	orders, stock := mongostore.NewOrderStore(db), mongostore.NewStock(db, nil)
	id := insertProduct(t, db, 10)
	place := func(units int) string {
		t.Helper()
		now := time.Now().UTC().Truncate(time.Millisecond)
		o := &shop.Order{ID: orders.NewOrderID(), Buyer: shop.Buyer{ID: bson.NewObjectID().Hex()},
			Products: []shop.OrderItem{{ID: id, Name: "Tee", Slug: "tee", Price: 35000}}, Total: 35000,
			Status: shop.OrderStatuses[0], PaymentState: shop.PaymentPending, CreatedAt: now, UpdatedAt: now,
			Reserved: []shop.Reservation{{Item: item(id), Units: units}}}
		if err := orders.CreateOrder(ctx, o); err != nil {
			t.Fatal(err)
		}
		if err := stock.Reserve(ctx, o.ID, item(id), units); err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	paid, pending := place(2), place(3)
	if _, err := orders.SettlePayment(ctx, paid, shop.PaymentPaid, &shop.Payment{Success: true, Provider: "sandbox",
		TransactionID: "t1", Amount: 35000, Currency: "inr"}); err != nil {
		t.Fatal(err)
	}
	if err := stock.Settle(ctx, paid, item(id)); err != nil {
		t.Fatal(err)
	}
	third := place(1)
	holds := holdsOf(t, db, id)
	if _, ok := holds[paid]; ok {
		t.Errorf("the paid order's hold is still noted after the next sale: %v", holds)
	}
	if holds[pending] == nil || holds[third] == nil {
		t.Errorf("holds %v: want the pending order's and the new one's", holds)
	}
	if got := quantityOf(t, db, id); got != 4 {
		t.Fatalf("quantity %d after selling 2, 3 and 1 of 10", got)
	}
	if err := stock.Release(ctx, paid, item(id)); err != nil {
		t.Fatal(err)
	}
	if err := stock.Release(ctx, pending, item(id)); err != nil {
		t.Fatal(err)
	}
	if got := quantityOf(t, db, id); got != 7 {
		t.Fatalf("quantity %d after releasing the pending order's 3 (the paid order's 2 stay sold)", got)
	}
}

// TestOrderChangesAnswerTheStoredOrder checks that the order each change answers is the order
// then stored: paid, then moved on with its history, then cancelled and refunding.
func TestOrderChangesAnswerTheStoredOrder(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	orders := mongostore.NewOrderStore(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	o := &shop.Order{ID: orders.NewOrderID(), Buyer: shop.Buyer{ID: bson.NewObjectID().Hex()},
		Products: []shop.OrderItem{{ID: bson.NewObjectID().Hex(), Name: "Tee", Slug: "tee", Price: 35000}},
		Total:    35000, Status: shop.OrderStatuses[0], PaymentState: shop.PaymentPending, CreatedAt: now, UpdatedAt: now,
		History: []shop.StatusChange{{Status: shop.OrderStatuses[0], At: now, By: shop.ByBuyer}}}
	if err := orders.CreateOrder(ctx, o); err != nil {
		t.Fatal(err)
	}
	same := func(what string, answered *shop.Order, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		stored, err := orders.Order(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(answered, stored) {
			t.Fatalf("%s answered\n%+v\nbut stored\n%+v", what, answered, stored)
		}
	}
	paid, err := orders.SettlePayment(ctx, o.ID, shop.PaymentPaid, &shop.Payment{Success: true, Provider: "sandbox",
		TransactionID: "t1", Amount: 35000, Currency: "inr", Brand: "visa", Last4: "4242"})
	same("paying", paid, err)
	if paid.PaymentState != shop.PaymentPaid || paid.Payment.TransactionID != "t1" {
		t.Fatalf("paid order = %+v", paid)
	}
	accept := func(*shop.Order) error { return nil }
	moved, err := orders.UpdateStatus(ctx, o.ID, shop.StatusUpdate{Status: shop.OrderStatuses[1], Check: accept,
		Change: shop.StatusChange{Status: shop.OrderStatuses[1], At: now.Add(time.Second), By: "admin"}})
	same("a status change", moved, err)
	if len(moved.History) != 2 || moved.Status != shop.OrderStatuses[1] {
		t.Fatalf("moved order = %+v", moved)
	}
	cancelled := shop.OrderStatuses[len(shop.OrderStatuses)-1]
	gone, err := orders.UpdateStatus(ctx, o.ID, shop.StatusUpdate{Status: cancelled, Check: accept, Refunded: true,
		RefundClaim: "c1", Change: shop.StatusChange{Status: cancelled, At: now.Add(2 * time.Second), By: shop.ByBuyer}})
	same("a cancellation", gone, err)
	if gone.PaymentState != shop.PaymentRefunding || len(gone.History) != 3 {
		t.Fatalf("cancelled order = %+v", gone)
	}
}

// TestASaleShowsInTheModelAsStored sells sizes of a garment and checks the read model then
// holds the product exactly as a model freshly loaded from the store does.
func TestASaleShowsInTheModelAsStored(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Shirts")
	p, err := s.Products.CreateProduct(ctx, input(c.ID, "Oxford Shirt", 0), nil)
	if err != nil {
		t.Fatal(err)
	}
	in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", "M", "L"}}}}
	for i, size := range []string{"S", "M", "L"} {
		stock := 5 + i
		in.Variants = append(in.Variants, shop.VariantInput{SKU: "OX-" + size, Options: map[string]string{"Size": size},
			Quantity: &stock})
	}
	sized, err := s.Products.SetVariants(ctx, p.ID, in)
	if err != nil {
		t.Fatal(err)
	}
	for i, units := range []int{2, 1} {
		item := shop.StockItem{ProductID: p.ID, VariantID: sized.Variants[i+1].ID}
		if err := s.Stock.Reserve(ctx, bson.NewObjectID().Hex(), item, units); err != nil {
			t.Fatal(err)
		}
	}
	fresh, _, _ := catalogueOn(t, db)
	want, got := productBySlug(fresh, sized.Slug), productBySlug(s.Catalogue, sized.Slug)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after the sales the model holds\n%+v\nthe store\n%+v", got, want)
	}
	if got.Quantity != 15 || got.Variants[1].Quantity != 4 || got.Variants[2].Quantity != 6 {
		t.Fatalf("after selling 2 M and 1 L of 5 S, 6 M, 7 L: %+v", got)
	}
}

// TestParallelSalesAcrossManyProductsFinish sells units of a few hundred products from 16
// shoppers at once on the shop as wired, one of them a product whose lock shares its stripe
// with the catalogue version document's: every sale must still finish (none waits forever).
func TestParallelSalesAcrossManyProductsFinish(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	s, c := shopWithCategory(t, db, "Tees")
	var ids []string
	for i := 0; len(ids) < 100 || !slices.ContainsFunc(ids, func(id string) bool {
		return mongostore.SharesStripeWithVersion(db, id)
	}); i++ {
		p, err := s.Products.CreateProduct(ctx, input(c.ID, fmt.Sprint("Tee ", i), 100), nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				for i := w; i < len(ids)*2; i += 16 {
					if err := s.Stock.Reserve(ctx, bson.NewObjectID().Hex(), item(ids[i%len(ids)]), 1); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("%d sales of %d products did not finish within 60 s", 2*len(ids), len(ids))
	}
	for _, id := range ids {
		if p, err := s.Catalogue.Product(ctx, id); err != nil || p.Quantity != 98 {
			t.Fatalf("product %s shows %v (%v) after selling 2 of 100", id, p, err)
		}
	}
}

// shopWithCategory builds the shop over db as shopd wires it, with one category.
func shopWithCategory(t testing.TB, db *mongostore.DB, name string) (*app.Shop, *shop.Category) {
	t.Helper()
	s, err := app.New(t.Context(), db, app.Config{PhotoCacheBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Categories.CreateCategory(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}
