package shop_test

import (
	"strings"
	"testing"

	"shop"
)

// An Idempotency-Key is at most MaxIdempotencyKeyLen bytes of printable ASCII, for checkout
// and product creates alike; a refusal names the header.
func TestCheckIdempotencyKey(t *testing.T) {
	tests := []struct {
		name string
		key  string
		ok   bool
	}{
		{"none", "", true},
		{"uuid", "0b9f5c2e-8d4f-4c4b-9a57-3f1d2b6c7e80", true},
		{"punctuation-and-spaces", "sales-1 2:3/4~!", true},
		{"longest", strings.Repeat("k", shop.MaxIdempotencyKeyLen), true},
		{"too-long", strings.Repeat("k", shop.MaxIdempotencyKeyLen+1), false},
		{"not-ascii", "clé", false},
		{"tab", "a\tb", false},
		{"delete", "a\x7fb", false},
		{"invalid-utf8", "a\xffb", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := shop.CheckIdempotencyKey(tt.key)
			if tt.ok != (err == nil) {
				t.Fatalf("CheckIdempotencyKey(%q) = %v, want ok %v", tt.key, err, tt.ok)
			}
			if err != nil && (shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(err.Error(), "Idempotency-Key")) {
				t.Fatalf("CheckIdempotencyKey(%q) = %v, want EINVALID naming the header", tt.key, err)
			}
			req := shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: []shop.CartItem{{ID: "p"}}, IdempotencyKey: tt.key}
			if err := req.Validate(); tt.ok != (err == nil) {
				t.Fatalf("checkout with key %q = %v, want ok %v", tt.key, err, tt.ok)
			}
		})
	}
}
