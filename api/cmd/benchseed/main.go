// Command benchseed fills a DATA_DIR with the bench catalogue of make bench: 20 categories,
// 10,000 products in sizes and colours (8 variants each on average) and 200 distinct photos,
// on the embedded store (as shopd starts it) or on MONGO_URI. It builds the shop as shopd
// does: categories go through the category service, products and their photos through the
// product service's bulk import. With -orders it fills another DATA_DIR with orders instead
// (100,000 for make bench), an admin and shoppers.
//
//	benchseed -data bench/tmp/data
//	benchseed -data bench/tmp/orders -orders 100000
//
// It refuses a store that already holds products, and writes DATA_DIR/bench-seed.json naming
// the seed version, so make bench can reuse a seeded directory.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/color"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop"
	"shop/app"
	"shop/demo"
	"shop/mongostore"
)

// SeedVersion changes whenever the catalogue below changes; make bench reseeds on a mismatch.
const SeedVersion = 2

// Marker is DATA_DIR/bench-seed.json.
type Marker struct {
	Version    int `json:"version"`
	Categories int `json:"categories"`
	Products   int `json:"products"`
	Photos     int `json:"photos"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchseed:", err)
		os.Exit(1)
	}
}

func run() error {
	dataDir := flag.String("data", os.Getenv("DATA_DIR"), "the DATA_DIR to seed (its embedded store is DATA_DIR/store)")
	nCats := flag.Int("categories", 20, "categories")
	nProducts := flag.Int("products", 10000, "products")
	nPhotos := flag.Int("photos", 200, "distinct photos (one product each, spread over the catalogue)")
	nOrders := flag.Int("orders", 0, "seed this many orders (with an admin and shoppers) instead of the catalogue")
	nShoppers := flag.Int("shoppers", 100, "shoppers the orders are spread over (with -orders)")
	version := flag.Bool("version", false, "print the seed version and exit")
	modelMemory := flag.Bool("model-memory", false, "print the heap (KiB) of the catalogue read model of the seeded store and exit")
	flag.Parse()
	if *version {
		fmt.Println(SeedVersion)
		return nil
	}
	if *dataDir == "" {
		return fmt.Errorf("name the DATA_DIR with -data")
	}
	ctx := context.Background()
	start := time.Now()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	dbName := os.Getenv("MONGO_DB")
	if dbName == "" {
		dbName = "shop"
	}
	store, err := app.OpenStore(ctx, os.Getenv("MONGO_URI"), *dataDir, dbName, log)
	if err != nil {
		return err
	}
	defer store.Close()
	if *modelMemory {
		return printModelMemory(ctx, store.DB, *dataDir, log)
	}
	for _, coll := range []string{"products", "orders"} {
		if n, err := store.DB.Database().Collection(coll).EstimatedDocumentCount(ctx); err != nil || n > 0 {
			return fmt.Errorf("the store in %s already holds %d %s (%v): seed an empty DATA_DIR", *dataDir, n, coll, err)
		}
	}
	// Accounts are made with bcrypt's least cost: the bench measures reads, not sign-ins.
	// With shopd's snapshots, written when seeding ends: its first start reads them.
	s, err := app.New(ctx, store.DB, app.Config{Logger: log, Hasher: shop.Hasher{Cost: bcrypt.MinCost},
		SnapshotPath:   filepath.Join(*dataDir, app.CatalogueSnapshot),
		OrderIndexPath: filepath.Join(*dataDir, app.OrderIndexSnapshot)})
	if err != nil {
		return err
	}
	if *nOrders > 0 {
		return seedOrders(ctx, s, *dataDir, *nOrders, max(1, *nShoppers))
	}
	catIDs := make([]string, *nCats)
	for i := range catIDs {
		c, err := s.Categories.CreateCategory(ctx, categoryName(i))
		if err != nil {
			return fmt.Errorf("create category %d: %w", i, err)
		}
		catIDs[i] = c.ID
	}
	fmt.Fprintf(os.Stderr, "benchseed: %d categories in %s\n", *nCats, time.Since(start).Round(time.Millisecond))

	items, photos, err := catalogueItems(catIDs, *nProducts, *nPhotos)
	if err != nil {
		return err
	}
	if err := s.ImportProducts(ctx, items); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "benchseed: %d products, %d photos in %s\n", *nProducts, photos, time.Since(start).Round(time.Millisecond))

	s.SaveSnapshot(ctx)
	b, _ := json.Marshal(Marker{Version: SeedVersion, Categories: *nCats, Products: *nProducts, Photos: photos})
	return os.WriteFile(filepath.Join(*dataDir, "bench-seed.json"), b, 0o644)
}

// catalogueItems are the bench products: one in every products/nPhotos has a distinct photo.
// Products are listed a minute apart, the first the oldest.
func catalogueItems(cats []string, n, nPhotos int) ([]mongostore.ImportedProduct, int, error) {
	step := max(1, n/max(1, nPhotos))
	base := time.Now().UTC().Add(-time.Duration(n) * time.Minute)
	items := make([]mongostore.ImportedProduct, n)
	photos := 0
	for i := range items {
		g := garmentOf(i)
		items[i] = mongostore.ImportedProduct{In: shop.ProductInput{Name: g.name, Description: g.description,
			Price: g.price, Quantity: 1 + i%250, Shipping: i%3 != 0, CategoryID: cats[i%len(cats)]},
			Variants: variantsOf(i), CreatedAt: base.Add(time.Duration(i) * time.Minute)}
		if i%step == 0 && photos < nPhotos {
			c := color.RGBA{uint8(40 + photos*37%200), uint8(60 + photos*53%180), uint8(50 + photos*71%190), 255}
			b, err := demo.Photo(demo.Garment(photos%8), c)
			if err != nil {
				return nil, 0, err
			}
			items[i].Photo = &shop.PhotoUpload{ContentType: "image/jpeg", Size: int64(len(b)), Body: bytes.NewReader(b)}
			photos++
		}
	}
	return items, photos, nil
}
