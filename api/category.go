package shop

import (
	"context"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Category groups products ("T-Shirts", "Jeans").
type Category struct {
	ID        string    `json:"_id"`
	Name      string    `json:"name"`
	Slug      string    `json:"slug"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// CategoryRef is the category as embedded in a product answer.
type CategoryRef struct {
	ID   string `json:"_id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// ValidateCategoryName trims a category name and checks it.
func ValidateCategoryName(name string) (string, error) { return requireName("Name", name, 60) }

// CategoryKey is the form in which category names are compared: compatibility-folded (NFKC:
// full-width "Ｂａｇｓ" is "Bags"), without the characters that show nothing, with each run of
// spaces as one, with every apostrophe as the straight one (a phone types "Men’s"), and
// case-folded. Names that look the same to a shopper ("Bags", "bags", "Bags" and a zero-width
// space, "Tees  &  Tops" and "Tees & Tops", "Men's" and "Men’s") are one name, not two.
func CategoryKey(name string) string {
	visible := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' ' // a tab or a line break parts words as a space does
		case invisible(r):
			return -1
		case r == '\u2019' || r == '\u2018' || r == '\u02bc' || r == '\u2032':
			return '\''
		}
		return r
	}, norm.NFKC.String(name))
	return cases.Fold().String(strings.Join(strings.Fields(visible), " "))
}

// CategoryWriter changes categories.
type CategoryWriter interface {
	// CreateCategory adds a category. EINVALID for a blank name, ECONFLICT for a taken name.
	CreateCategory(ctx context.Context, name string) (*Category, error)
	// UpdateCategory renames a category; its slug follows the name. EINVALID, ENOTFOUND, ECONFLICT.
	UpdateCategory(ctx context.Context, id, name string) (*Category, error)
	// DeleteCategory removes an unused category. ENOTFOUND; ECONFLICT while products use it.
	DeleteCategory(ctx context.Context, id string) error
}

// CategoryReader answers reads of categories.
type CategoryReader interface {
	// Categories lists all categories sorted by name.
	Categories(ctx context.Context) ([]*Category, error)
	// CategoryBySlug returns one category. ENOTFOUND.
	CategoryBySlug(ctx context.Context, slug string) (*Category, error)
}

// CategoryService manages categories.
type CategoryService interface {
	CategoryWriter
	CategoryReader
}
