package shop

import (
	"context"
	"io"
	"strings"
	"time"
)

// Limits of the catalogue.
const (
	ProductPageSize   = 6   // product-list/{page}
	MaxSearchResults  = 100 // search/{keyword}
	MaxKeywordLength  = 100
	MaxRelated        = 3
	MaxPhotoBytes     = 5 << 20
	MaxProductsListed = 1000 // product-category answers at most this many
	MaxPageLimit      = 100  // get-product?limit= at most this many a page
	MaxQuantity       = 1_000_000
)

// Product is a garment for sale. Its photo is served separately, never in this answer.
type Product struct {
	ID          string      `json:"_id"`
	Name        string      `json:"name"`
	Slug        string      `json:"slug"`
	Description string      `json:"description"`
	Price       Paise       `json:"price"`
	Quantity    int         `json:"quantity"` // with variants: the sum of their stock
	Shipping    bool        `json:"shipping"`
	Category    CategoryRef `json:"category"`
	HasPhoto    bool        `json:"hasPhoto"`
	// PhotoVersion changes when the photo does, and only then: its address carries it, so the
	// browser keeps a photo cached through the sales that move updatedAt. Empty without a photo.
	PhotoVersion string    `json:"photoVersion,omitempty"`
	Options      []Option  `json:"options"`  // empty for a product sold as one thing
	Variants     []Variant `json:"variants"` // one per combination of option values sold
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// ProductInput is the admin's product form, for creating and for updating.
type ProductInput struct {
	Name        string
	Description string
	Price       Paise
	Quantity    int
	Shipping    bool
	// KeepShipping is, for an update, a form that says nothing of shipping (SPEC's edit sends
	// no such field): the product keeps the shipping it has.
	KeepShipping bool
	CategoryID   string
	// LoadedAt is, for an update, the updatedAt of the product as the editor loaded it: when
	// another edit changed the product since (or, without LoadedQuantity, a sale moved its
	// stock), the update is refused (ECONFLICT) rather than undoing it. Zero skips the check.
	LoadedAt time.Time
	// LoadedQuantity is, for an update, the stock the editor showed when it loaded the product
	// (nil: not said). Then only another edit since LoadedAt makes the copy stale, not a sale,
	// and a Quantity equal to it leaves the stock as sales have left it; a different one is set
	// outright.
	LoadedQuantity *int
	// IdempotencyKey is, for a create, the key the admin's form sent with it (empty: none), and
	// CreatedBy the admin: the same admin creating again with the same key gets the product
	// the first create made, and nothing more is stored (see ProductWriter.CreateProduct).
	IdempotencyKey string
	CreatedBy      string
}

// Validate trims the text fields and returns the first field error.
func (p *ProductInput) Validate() error {
	var err error
	if p.Name, err = requireName("Name", p.Name, 120); err != nil {
		return err
	}
	if p.Description, err = requireLines("Description", p.Description, 5000); err != nil {
		return err
	}
	if p.Price < 0 {
		return Errorf(EINVALID, "Price must be a number of at least 0.")
	}
	if p.Quantity < 0 || p.Quantity > MaxQuantity {
		return Errorf(EINVALID, "Quantity must be a whole number from 0 to %d.", MaxQuantity)
	}
	if p.CategoryID = strings.TrimSpace(p.CategoryID); p.CategoryID == "" {
		return Errorf(EINVALID, "Category is required.")
	}
	return nil
}

// PhotoUpload is a photo to store: its content type (sniffed from its bytes, never taken from
// the sender), its size and its bytes.
type PhotoUpload struct {
	ContentType string
	Size        int64
	Body        io.Reader
}

// Photo is a stored product photo, ready to serve.
type Photo struct {
	FileID      string // changes whenever the photo does: the ETag derives from it
	ContentType string
	Size        int64
	// Width asks LoadPhoto for the copy of that width (one of photosize.Widths); 0, the original.
	Width int
	Bytes []byte // filled by LoadPhoto
}

// ProductWriter changes the catalogue of products.
type ProductWriter interface {
	// CreateProduct stores a product and its optional photo; in must be valid (Validate).
	// ENOTFOUND for an unknown category. On any failure nothing is left behind. With
	// in.IdempotencyKey, a create by in.CreatedBy with a key they used before (for about a day)
	// stores nothing and answers the product the first one made, as it is now; ECONFLICT when
	// that one is still being written after a few seconds' wait for it. When that product has
	// been deleted since, or its create failed or never finished, the key creates anew.
	CreateProduct(ctx context.Context, in ProductInput, photo *PhotoUpload) (*Product, error)
	// UpdateProduct replaces a product's fields, and its photo when one is given (the old file
	// is removed). The slug changes only when the name does. ENOTFOUND; ECONFLICT when
	// in.LoadedAt is set and the copy it names is out of date (see ProductInput.LoadedQuantity).
	UpdateProduct(ctx context.Context, id string, in ProductInput, photo *PhotoUpload) (*Product, error)
	// DeleteProduct removes a product and its photo; past orders keep their snapshot. ENOTFOUND.
	DeleteProduct(ctx context.Context, id string) error
	// SetVariants replaces a product's options and variants: a variant sent with its _id keeps
	// it, one without gets a new id, one left out is removed. The product's stock becomes the
	// sum of its variants' stock. EINVALID (see VariantsInput.Validate), ENOTFOUND, ECONFLICT
	// for a SKU another product uses.
	SetVariants(ctx context.Context, id string, in VariantsInput) (*Product, error)
	// LoadPhoto fills p.Bytes.
	LoadPhoto(ctx context.Context, p *Photo) error
}

// ProductReader answers the storefront's reads of products.
type ProductReader interface {
	// Products lists products newest first: page (from 1) of limit, or all of them when
	// limit is 0; it also answers the total count.
	Products(ctx context.Context, page, limit int) ([]*Product, int, error)
	// ProductBySlug returns one product. ENOTFOUND.
	ProductBySlug(ctx context.Context, slug string) (*Product, error)
	// ProductCount is the number of products.
	ProductCount(ctx context.Context) (int, error)
	// ProductsOfCategory lists a category's products newest first. ENOTFOUND for an unknown slug.
	ProductsOfCategory(ctx context.Context, slug string) (*Category, []*Product, error)
	// ProductsOfCategoryJSON is ProductsOfCategory with the products already encoded: the JSON
	// array of them as answered. A category's page is the largest catalogue answer, made again
	// whenever one of its products sells; the reader may keep each product's encoding until
	// that product changes. ENOTFOUND for an unknown slug.
	ProductsOfCategoryJSON(ctx context.Context, slug string) (*Category, []byte, error)
	// RelatedProducts lists up to MaxRelated other products of the category, newest first.
	// EINVALID for a malformed id, ENOTFOUND for an unknown category.
	RelatedProducts(ctx context.Context, productID, categoryID string) ([]*Product, error)
	// SearchProducts matches keyword literally and case-insensitively in name or description,
	// newest first, at most MaxSearchResults. An empty keyword matches nothing; EINVALID when
	// it is longer than MaxKeywordLength.
	SearchProducts(ctx context.Context, keyword string) ([]*Product, error)
	// ProductPhoto describes a product's photo without loading its bytes. EINVALID for a
	// malformed id; ENOTFOUND for an unknown product or one without a photo.
	ProductPhoto(ctx context.Context, productID string) (*Photo, error)
	// Browse answers one page of the products matching q (see BrowseQuery), how many match,
	// and the facets.
	Browse(ctx context.Context, q BrowseQuery) (*BrowseResult, error)
}

// ProductService manages the catalogue of products and answers the storefront's reads.
type ProductService interface {
	ProductWriter
	ProductReader
}
