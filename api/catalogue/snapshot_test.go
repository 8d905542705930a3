package catalogue_test

import (
	"os"
	"path/filepath"
	"testing"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

// The snapshot is used when it holds the store's version, and ignored and rebuilt when the
// store moved on since or the file is damaged.
func TestSnapshot(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	path := filepath.Join(t.TempDir(), "catalogue.snapshot")

	startFrom := func(what string, wantUsed bool) *catalogue.Model {
		t.Helper()
		m := catalogue.New(src, nil)
		reads := src.ProductReads()
		used, err := m.LoadFrom(ctx, path)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if used != wantUsed || (used && src.ProductReads() != reads) {
			t.Fatalf("%s: snapshot used %v (want %v), %d products read from the store",
				what, used, wantUsed, src.ProductReads()-reads)
		}
		return m
	}

	first := startFrom("no snapshot yet", false)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no snapshot written: %v", err)
	}
	m := startFrom("a current snapshot", true)
	if q := quantity(t, m, "linen"); q != 5 {
		t.Fatalf("from the snapshot: quantity %d", q)
	}
	if p, _ := m.ProductBySlug(ctx, "oxford"); p.Category.Name != "Shirts" {
		t.Fatalf("from the snapshot: category %+v", p.Category)
	}

	// A sale since the snapshot was written: the snapshot is stale.
	src.PutProduct(product(linen, "linen", 4, 2))
	if err := first.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
		t.Fatal(err)
	}
	m = startFrom("a stale snapshot", false)
	if q := quantity(t, m, "linen"); q != 4 {
		t.Fatalf("after a stale snapshot: quantity %d, want 4", q)
	}
	startFrom("the snapshot rebuilt after a stale one", true)

	// A damaged file: one byte changed, then cut short.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	startFrom("a corrupt snapshot", false)
	startFrom("the snapshot rebuilt after a corrupt one", true)
	if err := os.WriteFile(path, b[:10], 0o600); err != nil {
		t.Fatal(err)
	}
	m = startFrom("a cut-short snapshot", false)
	if q := quantity(t, m, "linen"); q != 4 {
		t.Fatalf("after a corrupt snapshot: quantity %d, want 4", q)
	}
}
