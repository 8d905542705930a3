package mongostore

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// productDoc is a product as stored. The price is stored as a number of rupees (at most two
// decimals) as the data model says, and is converted to shop.Paise on the way in and out.
// Every write of quantity must hold db.Locks().Lock(id.Hex()) (see Locker).
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
	CreatedAt   time.Time     `bson:"createdAt"`
	UpdatedAt   time.Time     `bson:"updatedAt"`
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

// product converts to the domain type with the category expanded.
func (d *productDoc) product(cat shop.CategoryRef) *shop.Product {
	return &shop.Product{
		ID: d.ID.Hex(), Name: d.Name, Slug: d.Slug, Description: d.Description, Price: d.paise(),
		Quantity: d.Quantity, Shipping: d.Shipping, Category: cat, HasPhoto: d.Photo != nil,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt,
	}
}
