package mongostore_test

import (
	"fmt"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
)

// BenchmarkCheckout places one order of one unit of a garment's size at a time, on the shop
// as shopd wires it, among 200 garments of 8 sizes: the store's work behind one checkout.
func BenchmarkCheckout(b *testing.B) {
	ctx := b.Context()
	s, c := shopWithCategory(b, storetest.NewDB(b), "Shirts")
	sizes := []string{"XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"}
	var items []shop.CartItem
	for i := range 200 {
		p, err := s.Products.CreateProduct(ctx, input(c.ID, fmt.Sprint("Oxford Shirt ", i), 0), nil)
		if err != nil {
			b.Fatal(err)
		}
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: sizes}}}
		stock := 1_000_000
		for _, size := range sizes {
			in.Variants = append(in.Variants, shop.VariantInput{SKU: p.ID + size,
				Options: map[string]string{"Size": size}, Quantity: &stock})
		}
		withSizes, err := s.Products.SetVariants(ctx, p.ID, in)
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range withSizes.Variants {
			items = append(items, shop.CartItem{ID: p.ID, VariantID: v.ID})
		}
	}
	buyer := bson.NewObjectID().Hex()
	i := 0
	for b.Loop() {
		_, _, err := s.Orders.Checkout(ctx, shop.CheckoutRequest{BuyerID: buyer, BuyerName: "Asha",
			Nonce: "fake-valid-nonce", Cart: []shop.CartItem{items[i%len(items)]}, IdempotencyKey: fmt.Sprint("k", i)})
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
}
