package shop_test

import (
	"encoding/json"
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
