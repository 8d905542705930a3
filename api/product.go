package shop

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
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
	Options     []Option    `json:"options"`  // empty for a product sold as one thing
	Variants    []Variant   `json:"variants"` // one per combination of option values sold
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
	if p.Quantity < 0 || p.Quantity > MaxQuantity {
		return Errorf(EINVALID, "Quantity must be a whole number from 0 to %d.", MaxQuantity)
	}
	if p.CategoryID = strings.TrimSpace(p.CategoryID); p.CategoryID == "" {
		return Errorf(EINVALID, "Category is required.")
	}
	return nil
}

// ProductFieldNames are the text fields of the product form, in the order they are checked.
var ProductFieldNames = []string{"name", "description", "price", "quantity", "category", "shipping"}

// ParseProductFields reads the product form's text fields as typed (price "499.50", quantity
// "12", shipping "1"/"0"/"true"/"false", optional) and validates them. A missing or
// wrong-typed field is EINVALID naming it.
func ParseProductFields(fields map[string]string) (ProductInput, error) {
	var in ProductInput
	for _, f := range []string{"name", "description", "price", "quantity", "category"} {
		if strings.TrimSpace(fields[f]) == "" {
			return in, Errorf(EINVALID, "%s is required.", strings.ToUpper(f[:1])+f[1:])
		}
	}
	in.Name, in.Description, in.CategoryID = fields["name"], fields["description"], fields["category"]
	var err error
	if in.Price, err = ParsePaiseString(strings.TrimSpace(fields["price"])); err != nil {
		return in, err
	}
	q, err := strconv.Atoi(strings.TrimSpace(fields["quantity"]))
	if err != nil {
		return in, Errorf(EINVALID, "Quantity must be a whole number from 0 to %d.", MaxQuantity)
	}
	in.Quantity = q
	switch strings.ToLower(strings.TrimSpace(fields["shipping"])) {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		in.Shipping = true
	default:
		return in, Errorf(EINVALID, "Shipping must be 1 or 0 (or true or false).")
	}
	return in, in.Validate()
}

// PhotoUpload is a photo being uploaded: its sniffed content type and a reader of its bytes.
type PhotoUpload struct {
	ContentType string
	Body        io.Reader
}

// photoTypes are the image types a photo may have, as http.DetectContentType names them.
var photoTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true, "image/gif": true}

// SniffPhoto reads the first 512 bytes of r to learn its type. It answers EUNSUPPORTED unless
// the photo is a JPEG, PNG, WebP or GIF, EINVALID when it is empty. The upload's Body gives the
// whole photo (the sniffed bytes first) and fails with ETOOLARGE past MaxPhotoBytes.
func SniffPhoto(r io.Reader) (*PhotoUpload, error) {
	head := make([]byte, 512)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	if n == 0 {
		return nil, Errorf(EINVALID, "Photo is empty.")
	}
	head = head[:n]
	ct := http.DetectContentType(head)
	if !photoTypes[ct] {
		return nil, Errorf(EUNSUPPORTED, "Photo must be a JPEG, PNG, WebP or GIF image.")
	}
	return &PhotoUpload{ContentType: ct, Body: &limitedPhoto{r: io.MultiReader(bytes.NewReader(head), r), left: MaxPhotoBytes}}, nil
}

// limitedPhoto reads at most left bytes and fails with ETOOLARGE when there are more.
type limitedPhoto struct {
	r    io.Reader
	left int64
}

func (l *limitedPhoto) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, errPhotoTooLarge
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, errPhotoTooLarge
	}
	return n, err
}

var errPhotoTooLarge = Errorf(ETOOLARGE, "Photo must be at most %d MiB.", MaxPhotoBytes>>20)

// ProductForm is an admin's product form as it arrives. Calling it reads the form to its end
// and answers the parsed fields; when the form holds a photo it calls photo with it once, at
// the photo's place in the form (possibly before fields it has not read yet), so the photo is
// stored while it streams in. An error from photo ends the reading and is answered.
type ProductForm func(photo func(*PhotoUpload) error) (ProductInput, error)

// StaticForm is a form whose fields are known already, with an optional photo.
func StaticForm(in ProductInput, photo *PhotoUpload) ProductForm {
	return func(store func(*PhotoUpload) error) (ProductInput, error) {
		if photo != nil {
			if err := store(photo); err != nil {
				return in, err
			}
		}
		return in, nil
	}
}

// Photo is a stored product photo, ready to serve.
type Photo struct {
	FileID      string // changes whenever the photo does: the ETag derives from it
	ContentType string
	Size        int64
	Bytes       []byte // filled by LoadPhoto
}

// ProductService manages the catalogue of products and answers the storefront's reads.
type ProductService interface {
	// CreateProduct reads form and stores the product and its optional photo. EINVALID;
	// ENOTFOUND for an unknown category; ETOOLARGE and EUNSUPPORTED for the photo.
	// On any failure nothing is left behind: no product, no photo file.
	CreateProduct(ctx context.Context, form ProductForm) (*Product, error)
	// UpdateProduct replaces a product's fields, and its photo when the form holds one (the old
	// file is removed). The slug changes only when the name does. The errors of CreateProduct.
	UpdateProduct(ctx context.Context, id string, form ProductForm) (*Product, error)
	// DeleteProduct removes a product and its photo; past orders keep their snapshot. ENOTFOUND.
	DeleteProduct(ctx context.Context, id string) error
	// SetVariants replaces a product's options and variants: a variant sent with its _id keeps
	// it, one without gets a new id, one left out is removed. The product's stock becomes the
	// sum of its variants' stock. EINVALID (see VariantsInput.Validate), ENOTFOUND, ECONFLICT
	// for a SKU another product uses.
	SetVariants(ctx context.Context, id string, in VariantsInput) (*Product, error)

	// Products lists products newest first: page (from 1) of limit, or all of them when
	// limit is 0; it also answers the total count.
	Products(ctx context.Context, page, limit int) ([]*Product, int, error)
	// ProductBySlug returns one product. ENOTFOUND.
	ProductBySlug(ctx context.Context, slug string) (*Product, error)
	// ProductCount is the number of products.
	ProductCount(ctx context.Context) (int, error)
	// ProductsOfCategory lists a category's products newest first. ENOTFOUND for an unknown slug.
	ProductsOfCategory(ctx context.Context, slug string) (*Category, []*Product, error)
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
	// LoadPhoto fills p.Bytes.
	LoadPhoto(ctx context.Context, p *Photo) error
}
