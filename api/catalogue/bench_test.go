package catalogue_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

// benchModel is a read model of n products over 20 categories, without a store.
func benchModel(b *testing.B, n int) (*catalogue.Model, *cataloguetest.Source) {
	b.Helper()
	src := cataloguetest.New()
	for i := range 20 {
		src.PutCategory(&shop.Category{ID: fmt.Sprintf("%024x", i+1), Name: fmt.Sprintf("Category %d", i),
			Slug: fmt.Sprintf("category-%d", i)})
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	fits := []string{"Slim Fit", "Relaxed", "Oversized", "Tailored"}
	mats := []string{"Linen", "Cotton", "Wool", "Denim", "Silk"}
	for i := range n {
		name := fmt.Sprintf("%s Navy %s Shirt %d", fits[i%len(fits)], mats[i%len(mats)], 1000+i)
		src.PutProduct(&shop.CatalogueProduct{Product: shop.Product{ID: fmt.Sprintf("%024x", 1000+i), Name: name,
			Slug: fmt.Sprintf("shirt-%d", i),
			Description: fmt.Sprintf("A %s shirt in navy, cut for summer. Breathable, easy to wash and made to last. Style %d.",
				mats[i%len(mats)], 1000+i),
			Price: 129950, Quantity: 10, Category: shop.CategoryRef{ID: fmt.Sprintf("%024x", i%20+1)},
			CreatedAt: at.Add(time.Duration(i) * time.Minute)}})
	}
	m := catalogue.New(src, nil)
	if err := m.Load(context.Background()); err != nil {
		b.Fatal(err)
	}
	return m, src
}

// BenchmarkSearch is the search of search/{keyword} in the read model of 10,000 products:
// a common word (stops at 100 results), a rare one and one that matches nothing (both look
// at every product).
func BenchmarkSearch(b *testing.B) {
	m, _ := benchModel(b, 10000)
	ctx := context.Background()
	for _, kw := range []string{"linen", "Style 4217", "no-such-garment"} {
		b.Run(kw, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = m.SearchProducts(ctx, kw)
			}
		})
	}
}

// BenchmarkPage is product-list/{page} and product-category/{slug} in the model.
func BenchmarkPage(b *testing.B) {
	m, _ := benchModel(b, 10000)
	ctx := context.Background()
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			i++
			_, _, _ = m.Products(ctx, 1+i%1667, 6)
		}
	})
	b.Run("category", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _, _ = m.ProductsOfCategory(ctx, "category-0")
		}
	})
}

// BenchmarkSale is what one sale costs the model: reloading the one product it changed.
func BenchmarkSale(b *testing.B) {
	m, _ := benchModel(b, 10000)
	ctx := context.Background()
	ch := shop.CatalogueChange{Products: []string{fmt.Sprintf("%024x", 1000+4217)}}
	b.ReportAllocs()
	for b.Loop() {
		if err := m.Changed(ctx, ch); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCategoryAfterASale is a category's page of 500 products in JSON, made again after
// a sale of one of them: encoded whole, or from the products' kept encodings.
func BenchmarkCategoryAfterASale(b *testing.B) {
	m, src := benchModel(b, 10000)
	ctx := context.Background()
	sizes, colours := []string{"S", "M", "L", "XL"}, []string{"Navy", "White"}
	for i := 0; i < 10000; i += 20 { // category-0's products, sold in 8 variants each
		p, err := src.CatalogueProducts(ctx, []string{fmt.Sprintf("%024x", 1000+i)})
		if err != nil || len(p) != 1 {
			b.Fatal(p, err)
		}
		p[0].Options = []shop.Option{{Name: "Size", Values: sizes}, {Name: "Colour", Values: colours}}
		for j := range 8 {
			p[0].Variants = append(p[0].Variants, shop.Variant{ID: fmt.Sprintf("%024x", 10_000_000+8*i+j),
				SKU: fmt.Sprintf("SH-%d-%d", i, j), Quantity: 3,
				Options: map[string]string{"Size": sizes[j%4], "Colour": colours[j/4]}})
		}
		src.PutProduct(p[0])
	}
	if err := m.Load(ctx); err != nil {
		b.Fatal(err)
	}
	sale := shop.CatalogueChange{Products: []string{fmt.Sprintf("%024x", 1000+20*7)}} // in category-0
	b.Run("encoded-whole", func(b *testing.B) {
		for b.Loop() {
			if err := m.Changed(ctx, sale); err != nil {
				b.Fatal(err)
			}
			_, ps, _ := m.ProductsOfCategory(ctx, "category-0")
			if _, err := json.Marshal(ps); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept-encodings", func(b *testing.B) {
		for b.Loop() {
			if err := m.Changed(ctx, sale); err != nil {
				b.Fatal(err)
			}
			if _, _, err := m.ProductsOfCategoryJSON(ctx, "category-0"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRestartFromSnapshot is a restart at 100,000 products of 8 variants each (four
// sizes in two colours) from a current snapshot: reading, checking and decoding the file and
// building the model's indexes.
func BenchmarkRestartFromSnapshot(b *testing.B) {
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: fmt.Sprintf("%024x", 1), Name: "Shirts", Slug: "shirts"})
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	sizes, colours := []string{"S", "M", "L", "XL"}, []string{"Navy", "White"}
	for i := range 100000 {
		p := shop.Product{ID: fmt.Sprintf("%024x", 1000+i), Name: fmt.Sprintf("Oxford Shirt %d", i),
			Slug: fmt.Sprintf("oxford-shirt-%d", i), Description: "A cotton shirt, cut for summer.",
			Price: 129950, Category: shop.CategoryRef{ID: fmt.Sprintf("%024x", 1)},
			Options:   []shop.Option{{Name: "Size", Values: sizes}, {Name: "Colour", Values: colours}},
			CreatedAt: at.Add(time.Duration(i) * time.Minute)}
		for j := range 8 {
			p.Variants = append(p.Variants, shop.Variant{ID: fmt.Sprintf("%024x", 10_000_000+8*i+j),
				SKU: fmt.Sprintf("OX-%d-%d", i, j), Quantity: 3,
				Options: map[string]string{"Size": sizes[j%4], "Colour": colours[j/4]}})
			p.Quantity += 3
		}
		src.PutProduct(&shop.CatalogueProduct{Product: p})
	}
	path := filepath.Join(b.TempDir(), "catalogue.snapshot")
	m := catalogue.New(src, nil)
	if _, err := m.LoadFrom(context.Background(), path); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		// A start consumes the snapshot: the stop before each start writes it again.
		b.StopTimer()
		if err := m.SaveSnapshot(path); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if used, err := catalogue.New(src, nil).LoadFrom(context.Background(), path); err != nil || !used {
			b.Fatalf("snapshot used %v: %v", used, err)
		}
	}
}
