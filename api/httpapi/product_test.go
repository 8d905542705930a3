package httpapi_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// productFields is a valid product form for category catID.
func productFields(catID, name string) map[string]string {
	return map[string]string{"name": name, "description": "A well made garment in soft cotton for every day.",
		"price": "799.50", "quantity": "12", "category": catID, "shipping": "1"}
}

// photoFile is a file part of a multipart form.
type photoFile struct {
	bytes []byte
	first bool // send the photo before the text fields, as the spec's client does
}

// multipartForm encodes fields and an optional photo.
func multipartForm(t *testing.T, fields map[string]string, photo *photoFile) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	addPhoto := func() {
		fw, err := w.CreateFormFile("photo", "photo.bin")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(photo.bytes); err != nil {
			t.Fatal(err)
		}
	}
	if photo != nil && photo.first {
		addPhoto()
	}
	for _, k := range []string{"name", "description", "price", "quantity", "category", "shipping", "updatedAt", "loadedQuantity", "extra"} {
		if v, ok := fields[k]; ok {
			if err := w.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if photo != nil && !photo.first {
		addPhoto()
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), w.FormDataContentType()
}

func (a *app) sendProduct(method, path, token string, fields map[string]string, photo *photoFile) *httptest.ResponseRecorder {
	a.t.Helper()
	body, ct := multipartForm(a.t, fields, photo)
	return a.do(request{method: method, path: path, token: token, body: body, header: map[string]string{"Content-Type": ct}})
}

// createProduct creates a product through the API and answers it.
func (a *app) createProduct(token string, fields map[string]string, photo *photoFile) map[string]any {
	a.t.Helper()
	m := expect(a.t, a.sendProduct("POST", "/api/v1/product/create-product", token, fields, photo), http.StatusCreated)
	return m["product"].(map[string]any)
}

// pngPhoto is a small PNG photo of one colour.
func pngPhoto(t *testing.T, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range img.Pix {
		img.Pix[i] = []uint8{c.R, c.G, c.B, c.A}[i%4]
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpPhoto is a WebP photo of one pixel (lossless): Go encodes no WebP.
var webpPhoto = []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")

// pngDeclaring is the start of a PNG declaring w × h pixels (8-bit RGBA), with no pixels after
// it: what a decompression bomb shows before its pixels.
func pngDeclaring(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, uint32(len(ihdr)-4))...)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// photoFiles counts the photos of the photos bucket and their chunks, leaving out the smaller
// copies kept beside each; a copy whose photo is gone, or a chunk of no file, fails the test.
func (a *app) photoFiles() (files, chunks int64) {
	a.t.Helper()
	ctx := a.t.Context()
	var all []struct {
		ID       bson.ObjectID `bson:"_id"`
		Metadata struct {
			CopyOf *bson.ObjectID `bson:"copyOf"`
		} `bson:"metadata"`
	}
	cur, err := a.db.Database().Collection("photos.files").Find(ctx, bson.M{})
	if err == nil {
		err = cur.All(ctx, &all)
	}
	if err != nil {
		a.t.Fatal(err)
	}
	photos, ids := map[bson.ObjectID]bool{}, []bson.ObjectID{}
	for _, f := range all {
		ids = append(ids, f.ID)
		if f.Metadata.CopyOf == nil {
			photos[f.ID] = true
			files++
		}
	}
	var originals []bson.ObjectID
	for _, f := range all {
		if f.Metadata.CopyOf != nil && !photos[*f.Metadata.CopyOf] {
			a.t.Fatalf("a copy of photo %s outlived it", f.Metadata.CopyOf.Hex())
		}
		if f.Metadata.CopyOf == nil {
			originals = append(originals, f.ID)
		}
	}
	chunksColl := a.db.Database().Collection("photos.chunks")
	if chunks, err = chunksColl.CountDocuments(ctx, bson.M{"files_id": bson.M{"$in": originals}}); err != nil {
		a.t.Fatal(err)
	}
	if stray, err := chunksColl.CountDocuments(ctx, bson.M{"files_id": bson.M{"$nin": ids}}); err != nil || stray != 0 {
		a.t.Fatalf("%d chunks of no file (%v)", stray, err)
	}
	return files, chunks
}

func (a *app) expectPhotoFiles(files, chunks int64) {
	a.t.Helper()
	if f, c := a.photoFiles(); f != files || c != chunks {
		a.t.Fatalf("photos bucket holds %d files and %d chunks, want %d and %d", f, c, files, chunks)
	}
}

func without(m map[string]string, key string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	return out
}

func withField(m map[string]string, key, value string) map[string]string {
	out := without(m, key)
	out[key] = value
	return out
}

func TestCreateProduct(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	shopper, _ := a.signUp("Asha", "asha@shop.test")
	catID, catSlug := a.createCategory(admin, "Kurtas")
	good := productFields(catID, "Indigo Kurta")
	photo := pngPhoto(t, color.RGBA{40, 60, 160, 255})
	big := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 5<<20)...)
	webp := webpPhoto
	// The first bytes of an image type, and then what no image holds.
	junk := bytes.Repeat([]byte{7}, 200)
	fakePNG := append([]byte("\x89PNG\r\n\x1a\n"), junk...)
	fakeGIF := append([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00"), junk...)
	fakeJPEG := append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), junk...)
	fakeWebP := append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), make([]byte, 100)...)
	cutShort := photo[:len(photo)/2]

	t.Run("create-201", func(t *testing.T) {
		m := expect(t, a.sendProduct("POST", "/api/v1/product/create-product", admin, good, &photoFile{bytes: photo, first: true}), 201)
		p := m["product"].(map[string]any)
		cat := p["category"].(map[string]any)
		if m["success"] != true || m["message"] == "" || p["name"] != "Indigo Kurta" || p["slug"] != "indigo-kurta" ||
			p["price"] != 799.5 || p["quantity"] != 12.0 || p["shipping"] != true || p["hasPhoto"] != true ||
			cat["_id"] != catID || cat["name"] != "Kurtas" || cat["slug"] != catSlug {
			t.Fatalf("answer %v", m)
		}
		if _, has := p["photo"]; has {
			t.Fatalf("product answer carries the photo: %v", p)
		}
		a.expectPhotoFiles(1, 1)
	})

	tests := []struct {
		name   string
		token  string
		fields map[string]string
		photo  *photoFile
		status int
		want   string // part of the message
	}{
		{"create-401", "", good, nil, 401, "sign in"},
		{"create-403", shopper, good, nil, 403, "administrators"},
		{"create-400-name", admin, without(good, "name"), nil, 400, "Name"},
		{"create-400-description", admin, withField(good, "description", " "), nil, 400, "Description"},
		{"create-400-price-missing", admin, without(good, "price"), nil, 400, "Price"},
		{"create-400-price-type", admin, withField(good, "price", "cheap"), nil, 400, "Price"},
		{"create-400-price-negative", admin, withField(good, "price", "-1"), nil, 400, "Price"},
		{"create-400-price-decimals", admin, withField(good, "price", "10.999"), nil, 400, "Price"},
		{"create-400-quantity-missing", admin, without(good, "quantity"), nil, 400, "Quantity"},
		{"create-400-quantity-type", admin, withField(good, "quantity", "1.5"), nil, 400, "Quantity"},
		{"create-400-quantity-negative", admin, withField(good, "quantity", "-3"), nil, 400, "Quantity"},
		{"create-400-shipping", admin, withField(good, "shipping", "maybe"), nil, 400, "Shipping"},
		{"create-400-category-missing", admin, without(good, "category"), nil, 400, "Category"},
		{"create-400-category-id", admin, withField(good, "category", "kurtas"), &photoFile{bytes: photo, first: true}, 400, "Category"},
		{"create-404-category", admin, withField(good, "category", "0123456789abcdef01234567"), &photoFile{bytes: photo, first: true}, 404, "Category"},
		{"create-415-text", admin, good, &photoFile{bytes: []byte("just some text, not an image at all")}, 415, "JPEG"},
		{"create-415-svg", admin, good, &photoFile{bytes: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), first: true}, 415, "image"},
		{"create-413-photo", admin, good, &photoFile{bytes: big, first: true}, 413, "5 MiB"},
		{"create-415-png-junk", admin, good, &photoFile{bytes: fakePNG, first: true}, 415, "Photo could not be read as an image"},
		{"create-415-gif-junk", admin, good, &photoFile{bytes: fakeGIF}, 415, "Photo could not be read as an image"},
		{"create-415-jpeg-junk", admin, good, &photoFile{bytes: fakeJPEG, first: true}, 415, "Photo could not be read as an image"},
		{"create-415-webp-junk", admin, good, &photoFile{bytes: fakeWebP}, 415, "Photo could not be read as an image"},
		{"create-415-cut-short", admin, good, &photoFile{bytes: cutShort, first: true}, 415, "Photo could not be read as an image"},
		{"create-413-megapixels", admin, good, &photoFile{bytes: pngDeclaring(8000, 6000), first: true}, 413,
			"Photo must be at most 40 megapixels; this one is 8000 × 6000 pixels."},
		{"create-413-billions-of-pixels", admin, good, &photoFile{bytes: pngDeclaring(100000, 100000)}, 413, "at most 40 megapixels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := expect(t, a.sendProduct("POST", "/api/v1/product/create-product", tt.token, tt.fields, tt.photo), tt.status)
			if msg := m["message"].(string); !strings.Contains(strings.ToLower(msg), strings.ToLower(tt.want)) {
				t.Errorf("message %q does not mention %q", msg, tt.want)
			}
			a.expectPhotoFiles(1, 1) // only the photo of create-201: failures leave no file behind
			if n, _ := a.catalogue.ProductCount(t.Context()); n != 1 {
				t.Errorf("%d products after a failed create, want 1", n)
			}
		})
	}

	t.Run("create-413-body", func(t *testing.T) {
		huge := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 7<<20)...)
		// The admin is told of the photo, whose size they know, not of the form's bytes.
		m := expect(t, a.sendProduct("POST", "/api/v1/product/create-product", admin, good, &photoFile{bytes: huge}), 413)
		if m["message"] != "Photo must be at most 5 MiB." {
			t.Errorf("message %q, want the photo's limit", m["message"])
		}
		a.expectPhotoFiles(1, 1)
	})
	t.Run("create-400-too-many-parts", func(t *testing.T) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range good {
			if err := w.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 200; i++ {
			if err := w.WriteField(fmt.Sprintf("x%d", i), ""); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		before, _ := a.catalogue.ProductCount(t.Context())
		m := expect(t, a.do(request{method: "POST", path: "/api/v1/product/create-product", token: admin, body: buf.Bytes(),
			header: map[string]string{"Content-Type": w.FormDataContentType()}}), 400)
		if m["message"] != "The product form has too many parts: send at most 100." {
			t.Errorf("message %q", m["message"])
		}
		if after, _ := a.catalogue.ProductCount(t.Context()); after != before {
			t.Errorf("%d products after a refused form, want %d", after, before)
		}
	})
	t.Run("create-400-not-multipart", func(t *testing.T) {
		m := expect(t, a.do(request{method: "POST", path: "/api/v1/product/create-product", token: admin, body: good}), 400)
		if !strings.Contains(m["message"].(string), "multipart") {
			t.Errorf("message %v", m["message"])
		}
	})
	t.Run("create-201-webp-no-shipping-slug-suffix", func(t *testing.T) {
		p := a.createProduct(admin, without(good, "shipping"), &photoFile{bytes: webp})
		if p["shipping"] != false || !strings.HasPrefix(p["slug"].(string), "indigo-kurta-") {
			t.Fatalf("product %v", p)
		}
		rec := a.do(request{method: "GET", path: "/api/v1/product/product-photo/" + p["_id"].(string)})
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/webp" || !bytes.Equal(rec.Body.Bytes(), webp) {
			t.Fatalf("photo %d %s", rec.Code, rec.Header().Get("Content-Type"))
		}
	})
	t.Run("create-201-animated-webp-served-as-stored", func(t *testing.T) {
		// Go reads no animated WebP, so it is taken on its declared size and has no smaller copies.
		anim := []byte("RIFF\x1e\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x02\x00\x00\x00\x07\x00\x00\x05\x00\x00" +
			"ANIM\x06\x00\x00\x00\xff\xff\xff\xff\x00\x00")
		p := a.createProduct(admin, withField(good, "name", "Animated Kurta"), &photoFile{bytes: anim})
		for _, path := range []string{"", "?w=320"} {
			rec := a.do(request{method: "GET", path: "/api/v1/product/product-photo/" + p["_id"].(string) + path})
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/webp" || !bytes.Equal(rec.Body.Bytes(), anim) {
				t.Fatalf("photo%s %d %s", path, rec.Code, rec.Header().Get("Content-Type"))
			}
		}
	})
}

func TestProductPhotoRoundTripAndNoOrphans(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	shopper, _ := a.signUp("Asha", "asha@shop.test")
	catID, _ := a.createCategory(admin, "Dresses")
	first := pngPhoto(t, color.RGBA{200, 30, 60, 255})
	// A photo of several GridFS chunks (255 KiB each), to count chunks too.
	second := append(append([]byte{}, first...), bytes.Repeat([]byte("x"), 600<<10)...)

	p := a.createProduct(admin, productFields(catID, "Red Maxi Dress"), &photoFile{bytes: first})
	id := p["_id"].(string)
	photoURL := "/api/v1/product/product-photo/" + id

	rec := a.do(request{method: "GET", path: photoURL})
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), first) || rec.Header().Get("Content-Type") != "image/png" ||
		rec.Header().Get("Content-Length") != fmt.Sprint(len(first)) ||
		rec.Header().Get("Cache-Control") != "public, max-age=86400" || len(etag) < 10 || etag[0] != '"' {
		t.Fatalf("photo answer %d %v", rec.Code, rec.Header())
	}
	again := a.do(request{method: "GET", path: photoURL})
	if !bytes.Equal(again.Body.Bytes(), first) || again.Header().Get("ETag") != etag {
		t.Fatal("a cached photo differs from the first answer")
	}
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"If-None-Match": etag}})
	if rec.Code != 304 || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag {
		t.Fatalf("revalidation %d, body %d bytes", rec.Code, rec.Body.Len())
	}
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"If-None-Match": `"other"`}})
	if rec.Code != 200 {
		t.Fatalf("a stale ETag answered %d", rec.Code)
	}
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"Range": "bytes=0-9", "Accept-Encoding": "gzip"}})
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), first[:10]) ||
		rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("ETag") != etag {
		t.Fatalf("a range of the photo: %d, %d bytes, %v", rec.Code, rec.Body.Len(), rec.Header())
	}
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"Range": "bytes=99999999-"}})
	if rec.Code != http.StatusRequestedRangeNotSatisfiable || rec.Header().Get("Content-Range") != fmt.Sprintf("bytes */%d", len(first)) ||
		!strings.Contains(rec.Body.String(), `"success":false`) || !strings.Contains(rec.Body.String(), "past the end") {
		t.Fatalf("a range past the photo's end: %d, %v, %s", rec.Code, rec.Header(), rec.Body)
	}
	// A Range the server cannot read is ignored: the whole photo comes.
	for _, unread := range []string{"bytes=abc", "bytes=5-2", "items=0-9", "bytes=0-9,x"} {
		rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"Range": unread}})
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), first) {
			t.Fatalf("Range %q: %d, %d bytes; want 200 and the whole photo", unread, rec.Code, rec.Body.Len())
		}
	}
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"Range": "bytes=99999999-,-5"}})
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), first[len(first)-5:]) {
		t.Fatalf("a range with one part past the end and one within: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	rec = a.do(request{method: "HEAD", path: photoURL})
	if rec.Code != 200 || rec.Header().Get("Content-Length") != fmt.Sprint(len(first)) || rec.Body.Len() != 0 {
		t.Fatalf("HEAD of the photo: %d, %v", rec.Code, rec.Header())
	}

	// Update without a photo keeps it; the slug stays while the name does.
	m := expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin,
		withField(productFields(catID, "Red Maxi Dress"), "price", "1299"), nil), 200)
	if u := m["product"].(map[string]any); u["price"] != 1299.0 || u["slug"] != "red-maxi-dress" || u["hasPhoto"] != true || m["message"] == "" {
		t.Fatalf("update answer %v", m)
	}
	a.expectPhotoFiles(1, 1)
	// So does an empty photo field (a form whose file input was left empty).
	m = expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin,
		productFields(catID, "Red Maxi Dress"), &photoFile{bytes: []byte{}, first: true}), 200)
	if u := m["product"].(map[string]any); u["hasPhoto"] != true || u["price"] != 799.5 {
		t.Fatalf("update answer %v", m)
	}
	if rec := a.do(request{method: "GET", path: photoURL}); rec.Header().Get("ETag") != etag {
		t.Fatal("an empty photo field replaced the photo")
	}
	a.expectPhotoFiles(1, 1)

	// Replacing the photo removes the old file and changes the ETag.
	m = expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin,
		productFields(catID, "Crimson Maxi Dress"), &photoFile{bytes: second, first: true}), 200)
	if u := m["product"].(map[string]any); u["slug"] != "crimson-maxi-dress" || u["name"] != "Crimson Maxi Dress" {
		t.Fatalf("update answer %v", m)
	}
	a.expectPhotoFiles(1, 3)
	rec = a.do(request{method: "GET", path: photoURL, header: map[string]string{"If-None-Match": etag}})
	if rec.Code != 200 || rec.Header().Get("ETag") == etag || !bytes.Equal(rec.Body.Bytes(), second) {
		t.Fatalf("after replacement: %d, ETag %s", rec.Code, rec.Header().Get("ETag"))
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/red-maxi-dress"}), 404)
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/crimson-maxi-dress"}), 200)

	// A failed update (bad photo after a good one is impossible; a bad field after the photo) leaves the old photo alone.
	expect(t, a.sendProduct("PUT", "/api/v1/product/update-product/"+id, admin,
		withField(productFields(catID, "Crimson Maxi Dress"), "quantity", "many"), &photoFile{bytes: first, first: true}), 400)
	a.expectPhotoFiles(1, 3)

	for _, tt := range []struct {
		name, method, path, token string
		status                    int
	}{
		{"update-401", "PUT", "/api/v1/product/update-product/" + id, "", 401},
		{"update-403", "PUT", "/api/v1/product/update-product/" + id, shopper, 403},
		{"update-400-id", "PUT", "/api/v1/product/update-product/12", admin, 400},
		{"update-404", "PUT", "/api/v1/product/update-product/0123456789abcdef01234567", admin, 404},
		{"delete-401", "DELETE", "/api/v1/product/delete-product/" + id, "", 401},
		{"delete-403", "DELETE", "/api/v1/product/delete-product/" + id, shopper, 403},
		{"delete-400-id", "DELETE", "/api/v1/product/delete-product/12", admin, 400},
		{"delete-404", "DELETE", "/api/v1/product/delete-product/0123456789abcdef01234567", admin, 404},
		{"photo-400-id", "GET", "/api/v1/product/product-photo/12", "", 400},
		{"photo-404", "GET", "/api/v1/product/product-photo/0123456789abcdef01234567", "", 404},
	} {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, a.sendProduct(tt.method, tt.path, tt.token, productFields(catID, "X"), &photoFile{bytes: first}), tt.status)
			a.expectPhotoFiles(1, 3)
		})
	}

	// Deleting removes the photo.
	m = expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + id, token: admin}), 200)
	if m["success"] != true || m["message"] == "" {
		t.Fatalf("delete answer %v", m)
	}
	a.expectPhotoFiles(0, 0)
	expect(t, a.do(request{method: "GET", path: photoURL}), 404)
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/crimson-maxi-dress"}), 404)

	// A product without a photo has no photo to serve.
	bare := a.createProduct(admin, productFields(catID, "Plain Dress"), nil)
	if bare["hasPhoto"] != false {
		t.Fatalf("product %v", bare)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-photo/" + bare["_id"].(string)}), 404)
}

// An admin's edit made on a copy loaded before a sale is refused, so it cannot bring back
// units sold in between; an edit of the current copy, or one that sends no updatedAt, is made.
func TestEditOfAProductThatMovedIs409(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, withField(productFields(catID, "Oxford Shirt"), "quantity", "5"), nil)
	id, loadedAt := p["_id"].(string), p["updatedAt"].(string)
	path := "/api/v1/product/update-product/" + id
	if err := a.shop.Stock.Reserve(t.Context(), bson.NewObjectID().Hex(), shop.StockItem{ProductID: id}, 2); err != nil {
		t.Fatal(err)
	}
	stale := withField(withField(productFields(catID, "Oxford Shirt"), "quantity", "5"), "updatedAt", loadedAt)
	m := expect(t, a.sendProduct("PUT", path, admin, stale, nil), http.StatusConflict)
	if msg := m["message"].(string); !strings.Contains(msg, "changed since you opened it") {
		t.Fatalf("message %q", msg)
	}
	current := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/oxford-shirt"}), 200)["product"].(map[string]any)
	if current["quantity"] != 3.0 || current["updatedAt"] == loadedAt {
		t.Fatalf("after the refused edit: %v", current)
	}
	fresh := withField(withField(productFields(catID, "Oxford Shirt"), "quantity", "9"), "updatedAt", current["updatedAt"].(string))
	if u := expect(t, a.sendProduct("PUT", path, admin, fresh, nil), 200)["product"].(map[string]any); u["quantity"] != 9.0 {
		t.Fatalf("edit of the current copy: %v", u)
	}
	if u := expect(t, a.sendProduct("PUT", path, admin, productFields(catID, "Oxford Shirt"), nil), 200)["product"].(map[string]any); u["quantity"] != 12.0 {
		t.Fatalf("edit without updatedAt: %v", u)
	}
	expect(t, a.sendProduct("PUT", path, admin, withField(productFields(catID, "Oxford Shirt"), "updatedAt", "yesterday"), nil), 400)
}

// The admin's form says which stock it showed: an edit of a product that sold since it was
// loaded is made then, and an unchanged stock figure leaves the units sold sold.
func TestEditOfAProductThatSoldSinceItLoaded(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, withField(productFields(catID, "Oxford Shirt"), "quantity", "5"), nil)
	path := "/api/v1/product/update-product/" + p["_id"].(string)
	form := withField(withField(withField(productFields(catID, "Oxford Shirt"), "quantity", "5"),
		"updatedAt", p["updatedAt"].(string)), "loadedQuantity", "5")
	if err := a.shop.Stock.Reserve(t.Context(), bson.NewObjectID().Hex(), shop.StockItem{ProductID: p["_id"].(string)}, 2); err != nil {
		t.Fatal(err)
	}
	u := expect(t, a.sendProduct("PUT", path, admin, withField(form, "price", "899"), nil), 200)["product"].(map[string]any)
	if u["quantity"] != 3.0 || u["price"] != 899.0 {
		t.Fatalf("edit after a sale: %v; want the price changed and the 3 left", u)
	}
	for _, bad := range []string{"-1", "five", "2.5"} {
		m := expect(t, a.sendProduct("PUT", path, admin, withField(form, "loadedQuantity", bad), nil), 400)
		if m["message"] != "loadedQuantity must be the product's quantity as it was loaded." {
			t.Fatalf("loadedQuantity %q: %v", bad, m)
		}
	}
}

// SPEC's edit form sends no shipping field: an edit without one keeps the product's shipping,
// and one that sends it sets it.
func TestEditWithoutShippingKeepsIt(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, productFields(catID, "Oxford Shirt"), nil)
	path := "/api/v1/product/update-product/" + p["_id"].(string)
	spec := productFields(catID, "Oxford Shirt")
	delete(spec, "shipping")
	if u := expect(t, a.sendProduct("PUT", path, admin, withField(spec, "price", "899"), nil), 200)["product"].(map[string]any); u["shipping"] != true || u["price"] != 899.0 {
		t.Fatalf("edit without shipping: %v; want shipping kept and the new price", u)
	}
	if u := expect(t, a.sendProduct("PUT", path, admin, withField(spec, "shipping", "0"), nil), 200)["product"].(map[string]any); u["shipping"] != false {
		t.Fatalf("edit with shipping 0: %v", u)
	}
}

// A photo's address carries its version: a sale (which moves updatedAt) leaves it, so the
// browser keeps the photo cached; a new photo changes it.
func TestPhotoVersionMovesOnlyWithThePhoto(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, productFields(catID, "Oxford Shirt"), &photoFile{bytes: widePhoto(t)})
	version, ok := p["photoVersion"].(string)
	if !ok || version == "" {
		t.Fatalf("product with a photo: %v", p)
	}
	if err := a.shop.Stock.Reserve(t.Context(), bson.NewObjectID().Hex(), shop.StockItem{ProductID: p["_id"].(string)}, 1); err != nil {
		t.Fatal(err)
	}
	sold := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/oxford-shirt"}), 200)["product"].(map[string]any)
	if sold["updatedAt"] == p["updatedAt"] || sold["photoVersion"] != version {
		t.Fatalf("after a sale: updatedAt %v (was %v), photoVersion %v (was %s)", sold["updatedAt"], p["updatedAt"], sold["photoVersion"], version)
	}
	path := "/api/v1/product/update-product/" + p["_id"].(string)
	u := expect(t, a.sendProduct("PUT", path, admin, productFields(catID, "Oxford Shirt"), &photoFile{bytes: widePhoto(t)}), 200)["product"].(map[string]any)
	if u["photoVersion"] == version || u["photoVersion"] == "" {
		t.Fatalf("after a new photo: photoVersion %v (was %s)", u["photoVersion"], version)
	}
	bare := a.createProduct(admin, productFields(catID, "Plain Shirt"), nil)
	if _, has := bare["photoVersion"]; has {
		t.Fatalf("product without a photo: %v", bare)
	}
}
