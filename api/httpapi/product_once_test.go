package httpapi_test

import (
	"image/color"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
)

const createPath = "/api/v1/product/create-product"

// signInAdmin makes email an admin and signs them in; it answers the token and the user's id.
func (a *app) signInAdmin(email string) (token, id string) {
	a.t.Helper()
	if _, err := a.users.EnsureAdmin(a.t.Context(), email, "admin123", "Admin"); err != nil {
		a.t.Fatal(err)
	}
	m := expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": email, "password": "admin123"}}), http.StatusOK)
	return m["token"].(string), m["user"].(map[string]any)["_id"].(string)
}

// createWithKey sends the product form under Idempotency-Key key (none when empty).
func (a *app) createWithKey(token, key string, fields map[string]string, photo *photoFile) *httptest.ResponseRecorder {
	a.t.Helper()
	body, ct := multipartForm(a.t, fields, photo)
	h := map[string]string{"Content-Type": ct}
	if key != "" {
		h["Idempotency-Key"] = key
	}
	return a.do(request{method: "POST", path: createPath, token: token, body: body, header: h})
}

// createdOnce checks a create answered 201 with the whole answer of a first success, and
// answers its product.
func createdOnce(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	m := expect(t, rec, http.StatusCreated)
	if m["success"] != true || m["message"] != "Product created." {
		t.Fatalf("answer %v, want the answer of a create", m)
	}
	return m["product"].(map[string]any)
}

// storedNamed counts the products stored under name.
func (a *app) storedNamed(name string) int64 {
	a.t.Helper()
	n, err := a.db.Database().Collection("products").CountDocuments(a.t.Context(), bson.M{"name": name})
	if err != nil {
		a.t.Fatal(err)
	}
	return n
}

// TestCreateProductOnceForItsKey: an admin whose create answer was lost sends the same form
// again with the same Idempotency-Key and gets the product the first made, answered alike
// (201, {success, message, product}), and the shop holds it once: after a restart too, when
// retries race, and with a photo sent again. Keys are the admin's: another admin's same key,
// another key, or none, each create a product of their own.
func TestCreateProductOnceForItsKey(t *testing.T) {
	a := newApp(t)
	admin, adminID := a.signInAdmin("admin@shop.test")
	other, _ := a.signInAdmin("buyer@shop.test")
	catID, _ := a.createCategory(admin, "Bags")
	tote := productFields(catID, "Flaky Tote")
	photo := &photoFile{bytes: pngPhoto(t, color.RGBA{200, 120, 40, 255})}

	first := createdOnce(t, a.createWithKey(admin, "tote-1", tote, photo))
	files, chunks := a.photoFiles()
	again := createdOnce(t, a.createWithKey(admin, "tote-1", tote, photo))
	if again["_id"] != first["_id"] || again["slug"] != "flaky-tote" || again["slug"] != first["slug"] {
		t.Fatalf("the same key answered %v %v, then %v %v", first["_id"], first["slug"], again["_id"], again["slug"])
	}
	if n := a.storedNamed("Flaky Tote"); n != 1 {
		t.Fatalf("%d products stored after a create and its retry, want 1", n)
	}
	a.expectPhotoFiles(files, chunks) // the retry's photo is not stored
	var claim struct {
		Product bson.ObjectID `bson:"product"`
		Created bool          `bson:"created"`
	}
	if err := a.db.Database().Collection("productcreates").FindOne(t.Context(),
		bson.M{"_id": adminID + ":tote-1"}).Decode(&claim); err != nil || claim.Product.Hex() != first["_id"] || !claim.Created {
		t.Fatalf("claim of the key = %+v (%v), want product %v, created", claim, err, first["_id"])
	}

	t.Run("concurrent-retries", func(t *testing.T) {
		const n = 6
		ids := make([]any, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				ids[i] = createdOnce(t, a.createWithKey(admin, "tote-2", productFields(catID, "Racing Tote"), nil))["_id"]
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id != ids[0] {
				t.Fatalf("concurrent retries answered %v", ids)
			}
		}
		if n := a.storedNamed("Racing Tote"); n != 1 {
			t.Fatalf("%d products stored by %d concurrent retries, want 1", n, len(ids))
		}
	})
	t.Run("another-key", func(t *testing.T) {
		p := createdOnce(t, a.createWithKey(admin, "tote-3", tote, nil))
		if p["_id"] == first["_id"] || !strings.HasPrefix(p["slug"].(string), "flaky-tote-") || a.storedNamed("Flaky Tote") != 2 {
			t.Fatalf("another key answered %v %v; %d stored", p["_id"], p["slug"], a.storedNamed("Flaky Tote"))
		}
	})
	t.Run("another-admin-same-key", func(t *testing.T) {
		p := createdOnce(t, a.createWithKey(other, "tote-1", productFields(catID, "Other Tote"), nil))
		if p["_id"] == first["_id"] || p["name"] != "Other Tote" || a.storedNamed("Other Tote") != 1 {
			t.Fatalf("another admin's tote-1 answered %v", p)
		}
	})
	t.Run("no-key", func(t *testing.T) {
		one := createdOnce(t, a.createWithKey(admin, "", productFields(catID, "Plain Tote"), nil))
		two := createdOnce(t, a.createWithKey(admin, "", productFields(catID, "Plain Tote"), nil))
		if one["_id"] == two["_id"] || a.storedNamed("Plain Tote") != 2 {
			t.Fatalf("two creates without a key made %v and %v", one["_id"], two["_id"])
		}
	})
	t.Run("bad-key-400", func(t *testing.T) {
		for name, key := range map[string]string{
			"too-long":  strings.Repeat("k", shop.MaxIdempotencyKeyLen+1),
			"not-ascii": "clé-1",
		} {
			m := expect(t, a.createWithKey(admin, key, productFields(catID, "Refused Tote"), nil), http.StatusBadRequest)
			if !strings.Contains(m["message"].(string), "Idempotency-Key") {
				t.Errorf("%s key: message %q does not name the header", name, m["message"])
			}
		}
		if n := a.storedNamed("Refused Tote"); n != 0 {
			t.Fatalf("%d products stored for refused keys", n)
		}
		longest := strings.Repeat("k", shop.MaxIdempotencyKeyLen)
		createdOnce(t, a.createWithKey(admin, longest, productFields(catID, "Long Key Tote"), nil))
	})
	t.Run("after-a-restart", func(t *testing.T) {
		restarted := restartedApp(t, a)
		p := createdOnce(t, restarted.createWithKey(admin, "tote-1", tote, nil))
		if p["_id"] != first["_id"] || a.storedNamed("Flaky Tote") != 2 {
			t.Fatalf("after a restart the key answered %v; %d stored", p["_id"], a.storedNamed("Flaky Tote"))
		}
	})
	t.Run("failed-create-frees-the-key", func(t *testing.T) {
		expect(t, a.createWithKey(admin, "tote-4", productFields("0123456789abcdef01234567", "Lost Tote"), nil), http.StatusNotFound)
		p := createdOnce(t, a.createWithKey(admin, "tote-4", productFields(catID, "Lost Tote"), nil))
		if p["category"].(map[string]any)["_id"] != catID || a.storedNamed("Lost Tote") != 1 {
			t.Fatalf("the retry of a failed create answered %v", p)
		}
	})
	t.Run("deleted-product-creates-again", func(t *testing.T) {
		// The client deletes a product whose sizes were refused; the admin's next try creates it.
		p := createdOnce(t, a.createWithKey(admin, "tote-5", productFields(catID, "Sized Tote"), nil))
		expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + p["_id"].(string), token: admin}), http.StatusOK)
		again := createdOnce(t, a.createWithKey(admin, "tote-5", productFields(catID, "Sized Tote"), nil))
		if again["_id"] == p["_id"] || again["slug"] != "sized-tote" || a.storedNamed("Sized Tote") != 1 {
			t.Fatalf("after its product was deleted the key answered %v %v", again["_id"], again["slug"])
		}
	})
	t.Run("crash-between-claim-and-product", func(t *testing.T) {
		// A create that claimed its key and stopped before writing its product: a retry after
		// the restart creates it (at once on the embedded store, its only writer; on MongoDB
		// once the claim is older than any live create).
		at := time.Now().UTC().Add(-time.Second)
		if !storetest.Embedded() {
			at = at.Add(-time.Hour)
		}
		unwritten := bson.NewObjectID()
		if _, err := a.db.Database().Collection("productcreates").InsertOne(t.Context(),
			bson.M{"_id": adminID + ":tote-6", "product": unwritten, "createdAt": at}); err != nil {
			t.Fatal(err)
		}
		restarted := restartedApp(t, a)
		p := createdOnce(t, restarted.createWithKey(admin, "tote-6", productFields(catID, "Cut Tote"), nil))
		if a.storedNamed("Cut Tote") != 1 || p["name"] != "Cut Tote" {
			t.Fatalf("the retry of a create cut short answered %v; %d stored", p, a.storedNamed("Cut Tote"))
		}
		if again := createdOnce(t, restarted.createWithKey(admin, "tote-6", productFields(catID, "Cut Tote"), nil)); again["_id"] != p["_id"] {
			t.Fatalf("the key then answered %v, want %v", again["_id"], p["_id"])
		}
	})
}
