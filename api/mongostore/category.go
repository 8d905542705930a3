package mongostore

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gosimple/slug"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// categoryDoc is a category as stored. NameKey is shop.CategoryKey of the name: its unique
// index makes names unique regardless of case and of characters that show nothing.
type categoryDoc struct {
	ID        bson.ObjectID `bson:"_id"`
	Name      string        `bson:"name"`
	NameKey   string        `bson:"nameKey"`
	Slug      string        `bson:"slug"`
	CreatedAt time.Time     `bson:"createdAt"`
	UpdatedAt time.Time     `bson:"updatedAt"`
	// DeletingSince marks a category being deleted: no product may move into it (see
	// deleteUnused). A mark older than categoryMarkLife is void: one left by a process that
	// died mid-delete must not keep products out of the category for ever.
	DeletingSince time.Time `bson:"deletingSince,omitempty"`
}

// categoryMarkLife is how long a delete's mark holds: longer than the delete's count of
// the category's products takes on the embedded store at 100,000 products (under a minute).
const categoryMarkLife = 5 * time.Minute

// beingDeleted reports whether a delete of the category is under way at now. On the embedded
// store this process is the only writer: a mark made before it opened the store was left by a
// process that died mid-delete, and holds nothing.
func (d *categoryDoc) beingDeleted(db *DB, now time.Time) bool {
	if d.DeletingSince.IsZero() || now.Sub(d.DeletingSince) >= categoryMarkLife {
		return false
	}
	return db.stored == nil || !d.DeletingSince.Before(db.openedAt)
}

func (d *categoryDoc) category() *shop.Category {
	return &shop.Category{ID: d.ID.Hex(), Name: d.Name, Slug: d.Slug, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt}
}

// CategoryService implements shop.CategoryWriter: categories go to the store, and every
// change is handed to the catalogue read model before it answers.
type CategoryService struct {
	db      *DB
	catalog shop.CategoryCatalogue
	former  *FormerSlugs
	now     func() time.Time
}

var _ shop.CategoryWriter = (*CategoryService)(nil)

// NewCategoryService returns the category writer over db, telling the read model of every change.
func NewCategoryService(db *DB, catalog shop.CategoryCatalogue) *CategoryService {
	return &CategoryService{db: db, catalog: catalog, former: NewFormerSlugs(db), now: nowMillis}
}

func (s *CategoryService) changed(ctx context.Context, id bson.ObjectID) error {
	return s.catalog.Changed(ctx, shop.CatalogueChange{Categories: []string{id.Hex()}})
}

func nowMillis() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }

func (s *CategoryService) coll() *mongo.Collection { return s.db.db.Collection(categoriesColl) }

var errCategoryTaken = shop.Errorf(shop.ECONFLICT, "A category with this name already exists.")

// CreateCategory adds a category.
func (s *CategoryService) CreateCategory(ctx context.Context, name string) (*shop.Category, error) {
	name, err := shop.ValidateCategoryName(name)
	if err != nil {
		return nil, err
	}
	now := s.now()
	doc := categoryDoc{ID: bson.NewObjectID(), Name: name, NameKey: shop.CategoryKey(name), CreatedAt: now, UpdatedAt: now}
	err = s.withFreeSlug(ctx, name, "", func(sl string) error {
		doc.Slug = sl
		_, err := s.coll().InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.changed(ctx, doc.ID); err != nil {
		return nil, err
	}
	return doc.category(), nil
}

// withFreeSlug runs write with the slug of name, then with suffixed slugs while the slug is
// taken. A taken name is ECONFLICT. keep is a slug the document may keep (its current one).
func (s *CategoryService) withFreeSlug(ctx context.Context, name, keep string, write func(slug string) error) error {
	base := makeSlug(name, "category")
	sl := base
	if keepsSlug(keep, base) {
		sl = keep
	}
	for attempt := 0; ; attempt++ {
		err := write(sl)
		if err == nil || !isDuplicate(err) {
			if err != nil {
				return fmt.Errorf("write category %q: %w", name, err)
			}
			return nil
		}
		// Either the name or the slug is taken: the name is a conflict, the slug gets a suffix.
		n, cerr := s.coll().CountDocuments(ctx, bson.M{"nameKey": shop.CategoryKey(name)})
		if cerr != nil {
			return fmt.Errorf("check category name: %w", cerr)
		}
		if n > 0 || attempt == 5 {
			return errCategoryTaken
		}
		sl = base + "-" + shortSuffix()
	}
}

// UpdateCategory renames a category; its slug follows the name.
func (s *CategoryService) UpdateCategory(ctx context.Context, id, name string) (*shop.Category, error) {
	oid, err := objectID("Category id", id)
	if err != nil {
		return nil, err
	}
	if name, err = shop.ValidateCategoryName(name); err != nil {
		return nil, err
	}
	doc, err := s.rename(ctx, oid, name)
	if err != nil {
		return nil, err
	}
	if err := s.changed(ctx, oid); err != nil {
		return nil, err
	}
	return doc.category(), nil
}

// rename writes a category's new name and slug. The address a new slug leaves is
// remembered before the rename is written, as a product's is (UpdateProduct).
func (s *CategoryService) rename(ctx context.Context, oid bson.ObjectID, name string) (*categoryDoc, error) {
	var current categoryDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&current); err != nil {
		return nil, notFound(err, "Category not found.")
	}
	remembered := ""
	if !keepsSlug(current.Slug, makeSlug(name, "category")) {
		if err := s.former.remember(ctx, shop.CategorySlug, current.Slug, oid); err != nil {
			return nil, fmt.Errorf("remember the slug category %s leaves: %w", oid.Hex(), err)
		}
		remembered = current.Slug
	}
	var doc categoryDoc
	left := "" // the slug the written rename replaced
	err := s.withFreeSlug(ctx, name, current.Slug, func(sl string) error {
		return s.db.guardedUpdate(ctx, s.coll(), oid, "Category not found.", func(raw bson.Raw) (bson.M, bson.M, error) {
			if err := bson.Unmarshal(raw, &doc); err != nil {
				return nil, nil, err
			}
			left = doc.Slug
			doc.Name, doc.NameKey, doc.Slug, doc.UpdatedAt = name, shop.CategoryKey(name), sl, s.now()
			return nil, bson.M{"$set": bson.M{"name": doc.Name, "nameKey": doc.NameKey, "slug": sl,
				"updatedAt": doc.UpdatedAt}}, nil
		})
	})
	if err == nil && left != doc.Slug && left != remembered {
		// Another rename landed between the two reads. This one has landed too, so a failure
		// here loses one old address only, and is not the admin's to retry.
		if err := s.former.remember(ctx, shop.CategorySlug, left, oid); err != nil {
			s.db.log.ErrorContext(ctx, "old address of a renamed category not kept",
				"category", oid.Hex(), "slug", left, "err", err)
		}
	}
	return &doc, err
}

// DeleteCategory removes a category no product uses.
func (s *CategoryService) DeleteCategory(ctx context.Context, id string) error {
	oid, err := objectID("Category id", id)
	if err != nil {
		return err
	}
	// Products the read model holds in the category refuse the delete at once. The store is
	// counted (a scan on the embedded store: seconds among 10,000 products) only when the
	// model holds none: a product written meanwhile may not have reached it yet.
	if n := s.catalog.ProductsInCategory(id); n > 0 {
		return errCategoryUsed(int64(n))
	}
	if err := s.deleteUnused(ctx, oid); err != nil {
		return err
	}
	return s.changed(ctx, oid)
}

// errCategoryUsed refuses the delete of a category n products use.
func errCategoryUsed(n int64) error {
	noun := "products use"
	if n == 1 {
		noun = "product uses"
	}
	return shop.Errorf(shop.ECONFLICT, "This category cannot be deleted: %d %s it. Move or delete them first.", n, noun)
}

// deleteUnused deletes a category unless products use it. A product written into it at the
// same moment must not be left without one, on either store: the category is first marked
// as being deleted, so a product write that comes later is refused (see
// ProductService.category and leftCategory), and one that came before is counted here. A
// category still in use loses the mark again. Once marked, the delete runs to its end even
// when its caller leaves (a closed tab, a reload): a mark left behind would hold every product
// write into the category until it ran out.
func (s *CategoryService) deleteUnused(ctx context.Context, oid bson.ObjectID) error {
	id := oid.Hex()
	ctx = context.WithoutCancel(ctx)
	mark := func(update bson.M) error {
		return s.db.updateByID(ctx, s.coll(), oid, "Category not found.", update)
	}
	if err := mark(bson.M{"$set": bson.M{"deletingSince": s.now()}}); err != nil {
		return err
	}
	n, err := s.db.db.Collection(productsColl).CountDocuments(ctx, bson.M{"category": oid})
	if err != nil {
		err = fmt.Errorf("count products of category %s: %w", id, err)
	}
	if err != nil || n > 0 {
		if uerr := mark(bson.M{"$unset": bson.M{"deletingSince": ""}}); uerr != nil {
			return errors.Join(err, fmt.Errorf("take the delete mark off category %s: %w", id, uerr))
		}
	}
	if err != nil {
		return err
	}
	if n > 0 {
		return errCategoryUsed(n)
	}
	var gone categoryDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&gone); err != nil {
		return notFound(err, "Category not found.")
	}
	deleted, err := s.db.deleteGuarded(ctx, s.coll(), oid, nil, func(bson.Raw) bool { return true })
	if err != nil {
		return fmt.Errorf("delete category %s: %w", id, err)
	}
	if !deleted {
		return shop.Errorf(shop.ENOTFOUND, "Category not found.")
	}
	s.former.forget(ctx, shop.CategorySlug, gone.Slug)
	return nil
}

// makeSlug is the URL slug of a name, or fallback when the name has no letters or digits.
func makeSlug(name, fallback string) string {
	if s := slug.Make(name); s != "" {
		return s
	}
	return fallback
}

const suffixLen = 5

// keepsSlug reports whether a document whose slug is current keeps it under a name whose slug
// is base: the same slug, or base with the suffix that made it unique.
func keepsSlug(current, base string) bool {
	return current != "" && (current == base || isSuffixed(current, base))
}

// isSuffixed reports whether s is base with a short suffix added by shortSuffix.
func isSuffixed(s, base string) bool {
	return len(s) == len(base)+1+suffixLen && strings.HasPrefix(s, base+"-")
}

// shortSuffix is a few random lower-case letters and digits that make a slug unique.
func shortSuffix() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, suffixLen)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// isDuplicate reports whether a write broke a unique index. The embedded store answers an
// update that does so with an internal error naming the SQLite constraint, not E11000.
func isDuplicate(err error) bool {
	return err != nil && (mongo.IsDuplicateKeyError(err) || strings.Contains(err.Error(), "UNIQUE constraint failed"))
}
