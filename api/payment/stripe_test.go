package payment_test

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"shop"
	"shop/payment"
)

// startStripeMock runs the project's stripe-mock on free loopback ports and answers its base
// URL. With fixtures "" it uses the bundled fixtures.
func startStripeMock(t *testing.T, fixtures string) string {
	t.Helper()
	bin, err := filepath.Abs(filepath.Join("..", "..", ".bin", "stripe-mock"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("stripe-mock is not installed at %s: run `make stripe-mock` in the repository root (%v)", bin, err)
	}
	// Both listeners on loopback: given only -http-addr, stripe-mock also opens HTTPS on all interfaces.
	args := []string{"-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:"}
	if fixtures != "" {
		args = append(args, "-fixtures", fixtures)
	}
	cmd := exec.Command(bin, args...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = pw.Close()
	})
	addr := make(chan string, 1)
	var out strings.Builder
	var mu sync.Mutex
	re := regexp.MustCompile(`Listening for HTTP at address: (\S+)`)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			mu.Lock()
			out.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(20 * time.Second):
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("stripe-mock did not start listening within 20 s; output:\n%s", out.String())
	}
	return ""
}

// TestStripeAgainstStripeMock drives the real SDK against stripe-mock. stripe-mock checks each
// request against Stripe's OpenAPI spec and answers fixtures: its bundled PaymentIntent has
// status requires_payment_method, so the success case gives it the fixture of a confirmed card
// payment (testdata/stripe-mock-fixtures.json: status succeeded).
func TestStripeAgainstStripeMock(t *testing.T) {
	t.Run("confirmed payment intent", func(t *testing.T) {
		t.Parallel()
		fixtures, err := filepath.Abs(filepath.Join("testdata", "stripe-mock-fixtures.json"))
		if err != nil {
			t.Fatal(err)
		}
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: startStripeMock(t, fixtures)})
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
	t.Run("unconfirmed payment intent is declined", func(t *testing.T) {
		t.Parallel()
		gw := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", APIBase: startStripeMock(t, "")})
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
}
