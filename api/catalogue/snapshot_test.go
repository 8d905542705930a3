package catalogue_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

// The snapshot is used when it holds the store's version, and ignored when the store moved on
// since or the file is damaged. A start consumes it: only a clean stop (SaveSnapshot) leaves
// one for the next start.
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
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s: the snapshot is still there once read (%v)", what, err)
		}
		return m
	}
	stop := func(m *catalogue.Model) {
		t.Helper()
		if err := m.SaveSnapshot(path); err != nil {
			t.Fatal(err)
		}
	}

	first := startFrom("no snapshot yet", false)
	stop(first)
	m := startFrom("a current snapshot", true)
	if q := quantity(t, m, "linen"); q != 5 {
		t.Fatalf("from the snapshot: quantity %d", q)
	}
	p, _ := m.ProductBySlug(ctx, "oxford")
	if p.Category.Name != "Shirts" {
		t.Fatalf("from the snapshot: category %+v", p.Category)
	}
	// A product without sizes answers empty lists, as it does when read from the store.
	if b, _ := json.Marshal(p); !strings.Contains(string(b), `"options":[],`) || !strings.Contains(string(b), `"variants":[]`) {
		t.Fatalf("from the snapshot, a product without sizes answers %s; want options and variants []", b)
	}

	// A sale since the snapshot was written: the snapshot is stale.
	stop(m)
	src.PutProduct(product(linen, "linen", 4, 2))
	if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
		t.Fatal(err)
	}
	m = startFrom("a stale snapshot", false)
	if q := quantity(t, m, "linen"); q != 4 {
		t.Fatalf("after a stale snapshot: quantity %d, want 4", q)
	}
	stop(m)
	startFrom("the snapshot of a clean stop after a stale one", true)

	// A sale that reached the store but was never announced (the process was killed between
	// the two): the store's version is the one the snapshot was read at. The start after the
	// crash finds no snapshot, so it reads the sale.
	src.PutProduct(product(linen, "linen", 3, 2))
	m = startFrom("a start after a crash", false)
	if q := quantity(t, m, "linen"); q != 3 {
		t.Fatalf("after a crash: quantity %d, want the store's 3", q)
	}

	// A damaged file: one byte changed, then cut short.
	stop(m)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	m = startFrom("a corrupt snapshot", false)
	stop(m)
	startFrom("the snapshot of a clean stop after a corrupt one", true)
	if err := os.WriteFile(path, b[:10], 0o600); err != nil {
		t.Fatal(err)
	}
	m = startFrom("a cut-short snapshot", false)
	if q := quantity(t, m, "linen"); q != 3 {
		t.Fatalf("after a corrupt snapshot: quantity %d, want 3", q)
	}
}

// A restart from the snapshot gives back every variant as it was: its id, SKU, own price,
// stock and option values, also for a variant whose value the product's options do not list.
func TestSnapshotKeepsVariants(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	price := shop.Paise(159900)
	sized := product(oxford, "oxford", 0, 1)
	sized.Options = []shop.Option{{Name: "Size", Values: []string{"S", "M"}}, {Name: "Colour", Values: []string{"Navy", "White"}}}
	sized.Variants = []shop.Variant{
		{ID: "6b00000000000000000000b1", SKU: "OX-S-NAVY", Options: map[string]string{"Size": "S", "Colour": "Navy"}, Quantity: 2},
		{ID: "6b00000000000000000000b2", SKU: "OX-M-WHITE", Options: map[string]string{"Size": "M", "Colour": "White"},
			Price: &price, Quantity: 0},
		{ID: "6b00000000000000000000b3", SKU: "OX-M-NAVY", Options: map[string]string{"Size": "M", "Colour": "Navy"}, Quantity: 5},
	}
	sized.Quantity = 7
	odd := product(linen, "linen", 0, 2)
	odd.Options = []shop.Option{{Name: "Size", Values: []string{"M"}}}
	odd.Variants = []shop.Variant{{ID: "6b00000000000000000000c1", SKU: "LI-XL",
		Options: map[string]string{"Size": "XL"}, Quantity: 1}}
	odd.Quantity = 1
	src.PutProduct(sized)
	src.PutProduct(odd)
	path := filepath.Join(t.TempDir(), "catalogue.snapshot")
	first := catalogue.New(src, nil)
	if used, err := first.LoadFrom(ctx, path); err != nil || used {
		t.Fatalf("first start: snapshot used %v, %v", used, err)
	}
	if err := first.SaveSnapshot(path); err != nil {
		t.Fatal(err)
	}
	m := catalogue.New(src, nil)
	if used, err := m.LoadFrom(ctx, path); err != nil || !used {
		t.Fatalf("restart: snapshot used %v, %v", used, err)
	}
	for _, want := range []*shop.CatalogueProduct{sized, odd} {
		got, err := m.ProductBySlug(ctx, want.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Variants, want.Variants) || !reflect.DeepEqual(got.Options, want.Options) {
			t.Errorf("%s after a restart:\n options %+v\n variants %+v\nwant\n options %+v\n variants %+v",
				want.Slug, got.Options, got.Variants, want.Options, want.Variants)
		}
	}
}
