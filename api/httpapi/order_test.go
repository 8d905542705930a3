package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/httpapi"
	"shop/mongostore"
	"shop/payment"
)

const (
	checkoutPath = "/api/v1/product/process-payment"
	okNonce      = "fake-valid-nonce"
)

// lazyOrders lets a test build the order service after newApp has made the database.
type lazyOrders struct{ shop.OrderService }

// shopApp is the API with checkout wired to a counting sandbox gateway and a recording
// catalogue hook.
type shopApp struct {
	*app
	gateway *countingGateway
	mu      sync.Mutex
	changed []string // product ids the stock reported as changed
}

type shopOptions struct {
	wrapStore    func(shop.OrderStore) shop.OrderStore
	gatewayDelay time.Duration
	mailer       shop.Mailer // tells buyers of their orders when set
}

func newShopApp(t *testing.T, o shopOptions) *shopApp {
	t.Helper()
	lazy := &lazyOrders{}
	a := &shopApp{app: newApp(t, func(d *httpapi.Deps) {
		d.Orders = lazy
		d.StripeNotices = payment.StripeNotices{Secret: webhookSecret}.Parse
	}),
		gateway: &countingGateway{delay: o.gatewayDelay}}
	var store shop.OrderStore = mongostore.NewOrderStore(a.db)
	if o.wrapStore != nil {
		store = o.wrapStore(store)
	}
	stock := mongostore.NewStock(a.db, changeRecorder{a})
	lazy.OrderService = shop.NewOrders(shop.OrdersConfig{Store: store, Stock: stock, Gateway: a.gateway,
		Currency: "inr", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Mailer: o.mailer, Users: a.users, PublicURL: "https://shop.test", TimeZone: time.UTC})
	return a
}

// changeRecorder records the products the stock reports as changed, and hands the change on
// to the read model.
type changeRecorder struct{ a *shopApp }

func (r changeRecorder) Changed(ctx context.Context, ch shop.CatalogueChange) error {
	r.a.mu.Lock()
	r.a.changed = append(r.a.changed, ch.Products...)
	r.a.mu.Unlock()
	return r.a.catalogue.Changed(ctx, ch)
}

// countingGateway is the sandbox, counting what it approves and refunds.
type countingGateway struct {
	delay    time.Duration
	onCharge func() // runs inside Charge when set
	mu       sync.Mutex
	sandbox  payment.Sandbox
	charges  []shop.Charge
	refunds  []shop.Payment
}

func (g *countingGateway) Charge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	time.Sleep(g.delay)
	if g.onCharge != nil {
		g.onCharge()
	}
	if err := ctx.Err(); err != nil {
		return nil, err // a real gateway's request would be cut off
	}
	p, err := g.sandbox.Charge(ctx, c)
	if err == nil {
		g.mu.Lock()
		g.charges = append(g.charges, c)
		g.mu.Unlock()
	}
	return p, err
}

func (g *countingGateway) FindCharge(ctx context.Context, c shop.Charge) (*shop.Payment, error) {
	return g.sandbox.FindCharge(ctx, c)
}

func (g *countingGateway) Refund(_ context.Context, p shop.Payment) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refunds = append(g.refunds, p)
	return nil
}

func (g *countingGateway) count() (charges, refunds int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.charges), len(g.refunds)
}

// addProduct stores a product the way the catalogue does and answers its id.
func (a *shopApp) addProduct(name string, price float64, quantity int) string {
	a.t.Helper()
	id := bson.NewObjectID()
	now := time.Now().UTC()
	_, err := a.db.Database().Collection("products").InsertOne(a.t.Context(), bson.M{
		"_id": id, "name": name, "slug": strings.ToLower(strings.ReplaceAll(name, " ", "-")),
		"description": "A fine " + name + " in soft cotton, machine washable.", "price": price,
		"quantity": quantity, "shipping": true, "category": bson.NewObjectID(), "createdAt": now, "updatedAt": now})
	if err != nil {
		a.t.Fatal(err)
	}
	return id.Hex()
}

func (a *shopApp) stockOf(id string) int {
	a.t.Helper()
	var doc struct {
		Quantity int `bson:"quantity"`
	}
	if err := a.db.Database().Collection("products").FindOne(a.t.Context(), bson.M{"_id": mustOID(a.t, id)}).Decode(&doc); err != nil {
		a.t.Fatal(err)
	}
	return doc.Quantity
}

// orderCount counts the orders placed: paid ones (pending and abandoned ones are no orders).
func (a *shopApp) orderCount() int64 {
	a.t.Helper()
	n, err := a.db.Database().Collection("orders").CountDocuments(a.t.Context(),
		bson.M{"paymentState": bson.M{"$nin": bson.A{shop.PaymentPending, shop.PaymentAbandoned}}})
	if err != nil {
		a.t.Fatal(err)
	}
	return n
}

func mustOID(t *testing.T, hex string) bson.ObjectID {
	t.Helper()
	id, err := bson.ObjectIDFromHex(hex)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// cart builds a cart of whole product objects, as the client keeps it.
func cart(ids ...string) []map[string]any {
	out := make([]map[string]any, len(ids))
	for i, id := range ids {
		out[i] = map[string]any{"_id": id, "name": "whatever the client says", "price": 1, "quantity": 99,
			"category": map[string]any{"_id": "x"}}
	}
	return out
}

func (a *shopApp) checkout(token, key string, body any) *orderAnswer {
	a.t.Helper()
	r := request{method: "POST", path: checkoutPath, body: body, token: token}
	if key != "" {
		r.header = map[string]string{"Idempotency-Key": key}
	}
	rec := a.do(r)
	ans := &orderAnswer{status: rec.Code, raw: rec.Body.String()}
	_ = json.Unmarshal(rec.Body.Bytes(), ans)
	return ans
}

type orderAnswer struct {
	status  int
	raw     string
	Success bool       `json:"success"`
	Message string     `json:"message"`
	Order   orderShape `json:"order"`
}

type orderShape struct {
	ID       string `json:"_id"`
	Products []struct {
		ID          string  `json:"_id"`
		Name        string  `json:"name"`
		Slug        string  `json:"slug"`
		Description string  `json:"description"`
		Price       float64 `json:"price"`
	} `json:"products"`
	Buyer struct {
		ID   string `json:"_id"`
		Name string `json:"name"`
	} `json:"buyer"`
	Payment struct {
		Success       bool    `json:"success"`
		Provider      string  `json:"provider"`
		TransactionID string  `json:"transactionId"`
		Amount        float64 `json:"amount"`
		Currency      string  `json:"currency"`
	} `json:"payment"`
	Total     float64   `json:"total"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func (a *shopApp) orders(path, token string) []orderShape {
	a.t.Helper()
	rec := a.do(request{method: "GET", path: path, token: token})
	expect(a.t, rec, http.StatusOK)
	if !strings.HasPrefix(strings.TrimSpace(rec.Body.String()), "[") {
		a.t.Fatalf("%s answers %s, want a bare JSON array", path, rec.Body.String())
	}
	var out []orderShape
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		a.t.Fatal(err)
	}
	return out
}

func TestCheckoutPlacesAnOrderPricedFromTheStore(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	token, user := a.signUp("Asha Rao", "asha@shop.test")
	shirt := a.addProduct("Linen Shirt", 499.5, 10)
	jeans := a.addProduct("Blue Jeans", 1200, 3)

	// The cart claims a price of 1 for everything; the store's prices are charged.
	ans := a.checkout(token, "", map[string]any{"nonce": okNonce, "cart": cart(shirt, jeans, shirt)})
	if ans.status != http.StatusCreated || !ans.Success || ans.Message == "" {
		t.Fatalf("checkout = %d %s", ans.status, ans.raw)
	}
	o := ans.Order
	if o.ID == "" || o.Status != "Not Process" || o.Total != 2199 || o.CreatedAt.IsZero() || o.UpdatedAt.IsZero() {
		t.Fatalf("order = %+v", o)
	}
	if o.Buyer.ID != user["_id"] || o.Buyer.Name != "Asha Rao" {
		t.Fatalf("buyer = %+v", o.Buyer)
	}
	p := o.Payment
	if !p.Success || p.Provider != "sandbox" || p.TransactionID == "" || p.Amount != 2199 || p.Currency != "inr" {
		t.Fatalf("payment = %+v", p)
	}
	var got []string
	for _, it := range o.Products {
		got = append(got, fmt.Sprintf("%s|%s|%s|%v|%t", it.ID, it.Name, it.Slug, it.Price, it.Description != ""))
	}
	want := []string{shirt + "|Linen Shirt|linen-shirt|499.5|true", jeans + "|Blue Jeans|blue-jeans|1200|true",
		shirt + "|Linen Shirt|linen-shirt|499.5|true"}
	if !slices.Equal(got, want) {
		t.Fatalf("products =\n%v\nwant\n%v", got, want)
	}
	if a.stockOf(shirt) != 8 || a.stockOf(jeans) != 2 {
		t.Fatalf("stock = %d, %d; want 8, 2", a.stockOf(shirt), a.stockOf(jeans))
	}
	if c := a.gateway.charges; len(c) != 1 || c[0].Amount != 219900 || c[0].Currency != "inr" || c[0].Nonce != okNonce || c[0].IdempotencyKey == "" {
		t.Fatalf("charges = %+v", c)
	}
	if slices.Sort(a.changed); !slices.Equal(a.changed, sortedOf(shirt, jeans)) {
		t.Fatalf("catalogue hook saw %v, want both products once", a.changed)
	}
	mine := a.orders("/api/v1/auth/orders", token)
	if len(mine) != 1 || mine[0].ID != o.ID || mine[0].Total != 2199 || mine[0].Buyer.Name != "Asha Rao" {
		t.Fatalf("auth/orders = %+v", mine)
	}
}

func sortedOf(ss ...string) []string { slices.Sort(ss); return ss }

// An id is its hexadecimal digits in either case: a cart naming its product in upper case
// buys that product, as every other call finds it.
func TestCheckoutTakesIdsInEitherCase(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	shirt := a.addProduct("Linen Shirt", 499.5, 10)
	ans := a.checkout(token, "", map[string]any{"nonce": okNonce, "cart": cart(strings.ToUpper(shirt))})
	if ans.status != http.StatusCreated || len(ans.Order.Products) != 1 || ans.Order.Products[0].ID != shirt {
		t.Fatalf("checkout = %d %s", ans.status, ans.raw)
	}
	if a.stockOf(shirt) != 9 {
		t.Fatalf("stock = %d, want 9", a.stockOf(shirt))
	}
}

// Every failing checkout leaves stock and orders as they were and charges nothing.
func TestCheckoutFailuresChangeNothing(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	shirt := a.addProduct("Linen Shirt", 499.5, 10)
	jeans := a.addProduct("Blue Jeans", 1200, 3)
	unknown := bson.NewObjectID().Hex()
	many := make([]string, shop.MaxCartLines+1)
	for i := range many {
		many[i] = shirt
	}
	tests := []struct {
		name   string
		token  string
		body   any
		status int
		msg    string // part of the message
	}{
		{"402-declined", token, map[string]any{"nonce": payment.DeclinedNonce, "cart": cart(shirt, jeans)}, 402, "declined"},
		{"402-stripe-declined", token, map[string]any{"nonce": payment.StripeDeclinedNonce, "cart": cart(jeans, shirt)}, 402, "declined"},
		{"409-short-stock", token, map[string]any{"nonce": okNonce, "cart": cart(shirt, jeans, jeans, jeans, jeans)}, 409, "Blue Jeans"},
		{"404-unknown-product", token, map[string]any{"nonce": okNonce, "cart": cart(shirt, unknown, jeans)}, 404, unknown},
		{"400-malformed-id", token, map[string]any{"nonce": okNonce, "cart": cart(shirt, "not-an-id")}, 400, "_id"},
		{"400-missing-id", token, map[string]any{"nonce": okNonce, "cart": []any{map[string]any{"name": "x"}}}, 400, "cart[0]._id"},
		{"400-id-number", token, map[string]any{"nonce": okNonce, "cart": []any{map[string]any{"_id": 7}}}, 400, "_id"},
		{"400-empty-cart", token, map[string]any{"nonce": okNonce, "cart": []any{}}, 400, "cart"},
		{"400-no-cart", token, map[string]any{"nonce": okNonce}, 400, "cart"},
		{"400-cart-of-bare-ids", token, map[string]any{"nonce": okNonce, "cart": []any{shirt}}, 400, "Field cart must be a list of objects."},
		{"400-cart-key-in-capitals", token, map[string]any{"nonce": okNonce, "CART": []any{shirt}}, 400, "Field cart must be a list of objects."},
		{"400-cart-not-list", token, map[string]any{"nonce": okNonce, "cart": "shirt"}, 400, "Field cart must be a list."},
		{"400-cart-too-long", token, map[string]any{"nonce": okNonce, "cart": cart(many...)}, 400, "cart"},
		{"400-no-nonce", token, map[string]any{"cart": cart(shirt)}, 400, "nonce"},
		{"400-blank-nonce", token, map[string]any{"nonce": "   ", "cart": cart(shirt)}, 400, "Field nonce is required: the card details are missing."},
		{"400-nonce-number", token, map[string]any{"nonce": 42, "cart": cart(shirt)}, 400, "nonce"},
		{"400-not-json", token, "nonce=x", 400, "JSON"},
		{"401-no-token", "", map[string]any{"nonce": okNonce, "cart": cart(shirt)}, 401, ""},
		{"401-bad-token", "nope", map[string]any{"nonce": okNonce, "cart": cart(shirt)}, 401, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.t = t
			ans := a.checkout(tt.token, "", tt.body)
			if ans.status != tt.status || ans.Success || !strings.Contains(ans.Message, tt.msg) {
				t.Fatalf("checkout = %d %s; want %d mentioning %q", ans.status, ans.raw, tt.status, tt.msg)
			}
			if s, j := a.stockOf(shirt), a.stockOf(jeans); s != 10 || j != 3 {
				t.Fatalf("stock = %d, %d; want 10, 3 unchanged", s, j)
			}
			if n := a.orderCount(); n != 0 {
				t.Fatalf("%d orders written", n)
			}
			if c, _ := a.gateway.count(); c != 0 {
				t.Fatalf("%d charges approved", c)
			}
		})
	}
}

// Ten shoppers race for five units: exactly five get one, and stock never goes below zero.
func TestCheckoutRaceForTheLastUnits(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	tee := a.addProduct("Graphic Tee", 350, 5)
	tokens := make([]string, 10)
	for i := range tokens {
		tokens[i], _ = a.signUp(fmt.Sprintf("Shopper %d", i), fmt.Sprintf("s%d@shop.test", i))
	}
	statuses := make([]int, len(tokens))
	var wg sync.WaitGroup
	for i, tok := range tokens {
		wg.Go(func() {
			rec := a.do(request{method: "POST", path: checkoutPath, token: tok,
				body: map[string]any{"nonce": okNonce, "cart": cart(tee)}})
			statuses[i] = rec.Code
		})
	}
	wg.Wait()
	slices.Sort(statuses)
	want := []int{201, 201, 201, 201, 201, 409, 409, 409, 409, 409}
	if !slices.Equal(statuses, want) {
		t.Fatalf("statuses = %v, want %v", statuses, want)
	}
	if s := a.stockOf(tee); s != 0 {
		t.Fatalf("stock = %d, want 0", s)
	}
	if n := a.orderCount(); n != 5 {
		t.Fatalf("%d orders, want 5", n)
	}
	if c, _ := a.gateway.count(); c != 5 {
		t.Fatalf("%d charges, want 5", c)
	}
}

func TestCheckoutIdempotencyKey(t *testing.T) {
	a := newShopApp(t, shopOptions{gatewayDelay: 30 * time.Millisecond})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	other, _ := a.signUp("Ben Das", "ben@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 20)
	body := map[string]any{"nonce": okNonce, "cart": cart(tee, tee)}

	first := a.checkout(token, "key-1", body)
	if first.status != http.StatusCreated {
		t.Fatalf("first = %d %s", first.status, first.raw)
	}
	again := a.checkout(token, "key-1", body)
	if again.status != http.StatusOK || !again.Success || again.Order.ID != first.Order.ID || again.Order.Total != 700 {
		t.Fatalf("retry = %d %s; want 200 with order %s", again.status, again.raw, first.Order.ID)
	}
	if c, _ := a.gateway.count(); c != 1 || a.stockOf(tee) != 18 || a.orderCount() != 1 {
		t.Fatalf("after a retry: %d charges, stock %d, %d orders; want 1, 18, 1", c, a.stockOf(tee), a.orderCount())
	}
	// The key names that purchase: a checkout of another cart with it is refused, not answered
	// with the first cart's order.
	capID := a.addProduct("Cap", 199, 5)
	for _, other := range [][]map[string]any{cart(tee), cart(tee, capID), cart(capID, tee), cart(tee, tee, tee)} {
		refused := a.checkout(token, "key-1", map[string]any{"nonce": okNonce, "cart": other})
		if refused.status != http.StatusConflict || !strings.Contains(refused.Message, "another cart") {
			t.Fatalf("key of another cart = %d %s; want 409", refused.status, refused.raw)
		}
	}
	if c, _ := a.gateway.count(); c != 1 || a.stockOf(tee) != 18 || a.stockOf(capID) != 5 || a.orderCount() != 1 {
		t.Fatalf("after other carts with a used key: %d charges, stock %d and %d, %d orders; want 1, 18, 5, 1",
			c, a.stockOf(tee), a.stockOf(capID), a.orderCount())
	}

	// The key belongs to its user: another shopper's checkout with it is their own.
	theirs := a.checkout(other, "key-1", body)
	if theirs.status != http.StatusCreated || theirs.Order.ID == first.Order.ID {
		t.Fatalf("other user's checkout = %d %s", theirs.status, theirs.raw)
	}

	// Concurrent retries with one key charge once and all answer the same order.
	const n = 8
	answers := make([]*orderAnswer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { answers[i] = a.checkout(token, "key-2", body) })
	}
	wg.Wait()
	created := 0
	for _, ans := range answers {
		if ans.status == http.StatusCreated {
			created++
		} else if ans.status != http.StatusOK {
			t.Fatalf("concurrent retry = %d %s", ans.status, ans.raw)
		}
		if ans.Order.ID != answers[0].Order.ID || ans.Order.ID == "" {
			t.Fatalf("concurrent retries answered different orders: %s and %s", ans.Order.ID, answers[0].Order.ID)
		}
	}
	if c, _ := a.gateway.count(); created != 1 || c != 3 || a.stockOf(tee) != 14 || a.orderCount() != 3 {
		t.Fatalf("%d created, %d charges, stock %d, %d orders; want 1, 3, 14, 3", created, c, a.stockOf(tee), a.orderCount())
	}

	// A checkout that failed leaves its key free for the retry that succeeds.
	declined := a.checkout(token, "key-3", map[string]any{"nonce": payment.DeclinedNonce, "cart": cart(tee)})
	retried := a.checkout(token, "key-3", map[string]any{"nonce": okNonce, "cart": cart(tee)})
	if declined.status != http.StatusPaymentRequired || retried.status != http.StatusCreated {
		t.Fatalf("declined then retried = %d, %d %s", declined.status, retried.status, retried.raw)
	}
	long := a.checkout(token, strings.Repeat("k", shop.MaxIdempotencyKeyLen+1), body)
	if long.status != http.StatusBadRequest || !strings.Contains(long.Message, "Idempotency-Key") {
		t.Fatalf("over-long key = %d %s", long.status, long.raw)
	}
}

// failingPaid makes marking an order paid fail while fail is set.
type failingPaid struct {
	shop.OrderStore
	fail bool
}

func (f *failingPaid) SettlePayment(ctx context.Context, id, state string, p *shop.Payment) (*shop.Order, error) {
	if f.fail && state == shop.PaymentPaid {
		return nil, errors.New("disk full")
	}
	return f.OrderStore.SettlePayment(ctx, id, state, p)
}

func TestCheckoutFailingOrderWriteReleasesStockAndRefunds(t *testing.T) {
	faulty := &failingPaid{fail: true}
	a := newShopApp(t, shopOptions{wrapStore: func(s shop.OrderStore) shop.OrderStore { faulty.OrderStore = s; return faulty }})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 4)
	jeans := a.addProduct("Blue Jeans", 1200, 2)
	body := map[string]any{"nonce": okNonce, "cart": cart(tee, jeans, tee)}

	ans := a.checkout(token, "key-1", body)
	if ans.status != http.StatusInternalServerError || strings.Contains(ans.raw, "disk full") {
		t.Fatalf("checkout = %d %s; want a 500 without detail", ans.status, ans.raw)
	}
	charges, refunds := a.gateway.count()
	if a.stockOf(tee) != 4 || a.stockOf(jeans) != 2 || a.orderCount() != 0 || charges != 1 || refunds != 1 {
		t.Fatalf("stock %d, %d, %d orders, %d charges, %d refunds; want 4, 2, 0, 1, 1",
			a.stockOf(tee), a.stockOf(jeans), a.orderCount(), charges, refunds)
	}
	if a.gateway.refunds[0].TransactionID == "" {
		t.Fatal("refund without a transaction id")
	}

	faulty.fail = false
	if again := a.checkout(token, "key-1", body); again.status != http.StatusCreated {
		t.Fatalf("retry after the fault = %d %s", again.status, again.raw)
	}
	if a.stockOf(tee) != 2 || a.stockOf(jeans) != 1 || a.orderCount() != 1 {
		t.Fatalf("after retry: stock %d, %d, %d orders", a.stockOf(tee), a.stockOf(jeans), a.orderCount())
	}
}

func TestOrderListsAreScopedAndNewestFirst(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, ashaUser := a.signUp("Asha Rao", "asha@shop.test")
	ben, benUser := a.signUp("Ben Das", "ben@shop.test")
	carol, _ := a.signUp("Carol", "carol@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 50)
	var placed []string // in order of placing
	for _, tok := range []string{asha, ben, asha} {
		ans := a.checkout(tok, "", map[string]any{"nonce": okNonce, "cart": cart(tee)})
		if ans.status != http.StatusCreated {
			t.Fatalf("checkout = %d %s", ans.status, ans.raw)
		}
		placed = append(placed, ans.Order.ID)
		time.Sleep(5 * time.Millisecond) // distinct createdAt
	}
	ids := func(os []orderShape) []string {
		var out []string
		for _, o := range os {
			out = append(out, o.ID)
		}
		return out
	}

	mine := a.orders("/api/v1/auth/orders", asha)
	if got := ids(mine); !slices.Equal(got, []string{placed[2], placed[0]}) {
		t.Fatalf("Asha's orders = %v, want %v", got, []string{placed[2], placed[0]})
	}
	for _, o := range mine {
		if o.Buyer.ID != ashaUser["_id"] || o.Buyer.Name != "Asha Rao" || len(o.Products) != 1 || o.Status != "Not Process" {
			t.Fatalf("Asha's order = %+v", o)
		}
	}
	if got := ids(a.orders("/api/v1/auth/orders", ben)); !slices.Equal(got, []string{placed[1]}) {
		t.Fatalf("Ben's orders = %v", got)
	}
	if got := a.orders("/api/v1/auth/orders", carol); got == nil || len(got) != 0 {
		t.Fatalf("Carol's orders = %#v, want []", got)
	}
	all := a.orders("/api/v1/auth/all-orders", admin)
	if got := ids(all); !slices.Equal(got, []string{placed[2], placed[1], placed[0]}) {
		t.Fatalf("all orders = %v", got)
	}
	if all[1].Buyer.ID != benUser["_id"] || all[1].Buyer.Name != "Ben Das" {
		t.Fatalf("Ben's order buyer = %+v", all[1].Buyer)
	}

	for _, tt := range []struct {
		name, path, token string
		status            int
	}{
		{"orders-401", "/api/v1/auth/orders", "", 401},
		{"all-orders-401", "/api/v1/auth/all-orders", "", 401},
		{"all-orders-403-shopper", "/api/v1/auth/all-orders", asha, 403},
	} {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, a.do(request{method: "GET", path: tt.path, token: tt.token}), tt.status)
		})
	}
}

func TestSetOrderStatus(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	admin := a.signUpAdmin()
	tee := a.addProduct("Graphic Tee", 350, 5)
	o := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee)}).Order
	path := "/api/v1/auth/order-status/" + o.ID

	// Any of the five, in any order, at any time.
	for _, status := range []string{"Delivered", "Not Process", "Cancelled", "Processing", "Shipped"} {
		m := expect(t, a.do(request{method: "PUT", path: path, token: admin, body: map[string]string{"status": status}}), 200)
		order, _ := m["order"].(map[string]any)
		if m["success"] != true || m["message"] == "" || order["status"] != status || order["_id"] != o.ID {
			t.Fatalf("set %q answered %v", status, m)
		}
	}
	if got := a.orders("/api/v1/auth/orders", asha); len(got) != 1 || got[0].Status != "Shipped" || !got[0].UpdatedAt.After(o.UpdatedAt) {
		t.Fatalf("shopper sees %+v", got)
	}

	for _, tt := range []struct {
		name, path, token string
		body              any
		status            int
		msg               string
	}{
		{"400-unknown-status", path, admin, map[string]string{"status": "Lost"}, 400, "status"},
		{"400-lowercase-status", path, admin, map[string]string{"status": "shipped"}, 400, "status"},
		{"400-no-status", path, admin, map[string]string{}, 400, "status"},
		{"400-status-number", path, admin, map[string]any{"status": 3}, 400, "status"},
		{"400-malformed-id", "/api/v1/auth/order-status/nope", admin, map[string]string{"status": "Shipped"}, 400, "id"},
		{"404-unknown-id", "/api/v1/auth/order-status/" + bson.NewObjectID().Hex(), admin, map[string]string{"status": "Shipped"}, 404, ""},
		{"403-shopper", path, asha, map[string]string{"status": "Delivered"}, 403, ""},
		{"401-no-token", path, "", map[string]string{"status": "Delivered"}, 401, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "PUT", path: tt.path, token: tt.token, body: tt.body}), tt.status)
			if msg, _ := m["message"].(string); !strings.Contains(msg, tt.msg) {
				t.Fatalf("message %q does not mention %q", msg, tt.msg)
			}
		})
	}
	if got := a.orders("/api/v1/auth/orders", asha); got[0].Status != "Shipped" {
		t.Fatalf("status after refused changes = %q", got[0].Status)
	}
}

// An order keeps what was bought: repricing, renaming or deleting the product changes nothing.
func TestOrdersSurviveProductChanges(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	asha, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 5)
	jeans := a.addProduct("Blue Jeans", 1200, 5)
	placed := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(tee, jeans)})
	if placed.status != http.StatusCreated {
		t.Fatalf("checkout = %d %s", placed.status, placed.raw)
	}
	products := a.db.Database().Collection("products")
	if _, err := products.UpdateByID(t.Context(), mustOID(t, tee), bson.M{"$set": bson.M{"price": 999.0, "name": "Renamed Tee", "description": "new"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := products.DeleteOne(t.Context(), bson.M{"_id": mustOID(t, jeans)}); err != nil {
		t.Fatal(err)
	}
	got := a.orders("/api/v1/auth/orders", asha)
	if len(got) != 1 {
		t.Fatalf("orders = %+v", got)
	}
	before, _ := json.Marshal(placed.Order.Products)
	after, _ := json.Marshal(got[0].Products)
	if string(before) != string(after) || got[0].Total != 1550 || got[0].Payment.Amount != 1550 {
		t.Fatalf("order changed:\nbefore %s\nafter  %s (total %v)", before, after, got[0].Total)
	}
	// The deleted product can no longer be bought.
	if ans := a.checkout(asha, "", map[string]any{"nonce": okNonce, "cart": cart(jeans)}); ans.status != http.StatusNotFound {
		t.Fatalf("checkout of a deleted product = %d %s", ans.status, ans.raw)
	}
}

// The catalogue's read model shows the stock a checkout left, as soon as the checkout answers.
func TestCheckoutUpdatesTheCatalogue(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	cat, err := a.categories.CreateCategory(t.Context(), "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.products.CreateProduct(t.Context(), shop.ProductInput{Name: "Oxford Shirt",
		Description: "Crisp cotton.", Price: 89900, Quantity: 3, CategoryID: cat.ID}, nil)
	if err != nil {
		t.Fatal(err)
	}
	quantity := func() float64 {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product/" + p.Slug}), 200)
		return m["product"].(map[string]any)["quantity"].(float64)
	}
	if ans := a.checkout(token, "", map[string]any{"nonce": okNonce, "cart": cart(p.ID, p.ID)}); ans.status != 201 || ans.Order.Total != 1798 {
		t.Fatalf("checkout = %d %s", ans.status, ans.raw)
	}
	if q := quantity(); q != 1 {
		t.Fatalf("catalogue quantity after the sale = %v, want 1", q)
	}
	if ans := a.checkout(token, "", map[string]any{"nonce": payment.DeclinedNonce, "cart": cart(p.ID)}); ans.status != 402 {
		t.Fatalf("declined checkout = %d %s", ans.status, ans.raw)
	}
	if q := quantity(); q != 1 {
		t.Fatalf("catalogue quantity after a declined checkout = %v, want 1", q)
	}
}

// A shopper who goes away while the card is being charged still gets the order paid for.
func TestCheckoutFinishesWhenTheShopperGoesAway(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	token, _ := a.signUp("Asha Rao", "asha@shop.test")
	tee := a.addProduct("Graphic Tee", 350, 2)
	ctx, cancel := context.WithCancel(t.Context())
	a.gateway.onCharge = cancel
	raw, _ := json.Marshal(map[string]any{"nonce": okNonce, "cart": cart(tee)})
	req := httptest.NewRequestWithContext(ctx, "POST", checkoutPath, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", token)
	a.server.ServeHTTP(httptest.NewRecorder(), req)
	if charges, _ := a.gateway.count(); charges != 1 || a.orderCount() != 1 || a.stockOf(tee) != 1 {
		t.Fatalf("%d charges, %d orders, stock %d; want 1, 1, 1", charges, a.orderCount(), a.stockOf(tee))
	}
}
