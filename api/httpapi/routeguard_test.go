package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop/httpapi"
)

// access is who may call a route (DESIGN §5's "who" column).
type access string

const (
	public    access = "public" // anyone
	signedIn  access = "user"   // a valid token of an existing user
	adminOnly access = "admin"  // signed in as an administrator
)

// guardedRoute is one route of the router as the guard test sees it.
type guardedRoute struct {
	method, pattern string // as the router registers it: "PUT", "/api/v1/category/update-category/:id"
	access          access
	// call is what the test sends to a route that needs a token: a call that, were its guard
	// missing, would read someone's data or change the store (a real id, a valid body).
	call request
	// probe is a call that passes the route's guard with the right token but changes nothing
	// (an unknown id, no body): the control that the route lets its callers in.
	probe request
}

// routeFixture is a small shop the guard test calls into: a category in use and a spare one,
// a product of the first, a shopper with an order of it, and an administrator.
type routeFixture struct {
	*shopApp
	admin, shopper         string // tokens
	catID, catSlug, spare  string
	productID, productSlug string
	orderID                string
}

func newRouteFixture(t *testing.T) *routeFixture {
	t.Helper()
	f := &routeFixture{shopApp: newShopApp(t, shopOptions{})}
	f.admin = f.signUpAdmin()
	f.shopper, _ = f.signUp("Asha Rao", "asha@shop.test")
	f.catID, f.catSlug = f.createCategory(f.admin, "Shirts")
	f.spare, _ = f.createCategory(f.admin, "Spare")
	p := f.createProduct(f.admin, productFields(f.catID, "Linen Shirt"), nil)
	f.productID, f.productSlug = p["_id"].(string), p["slug"].(string)
	placed := f.checkout(f.shopper, "", map[string]any{"nonce": okNonce, "cart": cart(f.productID)})
	if placed.status != http.StatusCreated {
		t.Fatalf("checkout = %d %s", placed.status, placed.raw)
	}
	f.orderID = placed.Order.ID
	return f
}

// productForm is a multipart request of a product form.
func (f *routeFixture) productForm(method, path string, fields map[string]string) request {
	body, ct := multipartForm(f.t, fields, nil)
	return request{method: method, path: path, body: body, header: map[string]string{"Content-Type": ct}}
}

// routeTable classifies every route the API has. A route the router has and this table lacks
// fails TestEveryRouteIsGuarded: whoever adds a route says here who may call it, and the test
// then proves its guard.
func (f *routeFixture) routeTable() []guardedRoute {
	unknown := bson.NewObjectID().Hex() // well formed, in no collection
	const v1 = "/api/v1"
	get := func(path string) request { return request{method: "GET", path: path} }
	send := func(method, path string, body any) request { return request{method: method, path: path, body: body} }
	same := func(r guardedRoute) guardedRoute { r.probe = r.call; return r }
	hijack := map[string]string{"name": "Taken Over", "password": "hijack99", "currentPassword": "secret123",
		"phone": "9000000000", "address": "1 Elsewhere Road"}
	renamed := productFields(f.catID, "Hacked Shirt")

	return []guardedRoute{
		// Anyone.
		same(guardedRoute{method: "GET", pattern: "/healthz", access: public, call: get("/healthz")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/ping", access: public, call: get(v1 + "/ping")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/config", access: public, call: get(v1 + "/config")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/openapi.yaml", access: public, call: get(v1 + "/openapi.yaml")}),
		same(guardedRoute{method: "GET", pattern: "/api/docs", access: public, call: get("/api/docs")}),
		same(guardedRoute{method: "POST", pattern: v1 + "/auth/register", access: public, call: send("POST", v1+"/auth/register", nil)}),
		same(guardedRoute{method: "POST", pattern: v1 + "/auth/login", access: public, call: send("POST", v1+"/auth/login", nil)}),
		same(guardedRoute{method: "POST", pattern: v1 + "/auth/forgot-password", access: public, call: send("POST", v1+"/auth/forgot-password", nil)}),
		same(guardedRoute{method: "POST", pattern: v1 + "/auth/reset-link", access: public, call: send("POST", v1+"/auth/reset-link", nil)}),
		same(guardedRoute{method: "POST", pattern: v1 + "/auth/reset-password", access: public, call: send("POST", v1+"/auth/reset-password", nil)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/category/get-category", access: public, call: get(v1 + "/category/get-category")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/category/single-category/:slug", access: public, call: get(v1 + "/category/single-category/" + f.catSlug)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/browse", access: public, call: get(v1 + "/product/browse")}),
		same(guardedRoute{method: "POST", pattern: v1 + "/product/product-filters", access: public, call: send("POST", v1+"/product/product-filters", map[string]any{"checked": []string{}, "radio": []float64{}})}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/get-product", access: public, call: get(v1 + "/product/get-product")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/get-product/:slug", access: public, call: get(v1 + "/product/get-product/" + f.productSlug)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/product-photo/:id", access: public, call: get(v1 + "/product/product-photo/" + f.productID)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/product-count", access: public, call: get(v1 + "/product/product-count")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/product-list/:page", access: public, call: get(v1 + "/product/product-list/1")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/product-category/:slug", access: public, call: get(v1 + "/product/product-category/" + f.catSlug)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/related-product/:pid/:cid", access: public, call: get(v1 + "/product/related-product/" + f.productID + "/" + f.catID)}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/search", access: public, call: get(v1 + "/product/search")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/search/", access: public, call: get(v1 + "/product/search/")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/product/search/:keyword", access: public, call: get(v1 + "/product/search/linen")}),
		same(guardedRoute{method: "POST", pattern: v1 + "/payment/stripe/webhook", access: public, call: send("POST", v1+"/payment/stripe/webhook", nil)}),

		// A signed-in user.
		same(guardedRoute{method: "GET", pattern: v1 + "/auth/user-auth", access: signedIn, call: get(v1 + "/auth/user-auth")}),
		{method: "PUT", pattern: v1 + "/auth/profile", access: signedIn,
			call: send("PUT", v1+"/auth/profile", hijack), probe: send("PUT", v1+"/auth/profile", nil)},
		same(guardedRoute{method: "GET", pattern: v1 + "/auth/orders", access: signedIn, call: get(v1 + "/auth/orders")}),
		{method: "GET", pattern: v1 + "/auth/orders/:id", access: signedIn,
			call: get(v1 + "/auth/orders/" + f.orderID), probe: get(v1 + "/auth/orders/" + unknown)},
		{method: "POST", pattern: v1 + "/auth/orders/:id/cancel", access: signedIn,
			call: send("POST", v1+"/auth/orders/"+f.orderID+"/cancel", nil), probe: send("POST", v1+"/auth/orders/"+unknown+"/cancel", nil)},
		{method: "POST", pattern: v1 + "/product/process-payment", access: signedIn,
			call:  send("POST", v1+"/product/process-payment", map[string]any{"nonce": okNonce, "cart": cart(f.productID)}),
			probe: send("POST", v1+"/product/process-payment", nil)},

		// An administrator.
		same(guardedRoute{method: "GET", pattern: v1 + "/auth/admin-auth", access: adminOnly, call: get(v1 + "/auth/admin-auth")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/auth/all-users", access: adminOnly, call: get(v1 + "/auth/all-users")}),
		same(guardedRoute{method: "GET", pattern: v1 + "/auth/all-orders", access: adminOnly, call: get(v1 + "/auth/all-orders")}),
		{method: "PUT", pattern: v1 + "/auth/order-status/:orderId", access: adminOnly,
			call:  send("PUT", v1+"/auth/order-status/"+f.orderID, map[string]string{"status": "Shipped"}),
			probe: send("PUT", v1+"/auth/order-status/"+unknown, map[string]string{"status": "Shipped"})},
		{method: "POST", pattern: v1 + "/category/create-category", access: adminOnly,
			call: send("POST", v1+"/category/create-category", map[string]string{"name": "Stolen Goods"}), probe: send("POST", v1+"/category/create-category", nil)},
		{method: "PUT", pattern: v1 + "/category/update-category/:id", access: adminOnly,
			call:  send("PUT", v1+"/category/update-category/"+f.catID, map[string]string{"name": "Hacked"}),
			probe: send("PUT", v1+"/category/update-category/"+unknown, map[string]string{"name": "Nobody's"})},
		{method: "DELETE", pattern: v1 + "/category/delete-category/:id", access: adminOnly,
			call: send("DELETE", v1+"/category/delete-category/"+f.spare, nil), probe: send("DELETE", v1+"/category/delete-category/"+unknown, nil)},
		{method: "POST", pattern: v1 + "/product/create-product", access: adminOnly,
			call:  f.productForm("POST", v1+"/product/create-product", productFields(f.catID, "Smuggled Shirt")),
			probe: f.productForm("POST", v1+"/product/create-product", map[string]string{})},
		{method: "PUT", pattern: v1 + "/product/update-product/:id", access: adminOnly,
			call:  f.productForm("PUT", v1+"/product/update-product/"+f.productID, renamed),
			probe: f.productForm("PUT", v1+"/product/update-product/"+unknown, renamed)},
		{method: "DELETE", pattern: v1 + "/product/delete-product/:id", access: adminOnly,
			call: send("DELETE", v1+"/product/delete-product/"+f.productID, nil), probe: send("DELETE", v1+"/product/delete-product/"+unknown, nil)},
		{method: "PUT", pattern: v1 + "/product/variants/:id", access: adminOnly,
			call: send("PUT", v1+"/product/variants/"+f.productID, teeVariants("HACK")), probe: send("PUT", v1+"/product/variants/"+unknown, teeVariants("NONE"))},
	}
}

// mustClassify says why an unlisted route fails the test. Every route must be listed, so that a
// guard is decided for each; routes under auth/ and catalogue writes are named as the ones that
// most need it.
func mustClassify(method, pattern string) string {
	switch {
	case strings.HasPrefix(pattern, "/api/v1/auth/"):
		return "every route under /api/v1/auth/ carries personal data or credentials"
	case method != "GET" && method != "HEAD" &&
		(strings.HasPrefix(pattern, "/api/v1/category/") || strings.HasPrefix(pattern, "/api/v1/product/")):
		return "a write of the catalogue is an administrator's"
	}
	return "every route must say who may call it"
}

// with is r carrying token in Authorization.
func (r request) with(token string) request { r.token = token; return r }

// storeDump is the whole of what a refused call must leave as it was.
func (f *routeFixture) storeDump() map[string][]bson.M {
	f.t.Helper()
	out := map[string][]bson.M{}
	for _, name := range []string{"users", "categories", "products", "orders"} {
		cur, err := f.db.Database().Collection(name).Find(f.t.Context(), bson.M{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
		if err != nil {
			f.t.Fatal(err)
		}
		var docs []bson.M
		if err := cur.All(f.t.Context(), &docs); err != nil {
			f.t.Fatal(err)
		}
		out[name] = docs
	}
	return out
}

// staleTokens are the six tokens DESIGN §5 refuses, each of an administrator where the token
// names a user, so that a missing check would show as a success, not as a 403.
func (f *routeFixture) staleTokens() []struct{ name, token string } {
	t := f.t
	t.Helper()
	adminID := func(email string) string {
		u, err := f.users.EnsureAdmin(t.Context(), email, "boss1234", "Boss")
		if err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	signIn := func(email string) string {
		m := expect(t, f.login(email, "boss1234"), http.StatusOK)
		tok := m["token"].(string)
		expect(t, f.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: tok}), http.StatusOK) // valid until made stale
		return tok
	}

	// An expired token and one of another secret, of an admin whose token is otherwise good.
	keeper := adminID("keeper@shop.test")
	issue := func(secret string, ttl time.Duration) string {
		tok, err := httpapi.NewTokens([]byte(secret), ttl).Issue(keeper)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	expect(t, f.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: issue(testSecret, time.Hour)}), http.StatusOK)
	expired := issue(testSecret, -time.Hour)
	otherSecret := issue("another-secret-another-secret-0123456", time.Hour)

	adminID("gone@shop.test")
	ofDeleted := signIn("gone@shop.test")
	if _, err := f.db.Database().Collection("users").DeleteOne(t.Context(), bson.M{"email": "gone@shop.test"}); err != nil {
		t.Fatal(err)
	}

	adminID("boss@shop.test")
	beforeChange := signIn("boss@shop.test")
	time.Sleep(2 * time.Millisecond) // the store keeps milliseconds
	m := expect(t, f.do(request{method: "PUT", path: "/api/v1/auth/profile", token: beforeChange,
		body: map[string]string{"password": "boss5678", "currentPassword": "boss1234"}}), http.StatusOK)
	if fresh, _ := m["token"].(string); fresh == "" {
		t.Fatal("a password change answers no fresh token")
	}

	return []struct{ name, token string }{
		{"no-token", ""},
		{"garbage", "garbage.not-a.jwt"},
		{"expired", expired},
		{"other-secret", otherSecret},
		{"deleted-user", ofDeleted},
		{"issued-before-password-change", beforeChange},
	}
}

// TestEveryRouteIsGuarded walks the router's own list of routes: each must be classified, each
// that needs a token answers 401 to every token §5 refuses (raw and as Bearer), each admin
// route answers 403 to a signed-in shopper, and none of the refused calls changes the store.
func TestEveryRouteIsGuarded(t *testing.T) {
	f := newRouteFixture(t)
	stale := f.staleTokens()
	table := map[string]guardedRoute{}
	for _, r := range f.routeTable() {
		table[r.method+" "+r.pattern] = r
	}

	// The router's routes; a HEAD is its GET's twin (routes.go's get) and has the GET's guard.
	seen := map[string]bool{}
	var routes []guardedRoute
	for _, ri := range httpapi.RoutesOf(f.server) {
		key := ri.Method + " " + ri.Path
		if ri.Method == http.MethodHead {
			key = "GET " + ri.Path
		}
		r, ok := table[key]
		if !ok {
			t.Errorf("%s %s is not classified as public, user or admin in TestEveryRouteIsGuarded's table (%s)",
				ri.Method, ri.Path, mustClassify(ri.Method, ri.Path))
			continue
		}
		seen[key] = true
		if ri.Method == http.MethodHead {
			r.method = http.MethodHead
			r.call.method, r.probe.method = http.MethodHead, http.MethodHead
		}
		routes = append(routes, r)
	}
	for key := range table {
		if !seen[key] {
			t.Errorf("the table lists %s, which the router does not have", key)
		}
	}
	// The answer cache answers before any route's guard: a route it keeps answers for must
	// be public, or one visitor's answer would reach the next.
	for _, r := range table {
		if r.method == http.MethodGet && httpapi.CachedRoute(r.pattern) && r.access != public {
			t.Errorf("GET %s is %s only, yet the answer cache keeps its answers for everyone", r.pattern, r.access)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	for _, r := range routes {
		t.Run(r.method+" "+r.pattern, func(t *testing.T) {
			if r.access == public {
				// A stale token left in the client must not cost anyone the catalogue.
				for _, tok := range []string{"", "garbage.not-a.jwt"} {
					passesGuard(t, "token "+short(tok), f.do(r.probe.with(tok)))
				}
				return
			}
			before := f.storeDump()
			switch r.access {
			case signedIn:
				passesGuard(t, "shopper's token", f.do(r.probe.with(f.shopper)))
			case adminOnly:
				passesGuard(t, "admin's token", f.do(r.probe.with(f.admin)))
				for _, tok := range []string{f.shopper, "Bearer " + f.shopper} {
					expect(t, f.do(r.call.with(tok)), http.StatusForbidden)
				}
			}
			for _, s := range stale {
				forms := []string{s.token}
				if s.token != "" {
					forms = append(forms, "Bearer "+s.token)
				}
				for _, tok := range forms {
					rec := f.do(r.call.with(tok))
					if rec.Code != http.StatusUnauthorized {
						t.Errorf("%s (%s): status %d, want 401; body %s", s.name, short(tok), rec.Code, rec.Body.String())
						continue
					}
					expect(t, rec, http.StatusUnauthorized) // §5's {success:false, message}; a HEAD's too, as recorded
				}
			}
			after := f.storeDump()
			for name := range before {
				if !reflect.DeepEqual(after[name], before[name]) {
					t.Errorf("refused calls changed %s:\nbefore %v\nafter  %v", name, before[name], after[name])
				}
			}
		})
	}

	// Read back through the API what the refused writes aimed at.
	p := expect(t, f.do(request{method: "GET", path: "/api/v1/product/get-product/" + f.productSlug}), http.StatusOK)["product"].(map[string]any)
	if p["name"] != "Linen Shirt" || len(p["variants"].([]any)) != 0 || p["category"].(map[string]any)["name"] != "Shirts" {
		t.Errorf("product after refused writes: %v", p)
	}
	var cats []string
	for _, c := range expect(t, f.do(request{method: "GET", path: "/api/v1/category/get-category"}), http.StatusOK)["category"].([]any) {
		cats = append(cats, c.(map[string]any)["name"].(string))
	}
	if got := fmt.Sprint(cats); got != "[Shirts Spare]" {
		t.Errorf("categories after refused writes: %s", got)
	}
	if n := expect(t, f.do(request{method: "GET", path: "/api/v1/product/product-count"}), http.StatusOK)["total"]; n != 1.0 {
		t.Errorf("product count after refused writes: %v", n)
	}
	if o := f.detail(f.orderID, f.shopper, http.StatusOK); o.Status != "Not Process" || len(o.History) != 1 || o.RefundedAt != nil {
		t.Errorf("order after refused writes: %+v", o)
	}
	if n := f.orderCount(); n != 1 {
		t.Errorf("%d orders after refused checkouts, want 1", n)
	}
	// The profile calls with the refused admins' tokens set no password.
	expect(t, f.login("keeper@shop.test", "boss1234"), http.StatusOK)
	expect(t, f.login("boss@shop.test", "boss5678"), http.StatusOK)
}

// passesGuard fails when rec is a guard's refusal (401 or 403) or a 5xx: the control that the
// right token, or for a public route none, is let through to the handler.
func passesGuard(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden || rec.Code >= 500 {
		t.Errorf("%s: status %d, want the handler's answer; body %.300s", what, rec.Code, rec.Body.String())
	}
}

// short is a token as a failure names it.
func short(tok string) string {
	if len(tok) > 24 {
		return tok[:24] + "..."
	}
	return tok
}
