package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop"
	"shop/embedded"
	"shop/httpapi"
	"shop/mongostore"
)

// TestStoreOutageAndRecovery stops the store under a running API: health turns 503, calls
// fail with a generic message, and everything works again once the store is back.
func TestStoreOutageAndRecovery(t *testing.T) {
	dir := t.TempDir()
	srv, err := embedded.Start(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Stop(5 * time.Second) }()

	db, err := mongostore.Open(context.Background(), srv.URI()+"?serverSelectionTimeoutMS=1000", "outage",
		mongostore.Options{SerializeUpdates: true, ConnectTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close(context.Background()) }()
	if err := db.EnsureIndexes(context.Background()); err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, db: db, users: mongostore.NewUserService(db, shop.Hasher{Cost: bcrypt.MinCost}),
		tokens: httpapi.NewTokens([]byte(testSecret), time.Hour)}
	a.server, err = httpapi.New(httpapi.Deps{Users: a.users, Tokens: a.tokens, Health: db.Ping,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	token, _ := a.signUp("Asha Rao", "asha@example.com")

	if err := srv.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	expect(t, a.do(request{method: "GET", path: "/healthz"}), http.StatusServiceUnavailable)
	rec := a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token})
	m := expect(t, rec, http.StatusInternalServerError)
	if msg := m["message"].(string); strings.Contains(strings.ToLower(msg), "mongo") || strings.Contains(msg, "sock") {
		t.Fatalf("the outage answer leaks internals: %q", msg)
	}

	// The store comes back on the same socket.
	if srv, err = embedded.Start(dir, nil); err != nil {
		t.Fatalf("restart store: %v", err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for a.do(request{method: "GET", path: "/healthz"}).Code != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("the API did not recover after the store came back")
		}
		time.Sleep(200 * time.Millisecond)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token}), http.StatusOK)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "secret123"}}), http.StatusOK)
}

// TestClientGoneIsNotAServerError: a shopper closing the tab mid-request is no fault of the
// shop: nothing is answered or logged as a 500. A write that has begun is done whole (the
// category exists); one still waiting to begin (a sign-up waiting for bcrypt) is not begun.
func TestClientGoneIsNotAServerError(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	gone := func(method, path, body, token string) int {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequest(method, path, strings.NewReader(body)).WithContext(ctx)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		rec := httptest.NewRecorder()
		a.server.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := gone("POST", "/api/v1/category/create-category", `{"name":"Scarves"}`, admin); code != http.StatusCreated {
		t.Fatalf("a category created by a caller who left answered %d, want it done (201)", code)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/category/single-category/scarves"}), http.StatusOK)

	body := `{"name":"Asha Rao","email":"asha@example.com","password":"secret123","phone":"1","address":"Pune","answer":"blue"}`
	if code := gone("POST", "/api/v1/auth/register", body, ""); code != 499 {
		t.Fatalf("a sign-up whose client left before it began answered %d, want 499 (client closed request)", code)
	}
	expect(t, a.login("asha@example.com", "secret123"), http.StatusUnauthorized)

	if code := gone("GET", "/api/v1/auth/orders?page=1&limit=10", "", admin); code != 499 {
		t.Fatalf("a read whose client left answered %d, want 499 (client closed request)", code)
	}
}
