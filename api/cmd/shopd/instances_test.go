package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"shop/internal/freeport"
)

// TestTwoInstancesOnOneStore runs two shopd instances on one store, as an operator scaling out
// would: a change made through one is served by the other within 2 s (docs/architecture.md).
func TestTwoInstancesOnOneStore(t *testing.T) {
	start := shopdsOnOneStore(t)
	a, b := start(), start()

	token := call(t, "POST", a+"/api/v1/auth/login", "", map[string]string{"email": "admin@shop.test", "password": "admin123"}, 200)["token"].(string)
	cat := call(t, "POST", a+"/api/v1/category/create-category", token, map[string]string{"name": "Scarves"}, 201)["category"].(map[string]any)
	product := createProduct(t, a, token, cat["_id"].(string))
	slug, id := product["slug"].(string), product["_id"].(string)

	seen := func(what string, ok func(status int, body map[string]any) bool) {
		t.Helper()
		begin := time.Now()
		waitFor(t, 2*time.Second, func() bool {
			status, body := get(t, b+"/api/v1/product/get-product/"+slug)
			return ok(status, body)
		})
		t.Logf("%s seen by the other instance after %s", what, time.Since(begin).Round(time.Millisecond))
	}
	seen("a new product", func(status int, _ map[string]any) bool { return status == 200 })

	sendForm(t, "PUT", a+"/api/v1/product/update-product/"+id, token, 200, map[string]string{"name": "Silk Scarf",
		"description": "A light silk scarf in deep teal, hand-rolled edges.", "price": "899", "quantity": "4",
		"category": cat["_id"].(string), "shipping": "1"})
	seen("a new price", func(status int, body map[string]any) bool {
		p, _ := body["product"].(map[string]any)
		return status == 200 && p["price"] == float64(899)
	})

	call(t, "DELETE", a+"/api/v1/product/delete-product/"+id, token, nil, 200)
	seen("a deletion", func(status int, _ map[string]any) bool { return status == 404 })
}

func createProduct(t *testing.T, base, token, categoryID string) map[string]any {
	t.Helper()
	return sendForm(t, "POST", base+"/api/v1/product/create-product", token, 201, map[string]string{"name": "Silk Scarf",
		"description": "A light silk scarf in deep teal, hand-rolled edges.", "price": "799", "quantity": "5",
		"category": categoryID, "shipping": "1"})["product"].(map[string]any)
}

func call(t *testing.T, method, url, token string, body any, want int) map[string]any {
	t.Helper()
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	return send(t, method, url, token, "application/json", r, want)
}

func send(t *testing.T, method, url, token, contentType string, body io.Reader, want int) map[string]any {
	t.Helper()
	req, _ := http.NewRequest(method, url, body)
	req.Header.Set("Content-Type", contentType)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(res.Body).Decode(&m)
	if res.StatusCode != want {
		t.Fatalf("%s %s = %d, want %d: %v", method, url, res.StatusCode, want, m)
	}
	return m
}

func get(t *testing.T, url string) (int, map[string]any) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m
}

func waitFor(t *testing.T, limit time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not seen within %s", limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	port, err := freeport.Loopback()
	if err != nil {
		t.Fatal(err)
	}
	return port
}
