package mongostore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// ProductService implements shop.ProductService: writes go to the store (photos to GridFS),
// then to the catalogue read model before they answer; reads come from the model, photo
// bytes from the cache.
type ProductService struct {
	db     *DB
	cat    *Catalogue
	photos *PhotoCache
	batch  *photoBatcher
	now    func() time.Time
}

var _ shop.ProductService = (*ProductService)(nil)

// NewProductService returns the product service over db, keeping cat up to date and caching
// photo bytes in photos.
func NewProductService(db *DB, cat *Catalogue, photos *PhotoCache) *ProductService {
	return &ProductService{db: db, cat: cat, photos: photos, batch: newPhotoBatcher(db), now: nowMillis}
}

func (s *ProductService) coll() *mongo.Collection { return s.db.db.Collection(productsColl) }

var errProductNotFound = shop.Errorf(shop.ENOTFOUND, "Product not found.")

// readForm reads form, streaming its photo into GridFS as a file of product id. The answer's
// photo is nil when the form has none. On error no file is left behind.
func (s *ProductService) readForm(ctx context.Context, id bson.ObjectID, form shop.ProductForm) (shop.ProductInput, *photoRef, bson.ObjectID, error) {
	var photo *photoRef
	in, err := form(func(up *shop.PhotoUpload) error {
		if photo != nil {
			return shop.Errorf(shop.EINVALID, "Send at most one photo.")
		}
		ref, err := s.db.uploadPhoto(ctx, id, up)
		photo = ref
		return err
	})
	var cat bson.ObjectID
	if err == nil {
		err = in.Validate()
	}
	if err == nil {
		cat, err = s.checkCategory(ctx, in.CategoryID)
	}
	if err != nil {
		if photo != nil {
			s.db.deletePhoto(ctx, photo.FileID)
		}
		return in, nil, cat, err
	}
	return in, photo, cat, nil
}

// checkCategory parses a category id and checks, in the store, that the category exists.
func (s *ProductService) checkCategory(ctx context.Context, id string) (bson.ObjectID, error) {
	oid, err := objectID("Category", id)
	if err != nil {
		return oid, err
	}
	n, err := s.db.db.Collection(categoriesColl).CountDocuments(ctx, bson.M{"_id": oid})
	if err != nil {
		return oid, fmt.Errorf("find category %s: %w", id, err)
	}
	if n == 0 {
		return oid, shop.Errorf(shop.ENOTFOUND, "Category not found.")
	}
	return oid, nil
}

// CreateProduct stores a product and its optional photo.
func (s *ProductService) CreateProduct(ctx context.Context, form shop.ProductForm) (*shop.Product, error) {
	id := bson.NewObjectID()
	in, photo, cat, err := s.readForm(ctx, id, form)
	if err != nil {
		return nil, err
	}
	now := s.now()
	doc := productDoc{ID: id, Name: in.Name, Description: in.Description, Price: in.Price.Rupees(),
		Quantity: in.Quantity, Shipping: in.Shipping, Category: cat, Photo: photo, CreatedAt: now, UpdatedAt: now}
	err = withFreeProductSlug(in.Name, "", func(sl string) error {
		doc.Slug = sl
		_, err := s.coll().InsertOne(ctx, doc)
		return err
	})
	if err != nil {
		if photo != nil {
			s.db.deletePhoto(ctx, photo.FileID)
		}
		return nil, fmt.Errorf("insert product: %w", err)
	}
	return s.refreshed(ctx, id)
}

// refreshed brings product id into the read model and answers it from there.
func (s *ProductService) refreshed(ctx context.Context, id bson.ObjectID) (*shop.Product, error) {
	if err := s.cat.RefreshProducts(ctx, id.Hex()); err != nil {
		return nil, err
	}
	if p := s.cat.Product(id); p != nil {
		return p, nil
	}
	return nil, errProductNotFound
}

// withFreeProductSlug runs write with the slug of name (or keep, the slug the product has,
// when it was made from the same name), then with suffixed slugs while the slug is taken.
// The only unique key written besides _id is the slug.
func withFreeProductSlug(name, keep string, write func(slug string) error) error {
	base := makeSlug(name, "product")
	sl := base
	if keep != "" && (keep == base || isSuffixed(keep, base)) {
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

// UpdateProduct replaces a product's fields, and its photo when the form holds one.
func (s *ProductService) UpdateProduct(ctx context.Context, id string, form shop.ProductForm) (*shop.Product, error) {
	oid, err := objectID("Product id", id)
	if err != nil {
		return nil, err
	}
	if s.cat.Product(oid) == nil {
		// Do not store a photo for a product that does not exist (the store is checked again below).
		if n, err := s.coll().CountDocuments(ctx, bson.M{"_id": oid}); err != nil || n == 0 {
			return nil, cmpErr(err, errProductNotFound)
		}
	}
	in, photo, cat, err := s.readForm(ctx, oid, form)
	if err != nil {
		return nil, err
	}
	discard := func() {
		if photo != nil {
			s.db.deletePhoto(ctx, photo.FileID)
		}
	}
	// Quantity is written here: hold the product's lock like every stock change (see Locker).
	unlock := s.db.locks.Lock(oid.Hex())
	var old productDoc
	if err := s.coll().FindOne(ctx, bson.M{"_id": oid}).Decode(&old); err != nil {
		unlock()
		discard()
		return nil, notFound(err, errProductNotFound.Message)
	}
	set := bson.M{"name": in.Name, "description": in.Description, "price": in.Price.Rupees(),
		"shipping": in.Shipping, "category": cat, "updatedAt": s.now()}
	if len(old.Options) == 0 { // sold by size or colour, the stock is the variants' and the form's is ignored
		set["quantity"] = in.Quantity
	}
	if photo != nil {
		set["photo"] = photo
	}
	keep := old.Slug
	if makeSlug(in.Name, "product") != makeSlug(old.Name, "product") {
		keep = ""
	}
	err = withFreeProductSlug(in.Name, keep, func(sl string) error {
		set["slug"] = sl
		_, err := s.coll().UpdateByID(ctx, oid, bson.M{"$set": set})
		return err
	})
	unlock()
	if err != nil {
		discard()
		return nil, fmt.Errorf("update product %s: %w", id, err)
	}
	if photo != nil && old.Photo != nil {
		s.db.deletePhoto(ctx, old.Photo.FileID)
	}
	return s.refreshed(ctx, oid)
}

// cmpErr answers err when there is one, else fallback.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// DeleteProduct removes a product and its photo.
func (s *ProductService) DeleteProduct(ctx context.Context, id string) error {
	oid, err := objectID("Product id", id)
	if err != nil {
		return err
	}
	unlock := s.db.locks.Lock(oid.Hex())
	var old productDoc
	err = s.coll().FindOneAndDelete(ctx, bson.M{"_id": oid}).Decode(&old)
	unlock()
	if err != nil {
		return notFound(err, errProductNotFound.Message)
	}
	if old.Photo != nil {
		s.db.deletePhoto(ctx, old.Photo.FileID)
	}
	s.releaseSKUs(ctx, &old)
	return s.cat.RefreshProducts(ctx, id)
}

// Products lists products newest first.
func (s *ProductService) Products(_ context.Context, page, limit int) ([]*shop.Product, int, error) {
	ps, total := s.cat.Products(page, limit)
	return ps, total, nil
}

// ProductBySlug returns one product.
func (s *ProductService) ProductBySlug(_ context.Context, sl string) (*shop.Product, error) {
	if p := s.cat.ProductBySlug(sl); p != nil {
		return p, nil
	}
	return nil, errProductNotFound
}

// ProductCount is the number of products.
func (s *ProductService) ProductCount(context.Context) (int, error) { return s.cat.Count(), nil }

// ProductsOfCategory lists a category's products newest first (at most shop.MaxProductsListed).
func (s *ProductService) ProductsOfCategory(_ context.Context, sl string) (*shop.Category, []*shop.Product, error) {
	c := s.cat.CategoryBySlug(sl)
	if c == nil {
		return nil, nil, shop.Errorf(shop.ENOTFOUND, "Category not found.")
	}
	return c, s.cat.OfCategory(mustOID(c.ID), bson.NilObjectID, shop.MaxProductsListed), nil
}

// RelatedProducts lists up to shop.MaxRelated other products of the category.
func (s *ProductService) RelatedProducts(_ context.Context, productID, categoryID string) ([]*shop.Product, error) {
	pid, err := objectID("Product id", productID)
	if err != nil {
		return nil, err
	}
	cid, err := objectID("Category id", categoryID)
	if err != nil {
		return nil, err
	}
	if s.cat.Category(cid) == nil {
		return nil, shop.Errorf(shop.ENOTFOUND, "Category not found.")
	}
	return s.cat.OfCategory(cid, pid, shop.MaxRelated), nil
}

// SearchProducts matches keyword literally and case-insensitively in name or description.
func (s *ProductService) SearchProducts(_ context.Context, keyword string) ([]*shop.Product, error) {
	keyword = strings.TrimSpace(keyword)
	if len([]rune(keyword)) > shop.MaxKeywordLength {
		return nil, shop.Errorf(shop.EINVALID, "Keyword must be at most %d characters.", shop.MaxKeywordLength)
	}
	return s.cat.Search(keyword, shop.MaxSearchResults), nil
}

// ProductPhoto describes a product's photo from the read model.
func (s *ProductService) ProductPhoto(_ context.Context, productID string) (*shop.Photo, error) {
	oid, err := objectID("Product id", productID)
	if err != nil {
		return nil, err
	}
	ref, found := s.cat.photo(oid)
	if !found {
		return nil, errProductNotFound
	}
	if ref == nil {
		return nil, shop.Errorf(shop.ENOTFOUND, "This product has no photo.")
	}
	return &shop.Photo{FileID: ref.FileID.Hex(), ContentType: ref.ContentType, Size: ref.Size}, nil
}

// LoadPhoto fills p.Bytes from the cache or GridFS. The bytes may be shared: read them only.
func (s *ProductService) LoadPhoto(ctx context.Context, p *shop.Photo) error {
	fid, err := objectID("Photo id", p.FileID)
	if err != nil {
		return err
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
