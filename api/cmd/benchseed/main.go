// Command benchseed fills a DATA_DIR with the bench catalogue of make bench: 20 categories,
// 10,000 products and 200 distinct photos, on the embedded store (as shopd starts it) or on
// MONGO_URI. Categories go through the category service; products are inserted in bulk with
// the stored document shape of mongostore (product_doc.go), and photos are GridFS files with
// the metadata the product service writes, since 10,000 service calls would take minutes.
//
//	benchseed -data bench/tmp/data
//
// It refuses a store that already holds products, and writes DATA_DIR/bench-seed.json naming
// the seed version, so make bench can reuse a seeded directory.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/color"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop/demo"
	"shop/embedded"
	"shop/mongostore"
)

// SeedVersion changes whenever the catalogue below changes; make bench reseeds on a mismatch.
const SeedVersion = 1

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
	version := flag.Bool("version", false, "print the seed version and exit")
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

	uri := os.Getenv("MONGO_URI")
	if uri == "" {
		srv, err := embedded.Start(filepath.Join(*dataDir, "store"))
		if err != nil {
			return err
		}
		defer func() { _ = srv.Stop(30 * time.Second) }()
		uri = srv.URI()
	}
	dbName := os.Getenv("MONGO_DB")
	if dbName == "" {
		dbName = "shop"
	}
	db, err := mongostore.Open(ctx, uri, dbName, mongostore.Options{SerializeUpdates: os.Getenv("MONGO_URI") == "", Logger: log})
	if err != nil {
		return err
	}
	defer func() { _ = db.Close(context.Background()) }()
	if err := db.EnsureIndexes(ctx); err != nil {
		return err
	}
	if n, err := db.Database().Collection("products").EstimatedDocumentCount(ctx); err != nil || n > 0 {
		return fmt.Errorf("the store in %s already holds %d products (%v): seed an empty DATA_DIR", *dataDir, n, err)
	}

	catalogue := mongostore.NewCatalogue(db)
	if err := catalogue.Load(ctx); err != nil {
		return err
	}
	cats := mongostore.NewCategoryService(db, catalogue)
	catIDs := make([]bson.ObjectID, *nCats)
	for i := range catIDs {
		c, err := cats.CreateCategory(ctx, categoryName(i))
		if err != nil {
			return fmt.Errorf("create category %d: %w", i, err)
		}
		if catIDs[i], err = bson.ObjectIDFromHex(c.ID); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "benchseed: %d categories in %s\n", *nCats, time.Since(start).Round(time.Millisecond))

	photos, err := uploadPhotos(ctx, db, *nProducts, *nPhotos)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "benchseed: %d photos in %s\n", len(photos), time.Since(start).Round(time.Millisecond))

	if err := insertProducts(ctx, db, catIDs, photos, *nProducts); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "benchseed: %d products in %s\n", *nProducts, time.Since(start).Round(time.Millisecond))

	b, _ := json.Marshal(Marker{Version: SeedVersion, Categories: *nCats, Products: *nProducts, Photos: len(photos)})
	return os.WriteFile(filepath.Join(*dataDir, "bench-seed.json"), b, 0o644)
}

// photo is a GridFS file owned by product index product.
type photo struct {
	product     int
	productID   bson.ObjectID
	fileID      bson.ObjectID
	contentType string
	size        int64
}

// uploadPhotos draws n distinct garment photos and stores each as the photo of every
// (products/n)-th product, as the product service would (metadata productId, contentType).
func uploadPhotos(ctx context.Context, db *mongostore.DB, products, n int) (map[int]*photo, error) {
	out := make(map[int]*photo, n)
	if n == 0 {
		return out, nil
	}
	step := max(1, products/n)
	bucket := db.Database().GridFSBucket(options.GridFSBucket().SetName("photos"))
	for i := range min(n, products) {
		g := demo.Garment(i % 8)
		c := color.RGBA{uint8(40 + i*37%200), uint8(60 + i*53%180), uint8(50 + i*71%190), 255}
		b, err := demo.Photo(g, c)
		if err != nil {
			return nil, err
		}
		p := &photo{product: i * step, productID: bson.NewObjectID(), fileID: bson.NewObjectID(), contentType: "image/jpeg", size: int64(len(b))}
		opts := options.GridFSUpload().SetMetadata(bson.D{{Key: "productId", Value: p.productID}, {Key: "contentType", Value: p.contentType}})
		if err := bucket.UploadFromStreamWithID(ctx, p.fileID, p.productID.Hex(), bytesReader(b), opts); err != nil {
			return nil, fmt.Errorf("upload photo %d: %w", i, err)
		}
		out[p.product] = p
	}
	return out, nil
}

// insertProducts inserts products in batches with the stored shape of mongostore's productDoc.
func insertProducts(ctx context.Context, db *mongostore.DB, cats []bson.ObjectID, photos map[int]*photo, n int) error {
	coll := db.Database().Collection("products")
	base := time.Now().UTC().Truncate(time.Millisecond).Add(-time.Duration(n) * time.Minute)
	const batch = 500
	docs := make([]any, 0, batch)
	for i := range n {
		p := garmentOf(i)
		id := bson.NewObjectID()
		ph, hasPhoto := photos[i]
		if hasPhoto {
			id = ph.productID // the photo's metadata names this product
		}
		doc := bson.D{
			{Key: "_id", Value: id},
			{Key: "name", Value: p.name},
			{Key: "slug", Value: p.slug},
			{Key: "description", Value: p.description},
			{Key: "price", Value: p.price},
			{Key: "quantity", Value: 1 + i%250},
			{Key: "shipping", Value: i%3 != 0},
			{Key: "category", Value: cats[i%len(cats)]},
		}
		if hasPhoto {
			doc = append(doc, bson.E{Key: "photo", Value: bson.D{
				{Key: "fileId", Value: ph.fileID}, {Key: "contentType", Value: ph.contentType}, {Key: "size", Value: ph.size}}})
		}
		at := base.Add(time.Duration(i) * time.Minute)
		doc = append(doc, bson.E{Key: "createdAt", Value: at}, bson.E{Key: "updatedAt", Value: at})
		docs = append(docs, doc)
		if len(docs) == batch || i == n-1 {
			if _, err := coll.InsertMany(ctx, docs); err != nil {
				return fmt.Errorf("insert products: %w", err)
			}
			docs = docs[:0]
		}
	}
	return nil
}
