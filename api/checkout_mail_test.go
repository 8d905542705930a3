package shop_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"shop"
	"shop/internal/reqid"
)

// sentMails keeps what was sent, and the request id each was sent under.
type sentMails struct {
	mu       sync.Mutex
	sent     []shop.Mail
	requests []string
}

func (m *sentMails) Send(ctx context.Context, mail shop.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, mail)
	m.requests = append(m.requests, reqid.From(ctx))
	return nil
}

// countedUsers answers one user and counts the look-ups.
type countedUsers struct {
	mu      sync.Mutex
	lookups int
	user    shop.User
}

func (u *countedUsers) FindUserByID(_ context.Context, id string) (*shop.User, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.lookups++
	if id != u.user.ID {
		return nil, errors.New("no such user")
	}
	return &u.user, nil
}

// A checkout's confirmation goes to the address the signed-in buyer gave with the request,
// without reading the buyer again; a request without it looks the buyer up.
func TestCheckoutConfirmationGoesToTheBuyerOfTheRequest(t *testing.T) {
	for _, tt := range []struct {
		name        string
		email       string
		wantTo      string
		wantLookups int
	}{
		{"address given", "asha@shop.test", "asha@shop.test", 0},
		{"address looked up", "", "asha.stored@shop.test", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store, stock := teeShop(3)
			mails := &sentMails{}
			users := &countedUsers{user: shop.User{ID: "b1", Name: "Asha Rao", Email: "asha.stored@shop.test"}}
			orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock,
				Gateway: &cancellingGateway{cancel: func() {}} /* approves */, Mailer: mails, Users: users,
				Logger: quietLog})
			o, _, err := orders.Checkout(t.Context(), shop.CheckoutRequest{BuyerID: "b1", BuyerName: "Asha Rao",
				BuyerEmail: tt.email, Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}})
			if err != nil {
				t.Fatal(err)
			}
			if err := orders.Drain(t.Context()); err != nil { // lets the mail go out
				t.Fatal(err)
			}
			if len(mails.sent) != 1 || mails.sent[0].To != tt.wantTo {
				t.Fatalf("sent %+v; want one mail to %s", mails.sent, tt.wantTo)
			}
			if users.lookups != tt.wantLookups {
				t.Fatalf("%d look-ups of the buyer, want %d", users.lookups, tt.wantLookups)
			}
			if o.Buyer.Name != "Asha Rao" {
				t.Fatalf("buyer %+v", o.Buyer)
			}
		})
	}
}

// The mails date an order in the shop's time zone, and name it: an order placed at 00:30 in
// India was dated the day before (in UTC) in its confirmation while its page showed the day.
func TestOrderMailDatesTheOrderInTheShopsTimeZone(t *testing.T) {
	store, stock := teeShop(3)
	mails := &sentMails{}
	placed := time.Date(2026, 11, 27, 19, 4, 0, 0, time.UTC) // 00:34 on the 28th in India
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock,
		Gateway: &cancellingGateway{cancel: func() {}} /* approves */, Mailer: mails, Logger: quietLog,
		Users: &countedUsers{user: shop.User{ID: "b1", Name: "Asha Rao", Email: "asha@shop.test"}},
		Now:   func() time.Time { return placed }, TimeZone: time.FixedZone("IST", 5*3600+1800)})
	if _, _, err := orders.Checkout(t.Context(), shop.CheckoutRequest{BuyerID: "b1", BuyerName: "Asha Rao",
		BuyerEmail: "asha@shop.test", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}}); err != nil {
		t.Fatal(err)
	}
	if err := orders.Drain(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(mails.sent) != 1 {
		t.Fatalf("sent %d mails, want 1", len(mails.sent))
	}
	for _, body := range []string{mails.sent[0].Text, mails.sent[0].HTML} {
		if !strings.Contains(body, "28 Nov 2026, 00:34 IST") {
			t.Errorf("the mail does not date the order 28 Nov 2026, 00:34 IST:\n%s", body)
		}
	}
}

// An order's mail is sent under the request that placed the order, so its log lines carry that
// request's id (grep one id: the checkout and its confirmation), and it still goes out after
// the request has ended.
func TestOrderMailKeepsTheRequestID(t *testing.T) {
	store, stock := teeShop(3)
	mails := &sentMails{}
	users := &countedUsers{user: shop.User{ID: "b1", Name: "Asha Rao", Email: "asha@shop.test"}}
	orders := shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock,
		Gateway: &cancellingGateway{cancel: func() {}} /* approves */, Mailer: mails, Users: users, Logger: quietLog})
	ctx, endRequest := context.WithCancel(reqid.With(t.Context(), "checkout-req-0001"))
	_, _, err := orders.Checkout(ctx, shop.CheckoutRequest{BuyerID: "b1", BuyerName: "Asha Rao",
		BuyerEmail: "asha@shop.test", Nonce: "n", Cart: []shop.CartItem{{ID: "p1"}}})
	endRequest()
	if err != nil {
		t.Fatal(err)
	}
	if err := orders.Drain(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(mails.requests) != 1 || mails.requests[0] != "checkout-req-0001" {
		t.Fatalf("mails sent under requests %q, want one under checkout-req-0001", mails.requests)
	}
}
