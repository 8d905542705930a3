package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// ProductService implements shop.ProductWriter: products go to the store, photos to GridFS,
// and every change is handed to the catalogue read model (shop.CatalogueChanges) before it
// answers. Photo bytes are served from a cache.
type ProductService struct {
	db      *DB
	changes shop.CatalogueChanges
	photos  *PhotoCache
	batch   *photoBatcher
	former  *FormerSlugs
	now     func() time.Time
	// claimWait bounds how long a create waits for another with its Idempotency-Key to end.
	claimWait time.Duration
}

var _ shop.ProductWriter = (*ProductService)(nil)

// NewProductService returns the product writer over db, telling changes of every change and
// caching photo bytes in photos.
func NewProductService(db *DB, changes shop.CatalogueChanges, photos *PhotoCache) *ProductService {
	return &ProductService{db: db, changes: changes, photos: photos, batch: newPhotoBatcher(db),
		former: NewFormerSlugs(db), now: nowMillis, claimWait: 10 * time.Second}
}

func (s *ProductService) coll() *mongo.Collection { return s.db.db.Collection(productsColl) }

var (
	errProductNotFound = shop.Errorf(shop.ENOTFOUND, "Product not found.")
	errProductMoved    = shop.Errorf(shop.ECONFLICT,
		"This product changed since you opened it. Reload it and try again.")
)

var (
	errCategoryGone     = shop.Errorf(shop.ENOTFOUND, "Category not found.")
	errCategoryDeleting = shop.Errorf(shop.ECONFLICT, "This category is being deleted. Please choose another category, or try again.")
)

// category reads a product's category by id. ENOTFOUND when there is none, ECONFLICT while it
// is being deleted.
//
// A category marked for deletion is waited on, briefly: the delete counts its products at
// once, then either deletes it or, finding one (perhaps this very product), takes the mark
// off again. Refusing at the mark refused both admins, the product's and the category's.
func (s *ProductService) category(ctx context.Context, id string) (*categoryDoc, error) {
	oid, err := objectID("Category", id)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(categoryDeleteWait)
	for {
		var c categoryDoc
		if err := s.db.db.Collection(categoriesColl).FindOne(ctx, bson.M{"_id": oid}).Decode(&c); err != nil {
			return nil, notFound(err, errCategoryGone.Message)
		}
		if !c.beingDeleted(s.db, s.now()) {
			return &c, nil
		}
		if time.Now().After(deadline) {
			return nil, errCategoryDeleting
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// categoryDeleteWait bounds the wait for a category marked for deletion to be deleted or kept.
const categoryDeleteWait = 2 * time.Second

// leftCategory answers why a product just written into category cat may not stay there (the
// category was deleted, or marked for deletion meanwhile: see CategoryService.deleteUnused,
// whose count of its products may have run before the write), or nil.
func (s *ProductService) leftCategory(ctx context.Context, cat bson.ObjectID) error {
	_, err := s.category(ctx, cat.Hex())
	return err
}

// CreateProduct stores a product and its optional photo, once for each Idempotency-Key its
// admin sends with it (see createOnce).
func (s *ProductService) CreateProduct(ctx context.Context, in shop.ProductInput, up *shop.PhotoUpload) (*shop.Product, error) {
	id := bson.NewObjectID()
	if in.IdempotencyKey != "" {
		return s.createOnce(ctx, id, in, up)
	}
	return s.create(ctx, id, in, up)
}

// create stores the product of in, and its photo, under id.
func (s *ProductService) create(ctx context.Context, id bson.ObjectID, in shop.ProductInput, up *shop.PhotoUpload) (*shop.Product, error) {
	cat, err := s.category(ctx, in.CategoryID)
	if err != nil {
		return nil, err
	}
	photo, err := s.storePhoto(ctx, id, up)
	if err != nil {
		return nil, err
	}
	now := s.now()
	doc := productDoc{ID: id, Name: in.Name, Description: in.Description, Price: in.Price.Rupees(),
		Quantity: in.Quantity, Shipping: in.Shipping, Category: cat.ID, Photo: photo, CreatedAt: now, UpdatedAt: now, EditedAt: now}
	err = withFreeProductSlug(in.Name, "", func(sl string) error {
		doc.Slug = sl
		_, err := s.coll().InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		s.db.discardUnusedPhoto(ctx, id, photo)
		return nil, fmt.Errorf("insert product: %w", err)
	}
	if err := s.leftCategory(ctx, cat.ID); err != nil {
		if _, derr := s.coll().DeleteOne(ctx, bson.M{"_id": id}); derr != nil {
			return nil, fmt.Errorf("take back product %s from a category being deleted: %w", id.Hex(), derr)
		}
		s.discardPhoto(ctx, photo)
		return nil, err
	}
	return s.changed(ctx, &doc, cat)
}

// storePhoto stores up (when there is one) as a photo of product id.
func (s *ProductService) storePhoto(ctx context.Context, id bson.ObjectID, up *shop.PhotoUpload) (*photoRef, error) {
	if up == nil {
		return nil, nil
	}
	return s.db.uploadPhoto(ctx, id, up)
}

func (s *ProductService) discardPhoto(ctx context.Context, photo *photoRef) {
	if photo != nil {
		s.db.deletePhoto(ctx, photo.FileID)
	}
}

// discardUnusedPhoto deletes the photo a write of product id failed with, unless the product
// as stored has it: a write may land and still answer an error (a connection lost on the
// way back), and a product must not point at a deleted photo. When the product cannot be
// read, the photo is kept: a photo left over costs less than a product without its photo.
func (d *DB) discardUnusedPhoto(ctx context.Context, id bson.ObjectID, photo *photoRef) {
	if photo == nil {
		return
	}
	var stored productDoc
	err := d.db.Collection(productsColl).FindOne(ctx, bson.M{"_id": id}, options.FindOne().SetProjection(bson.M{"photo": 1})).Decode(&stored)
	if err != nil && !isNoDocument(err) {
		d.log.Warn("keep a photo a product write may use", "product", id.Hex(), "fileId", photo.FileID.Hex(), "err", err)
		return
	}
	if err == nil && stored.Photo != nil && stored.Photo.FileID == photo.FileID {
		return
	}
	d.deletePhoto(ctx, photo.FileID)
}

// changed hands the product to the read model and answers it as written.
func (s *ProductService) changed(ctx context.Context, doc *productDoc, cat *categoryDoc) (*shop.Product, error) {
	if err := s.changes.Changed(ctx, shop.CatalogueChange{Products: []string{doc.ID.Hex()}}); err != nil {
		return nil, err
	}
	return doc.product(shop.CategoryRef{ID: cat.ID.Hex(), Name: cat.Name, Slug: cat.Slug}), nil
}

// refreshed hands product id to the read model and answers it as stored.
func (s *ProductService) refreshed(ctx context.Context, id bson.ObjectID) (*shop.Product, error) {
	var doc productDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": id}).Decode(&doc); err != nil {
		return nil, notFound(err, errProductNotFound.Message)
	}
	cat, err := s.category(ctx, doc.Category.Hex())
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		cat, err = &categoryDoc{ID: doc.Category}, nil // shown by id alone, as the read model does
	}
	if err != nil {
		return nil, err
	}
	return s.changed(ctx, &doc, cat)
}

// withFreeProductSlug runs write with the slug of name (or keep, the slug the product has,
// when it was made from the same name), then with suffixed slugs while the slug is taken.
// The only unique key written besides _id is the slug.
func withFreeProductSlug(name, keep string, write func(slug string) error) error {
	base := makeSlug(name, "product")
	sl := base
	if keepsSlug(keep, base) {
		sl = keep
	}
	for attempt := 0; ; attempt++ {
		err := write(sl)
		if err == nil || !isDuplicate(err) || attempt == 5 {
			return err
		}
		sl = base + "-" + shortSuffix()
	}
}

// UpdateProduct replaces a product's fields, and its photo when one is given.
func (s *ProductService) UpdateProduct(ctx context.Context, id string, in shop.ProductInput, up *shop.PhotoUpload) (*shop.Product, error) {
	oid, err := objectID("Product id", id)
	if err != nil {
		return nil, err
	}
	start := s.db.storedClock()
	raw, err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Raw()
	if err != nil {
		return nil, notFound(err, errProductNotFound.Message)
	}
	var current productDoc
	if err := bson.Unmarshal(raw, &current); err != nil {
		return nil, fmt.Errorf("read product %s: %w", id, err)
	}
	s.db.keepStored(oid, raw, start)
	if stale(&current, in) {
		return nil, errProductMoved
	}
	cat, err := s.category(ctx, in.CategoryID)
	if err != nil {
		return nil, err
	}
	keep := current.Slug
	if makeSlug(in.Name, "product") != makeSlug(current.Name, "product") {
		keep = ""
	}
	// The address a rename leaves is remembered before the rename is written: a stop between
	// the two writes then leaves a redirect from a slug the product still has, which is never
	// followed (a product's own slug answers first), rather than an old address lost.
	remembered := ""
	if keep == "" && makeSlug(in.Name, "product") != current.Slug {
		if err := s.former.remember(ctx, shop.ProductSlug, current.Slug, oid); err != nil {
			return nil, fmt.Errorf("remember the slug product %s leaves: %w", id, err)
		}
		remembered = current.Slug
	}
	photo, err := s.storePhoto(ctx, oid, up)
	if err != nil {
		return nil, err
	}
	var doc productDoc
	var oldPhoto *photoRef
	left := "" // the slug the written update replaced
	err = withFreeProductSlug(in.Name, keep, func(sl string) error {
		return s.db.guardedUpdate(ctx, s.coll(), oid, errProductNotFound.Message, func(raw bson.Raw) (bson.M, bson.M, error) {
			var old productDoc
			if err := bson.Unmarshal(raw, &old); err != nil {
				return nil, nil, err
			}
			if stale(&old, in) {
				return nil, nil, errProductMoved
			}
			doc = old
			doc.Name, doc.Slug, doc.Description, doc.Price = in.Name, sl, in.Description, in.Price.Rupees()
			now := s.now() // one instant: a form loaded from this answer names this edit
			doc.Category, doc.UpdatedAt, doc.EditedAt = cat.ID, now, now
			if !in.KeepShipping {
				doc.Shipping = in.Shipping
			}
			set := bson.M{"name": doc.Name, "slug": sl, "description": doc.Description, "price": doc.Price,
				"shipping": doc.Shipping, "category": cat.ID, "updatedAt": doc.UpdatedAt, "editedAt": doc.EditedAt}
			update := bson.M{"$set": set}
			// Sold by size or colour, the stock is the variants' and the form's is ignored.
			if len(old.Options) == 0 && !keepsStock(in) {
				doc.Quantity, set["quantity"] = in.Quantity, in.Quantity
				// A figure set outright is what there is to sell after it: the units unfinished
				// checkouts hold must not come back on top of it when they fail. Only a form of
				// the old kind, refused above when a sale moved the stock since it was loaded,
				// shows the stock without those units, and keeps them.
				if in.LoadedAt.IsZero() || in.LoadedQuantity != nil {
					if unset := dropHolds(raw, func(string) bool { return true }); unset != nil {
						update["$unset"] = unset
					}
				}
			}
			if photo != nil {
				doc.Photo, set["photo"] = photo, photo
			}
			oldPhoto, left = old.Photo, old.Slug
			return bson.M{"updatedAt": old.UpdatedAt, "quantity": old.Quantity}, update, nil
		})
	})
	if err != nil {
		s.db.discardUnusedPhoto(ctx, oid, photo)
		return nil, fmt.Errorf("update product %s: %w", id, err)
	}
	if photo != nil {
		s.discardPhoto(ctx, oldPhoto)
	}
	if left != doc.Slug && left != remembered {
		// Another edit renamed the product between the two reads. The edit has landed, so a
		// failure here loses one old address only, and is not the admin's to retry.
		if err := s.former.remember(ctx, shop.ProductSlug, left, oid); err != nil {
			s.db.log.ErrorContext(ctx, "old address of a renamed product not kept",
				"product", id, "slug", left, "err", err)
		}
	}
	if cat.ID != current.Category {
		switch err := s.leftCategory(ctx, cat.ID); shop.ErrorCode(err) {
		case "":
		case shop.ENOTFOUND, shop.ECONFLICT:
			// Moved into a category deleted meanwhile: back to the one it had, with its other
			// changes saved, and the admin asked to choose again.
			if err := s.db.updateByID(ctx, s.coll(), oid, errProductNotFound.Message,
				bson.M{"$set": bson.M{"category": current.Category}}); err != nil {
				return nil, fmt.Errorf("put product %s back in its category: %w", id, err)
			}
			if _, err := s.refreshed(ctx, oid); err != nil {
				return nil, err
			}
			return nil, shop.Errorf(shop.ECONFLICT, "The category chosen was deleted while the product was saved; "+
				"its other changes were saved. Please choose another category.")
		default:
			return nil, err
		}
	}
	return s.changed(ctx, &doc, cat)
}

// stale reports whether an edit is made on a copy of the product that is out of date: another
// edit came after it was loaded or, for a form that does not say what stock it showed, a
// sale moved the stock since (its figure would bring back units sold).
func stale(current *productDoc, in shop.ProductInput) bool {
	switch {
	case in.LoadedAt.IsZero():
		return false
	case in.LoadedQuantity == nil && len(current.Options) == 0:
		return !current.UpdatedAt.Equal(in.LoadedAt)
	}
	return current.editedSince(in.LoadedAt)
}

// keepsStock reports whether the form leaves the stock as it is: it shows the quantity it
// was loaded with, so whatever sales made of it since stands.
func keepsStock(in shop.ProductInput) bool {
	return in.LoadedQuantity != nil && *in.LoadedQuantity == in.Quantity
}

// DeleteProduct removes a product and its photo.
func (s *ProductService) DeleteProduct(ctx context.Context, id string) error {
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	unlock := s.db.lockDoc(productsColl, oid)
	var old productDoc
	err = s.coll().FindOneAndDelete(ctx, bson.M{"_id": oid}).Decode(&old)
	s.db.forgetCached(productsColl, oid)
	unlock()
	if err != nil {
		return notFound(err, errProductNotFound.Message)
	}
	if old.Photo != nil {
		s.db.deletePhoto(ctx, old.Photo.FileID)
	}
	s.releaseSKUs(ctx, &old)
	s.former.forget(ctx, shop.ProductSlug, old.Slug)
	return s.changes.Changed(ctx, shop.CatalogueChange{Products: []string{id}})
}

// LoadPhoto fills p.Bytes from the cache or GridFS. The bytes may be shared: read them only.
func (s *ProductService) LoadPhoto(ctx context.Context, p *shop.Photo) error {
	fid, err := objectID("Photo id", p.FileID)
	if err != nil {
		return err
	}
	if p.Width > 0 {
		return s.loadPhotoCopy(ctx, fid, p)
	}
	b, err := s.photos.Get(ctx, p.FileID, func(ctx context.Context) ([]byte, error) {
		return s.batch.load(ctx, fid, p.Size)
	})
	if err != nil {
		return err
	}
	p.Bytes = b
	return nil
}
