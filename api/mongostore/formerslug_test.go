package mongostore_test

import (
	"testing"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// A rename remembers the slug it took from the product, for the old address's redirect; an
// edit that keeps the slug remembers nothing, and a slug left by two products names the last.
func TestRenamesRememberTheSlugsTheyLeave(t *testing.T) {
	db := storetest.NewDB(t)
	_, cats, _ := catalogueOn(t, db)
	products := mongostore.NewProductService(db, &changeLog{}, mongostore.NewPhotoCache(0))
	c, err := cats.CreateCategory(t.Context(), "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	former := mongostore.NewFormerSlugs(db)
	formerOwner := func(slug string) string {
		t.Helper()
		id, err := former.FormerOwner(t.Context(), shop.ProductSlug, slug)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return "none"
		}
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	update := func(id, name string) *shop.Product {
		t.Helper()
		p, err := products.UpdateProduct(t.Context(), id, input(c.ID, name, 5), nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	shirt, err := products.CreateProduct(t.Context(), input(c.ID, "Linen Shirt", 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	update(shirt.ID, "Linen  shirt") // the same slug
	if got := formerOwner("linen-shirt"); got != "none" {
		t.Fatalf("an edit that kept the slug remembered it for %s", got)
	}
	if p := update(shirt.ID, "Linen Overshirt"); p.Slug != "linen-overshirt" {
		t.Fatalf("slug %q after the rename", p.Slug)
	}
	if got := formerOwner("linen-shirt"); got != shirt.ID {
		t.Fatalf("the slug the rename left names %s, want %s", got, shirt.ID)
	}
	if got := formerOwner("linen-overshirt"); got != "none" {
		t.Fatalf("the product's current slug is remembered as left, for %s", got)
	}

	// Another product takes the slug, and leaves it in turn: the slug names it now.
	second, err := products.CreateProduct(t.Context(), input(c.ID, "Linen Shirt", 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if second.Slug != "linen-shirt" {
		t.Fatalf("the new product got %q, want the slug the first one left", second.Slug)
	}
	update(second.ID, "Linen Tunic")
	if got := formerOwner("linen-shirt"); got != second.ID {
		t.Fatalf("the slug names %s, want %s, the last product to leave it", got, second.ID)
	}
}

// A category's rename remembers its slug apart from products': a product's old slug and a
// category's old slug of the same text name each their own.
func TestCategoryRenamesRememberTheSlugsTheyLeave(t *testing.T) {
	db := storetest.NewDB(t)
	_, cats, _ := catalogueOn(t, db)
	products := mongostore.NewProductService(db, &changeLog{}, mongostore.NewPhotoCache(0))
	former := mongostore.NewFormerSlugs(db)
	formerOwner := func(kind shop.SlugKind, slug string) string {
		t.Helper()
		id, err := former.FormerOwner(t.Context(), kind, slug)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return "none"
		}
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	c, err := cats.CreateCategory(t.Context(), "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cats.UpdateCategory(t.Context(), c.ID, "SHIRTS"); err != nil {
		t.Fatal(err)
	}
	if got := formerOwner(shop.CategorySlug, "shirts"); got != "none" {
		t.Fatalf("a rename that kept the slug remembered it for %s", got)
	}
	shirt, err := products.CreateProduct(t.Context(), input(c.ID, "Shirts", 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cats.UpdateCategory(t.Context(), c.ID, "Tops"); err != nil {
		t.Fatal(err)
	}
	if got := formerOwner(shop.CategorySlug, "shirts"); got != c.ID {
		t.Fatalf("the slug the category left names %s, want %s", got, c.ID)
	}
	if got := formerOwner(shop.ProductSlug, "shirts"); got != "none" {
		t.Fatalf("the category's old slug names product %s", got)
	}
	if _, err := products.UpdateProduct(t.Context(), shirt.ID, input(c.ID, "Overshirt", 5), nil); err != nil {
		t.Fatal(err)
	}
	if got := formerOwner(shop.ProductSlug, "shirts"); got != shirt.ID {
		t.Fatalf("the product's old slug names %s, want %s", got, shirt.ID)
	}
	if got := formerOwner(shop.CategorySlug, "shirts"); got != c.ID {
		t.Fatalf("the product's rename moved the category's old slug to %s", got)
	}
}
