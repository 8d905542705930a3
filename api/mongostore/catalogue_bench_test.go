package mongostore

import (
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// benchCatalogue is a read model of n products over 20 categories, without a store.
func benchCatalogue(n int) *Catalogue {
	cats := make([]categoryDoc, 20)
	for i := range cats {
		name := fmt.Sprintf("Category %d", i)
		cats[i] = categoryDoc{ID: bson.NewObjectID(), Name: name, NameKey: name, Slug: makeSlug(name, "category")}
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	fits := []string{"Slim Fit", "Relaxed", "Oversized", "Tailored"}
	mats := []string{"Linen", "Cotton", "Wool", "Denim", "Silk"}
	docs := make([]productDoc, n)
	for i := range docs {
		name := fmt.Sprintf("%s Navy %s Shirt %d", fits[i%len(fits)], mats[i%len(mats)], 1000+i)
		docs[i] = productDoc{ID: bson.NewObjectID(), Name: name, Slug: makeSlug(name, "product"),
			Description: fmt.Sprintf("A %s shirt in navy, cut for summer. Breathable, easy to wash and made to last. Style %d.", mats[i%len(mats)], 1000+i),
			Price:       1299.5, Quantity: 10, Category: cats[i%len(cats)].ID, CreatedAt: at.Add(time.Duration(i) * time.Minute)}
	}
	c := &Catalogue{}
	c.reset(docs, cats)
	return c
}

// BenchmarkCatalogueSearch is the search of search/{keyword} in the read model of 10,000
// products: a common word (stops at 100 results), a rare one and one that matches nothing
// (both look at every product).
func BenchmarkCatalogueSearch(b *testing.B) {
	c := benchCatalogue(10000)
	for _, kw := range []string{"linen", "Style 4217", "no-such-garment"} {
		b.Run(kw, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.Search(kw, 100)
			}
		})
	}
}

// BenchmarkCataloguePage is product-list/{page} and product-category/{slug} in the model.
func BenchmarkCataloguePage(b *testing.B) {
	c := benchCatalogue(10000)
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			i++
			_, _ = c.Products(1+i%1667, 6)
		}
	})
	cat := c.catByName[0].ID
	b.Run("category", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = c.OfCategory(cat, bson.NilObjectID, 1000)
		}
	})
}

// BenchmarkMakeSlug is the slug of a product name, as every product write makes it.
func BenchmarkMakeSlug(b *testing.B) {
	for _, name := range []string{"Slim Fit Navy Linen Shirt 1042", "Kurta — Hand-block Printed Cotton (Indigo) ✓ Größe L"} {
		b.Run(fmt.Sprintf("len=%d", len(name)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = makeSlug(name, "product")
			}
		})
	}
}
