package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// ImportedProduct is one product of a bulk import: valid fields, an optional photo, and the
// time it was listed.
type ImportedProduct struct {
	In        shop.ProductInput
	Photo     *shop.PhotoUpload
	Variants  *shop.VariantsInput // its sizes and colours, if it is sold by them
	CreatedAt time.Time
}

// importBatch is how many products one insert carries.
const importBatch = 500

// ImportProducts stores many products at once, as a new shop's catalogue is loaded: their
// photos, then the products in batches, then one change telling every read model to reload.
// Their categories must exist and their names must give distinct slugs; a failure part-way
// leaves the products stored so far.
func (s *ProductService) ImportProducts(ctx context.Context, items []ImportedProduct) error {
	cats := map[string]*categoryDoc{}
	docs := make([]any, 0, importBatch)
	var skus []any
	for i, it := range items {
		cat, ok := cats[it.In.CategoryID]
		if !ok {
			c, err := s.category(ctx, it.In.CategoryID)
			if err != nil {
				return fmt.Errorf("import product %d: %w", i, err)
			}
			cat, cats[it.In.CategoryID] = c, c
		}
		id := bson.NewObjectID()
		photo, err := s.storePhoto(ctx, id, it.Photo)
		if err != nil {
			return fmt.Errorf("import product %d: %w", i, err)
		}
		at := it.CreatedAt.UTC().Truncate(time.Millisecond)
		doc := productDoc{ID: id, Name: it.In.Name, Slug: makeSlug(it.In.Name, "product"),
			Description: it.In.Description, Price: it.In.Price.Rupees(), Quantity: it.In.Quantity,
			Shipping: it.In.Shipping, Category: cat.ID, Photo: photo, CreatedAt: at, UpdatedAt: at, EditedAt: at}
		if it.Variants != nil {
			vs, err := it.Variants.Validate(nil)
			if err != nil {
				return fmt.Errorf("import product %d: %w", i, err)
			}
			doc.Options, doc.Variants, doc.Quantity = optionDocs(it.Variants.Options), variantDocs(vs), shop.VariantStock(vs)
			for _, v := range vs {
				skus = append(skus, skuDoc{SKU: v.SKU, Product: id, At: at})
			}
		}
		docs = append(docs, doc)
		if len(docs) == importBatch || i == len(items)-1 {
			// SKUs first: a claim left by a failed import is taken over once stale.
			if len(skus) > 0 {
				if _, err := s.db.db.Collection(skusColl).InsertMany(ctx, skus); err != nil {
					return fmt.Errorf("import the SKUs of products: %w", err)
				}
			}
			if _, err := s.coll().InsertMany(ctx, docs); err != nil {
				return fmt.Errorf("import products: %w", err)
			}
			docs, skus = docs[:0], skus[:0]
		}
	}
	return s.changes.Changed(ctx, shop.CatalogueChange{All: true})
}
