package mongostore

import (
	"maps"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// productDoc is a product as stored. The price is stored as a number of rupees (at most two
// decimals) as the data model says, and is converted to shop.Paise on the way in and out.
// Every write of quantity (or variants' stock) goes through guardedUpdate, which serialises it
// where the store does not.
type productDoc struct {
	ID          bson.ObjectID `bson:"_id"`
	Name        string        `bson:"name"`
	Slug        string        `bson:"slug"`
	Description string        `bson:"description"`
	Price       float64       `bson:"price"`
	Quantity    int           `bson:"quantity"`
	Shipping    bool          `bson:"shipping"`
	Category    bson.ObjectID `bson:"category"`
	Photo       *photoRef     `bson:"photo,omitempty"`
	Options     []optionDoc   `bson:"options,omitempty"`
	Variants    []variantDoc  `bson:"variants,omitempty"`
	// VariantsRev moves with every change of the variants (an edit, a sale, a release), so that
	// an edit computed from one state of them is written only over that same state.
	VariantsRev int       `bson:"variantsRev,omitempty"`
	CreatedAt   time.Time `bson:"createdAt"`
	UpdatedAt   time.Time `bson:"updatedAt"`
	// EditedAt moves with the admin's edits (fields, photo, variants) and not with sales, which
	// move only updatedAt: an editor's copy is stale when another edit came after it was loaded,
	// however much the product sold meanwhile. Every write of a product made or edited sets
	// it; one kept by an earlier version of the shop has none until its next edit.
	EditedAt time.Time `bson:"editedAt,omitempty"`
}

// editedSince reports whether an edit was made after the copy of the product whose updatedAt
// was loaded. A product without editedAt has not been edited since the shop began to keep
// it, so no copy of it is stale by an edit.
func (d *productDoc) editedSince(loaded time.Time) bool {
	return d.EditedAt.After(loaded)
}

// optionDoc is an option as stored.
type optionDoc struct {
	Name   string   `bson:"name"`
	Values []string `bson:"values"`
}

// variantDoc is a variant as stored. With options, the product's quantity is kept equal to
// the sum of its variants' by every write (answers compute it from the variants regardless).
type variantDoc struct {
	ID       bson.ObjectID     `bson:"_id"`
	SKU      string            `bson:"sku"`
	Options  map[string]string `bson:"options"`
	Price    *float64          `bson:"price,omitempty"`
	Quantity int               `bson:"quantity"`
}

// photoRef points at a product's photo in the GridFS bucket "photos".
type photoRef struct {
	FileID      bson.ObjectID `bson:"fileId"`
	ContentType string        `bson:"contentType"`
	Size        int64         `bson:"size"`
}

// paise is the stored price in minor units.
func (d *productDoc) paise() shop.Paise {
	p, err := shop.ParsePaise(d.Price)
	if err != nil {
		// Stored prices were validated on the way in; round anything else to the nearest paisa.
		return shop.Paise(d.Price*100 + 0.5)
	}
	return p
}

// product converts to the domain type with the category expanded. Options and variants are
// empty lists, never null, for a product without them.
func (d *productDoc) product(cat shop.CategoryRef) *shop.Product {
	p := &shop.Product{
		ID: d.ID.Hex(), Name: d.Name, Slug: d.Slug, Description: d.Description, Price: d.paise(),
		Quantity: d.Quantity, Shipping: d.Shipping, Category: cat, HasPhoto: d.Photo != nil,
		Options: make([]shop.Option, len(d.Options)), Variants: d.variants(),
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt,
	}
	if d.Photo != nil {
		p.PhotoVersion = d.Photo.FileID.Hex() // a new photo is a new file
	}
	for i, o := range d.Options {
		p.Options[i] = shop.Option{Name: o.Name, Values: slices.Clone(o.Values)}
	}
	if len(p.Options) > 0 { // sold by size or colour: the stock is the variants'
		p.Quantity = shop.VariantStock(p.Variants)
	}
	return p
}

// variants converts the stored variants to the domain's.
func (d *productDoc) variants() []shop.Variant {
	out := make([]shop.Variant, len(d.Variants))
	for i, v := range d.Variants {
		out[i] = shop.Variant{ID: v.ID.Hex(), SKU: v.SKU, Options: maps.Clone(v.Options), Quantity: v.Quantity}
		if v.Price != nil {
			p := shop.RoundPaise(*v.Price)
			out[i].Price = &p
		}
	}
	return out
}

// variantIndex is the position of variant id among the product's variants, or -1.
func (d *productDoc) variantIndex(id bson.ObjectID) int {
	return slices.IndexFunc(d.Variants, func(v variantDoc) bool { return v.ID == id })
}
