package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"shop"
	shopapp "shop/app"
	"shop/catalogue"
	"shop/httpapi"
	"shop/internal/storetest"
	"shop/mongostore"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

const testSecret = "test-secret-test-secret-test-secret-0123"

// app is one API over a fresh database, as a test sees it.
type app struct {
	t      *testing.T
	db     *mongostore.DB
	users  *mongostore.UserService
	tokens *httpapi.Tokens
	server *httpapi.Server

	shop       *shopapp.Shop
	catalogue  *catalogue.Model // the read model behind every catalogue read
	categories shop.CategoryService
	products   shop.ProductService
	resetLinks *shop.ResetLinks // the reset links' service, when a test made its own
}

// newApp wires the real services and router over a fresh database.
func newApp(t *testing.T, opts ...func(*httpapi.Deps)) *app {
	t.Helper()
	db := storetest.NewDB(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s, err := shopapp.New(t.Context(), db, shopapp.Config{Hasher: shop.Hasher{Cost: bcrypt.MinCost},
		PhotoCacheBytes: 8 << 20, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, db: db, users: s.Users, tokens: httpapi.NewTokens([]byte(testSecret), time.Hour),
		shop: s, catalogue: s.Catalogue, categories: s.Categories, products: s.Products}
	t.Cleanup(func() { _ = s.ResetLinks.Drain(context.Background()) }) // links asked for, before the store closes
	deps := s.Deps()
	deps.Tokens = a.tokens
	deps.Orders = nil
	for _, o := range opts {
		o(&deps)
	}
	srv, err := httpapi.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	a.server = srv
	return a
}

// request is one call to the API.
type request struct {
	method, path string
	body         any // marshalled to JSON unless it is a string or []byte
	token        string
	header       map[string]string
}

// do sends r through the router and returns the recorded answer.
func (a *app) do(r request) *httptest.ResponseRecorder {
	a.t.Helper()
	var body io.Reader
	switch b := r.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		body = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(r.method, r.path, body)
	if body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.token != "" {
		req.Header.Set("Authorization", r.token)
	}
	for k, v := range r.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	a.server.ServeHTTP(rec, req)
	checkContract(a.t, req, rec)
	return rec
}

// object decodes a JSON object answer.
func object(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("answer is not a JSON object: %v\n%s", err, rec.Body.String())
	}
	return m
}

// expect checks the status and, for failures, the {success:false, message} shape.
func expect(t *testing.T, rec *httptest.ResponseRecorder, status int) map[string]any {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status = %d, want %d; body %s", rec.Code, status, rec.Body.String())
	}
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		return nil
	}
	if strings.HasPrefix(strings.TrimSpace(rec.Body.String()), "[") {
		return nil
	}
	m := object(t, rec)
	if status >= 400 {
		if m["success"] != false {
			t.Fatalf("failure answer lacks success:false: %v", m)
		}
		if msg, _ := m["message"].(string); msg == "" {
			t.Fatalf("failure answer lacks a message: %v", m)
		}
	}
	return m
}

// signUp registers a shopper and signs them in; it returns the token and the user.
func (a *app) signUp(name, email string) (string, map[string]any) {
	a.t.Helper()
	expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: map[string]string{
		"name": name, "email": email, "password": "secret123", "phone": "9876543210",
		"address": "12 MG Road, Pune", "answer": "blue"}}), http.StatusCreated)
	m := expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": email, "password": "secret123"}}), http.StatusOK)
	return m["token"].(string), m["user"].(map[string]any)
}

// signUpAdmin creates an admin and signs them in.
func (a *app) signUpAdmin() string {
	a.t.Helper()
	if _, err := a.users.EnsureAdmin(a.t.Context(), "admin@shop.test", "admin123", "Admin"); err != nil {
		a.t.Fatal(err)
	}
	m := expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "admin@shop.test", "password": "admin123"}}), http.StatusOK)
	return m["token"].(string)
}
