package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"shop/httpapi"
)

const (
	webhookPath   = "/api/v1/payment/stripe/webhook"
	webhookSecret = "whsec_test_secret"
)

// stripeEvent is a Stripe event of the type given about object, signed with secret as Stripe
// signs it (stripe-go's own test signer).
func stripeEvent(t *testing.T, secret, typ string, object map[string]any) (string, string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"id": "evt_test", "object": "event", "type": typ,
		"api_version": "2025-01-27.acacia", "created": time.Now().Unix(), "data": map[string]any{"object": object}})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret})
	return string(body), signed.Header
}

func (a *shopApp) notify(body, signature string, status int) map[string]any {
	a.t.Helper()
	return expect(a.t, a.do(request{method: "POST", path: webhookPath, body: body,
		header: map[string]string{"Stripe-Signature": signature}}), status)
}

func TestStripeWebhookChecksTheSignature(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	body, sig := stripeEvent(t, webhookSecret, "payment_intent.succeeded", map[string]any{"id": "pi_1", "object": "payment_intent"})
	a.notify(body, "", 400)
	_, wrong := stripeEvent(t, "whsec_someone_else", "payment_intent.succeeded", map[string]any{"id": "pi_1"})
	a.notify(body, wrong, 400)
	a.notify(body+" ", sig, 400) // the body changed after signing
	old := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(body), Secret: webhookSecret,
		Timestamp: time.Now().Add(-time.Hour)})
	a.notify(body, old.Header, 400) // replayed long after
	a.notify(body, sig, 200)        // about no order of this shop: taken and ignored
	other, otherSig := stripeEvent(t, webhookSecret, "customer.created", map[string]any{"id": "cus_1"})
	a.notify(other, otherSig, 200)

	off := newApp(t, func(d *httpapi.Deps) {})
	expect(t, off.do(request{method: "POST", path: webhookPath, body: body,
		header: map[string]string{"Stripe-Signature": sig}}), 404)
}

// TestStripeRefundNoticeCancelsOnce: a refund made at Stripe (its dashboard) cancels the order
// and returns its units, once however often Stripe sends it, and refunds nothing again.
func TestStripeRefundNoticeCancelsOnce(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 5)
	placed := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee, tee)})
	if placed.status != http.StatusCreated || a.stockOf(tee) != 3 {
		t.Fatalf("checkout = %d, stock %d", placed.status, a.stockOf(tee))
	}
	body, sig := stripeEvent(t, webhookSecret, "charge.refunded", map[string]any{"id": "ch_1", "object": "charge",
		"refunded": true, "payment_intent": placed.Order.Payment.TransactionID})
	for range 2 {
		a.notify(body, sig, 200)
	}
	o := a.detail(placed.Order.ID, asha, 200)
	if o.Status != "Cancelled" || o.RefundedAt == nil || o.History[len(o.History)-1].By != "shop" {
		t.Fatalf("order after the refund notice: %+v", o)
	}
	if _, refunds := a.gateway.count(); a.stockOf(tee) != 5 || refunds != 0 {
		t.Fatalf("stock %d, %d refunds through the gateway; want 5, 0", a.stockOf(tee), refunds)
	}
	partial, partialSig := stripeEvent(t, webhookSecret, "charge.refunded", map[string]any{"id": "ch_2",
		"object": "charge", "refunded": false, "payment_intent": "pi_other"})
	a.notify(partial, partialSig, 200)
}
