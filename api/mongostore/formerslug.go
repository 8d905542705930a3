package mongostore

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// formerSlugsColl remembers the slugs renamed products left behind, {_id: slug, product, at}:
// the links to a product's old address (shared, bookmarked, in search engines) still lead to
// it. A slug names the product that left it last, never the slug it went to, so a chain of
// renames leads to the current address in one step and a product deleted since to none.
// A slug is looked up by _id alone (one read on either store) and only for an address the
// catalogue does not know, so the collection may grow with every rename. A deleted product's
// slugs stay: finding them would take a query by product, which the embedded store answers by
// reading the whole collection, and the page checks that the product is there anyway.
const formerSlugsColl = "former_slugs"

type formerSlugDoc struct {
	Slug    string        `bson:"_id"`
	Product bson.ObjectID `bson:"product"`
	At      time.Time     `bson:"at"`
}

var _ shop.FormerSlugs = (*ProductService)(nil)

// ProductOfFormerSlug answers the id of the product that last left slug behind. ENOTFOUND.
func (s *ProductService) ProductOfFormerSlug(ctx context.Context, slug string) (string, error) {
	if !utf8.ValidString(slug) { // an address's bytes, never a slug: not worth a read
		return "", errProductNotFound
	}
	var d formerSlugDoc
	if err := s.db.db.Collection(formerSlugsColl).FindOne(ctx, bson.M{"_id": slug}).Decode(&d); err != nil {
		if isNoDocument(err) {
			return "", errProductNotFound
		}
		return "", fmt.Errorf("read former slug %q: %w", slug, err)
	}
	return d.Product.Hex(), nil
}

// rememberSlug records that product left slug: a slug another product left before now names
// this one, the last to have it.
func (s *ProductService) rememberSlug(ctx context.Context, slug string, product bson.ObjectID) error {
	coll := s.db.db.Collection(formerSlugsColl)
	for {
		_, err := coll.InsertOne(ctx, formerSlugDoc{Slug: slug, Product: product, At: s.now()})
		if !isDuplicate(err) {
			return err
		}
		err = s.db.updateByID(ctx, coll, slug, "The former slug was removed meanwhile.",
			bson.M{"$set": bson.M{"product": product, "at": s.now()}})
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
		// Removed between the insert and the update (by an operator): insert it again.
	}
}
