package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"shop"
	"shop/mail"
)

// TestOrderMails: the buyer is mailed on placing, on each status change and on cancelling,
// with the shop's name, the order number, the items and the total.
func TestOrderMails(t *testing.T) {
	box := &outbox{t: t, dir: t.TempDir()}
	a := newShopApp(t, shopOptions{mailer: &mail.Outbox{Dir: box.dir, From: "Clothing Shop <shop@shop.test>"}})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 1299.5, 5)
	placed := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee, tee)})
	if placed.status != http.StatusCreated {
		t.Fatalf("checkout = %d %s", placed.status, placed.raw)
	}
	number := a.detail(placed.Order.ID, asha, 200).Number

	confirm := box.next()
	for _, want := range []string{"To: asha@shop.test", "Subject: Clothing Shop: order " + number + " confirmed",
		"Hello \u2068Asha Rao\u2069,", "Hello <bdi>Asha Rao</bdi>,", // a name cannot reorder the line around it
		"\u2068Graphic Tee\u2069  ₹1,299.50", "<bdi>Graphic Tee</bdi>", "₹2,599.00", "UTC", "Clothing Shop", "https://shop.test/dashboard/user/orders/" +
			placed.Order.ID, "text/html"} {
		if !strings.Contains(confirm, want) {
			t.Fatalf("confirmation lacks %q:\n%s", want, confirm)
		}
	}
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + placed.Order.ID, token: admin,
		body: map[string]string{"status": "Processing"}}), 200)
	if m := box.next(); !strings.Contains(m, "order "+number+" is being prepared") || !strings.Contains(m, "We are preparing your order.") {
		t.Fatalf("status mail:\n%s", m)
	}
	// The same status again is no change: nothing is recorded and nobody is mailed.
	again := expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + placed.Order.ID, token: admin,
		body: map[string]string{"status": "Processing"}}), 200)
	if o, _ := again["order"].(map[string]any); o == nil || o["status"] != "Processing" || o["_id"] != placed.Order.ID {
		t.Errorf("answer to the same status again: %v", again)
	}
	if h := a.detail(placed.Order.ID, asha, 200).History; len(h) != 2 {
		t.Errorf("history after the same status twice: %+v; want its creation and one change", h)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/orders/" + placed.Order.ID + "/cancel", token: asha}), 200)
	if m := box.next(); !strings.Contains(m, "order "+number+" is cancelled") || !strings.Contains(m, "being refunded") {
		t.Fatalf("cancellation mail:\n%s", m)
	}
	// Set back to Not Process, a refunded order says it stays refunded and is not charged again.
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + placed.Order.ID, token: admin,
		body: map[string]string{"status": "Not Process"}}), 200)
	if m := box.next(); !strings.Contains(m, "order "+number+" is waiting to be processed") ||
		!strings.Contains(m, "was refunded, and it is not charged again") {
		t.Fatalf("status mail of a refunded order:\n%s", m)
	}
	box.none()
}

// TestMailFailureNeverFailsAnOrder: a mail server that is down leaves checkout and status
// changes answering as ever.
func TestMailFailureNeverFailsAnOrder(t *testing.T) {
	a := newShopApp(t, shopOptions{mailer: downMailer{}})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 5)
	placed := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee)})
	if placed.status != http.StatusCreated {
		t.Fatalf("checkout = %d %s", placed.status, placed.raw)
	}
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + placed.Order.ID, token: admin,
		body: map[string]string{"status": "Shipped"}}), 200)
}

type downMailer struct{}

func (downMailer) Send(context.Context, shop.Mail) error { return errors.New("connection refused") }
