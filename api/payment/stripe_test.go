package payment_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"shop"
	"shop/internal/stripemock"
	"shop/payment"
)

// TestStripeAgainstStripeMock drives the real SDK against stripe-mock. stripe-mock checks each
// request against Stripe's OpenAPI spec and answers fixtures: its bundled PaymentIntent has
// status requires_payment_method, so the success case gives it the fixture of a confirmed card
// payment (stripemock.Succeeded).
func TestStripeAgainstStripeMock(t *testing.T) {
	t.Run("confirmed payment intent", func(t *testing.T) {
		t.Parallel()
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: stripemock.Start(t, stripemock.Succeeded)})
		p, err := gw.Charge(t.Context(), shop.Charge{Amount: 149900, Currency: "inr", Nonce: "pm_card_visa",
			IdempotencyKey: "order-abc", Description: "Order abc"})
		if err != nil {
			t.Fatalf("Charge: %v", err)
		}
		if !p.Success || p.Provider != "stripe" || !strings.HasPrefix(p.TransactionID, "pi_") ||
			p.Amount != 149900 || p.Currency != "inr" {
			t.Fatalf("payment = %+v", *p)
		}
		if err := gw.Refund(t.Context(), *p); err != nil {
			t.Fatalf("Refund: %v", err)
		}
	})
	t.Run("find a confirmed charge by its key", func(t *testing.T) {
		t.Parallel()
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: stripemock.Start(t, stripemock.Succeeded)})
		p, err := gw.FindCharge(t.Context(), shop.Charge{Amount: 149900, Currency: "inr", IdempotencyKey: "order-abc"})
		if err != nil || p == nil || !p.Success || !strings.HasPrefix(p.TransactionID, "pi_") {
			t.Fatalf("FindCharge = %+v, %v; want the payment", p, err)
		}
	})
	t.Run("an unconfirmed intent is no charge", func(t *testing.T) {
		t.Parallel()
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: stripemock.Start(t, stripemock.Bundled)})
		p, err := gw.FindCharge(t.Context(), shop.Charge{Amount: 149900, Currency: "inr", IdempotencyKey: "order-abc"})
		if err != nil || p != nil {
			t.Fatalf("FindCharge = %+v, %v; want nil, nil (the intent cancelled)", p, err)
		}
	})
	t.Run("unconfirmed payment intent is declined", func(t *testing.T) {
		t.Parallel()
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: stripemock.Start(t, stripemock.Bundled)})
		p, err := gw.Charge(t.Context(), shop.Charge{Amount: 49900, Currency: "inr", Nonce: "pm_card_visa", IdempotencyKey: "order-def"})
		if shop.ErrorCode(err) != shop.EDECLINED {
			t.Fatalf("Charge = %+v, %v; want EDECLINED for status requires_payment_method", p, err)
		}
	})
}

// TestStripeRequestAndErrors checks what the SDK sends and how Stripe's error answers map,
// with a fake Stripe (stripe-mock cannot decline a card).
func TestStripeRequestAndErrors(t *testing.T) {
	var mu sync.Mutex
	requests := map[string]*http.Request{} // by path
	forms := map[string]map[string][]string{}
	answer := func(w http.ResponseWriter, status int, body string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		mu.Lock()
		requests[r.URL.Path], forms[r.URL.Path] = r, r.PostForm
		mu.Unlock()
		switch {
		case r.URL.Path == "/v1/payment_intents" && r.PostForm.Get("amount") == "1":
			answer(w, 400, `{"error":{"type":"invalid_request_error","code":"amount_too_small","message":"Amount must be at least ₹0.50 inr"}}`)
		case r.URL.Path == "/v1/payment_intents" && r.PostForm.Get("amount") == "2":
			answer(w, 400, `{"error":{"type":"invalid_request_error","message":"Amount must be at least ₹0.50 inr"}}`)
		case r.URL.Path == "/v1/payment_intents":
			answer(w, 200, `{"id":"pi_123","object":"payment_intent","amount":49950,"currency":"inr","status":"requires_payment_method"}`)
		case r.URL.Path == "/v1/refunds" && r.PostForm.Get("payment_intent") == "pi_refunded":
			answer(w, 400, `{"error":{"type":"invalid_request_error","code":"charge_already_refunded","message":"Charge ch_9 has already been refunded."}}`)
		case r.URL.Path == "/v1/refunds" && r.PostForm.Get("payment_intent") == "pi_gone":
			answer(w, 404, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent: 'pi_gone'"}}`)
		case r.URL.Path == "/v1/charges/ch_1":
			answer(w, 200, `{"id":"ch_1","object":"charge","payment_method_details":{"type":"card","card":{"brand":"visa","last4":"4242"}}}`)
		case r.PostForm.Get("payment_method") == "pm_card_chargeDeclined":
			answer(w, 402, `{"error":{"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Your card was declined."}}`)
		default:
			answer(w, 200, `{"id":"pi_123","object":"payment_intent","amount":49950,"currency":"inr","status":"succeeded","latest_charge":"ch_1"}`)
		}
	}))
	defer srv.Close()
	gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: srv.URL})

	p, err := gw.Charge(t.Context(), shop.Charge{Amount: 49950, Currency: "inr", Nonce: "pm_card_visa", IdempotencyKey: "order-1"})
	if err != nil {
		t.Fatal(err)
	}
	create, confirm := requests["/v1/payment_intents"], requests["/v1/payment_intents/pi_123/confirm"]
	if create == nil || confirm == nil {
		t.Fatalf("requests %v: want a create and a confirm", requests)
	}
	if create.Header.Get("Idempotency-Key") != "order-1" || confirm.Header.Get("Idempotency-Key") != "order-1-confirm" {
		t.Fatalf("idempotency keys %q, %q", create.Header.Get("Idempotency-Key"), confirm.Header.Get("Idempotency-Key"))
	}
	for k, want := range map[string]string{"amount": "49950", "currency": "inr", "metadata[idempotency_key]": "order-1"} {
		if v := forms["/v1/payment_intents"][k]; len(v) != 1 || v[0] != want {
			t.Errorf("create form %s = %v, want %s", k, v, want)
		}
	}
	if v := forms["/v1/payment_intents"]["payment_method"]; len(v) != 0 {
		t.Errorf("create sent the card %v: it must come with the confirmation only", v)
	}
	if v := forms["/v1/payment_intents/pi_123/confirm"]["payment_method"]; len(v) != 1 || v[0] != "pm_card_visa" {
		t.Errorf("confirm form payment_method = %v", v)
	}
	want := shop.Payment{Success: true, Provider: "stripe", TransactionID: "pi_123", Amount: 49950, Currency: "inr",
		Brand: "visa", Last4: "4242"}
	if *p != want {
		t.Fatalf("payment = %+v, want %+v", *p, want)
	}

	_, err = gw.Charge(t.Context(), shop.Charge{Amount: 49950, Currency: "inr", Nonce: "pm_card_chargeDeclined", IdempotencyKey: "order-2"})
	if shop.ErrorCode(err) != shop.EDECLINED || !strings.Contains(shop.ErrorMessage(err), "Your card was declined.") {
		t.Fatalf("declined card: %v", err)
	}
	_, err = gw.Charge(t.Context(), shop.Charge{Amount: 1, Currency: "inr", Nonce: "pm_card_visa", IdempotencyKey: "order-4"})
	if shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("a total under the provider's minimum: %v, want a 400 the shopper can act on", err)
	}
	_, err = gw.Charge(t.Context(), shop.Charge{Amount: 2, Currency: "inr", Nonce: "pm_card_visa", IdempotencyKey: "order-3"})
	if err == nil || shop.ErrorCode(err) != shop.EINTERNAL {
		t.Fatalf("invalid request: %v, want an internal error", err)
	}

	// A charge refunded already (by hand in Stripe's dashboard, say) is a refund done, so the
	// order settles instead of being retried for ever; any other refusal stays an error.
	if err := gw.Refund(t.Context(), shop.Payment{TransactionID: "pi_refunded"}); err != nil {
		t.Fatalf("refund of a charge refunded already: %v, want success", err)
	}
	if err := gw.Refund(t.Context(), shop.Payment{TransactionID: "pi_gone"}); err == nil {
		t.Fatal("refund of an unknown payment succeeded")
	}
}
