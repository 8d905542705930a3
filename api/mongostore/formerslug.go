package mongostore

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// formerSlugsColl remembers the slugs renamed products and categories left behind,
// {_id: "<kind>/<slug>", owner, at}: the links to a page's old address (shared, bookmarked,
// in search engines) still lead to it. A slug names the product or category that left it
// last, never the slug it went to, so a chain of renames leads to the current address in one
// step and one deleted since to none. A deleted owner's own slug is forgotten: a link made
// while it held the slug answers 404, never the page of one that held the slug before it. A
// slug is looked up by _id alone (one read on either store) and only for an address the
// catalogue does not know, so the collection may grow with every rename. A deleted owner's
// former slugs stay: finding them would take a query by owner, which the embedded store
// answers by reading the whole collection, and the page checks that the owner is there anyway.
const formerSlugsColl = "former_slugs"

type formerSlugDoc struct {
	Key   string        `bson:"_id"`
	Owner bson.ObjectID `bson:"owner"`
	At    time.Time     `bson:"at"`
}

func formerSlugKey(kind shop.SlugKind, slug string) string { return string(kind) + "/" + slug }

// FormerSlugs implements shop.FormerSlugs over the store.
type FormerSlugs struct {
	db  *DB
	now func() time.Time
}

var _ shop.FormerSlugs = (*FormerSlugs)(nil)

// NewFormerSlugs returns the record of the slugs renames left, over db.
func NewFormerSlugs(db *DB) *FormerSlugs { return &FormerSlugs{db: db, now: nowMillis} }

// FormerOwner answers the id of the product or category that last left slug behind. ENOTFOUND.
func (f *FormerSlugs) FormerOwner(ctx context.Context, kind shop.SlugKind, slug string) (string, error) {
	if !utf8.ValidString(slug) { // an address's bytes, never a slug: not worth a read
		return "", shop.Errorf(shop.ENOTFOUND, "No %s had this address.", kind)
	}
	var d formerSlugDoc
	key := formerSlugKey(kind, slug)
	if err := f.db.db.Collection(formerSlugsColl).FindOne(ctx, bson.M{"_id": key}).Decode(&d); err != nil {
		if isNoDocument(err) {
			return "", shop.Errorf(shop.ENOTFOUND, "No %s had this address.", kind)
		}
		return "", fmt.Errorf("read former slug %q: %w", key, err)
	}
	return d.Owner.Hex(), nil
}

// remember records that owner left slug: a slug another one of its kind left before now
// names this one, the last to have it.
func (f *FormerSlugs) remember(ctx context.Context, kind shop.SlugKind, slug string, owner bson.ObjectID) error {
	coll := f.db.db.Collection(formerSlugsColl)
	key := formerSlugKey(kind, slug)
	for {
		_, err := coll.InsertOne(ctx, formerSlugDoc{Key: key, Owner: owner, At: f.now()})
		if !isDuplicate(err) {
			return err
		}
		err = f.db.updateByID(ctx, coll, key, "The former slug was removed meanwhile.",
			bson.M{"$set": bson.M{"owner": owner, "at": f.now()}})
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
		// Removed between the insert and the update (by an operator): insert it again.
	}
}

// forget drops the redirect of slug, the slug a deleted product or category held last. A
// failure leaves a redirect to the one that held it before, and is only logged.
func (f *FormerSlugs) forget(ctx context.Context, kind shop.SlugKind, slug string) {
	key := formerSlugKey(kind, slug)
	if _, err := f.db.db.Collection(formerSlugsColl).DeleteOne(ctx, bson.M{"_id": key}); err != nil {
		f.db.log.WarnContext(ctx, "old address of a deleted page not forgotten", "slug", key, "err", err)
	}
}
