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

// TestSandboxKeepsItsCharges: a charge repeated with its key answers the first one, and
// FindCharge answers it; a key FindCharge found unused is void, never to be charged.
func TestSandboxKeepsItsCharges(t *testing.T) {
	gw := &payment.Sandbox{}
	c := shop.Charge{Amount: 100, Currency: "inr", Nonce: "ok", IdempotencyKey: "order-1"}
	first, err := gw.Charge(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	again, err := gw.Charge(t.Context(), c)
	if err != nil || *again != *first {
		t.Fatalf("repeated charge = %+v, %v; want the first %+v", again, err, first)
	}
	found, err := gw.FindCharge(t.Context(), shop.Charge{Amount: 100, Currency: "inr", IdempotencyKey: "order-1"})
	if err != nil || found == nil || *found != *first {
		t.Fatalf("FindCharge = %+v, %v; want %+v", found, err, first)
	}
	none, err := gw.FindCharge(t.Context(), shop.Charge{Amount: 100, Currency: "inr", IdempotencyKey: "order-2"})
	if err != nil || none != nil {
		t.Fatalf("FindCharge of an unused key = %+v, %v; want nil", none, err)
	}
	late, err := gw.Charge(t.Context(), shop.Charge{Amount: 100, Currency: "inr", Nonce: "ok", IdempotencyKey: "order-2"})
	if shop.ErrorCode(err) != shop.EDECLINED || late != nil {
		t.Fatalf("charge after the key was found unused = %+v, %v; want EDECLINED", late, err)
	}
}
