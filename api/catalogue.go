package shop

import "context"

// CatalogueProduct is a product as the catalogue read model keeps it: the answer a shopper sees,
// with only the id of its category (the model adds the category's name and slug when it
// answers, so a rename reaches every product at once), and where its photo is stored.
type CatalogueProduct struct {
	Product
	Photo *Photo // nil when the product has no photo; never holds bytes
}

// CatalogueChange names the documents one write changed. Whoever keeps a copy of the catalogue
// reloads exactly these, by id.
type CatalogueChange struct {
	Products   []string `json:"products,omitempty"`
	Categories []string `json:"categories,omitempty"`
	// All says too much changed to name (a bulk import): reload everything.
	All bool `json:"all,omitempty"`
	// Taken says this process's read model holds the changed products already: the writer
	// handed them over as written (catalogue.Model.Take). Only other processes read them.
	Taken bool `json:"-"`
}

// Empty reports whether the change names nothing.
func (c CatalogueChange) Empty() bool {
	return len(c.Products) == 0 && len(c.Categories) == 0 && !c.All
}

// CatalogueVersion is the store's count of catalogue changes: Seq counts every announced
// change since the store began (Epoch names that beginning, so a copy taken of another store
// never matches).
type CatalogueVersion struct {
	Epoch string
	Seq   int64
}

// CatalogueSource is where the catalogue read model comes from: the store, read by id.
type CatalogueSource interface {
	// LoadCatalogue reads every product and category.
	LoadCatalogue(ctx context.Context) ([]*CatalogueProduct, []*Category, error)
	// CatalogueProducts reads these products by id; the ones that are gone are left out.
	CatalogueProducts(ctx context.Context, ids []string) ([]*CatalogueProduct, error)
	// CatalogueCategories reads these categories by id; the ones that are gone are left out.
	CatalogueCategories(ctx context.Context, ids []string) ([]*Category, error)
	// CatalogueVersion reads the version document.
	CatalogueVersion(ctx context.Context) (*CatalogueVersion, error)
	// CatalogueChangesSince answers the changes of epoch announced after seq, up to upTo,
	// oldest first. It may answer only the first of them: the next one is still being
	// recorded (or its writer stopped before it was). It answers false when one of them is no
	// longer kept: whoever is that far behind reloads everything.
	CatalogueChangesSince(ctx context.Context, epoch string, seq, upTo int64) ([]CatalogueChange, bool, error)
	// AnnounceCatalogueChange records a change and answers its Seq.
	AnnounceCatalogueChange(ctx context.Context, ch CatalogueChange) (int64, error)
}

// CatalogueChanges is told of every write to the catalogue. It must hold the change before it
// returns: the write's answer, and every read after it, then show it.
type CatalogueChanges interface {
	Changed(ctx context.Context, ch CatalogueChange) error
}

// CategoryCatalogue is what category writes need of the read model: to hand it their changes,
// and how many products it holds in a category (a delete refused at once when some do).
type CategoryCatalogue interface {
	CatalogueChanges
	ProductsInCategory(categoryID string) int
}

// SlugKind names what a slug is the address of: a product's page or a category's.
type SlugKind string

const (
	ProductSlug  SlugKind = "product"
	CategorySlug SlugKind = "category"
)

// FormerSlugs remembers the slugs renames took from products and categories (a slug follows
// the name), so that links to an old address can be sent on to the current one.
type FormerSlugs interface {
	// FormerOwner answers the id of the product or category (by kind) that last had slug
	// before a rename; it may have been deleted since, or have taken the slug back. ENOTFOUND
	// when none left it.
	FormerOwner(ctx context.Context, kind SlugKind, slug string) (string, error)
}
