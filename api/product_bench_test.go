package shop_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"shop"
)

// benchProducts are n products shaped like the bench catalogue's (cmd/benchseed).
func benchProducts(n int) []*shop.Product {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ps := make([]*shop.Product, n)
	for i := range ps {
		name := fmt.Sprintf("Slim Fit Navy Linen Shirt %d", 1000+i)
		ps[i] = &shop.Product{
			ID: fmt.Sprintf("6650f1c2a1b2c3d4e5f6%04x", i), Name: name, Slug: fmt.Sprintf("slim-fit-navy-linen-shirt-%d", 1000+i),
			Description: "A slim fit linen shirt in navy, cut for summer. Breathable, easy to wash and made to last; " +
				"pairs well with the rest of the collection. Style 1042.",
			Price: shop.Paise(129950 + i), Quantity: 12, Shipping: true, HasPhoto: i%50 == 0,
			Category:  shop.CategoryRef{ID: "6650f1c2a1b2c3d4e5f60001", Name: "Shirts", Slug: "shirts"},
			CreatedAt: at, UpdatedAt: at,
		}
	}
	return ps
}

// BenchmarkEncodeProductPage encodes the answer of product-list/{page} (6 products) and of
// product-category/{slug} (the bench's 500 products of a category) as the handlers do.
func BenchmarkEncodeProductPage(b *testing.B) {
	for _, n := range []int{shop.ProductPageSize, shop.MaxSearchResults, 500} {
		ps := benchProducts(n)
		b.Run(fmt.Sprintf("products=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for b.Loop() {
				out, err := json.Marshal(map[string]any{"success": true, "products": ps})
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(size), "bytes/answer")
		})
	}
}
