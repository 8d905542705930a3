package httpapi

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"shop"
)

// FuzzDecodeCheckout feeds process-payment bodies through the API's decoder and the
// checkout's shape check: valid, or a client error, never a panic or a 500.
func FuzzDecodeCheckout(f *testing.F) {
	for _, s := range append(jsonSeeds,
		`{"nonce":"fake-valid-nonce","cart":[{"_id":"6b03415a19682dd64059b397","price":1}]}`,
		`{"nonce":"n","cart":[{"_id":{"$ne":""}}]}`, `{"nonce":"n","cart":{"_id":"x"}}`,
		`{"nonce":"n","cart":[null]}`, `{"nonce":"n","cart":[1,2]}`) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var body checkoutBody
		err := decodeBody(raw, &body)
		if err == nil {
			r := shop.CheckoutRequest{BuyerID: "b", Nonce: body.Nonce, Cart: body.Cart}
			err = r.Validate()
		}
		if !clientError(err) {
			t.Fatalf("checkout body %q gave a non-client error: %v", raw, err)
		}
	})
}

const fuzzBoundary = "fuzzboundary"

// productFormSeed is a multipart product form with the given parts, photo last.
func productFormSeed(fields map[string]string, photo []byte) []byte {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.SetBoundary(fuzzBoundary)
	for _, k := range []string{"name", "description", "price", "quantity", "category", "shipping", "extra"} {
		if v, ok := fields[k]; ok {
			_ = w.WriteField(k, v)
		}
	}
	if photo != nil {
		fw, _ := w.CreateFormFile("photo", "p.png")
		_, _ = fw.Write(photo)
	}
	_ = w.Close()
	return buf.Bytes()
}

// FuzzProductForm feeds raw multipart bodies to the admin's product form reader, photo
// sniffing included: it answers fields or a client error (400, 413, 415), never a panic or 500.
func FuzzProductForm(f *testing.F) {
	good := map[string]string{"name": "Linen Shirt", "description": "Breezy.", "price": "799.50",
		"quantity": "12", "category": "6b03415a19682dd64059b397", "shipping": "1"}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	f.Add(productFormSeed(good, nil))
	f.Add(productFormSeed(good, png))
	f.Add(productFormSeed(good, []byte("<svg onload=alert(1)>")))
	f.Add(productFormSeed(good, []byte{}))
	f.Add(productFormSeed(map[string]string{"name": "x", "price": "abc", "extra": "1"}, png))
	f.Add(productFormSeed(map[string]string{"quantity": "-5", "shipping": "maybe"}, nil))
	f.Add([]byte("--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"name\r\n\r\nx\r\n--" + fuzzBoundary + "--"))
	f.Add([]byte("--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=photo\r\n\r\nGIF89a"))
	f.Add([]byte("garbage"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, raw []byte) {
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		c.Request = httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(raw))
		c.Request.Header.Set("Content-Type", "multipart/form-data; boundary="+fuzzBoundary)
		c.Request.Body = http.MaxBytesReader(rec, c.Request.Body, maxMultipartBytes)
		form, err := readProductForm(c.Request)
		code := shop.ErrorCode(err)
		if err != nil && code != shop.EINVALID && code != shop.ETOOLARGE && code != shop.EUNSUPPORTED {
			t.Fatalf("form %q gave a non-client error: %v", raw, err)
		}
		if err != nil {
			return
		}
		defer form.Close()
		if in := form.in; in.Name == "" || in.CategoryID == "" || in.Price < 0 || in.Quantity < 0 {
			t.Fatalf("form %q passed as %+v", raw, in)
		}
		if form.photo != nil {
			if n, err := io.Copy(io.Discard, form.photo.Body); err != nil || n != form.photo.Size || !photoTypes[form.photo.ContentType] {
				t.Fatalf("form %q: photo of %d bytes read as %d (%v), type %q", raw, form.photo.Size, n, err, form.photo.ContentType)
			}
		}
	})
}
