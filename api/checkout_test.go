package shop_test

import (
	"strings"
	"testing"

	"shop"
)

func TestCheckoutRequestValidate(t *testing.T) {
	line := []shop.CartItem{{ID: "6b03415a19682dd64059b397"}}
	tooMany := make([]shop.CartItem, shop.MaxCartLines+1)
	for i := range tooMany {
		tooMany[i] = line[0]
	}
	tests := []struct {
		name     string
		req      shop.CheckoutRequest
		wantCode string
		wantMsg  string
	}{
		{"ok", shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: line}, "", ""},
		{"ok-at-the-cap", shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: tooMany[1:]}, "", ""},
		{"no-buyer", shop.CheckoutRequest{Nonce: "n", Cart: line}, shop.EUNAUTHORIZED, "sign in"},
		{"no-nonce", shop.CheckoutRequest{BuyerID: "b", Cart: line}, shop.EINVALID, "nonce"},
		{"blank-nonce", shop.CheckoutRequest{BuyerID: "b", Nonce: "   ", Cart: line}, shop.EINVALID, "Field nonce is required: the card details are missing."},
		{"nonce-of-line-breaks", shop.CheckoutRequest{BuyerID: "b", Nonce: "\n\t ", Cart: line}, shop.EINVALID, "Field nonce is required"},
		{"long-nonce", shop.CheckoutRequest{BuyerID: "b", Nonce: strings.Repeat("n", 501), Cart: line}, shop.EINVALID, "nonce"},
		{"empty-cart", shop.CheckoutRequest{BuyerID: "b", Nonce: "n"}, shop.EINVALID, "cart"},
		{"cart-too-long", shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: tooMany}, shop.EINVALID, "at most 100"},
		{"line-without-id", shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: []shop.CartItem{line[0], {}}}, shop.EINVALID, "cart[1]._id"},
		{"long-key", shop.CheckoutRequest{BuyerID: "b", Nonce: "n", Cart: line, IdempotencyKey: strings.Repeat("k", 201)}, shop.EINVALID, "Idempotency-Key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.req.Validate()
			if shop.ErrorCode(err) != tt.wantCode || !strings.Contains(shop.ErrorMessage(err), tt.wantMsg) {
				t.Fatalf("Validate() = %v; want code %q mentioning %q", err, tt.wantCode, tt.wantMsg)
			}
		})
	}
	// The card's token goes to the gateway as the card form made it, without spaces around it.
	r := shop.CheckoutRequest{BuyerID: "b", Nonce: " tok_visa\n", Cart: line}
	if err := r.Validate(); err != nil || r.Nonce != "tok_visa" {
		t.Fatalf("Validate() = %v, nonce %q; want tok_visa", err, r.Nonce)
	}
}
