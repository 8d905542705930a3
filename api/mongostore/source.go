package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// CatalogueSource implements shop.CatalogueSource: the catalogue read model reads the store
// through it, by _id wherever it can (the one look-up the embedded store answers without
// scanning its table).
type CatalogueSource struct{ db *DB }

var _ shop.CatalogueSource = (*CatalogueSource)(nil)

// NewCatalogueSource returns the catalogue of db as the read model reads it.
func NewCatalogueSource(db *DB) *CatalogueSource { return &CatalogueSource{db: db} }

// notForCatalogue are the fields of a stored product the read model never shows: the notes of
// units held for, or given back by, checkouts under way, a map that grows with them.
var notForCatalogue = bson.M{"holds": 0, "restocks": 0}

// LoadCatalogue reads every product and category.
func (s *CatalogueSource) LoadCatalogue(ctx context.Context) ([]*shop.CatalogueProduct, []*shop.Category, error) {
	var docs []productDoc
	cur, err := s.db.db.Collection(productsColl).Find(ctx, bson.M{}, options.Find().SetProjection(notForCatalogue))
	if err != nil {
		return nil, nil, fmt.Errorf("load products: %w", err)
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, nil, fmt.Errorf("read products: %w", err)
	}
	products := make([]*shop.CatalogueProduct, len(docs))
	for i := range docs {
		products[i] = docs[i].catalogueProduct()
	}
	var cdocs []categoryDoc
	cur, err = s.db.db.Collection(categoriesColl).Find(ctx, bson.M{})
	if err != nil {
		return nil, nil, fmt.Errorf("load categories: %w", err)
	}
	if err := cur.All(ctx, &cdocs); err != nil {
		return nil, nil, fmt.Errorf("read categories: %w", err)
	}
	cats := make([]*shop.Category, len(cdocs))
	for i := range cdocs {
		cats[i] = cdocs[i].category()
	}
	return products, cats, nil
}

// CatalogueProducts reads products by _id, one look-up each.
func (s *CatalogueSource) CatalogueProducts(ctx context.Context, ids []string) ([]*shop.CatalogueProduct, error) {
	out := make([]*shop.CatalogueProduct, 0, len(ids))
	for _, id := range ids {
		var d productDoc
		if found, err := s.byID(ctx, productsColl, id, &d); err != nil || !found {
			if err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, d.catalogueProduct())
	}
	return out, nil
}

// CatalogueCategories reads categories by _id, one look-up each.
func (s *CatalogueSource) CatalogueCategories(ctx context.Context, ids []string) ([]*shop.Category, error) {
	out := make([]*shop.Category, 0, len(ids))
	for _, id := range ids {
		var d categoryDoc
		if found, err := s.byID(ctx, categoriesColl, id, &d); err != nil || !found {
			if err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, d.category())
	}
	return out, nil
}

// byID decodes document id of coll into v; found is false when it is not there (or the id is
// not one the store could have written).
func (s *CatalogueSource) byID(ctx context.Context, coll, id string, v any) (found bool, err error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return false, nil
	}
	err = s.db.db.Collection(coll).FindOne(ctx, bson.M{"_id": oid}, options.FindOne().SetProjection(notForCatalogue)).Decode(v)
	if isNoDocument(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read %s %s: %w", coll, id, err)
	}
	return true, nil
}

// CatalogueVersion reads the version document.
func (s *CatalogueSource) CatalogueVersion(ctx context.Context) (*shop.CatalogueVersion, error) {
	return s.db.catalogueVersion(ctx)
}

// CatalogueChangesSince reads the changes announced after seq, up to upTo.
func (s *CatalogueSource) CatalogueChangesSince(ctx context.Context, epoch string, seq, upTo int64) ([]shop.CatalogueChange, bool, error) {
	return s.db.catalogueChangesSince(ctx, epoch, seq, upTo)
}

// AnnounceCatalogueChange records a change: the version's seq, and the change in its slot.
func (s *CatalogueSource) AnnounceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	return s.db.announceCatalogueChange(ctx, ch)
}

// catalogueProduct is the product as the read model keeps it.
func (d *productDoc) catalogueProduct() *shop.CatalogueProduct {
	p := &shop.CatalogueProduct{Product: *d.product(shop.CategoryRef{ID: d.Category.Hex()})}
	if d.Photo != nil {
		p.Photo = &shop.Photo{FileID: d.Photo.FileID.Hex(), ContentType: d.Photo.ContentType, Size: d.Photo.Size}
	}
	return p
}
