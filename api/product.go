package shop

import (
	"context"
	"io"
	"time"
)

// Limits of the catalogue.
const (
	ProductPageSize   = 6   // product-list/{page}
	MaxSearchResults  = 100 // search/{keyword}
	MaxKeywordLength  = 100
	MaxRelated        = 3
	MaxPhotoBytes     = 5 << 20
	MaxProductsListed = 1000 // get-product without paging answers at most this many
)

// Product is a garment for sale. Its photo is served separately, never in this answer.
type Product struct {
	ID          string      `json:"_id"`
	Name        string      `json:"name"`
	Slug        string      `json:"slug"`
	Description string      `json:"description"`
	Price       Paise       `json:"price"`
	Quantity    int         `json:"quantity"`
	Shipping    bool        `json:"shipping"`
	Category    CategoryRef `json:"category"`
	HasPhoto    bool        `json:"hasPhoto"`
	CreatedAt   time.Time   `json:"createdAt"`
	UpdatedAt   time.Time   `json:"updatedAt"`
}

// ProductInput is the admin's product form, for creating and for updating.
type ProductInput struct {
	Name        string
	Description string
	Price       Paise
	Quantity    int
	Shipping    bool
	CategoryID  string
}

// Validate trims the text fields and returns the first field error.
func (p *ProductInput) Validate() error {
	var err error
	if p.Name, err = requireText("Name", p.Name, 120); err != nil {
		return err
	}
	if p.Description, err = requireText("Description", p.Description, 5000); err != nil {
		return err
	}
	if p.Price < 0 {
		return Errorf(EINVALID, "Price must be a number of at least 0.")
	}
	if p.Quantity < 0 || p.Quantity > 1_000_000 {
		return Errorf(EINVALID, "Quantity must be a whole number from 0 to 1000000.")
	}
	if p.CategoryID == "" {
		return Errorf(EINVALID, "Category is required.")
	}
	return nil
}

// PhotoUpload is a photo being uploaded: its sniffed content type and a reader of its bytes.
type PhotoUpload struct {
	ContentType string
	Body        io.Reader
}

// Photo is a stored product photo, ready to serve.
type Photo struct {
	FileID      string // changes whenever the photo does: the ETag derives from it
	ContentType string
	Size        int64
	Bytes       []byte
}

// ProductService manages the catalogue of products and answers the storefront's reads.
type ProductService interface {
	// CreateProduct stores a product and its optional photo. EINVALID; ENOTFOUND for an unknown category.
	CreateProduct(ctx context.Context, in ProductInput, photo *PhotoUpload) (*Product, error)
	// UpdateProduct replaces a product's fields, and its photo when one is given. EINVALID, ENOTFOUND.
	UpdateProduct(ctx context.Context, id string, in ProductInput, photo *PhotoUpload) (*Product, error)
	// DeleteProduct removes a product and its photo; past orders keep their snapshot. ENOTFOUND.
	DeleteProduct(ctx context.Context, id string) error

	// Products lists products newest first: page (from 1) of limit, or all when limit is 0;
	// it also answers the total count.
	Products(ctx context.Context, page, limit int) ([]*Product, int, error)
	// ProductBySlug returns one product. ENOTFOUND.
	ProductBySlug(ctx context.Context, slug string) (*Product, error)
	// ProductCount is the number of products.
	ProductCount(ctx context.Context) (int, error)
	// ProductsOfCategory lists a category's products newest first. ENOTFOUND for an unknown slug.
	ProductsOfCategory(ctx context.Context, slug string) (*Category, []*Product, error)
	// RelatedProducts lists up to MaxRelated other products of the category.
	RelatedProducts(ctx context.Context, productID, categoryID string) ([]*Product, error)
	// SearchProducts matches keyword literally and case-insensitively in name or description.
	SearchProducts(ctx context.Context, keyword string) ([]*Product, error)
	// ProductPhoto returns a product's photo. ENOTFOUND when it has none.
	ProductPhoto(ctx context.Context, productID string) (*Photo, error)
}
