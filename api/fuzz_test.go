package shop_test

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"shop"
)

// clientCode reports whether err is nil or an error a client is told about: never a 500.
func clientCode(err error, codes ...string) bool {
	if err == nil {
		return true
	}
	for _, c := range codes {
		if shop.ErrorCode(err) == c {
			return true
		}
	}
	return false
}

// FuzzCheckoutPayload feeds process-payment bodies (and Idempotency-Keys) to the checkout's
// shape check: whatever a client sends is valid or EINVALID, never a panic or a 500.
// httpapi's FuzzDecodeCheckout runs the same through the API's own JSON decoder.
func FuzzCheckoutPayload(f *testing.F) {
	for _, s := range []string{
		`{"nonce":"fake-valid-nonce","cart":[{"_id":"6b03415a19682dd64059b397","price":1,"name":"x"}]}`,
		`{"nonce":"n","cart":[]}`, `{"nonce":"","cart":[{"_id":"a"}]}`, `{"cart":[{}]}`,
		`{"nonce":"n","cart":[{"_id":{"$ne":""}}]}`, `{"nonce":7}`, `{"nonce":"n","cart":null}`,
		`{"nonce":"n","cart":[null,{"_id":""}]}`, `[]`, `null`, ``,
	} {
		f.Add([]byte(s), "")
	}
	f.Add([]byte(`{"nonce":"n","cart":[{"_id":"x"}]}`), "retry-1")
	f.Fuzz(func(t *testing.T, raw []byte, key string) {
		var body struct {
			Nonce string          `json:"nonce"`
			Cart  []shop.CartItem `json:"cart"`
		}
		if json.Unmarshal(raw, &body) != nil {
			return // the decoder's own errors are fuzzed in httpapi
		}
		r := shop.CheckoutRequest{BuyerID: "b", Nonce: body.Nonce, Cart: body.Cart, IdempotencyKey: key}
		err := r.Validate()
		if !clientCode(err, shop.EINVALID) {
			t.Fatalf("Validate(%q, key %q) = %v, want nil or EINVALID", raw, key, err)
		}
		if err == nil && (len(r.Cart) == 0 || len(r.Cart) > shop.MaxCartLines || r.Nonce == "") {
			t.Fatalf("Validate let through %+v", r)
		}
	})
}

// FuzzProductFields feeds the product form's text fields to their parser: a product that
// passes has sane values, anything else is EINVALID naming a field.
func FuzzProductFields(f *testing.F) {
	f.Add("Linen Shirt", "Breezy linen.", "799.50", "12", "6b03415a19682dd64059b397", "1")
	f.Add("", "d", "1", "1", "c", "")
	f.Add("n", "d", "-1", "1", "c", "0")
	f.Add("n", "d", "1e309", "99999999999999999999", "c", "yes")
	f.Add("n", "d", "NaN", "1", "c", "maybe")
	f.Add("n", "d", "0.005", "0x10", "c", "true")
	f.Add("n", "d", "9223372036854775807", "1000001", "c", "false")
	f.Add(" \t", "\u0000", "１２", "+1", " ", "1")
	f.Fuzz(func(t *testing.T, name, desc, price, quantity, category, shipping string) {
		in, err := shop.ParseProductFields(map[string]string{"name": name, "description": desc,
			"price": price, "quantity": quantity, "category": category, "shipping": shipping})
		if !clientCode(err, shop.EINVALID) {
			t.Fatalf("ParseProductFields gave a non-client error: %v", err)
		}
		if err == nil && (in.Price < 0 || in.Quantity < 0 || in.Quantity > shop.MaxQuantity || in.Name == "" || in.CategoryID == "") {
			t.Fatalf("ParseProductFields let through %+v", in)
		}
	})
}

// FuzzSniffPhoto feeds uploads to the photo sniffer: only the four image types pass, the
// bytes come back unchanged, and nothing else than EINVALID or EUNSUPPORTED is answered.
func FuzzSniffPhoto(f *testing.F) {
	for _, s := range []string{"\x89PNG\r\n\x1a\n\x00\x00", "\xff\xd8\xff\xe0", "GIF89a", "RIFF\x10\x00\x00\x00WEBPVP8 ",
		"<svg onload=alert(1)>", "<html><script>", "", "%PDF-1.4"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		up, err := shop.SniffPhoto(bytes.NewReader(raw))
		if !clientCode(err, shop.EINVALID, shop.EUNSUPPORTED) {
			t.Fatalf("SniffPhoto(%q) = %v", raw, err)
		}
		if err != nil {
			return
		}
		switch up.ContentType {
		case "image/jpeg", "image/png", "image/webp", "image/gif":
		default:
			t.Fatalf("SniffPhoto(%q) passed as %q", raw, up.ContentType)
		}
		got, err := io.ReadAll(up.Body)
		if err != nil || !bytes.Equal(got, raw) {
			t.Fatalf("the photo's bytes changed on the way: %v", err)
		}
	})
}
