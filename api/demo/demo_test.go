package demo_test

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"image/jpeg"
	"os"
	"slices"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop"
	"shop/app"
	"shop/demo"
	"shop/internal/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func TestPhotoDrawsEveryGarment(t *testing.T) {
	for g := demo.TShirt; g <= demo.Bag; g++ {
		b, err := demo.Photo(g, color.RGBA{200, 40, 60, 255})
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("garment %d: %v", g, err)
		}
		if r := img.Bounds(); r.Dx() < 600 || r.Dy() < 600 {
			t.Fatalf("garment %d is %v", g, r)
		}
		// A good part of the photo is the garment's colour; the corner is the light background.
		var inColour, samples int
		for y := 0; y < img.Bounds().Dy(); y += 8 {
			for x := 0; x < img.Bounds().Dx(); x += 8 {
				r, g, b, _ := img.At(x, y).RGBA()
				samples++
				if r>>8 > 170 && r>>8 < 230 && g>>8 < 80 && b>>8 < 100 {
					inColour++
				}
			}
		}
		br, _, _, _ := img.At(5, 5).RGBA()
		if inColour*100 < samples*12 || br>>8 < 200 {
			t.Errorf("garment %d: %d of %d samples in colour, corner red %d", g, inColour, samples, br>>8)
		}
	}
}

// BenchmarkDrawPhoto draws and encodes one photo of each garment per iteration: what seeding
// the demo's photos costs (bench/README.md, Microbenchmarks).
func BenchmarkDrawPhoto(b *testing.B) {
	for b.Loop() {
		for g := demo.TShirt; g <= demo.Bag; g++ {
			if _, err := demo.Photo(g, color.RGBA{200, 40, 60, 255}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestSeedLoadsOnceAndIdempotently(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	shopOn := func() *app.Shop {
		s, err := app.New(ctx, db, app.Config{Hasher: shop.Hasher{Cost: bcrypt.MinCost}, PhotoCacheBytes: 64 << 20})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	one := shopOn()
	cat, users, products := one.Catalogue, one.Users, one.Products
	s := demo.Services{Users: users, Categories: one.Categories, Products: products}

	start := time.Now()
	seeded, err := demo.Seed(ctx, s)
	if err != nil || !seeded {
		t.Fatalf("first seed: %v, %v", seeded, err)
	}
	t.Logf("seeded %d products in %s", demo.ProductCount, time.Since(start))

	cats, _ := cat.Categories(ctx)
	all, total, _ := cat.Products(ctx, 1, 0)
	if len(cats) < 6 || len(cats) != demo.CategoryCount || total < 48 || total != demo.ProductCount {
		t.Fatalf("%d categories and %d products", len(cats), total)
	}
	slugs := map[string]bool{}
	var coloured, soldOut, fewLeft, ownPrice int
	for _, p := range all {
		if len(p.Description) <= 60 || p.Price <= 0 || p.Quantity <= 0 || !p.HasPhoto || p.Category.Name == "" || slugs[p.Slug] {
			t.Fatalf("product %+v", p)
		}
		slugs[p.Slug] = true
		checkSizes(t, p)
		if len(p.Options) == 2 {
			coloured++
		}
		for _, v := range p.Variants {
			soldOut += boolInt(v.Quantity == 0)
			fewLeft += boolInt(v.Quantity > 0 && v.Quantity <= 3)
			ownPrice += boolInt(v.Price != nil)
		}
	}
	if coloured < 15 || soldOut < 20 || fewLeft < 20 || ownPrice < 20 {
		t.Fatalf("%d products in several colours, %d combinations sold out, %d with 1-3 left, %d with their own price",
			coloured, soldOut, fewLeft, ownPrice)
	}
	// The newest products (the shop's first page) sell as one thing, as products always did.
	if len(all[0].Options) != 0 || len(all[1].Options) != 0 {
		t.Fatalf("newest products %s and %s have options", all[0].Name, all[1].Name)
	}
	photo, err := products.ProductPhoto(ctx, all[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := products.LoadPhoto(ctx, photo); err != nil {
		t.Fatal(err)
	}
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(photo.Bytes)); err != nil || cfg.Width < 600 || photo.ContentType != "image/jpeg" {
		t.Fatalf("photo %s: %v %+v", photo.ContentType, err, cfg)
	}

	admin, err := users.Authenticate(ctx, demo.AdminEmail, demo.AdminPassword)
	if err != nil || !admin.IsAdmin() {
		t.Fatalf("demo admin: %v %+v", err, admin)
	}
	shopper, err := users.Authenticate(ctx, demo.ShopperEmail, demo.ShopperPassword)
	if err != nil || shopper.IsAdmin() {
		t.Fatalf("demo shopper: %v %+v", err, shopper)
	}

	seeded, err = demo.Seed(ctx, s)
	if err != nil || seeded {
		t.Fatalf("second seed: %v, %v", seeded, err)
	}
	if _, n, _ := cat.Products(ctx, 1, 0); n != total || len(must(cat.Categories(ctx))) != len(cats) {
		t.Fatalf("second seed changed the catalogue: %d products", n)
	}
	// A fresh model over the same store agrees: nothing was added behind the first one's back.
	if n, _ := shopOn().Catalogue.ProductCount(ctx); n != total {
		t.Fatalf("store holds %d products, model %d", n, total)
	}
	files, err := db.Database().Collection("photos.files").CountDocuments(ctx,
		map[string]any{"metadata.copyOf": map[string]any{"$exists": false}})
	if err != nil || files != int64(total) {
		t.Fatalf("%d photo files for %d products (%v)", files, total, err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// checkSizes checks a demo product's sizes: letters for clothes, waists for trousers and
// jeans, ages for kids, none for bags; every combination of its options sold once.
func checkSizes(t *testing.T, p *shop.Product) {
	t.Helper()
	if p.Category.Name == "Bags" {
		if len(p.Options) != 0 || len(p.Variants) != 0 {
			t.Fatalf("bag %s has sizes", p.Name)
		}
		return
	}
	if len(p.Options) == 0 || p.Options[0].Name != "Size" {
		t.Fatalf("garment %s has no sizes: %+v", p.Name, p.Options)
	}
	want := map[string]string{"Jeans & Trousers": "30", "Kids": "4-5Y"}[p.Category.Name]
	if want == "" {
		want = "M"
	}
	if !slices.Contains(p.Options[0].Values, want) {
		t.Fatalf("%s in %s comes in sizes %v, want %s among them", p.Name, p.Category.Name, p.Options[0].Values, want)
	}
	combos := 1
	for _, o := range p.Options {
		combos *= len(o.Values)
	}
	if len(p.Variants) != combos || p.Quantity != shop.VariantStock(p.Variants) {
		t.Fatalf("%s: %d variants for %d combinations, stock %d", p.Name, len(p.Variants), combos, p.Quantity)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cutProducts stands for a first start stopped while it seeds: after `left` products it lets
// one more be created, then refuses to set that one's sizes and every write after.
type cutProducts struct {
	shop.ProductService
	left int
}

var errStopped = errors.New("the shop was stopped")

func (c *cutProducts) CreateProduct(ctx context.Context, in shop.ProductInput, up *shop.PhotoUpload) (*shop.Product, error) {
	if c.left < 0 {
		return nil, errStopped
	}
	c.left--
	return c.ProductService.CreateProduct(ctx, in, up)
}

func (c *cutProducts) SetVariants(ctx context.Context, id string, in shop.VariantsInput) (*shop.Product, error) {
	if c.left < 0 {
		return nil, errStopped
	}
	return c.ProductService.SetVariants(ctx, id, in)
}

// A seed cut short is finished by the next start: every demo product once, each with its
// sizes, and the demo shopper. A finished demo whose products the owner deleted stays so.
func TestSeedCutShortIsFinishedNextStart(t *testing.T) {
	ctx := t.Context()
	s, err := app.New(ctx, storetest.NewDB(t), app.Config{Hasher: shop.Hasher{Cost: bcrypt.MinCost}, PhotoCacheBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	services := demo.Services{Users: s.Users, Categories: s.Categories, Products: s.Products}
	cut := services
	cut.Products = &cutProducts{ProductService: s.Products, left: 7}
	if _, err := demo.Seed(ctx, cut); !errors.Is(err, errStopped) {
		t.Fatalf("cut seed: %v", err)
	}
	if n, _ := s.Catalogue.ProductCount(ctx); n != 8 {
		t.Fatalf("%d products after the cut, want 8", n)
	}

	if seeded, err := demo.Seed(ctx, services); err != nil || !seeded {
		t.Fatalf("next start: %v, %v", seeded, err)
	}
	all, total, _ := s.Catalogue.Products(ctx, 1, 0)
	if total != demo.ProductCount {
		t.Fatalf("%d products, want %d", total, demo.ProductCount)
	}
	names := map[string]bool{}
	for _, p := range all {
		if names[p.Name] {
			t.Fatalf("%s made twice", p.Name)
		}
		names[p.Name] = true
		checkSizes(t, p)
	}
	if _, err := s.Users.Authenticate(ctx, demo.ShopperEmail, demo.ShopperPassword); err != nil {
		t.Fatalf("demo shopper: %v", err)
	}

	if err := s.Products.DeleteProduct(ctx, all[0].ID); err != nil {
		t.Fatal(err)
	}
	if seeded, err := demo.Seed(ctx, services); err != nil || seeded {
		t.Fatalf("start after a product was deleted: %v, %v", seeded, err)
	}
	if n, _ := s.Catalogue.ProductCount(ctx); n != demo.ProductCount-1 {
		t.Fatalf("%d products, want the deleted one to stay deleted", n)
	}
}
