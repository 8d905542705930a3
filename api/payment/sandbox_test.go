package payment_test

import (
	"testing"

	"shop"
	"shop/payment"
)

func TestSandbox(t *testing.T) {
	tests := []struct {
		name, nonce string
		wantCode    string
	}{
		{"approves the client's placeholder", "fake-valid-nonce", ""},
		{"approves a stripe test card", "pm_card_visa", ""},
		{"declines the declined nonce", payment.DeclinedNonce, shop.EDECLINED},
		{"declines stripe's declined card", payment.StripeDeclinedNonce, shop.EDECLINED},
		{"declines an empty nonce", "", shop.EDECLINED},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := (&payment.Sandbox{}).Charge(t.Context(), shop.Charge{Amount: 49950, Currency: "inr", Nonce: tt.nonce})
			if tt.wantCode != "" {
				if shop.ErrorCode(err) != tt.wantCode || p != nil {
					t.Fatalf("Charge = %v, %v; want code %s", p, err, tt.wantCode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := shop.Payment{Success: true, Provider: "sandbox", TransactionID: p.TransactionID, Amount: 49950, Currency: "inr"}
			if *p != want || len(p.TransactionID) < 20 {
				t.Fatalf("payment = %+v, want %+v", *p, want)
			}
		})
	}
}

func TestSandboxTransactionIDsAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		p, err := (&payment.Sandbox{}).Charge(t.Context(), shop.Charge{Amount: 100, Currency: "inr", Nonce: "ok"})
		if err != nil {
			t.Fatal(err)
		}
		if seen[p.TransactionID] {
			t.Fatalf("transaction id %s repeated", p.TransactionID)
		}
		seen[p.TransactionID] = true
	}
	if err := (&payment.Sandbox{}).Refund(t.Context(), shop.Payment{TransactionID: "x"}); err != nil {
		t.Fatalf("Refund = %v", err)
	}
}
