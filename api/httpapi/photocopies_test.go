package httpapi_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"shop"
	shopapp "shop/app"
	"shop/httpapi"
)

// newAppOn is another process on a's store: its own read model and an empty photo cache.
func newAppOn(t *testing.T, a *app) *app {
	t.Helper()
	s, err := shopapp.New(t.Context(), a.db, shopapp.Config{Hasher: shop.Hasher{Cost: bcrypt.MinCost},
		PhotoCacheBytes: 8 << 20, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	deps := s.Deps()
	deps.Tokens = a.tokens
	srv, err := httpapi.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	return &app{t: t, db: a.db, users: s.Users, tokens: a.tokens, server: srv, shop: s, catalogue: s.Catalogue,
		categories: s.Categories, products: s.Products}
}

func decodeJPEG(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }

// widePhoto is a PNG photo 1200 × 900 pixels.
func widePhoto(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 1200, 900))
	for y := 0; y < 900; y += 3 {
		for x := 0; x < 1200; x += 3 {
			img.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 120, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Phones and grids load a smaller copy of a photo: ?w=320, 640 or 1024 answers a JPEG of that
// width, made at upload, with the original's caching rules (an ETag per file and width, 304).
func TestPhotoCopiesByWidth(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, productFields(cat, "Linen Shirt"), &photoFile{bytes: widePhoto(t)})
	path := "/api/v1/product/product-photo/" + p["_id"].(string)

	original := a.do(request{method: "GET", path: path})
	expect(t, original, 200)
	if ct := original.Header().Get("Content-Type"); ct != "image/png" {
		t.Fatalf("original Content-Type = %q", ct)
	}
	for _, w := range []int{320, 640, 1024} {
		q := path + "?w=" + strconv.Itoa(w)
		rec := a.do(request{method: "GET", path: q})
		expect(t, rec, 200)
		if ct := rec.Header().Get("Content-Type"); ct != "image/jpeg" {
			t.Errorf("w=%d: Content-Type %q", w, ct)
		}
		img, err := decodeJPEG(rec.Body.Bytes())
		if err != nil {
			t.Fatalf("w=%d: %v", w, err)
		}
		if b := img.Bounds(); b.Dx() != w || b.Dy() != w*3/4 {
			t.Errorf("w=%d: copy is %dx%d", w, b.Dx(), b.Dy())
		}
		etag := rec.Header().Get("ETag")
		if etag == "" || etag == original.Header().Get("ETag") {
			t.Errorf("w=%d: ETag %q, want one of its own", w, etag)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=86400" {
			t.Errorf("w=%d: Cache-Control %q", w, cc)
		}
		expect(t, a.do(request{method: "GET", path: q, header: map[string]string{"If-None-Match": etag}}), 304)
	}
	for _, bad := range []string{"500", "0", "abc", "-320", "320.0"} {
		expect(t, a.do(request{method: "GET", path: path + "?w=" + bad}), 400)
	}

	files := a.db.Database().Collection("photos.files")
	if n, _ := files.CountDocuments(t.Context(), bson.M{}); n != 4 {
		t.Fatalf("%d files in the photos bucket, want the photo and its 3 copies", n)
	}

	t.Run("a photo stored before copies gets them when asked and at start", func(t *testing.T) {
		if _, err := files.DeleteMany(t.Context(), bson.M{"metadata.copyOf": bson.M{"$exists": true}}); err != nil {
			t.Fatal(err)
		}
		fresh := newAppOn(t, a) // another process on the same store: nothing in its cache
		rec := fresh.do(request{method: "GET", path: path + "?w=640"})
		expect(t, rec, 200)
		if img, err := decodeJPEG(rec.Body.Bytes()); err != nil || img.Bounds().Dx() != 640 {
			t.Fatalf("copy made on demand: %v", err)
		}
		if n, _ := files.CountDocuments(t.Context(), bson.M{}); n != 4 {
			t.Fatalf("%d files after a copy was made on demand, want 4", n)
		}
		if _, err := files.DeleteMany(t.Context(), bson.M{"metadata.copyOf": bson.M{"$exists": true}}); err != nil {
			t.Fatal(err)
		}
		if made, err := newAppOn(t, a).shop.MakePhotoCopies(t.Context()); err != nil || made != 1 {
			t.Fatalf("copies made at start for %d photos (%v), want 1", made, err)
		}
		if n, _ := files.CountDocuments(t.Context(), bson.M{}); n != 4 {
			t.Fatalf("%d files after the copies were made at start, want 4", n)
		}
	})

	// Deleting the product leaves neither the photo nor its copies behind.
	expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + p["_id"].(string), token: admin}), 200)
	for _, coll := range []string{"photos.files", "photos.chunks"} {
		if n, _ := a.db.Database().Collection(coll).CountDocuments(t.Context(), bson.M{}); n != 0 {
			t.Errorf("%d documents left in %s", n, coll)
		}
	}
}

// A stored photo whose pixels cannot be read (its type sniffed right) is served whole for any
// width. The API refuses such a photo now; one stored before it did is still there.
func TestUnscalablePhotoIsServedWhole(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	broken := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 200)...)
	expect(t, a.sendProduct("POST", "/api/v1/product/create-product", admin, productFields(cat, "Linen Shirt"),
		&photoFile{bytes: broken}), http.StatusUnsupportedMediaType)
	p, err := a.products.CreateProduct(t.Context(), shop.ProductInput{Name: "Linen Shirt", Description: "Linen.",
		Price: 79900, Quantity: 3, CategoryID: cat}, &shop.PhotoUpload{ContentType: "image/png", Size: int64(len(broken)),
		Body: bytes.NewReader(broken)})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"320", "640", "320"} {
		rec := a.do(request{method: "GET", path: "/api/v1/product/product-photo/" + p.ID + "?w=" + w})
		expect(t, rec, 200)
		if !bytes.Equal(rec.Body.Bytes(), broken) {
			t.Errorf("w=%s: answered %d bytes, want the stored photo", w, rec.Body.Len())
		}
	}
}
