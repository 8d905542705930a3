package httpapi_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"shop"
)

var orderNumber = regexp.MustCompile(`^CS-[0-9A-HJKMNP-TV-Z]{8}$`)

// detail is an order as GET auth/orders/{id} answers it.
type detail struct {
	ID           string `json:"_id"`
	Number       string `json:"number"`
	Status       string `json:"status"`
	PaymentState string `json:"paymentState"`
	History      []struct {
		Status string    `json:"status"`
		At     time.Time `json:"at"`
		By     string    `json:"by"`
	} `json:"history"`
	RefundedAt *time.Time `json:"refundedAt"`
	Buyer      struct {
		ID string `json:"_id"`
	} `json:"buyer"`
	Products []struct {
		ID string `json:"_id"`
	} `json:"products"`
}

func (a *shopApp) detail(id, token string, status int) *detail {
	a.t.Helper()
	rec := a.do(request{method: "GET", path: "/api/v1/auth/orders/" + id, token: token})
	expect(a.t, rec, status)
	if status != http.StatusOK {
		return nil
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
		a.t.Errorf("Cache-Control = %q, want no-store", cc)
	}
	var body struct {
		Success bool   `json:"success"`
		Order   detail `json:"order"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || !body.Success {
		a.t.Fatalf("order answer %s: %v", rec.Body.String(), err)
	}
	return &body.Order
}

func TestOrderDetail(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, ashaUser := a.signUp("Asha Rao", "asha@shop.test")
	ben, _ := a.signUp("Ben Das", "ben@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 5)
	placed := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee, tee)})
	if placed.status != http.StatusCreated {
		t.Fatalf("checkout = %d %s", placed.status, placed.raw)
	}
	id := placed.Order.ID

	o := a.detail(id, asha, 200)
	if o.ID != id || !orderNumber.MatchString(o.Number) || o.Status != "Not Process" || o.PaymentState != "paid" ||
		o.Buyer.ID != ashaUser["_id"] || len(o.Products) != 2 || o.RefundedAt != nil {
		t.Fatalf("order = %+v", o)
	}
	if len(o.History) != 1 || o.History[0].Status != "Not Process" || o.History[0].By != shop.ByBuyer ||
		o.History[0].At.IsZero() {
		t.Fatalf("history = %+v", o.History)
	}
	if got := a.detail(id, admin, 200); got.Number != o.Number {
		t.Fatalf("admin sees number %s, want %s", got.Number, o.Number)
	}
	a.detail(id, ben, 404)                          // somebody else's order does not exist for Ben
	a.detail("not-an-id", asha, 400)                // malformed
	a.detail("65a000000000000000000000", asha, 404) // unknown
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/orders/" + id}), 401)

	// Each status change appends to the history, by whom it was made.
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + id, token: admin,
		body: map[string]string{"status": "Processing"}}), 200)
	o = a.detail(id, asha, 200)
	if len(o.History) != 2 || o.History[1].Status != "Processing" || o.History[1].By != shop.ByAdmin ||
		o.History[1].At.Before(o.History[0].At) {
		t.Fatalf("history after Processing = %+v", o.History)
	}
}

func TestOrderNumbersAreUnique(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 30)
	seen := map[string]bool{}
	for range 20 {
		ans := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee)})
		if ans.status != http.StatusCreated {
			t.Fatalf("checkout = %d %s", ans.status, ans.raw)
		}
		n := a.detail(ans.Order.ID, asha, 200).Number
		if !orderNumber.MatchString(n) || seen[n] {
			t.Fatalf("order number %q: malformed or repeated", n)
		}
		seen[n] = true
	}
}

// TestOrderListsArePaged: ?page=&limit= pages newest first, X-Total-Count counts them all.
func TestOrderListsArePaged(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	ben, _ := a.signUp("Ben Das", "ben@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 30)
	var ashas, all []string // newest first
	for i := range 7 {
		tok := asha
		if i%3 == 2 {
			tok = ben
		}
		ans := a.checkout(tok, "", map[string]any{"nonce": okNonce, "cart": cart(tee)})
		if ans.status != http.StatusCreated {
			t.Fatalf("checkout = %d %s", ans.status, ans.raw)
		}
		all = append([]string{ans.Order.ID}, all...)
		if tok == asha {
			ashas = append([]string{ans.Order.ID}, ashas...)
		}
	}
	// A declined checkout leaves an abandoned order behind: it is in no list.
	if ans := a.checkout(asha, "", map[string]any{"nonce": "pm_card_chargeDeclined", "cart": cart(tee)}); ans.status != 402 {
		t.Fatalf("declined checkout = %d", ans.status)
	}

	for _, tt := range []struct {
		name, path, token string
		want              []string
		total             int
	}{
		{"admin page 1 of 3", "/api/v1/auth/all-orders?page=1&limit=3", admin, all[0:3], 7},
		{"admin page 3 of 3", "/api/v1/auth/all-orders?page=3&limit=3", admin, all[6:7], 7},
		{"admin page without limit: 3", "/api/v1/auth/all-orders?page=2", admin, all[3:6], 7},
		{"admin past the end", "/api/v1/auth/all-orders?page=9&limit=3", admin, nil, 7},
		{"admin unpaged", "/api/v1/auth/all-orders", admin, all, 7},
		{"shopper page 2 of 2", "/api/v1/auth/orders?page=2&limit=2", asha, ashas[2:4], 5},
		{"shopper unpaged", "/api/v1/auth/orders", asha, ashas, 5},
		{"other shopper", "/api/v1/auth/orders?page=1&limit=100", ben, []string{all[1], all[4]}, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := a.do(request{method: "GET", path: tt.path, token: tt.token})
			expect(t, rec, 200)
			var got []orderShape
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, o := range got {
				ids = append(ids, o.ID)
			}
			if !slices.Equal(ids, tt.want) || rec.Header().Get("X-Total-Count") != strconv.Itoa(tt.total) {
				t.Fatalf("ids %v total %s; want %v total %d", ids, rec.Header().Get("X-Total-Count"), tt.want, tt.total)
			}
			if rec.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control = %q", rec.Header().Get("Cache-Control"))
			}
		})
	}
}

func TestCancelOrder(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	ben, _ := a.signUp("Ben Das", "ben@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 10)
	place := func() string {
		ans := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee, tee)})
		if ans.status != http.StatusCreated {
			t.Fatalf("checkout = %d %s", ans.status, ans.raw)
		}
		return ans.Order.ID
	}
	cancel := func(id, token string, status int) map[string]any {
		t.Helper()
		return expect(t, a.do(request{method: "POST", path: "/api/v1/auth/orders/" + id + "/cancel", token: token}), status)
	}
	setStatus := func(id, status string) {
		t.Helper()
		expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + id, token: admin,
			body: map[string]string{"status": status}}), 200)
	}

	id := place()
	if a.stockOf(tee) != 8 {
		t.Fatalf("stock after checkout = %d", a.stockOf(tee))
	}
	cancel(id, ben, 404)       // not Ben's
	cancel("nope", asha, 400)  // malformed
	cancel(id, "", 401)        // signed out
	m := cancel(id, asha, 200) // Not Process: cancelled
	if o := m["order"].(map[string]any); o["status"] != "Cancelled" || o["refundedAt"] == nil {
		t.Fatalf("cancel answered %v", m)
	}
	if _, refunds := a.gateway.count(); refunds != 1 || a.stockOf(tee) != 10 {
		t.Fatalf("after cancel: %d refunds, stock %d; want 1, 10", refunds, a.stockOf(tee))
	}
	m = cancel(id, asha, 409)
	if m["message"] != "This order is already cancelled." {
		t.Fatalf("second cancel: %v", m)
	}
	// Later changes by the admin never refund or restock again.
	for _, s := range []string{"Processing", "Cancelled", "Not Process", "Cancelled"} {
		setStatus(id, s)
	}
	if _, refunds := a.gateway.count(); refunds != 1 || a.stockOf(tee) != 10 {
		t.Fatalf("after more changes: %d refunds, stock %d; want 1, 10", refunds, a.stockOf(tee))
	}
	o := a.detail(id, asha, 200)
	if o.History[1].Status != "Cancelled" || o.History[1].By != shop.ByBuyer || len(o.History) != 6 {
		t.Fatalf("history = %+v", o.History)
	}
	// Set back to Not Process after its refund, it is not cancelled, and cannot be again.
	setStatus(id, "Not Process")
	m = cancel(id, asha, 409)
	if msg, _ := m["message"].(string); !strings.Contains(msg, "refunded before") {
		t.Fatalf("cancel of an order refunded before: %v", m)
	}
	if _, refunds := a.gateway.count(); refunds != 1 || a.stockOf(tee) != 10 {
		t.Fatalf("after cancelling a refunded order: %d refunds, stock %d; want 1, 10", refunds, a.stockOf(tee))
	}

	// Processing can still be cancelled; Shipped and Delivered cannot.
	id = place()
	setStatus(id, "Processing")
	cancel(id, asha, 200)
	for _, s := range []string{"Shipped", "Delivered"} {
		id = place()
		setStatus(id, s)
		m := cancel(id, asha, 409)
		if m["message"] == "" || a.detail(id, asha, 200).Status != s {
			t.Fatalf("cancel when %s: %v", s, m)
		}
	}
	// An admin setting Cancelled refunds and restocks too.
	before := a.stockOf(tee)
	id = place()
	setStatus(id, "Cancelled")
	if a.stockOf(tee) != before || a.detail(id, asha, 200).RefundedAt == nil {
		t.Fatalf("admin cancel: stock %d, want %d", a.stockOf(tee), before)
	}
	// An admin, who sees every order, may cancel a shopper's here by the buyer's rules; the
	// history says who did.
	id = place()
	if m := cancel(id, admin, 200); m["order"].(map[string]any)["status"] != "Cancelled" {
		t.Fatalf("admin's cancel answered %v", m)
	}
	if o := a.detail(id, asha, 200); a.stockOf(tee) != before || o.RefundedAt == nil || o.History[len(o.History)-1].By != shop.ByAdmin {
		t.Fatalf("after the admin's cancel: stock %d (want %d), refunded %v, history %+v", a.stockOf(tee), before, o.RefundedAt, o.History)
	}
	id = place()
	setStatus(id, "Shipped")
	cancel(id, admin, 409)
}

// TestParallelCancelsRefundOnce: two cancels at once (the buyer's and the admin's) refund and
// restock exactly once.
func TestParallelCancelsRefundOnce(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 20)
	for round := range 5 {
		ans := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee)})
		if ans.status != http.StatusCreated {
			t.Fatalf("checkout = %d %s", ans.status, ans.raw)
		}
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Go(func() {
				if i%2 == 0 {
					codes[i] = a.do(request{method: "POST", path: "/api/v1/auth/orders/" + ans.Order.ID + "/cancel",
						token: asha}).Code
				} else {
					codes[i] = a.do(request{method: "PUT", path: "/api/v1/auth/order-status/" + ans.Order.ID,
						token: admin, body: map[string]string{"status": "Cancelled"}}).Code
				}
			})
		}
		wg.Wait()
		if _, refunds := a.gateway.count(); refunds != round+1 || a.stockOf(tee) != 20 {
			t.Fatalf("round %d (answers %v): %d refunds, stock %d; want %d, 20", round, codes, refunds,
				a.stockOf(tee), round+1)
		}
	}
}
