package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// startShop runs shopd with env (plus a free port and, unless env names one, no client) until
// the test ends, and answers its base URL once it is healthy.
func startShop(t *testing.T, env map[string]string) string {
	t.Helper()
	port := freePort(t)
	env["HOST"], env["PORT"], env["METRICS_ADDR"] = "127.0.0.1", port, "off"
	if env["CLIENT_DIST"] == "" {
		env["CLIENT_DIST"] = t.TempDir()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, envOf(env), io.Discard) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("shopd stopped with %v", err)
		}
	})
	base := "http://127.0.0.1:" + port
	waitFor(t, 60*time.Second, func() bool {
		res, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	return base
}

// TestBackupUnderWritesRestoresEverything backs the embedded store up while shoppers buy and an
// admin adds products, restores the copy into an empty DATA_DIR and starts shopd on it: every
// product and order answered before the backup began is there, stock and sales agree, and
// sign-ins made before still work (the JWT secret came along).
func TestBackupUnderWritesRestoresEverything(t *testing.T) {
	const stock = 100000
	dataDir := t.TempDir()
	env := map[string]string{"DATA_DIR": dataDir, "SEED_DEMO": "false", "LOG_LEVEL": "error",
		"ADMIN_EMAIL": "admin@shop.test", "ADMIN_PASSWORD": "admin123"}
	base := startShop(t, env)
	admin := call(t, "POST", base+"/api/v1/auth/login", "", map[string]string{"email": "admin@shop.test", "password": "admin123"}, 200)["token"].(string)
	category := call(t, "POST", base+"/api/v1/category/create-category", admin, map[string]string{"name": "Scarves"}, 201)["category"].(map[string]any)["_id"].(string)
	sold := createProductWith(t, base, admin, category, "Stock Scarf", stock)
	call(t, "POST", base+"/api/v1/auth/register", "", map[string]string{"name": "Asha", "email": "asha@example.com",
		"password": "secret123", "phone": "9876543210", "address": "12 MG Road, Pune", "answer": "blue"}, 201)
	shopper := call(t, "POST", base+"/api/v1/auth/login", "", map[string]string{"email": "asha@example.com", "password": "secret123"}, 200)["token"].(string)

	// The stream of writes: products and orders, each recorded once answered.
	var mu sync.Mutex
	products, orders := []string{}, []string{}
	stop := make(chan struct{})
	var writers sync.WaitGroup
	writers.Add(2)
	go func() {
		defer writers.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			id := createProductWith(t, base, admin, category, "Scarf "+strings.Repeat("i", i%40+1), 3)
			mu.Lock()
			products = append(products, id)
			mu.Unlock()
		}
	}()
	go func() {
		defer writers.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			order := call(t, "POST", base+"/api/v1/product/process-payment", shopper,
				map[string]any{"nonce": "tok_visa", "cart": []map[string]any{{"_id": sold}}}, 201)["order"].(map[string]any)
			mu.Lock()
			orders = append(orders, order["_id"].(string))
			mu.Unlock()
		}
	}()

	waitFor(t, 30*time.Second, func() bool { mu.Lock(); defer mu.Unlock(); return len(products) >= 5 && len(orders) >= 5 })
	mu.Lock()
	productsBefore, ordersBefore := append([]string(nil), products...), append([]string(nil), orders...)
	mu.Unlock()
	backup := filepath.Join(t.TempDir(), "backup")
	var said strings.Builder
	if err := backupStore(t.Context(), envOf(env), backup, &said); err != nil {
		t.Fatalf("backup while writing: %v", err)
	}
	// Writes went on during the copy, and go on after it: the test shows nothing otherwise.
	waitFor(t, 30*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(products) > len(productsBefore) && len(orders) > len(ordersBefore)
	})
	close(stop)
	writers.Wait()
	t.Logf("%s(backed up after %d products and %d orders; %d and %d in all)", said.String(),
		len(productsBefore), len(ordersBefore), len(products), len(orders))

	restored := t.TempDir()
	if err := restoreStore(envOf(map[string]string{"DATA_DIR": restored}), backup, io.Discard); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if err := restoreStore(envOf(map[string]string{"DATA_DIR": restored}), backup, io.Discard); err == nil {
		t.Fatal("a second restore into the same DATA_DIR was allowed")
	}
	base2 := startShop(t, map[string]string{"DATA_DIR": restored, "SEED_DEMO": "false", "LOG_LEVEL": "error"})

	call(t, "GET", base2+"/api/v1/auth/admin-auth", admin, nil, 200) // the old sign-in still works
	gotProducts := map[string]bool{}
	for _, p := range call(t, "GET", base2+"/api/v1/product/get-product", "", nil, 200)["products"].([]any) {
		gotProducts[p.(map[string]any)["_id"].(string)] = true
	}
	for _, id := range append(productsBefore, sold) {
		if !gotProducts[id] {
			t.Errorf("product %s, created before the backup, is missing after the restore", id)
		}
	}
	gotOrders := allOrderIDs(t, base2, admin)
	for _, id := range ordersBefore {
		if !gotOrders[id] {
			t.Errorf("order %s, answered before the backup, is missing after the restore", id)
		}
	}
	// One moment's copy: the stock left and the units sold add up to the stock at the start.
	waitFor(t, 10*time.Second, func() bool {
		left := call(t, "GET", base2+"/api/v1/product/get-product", "", nil, 200)["products"].([]any)
		for _, p := range left {
			if p := p.(map[string]any); p["_id"] == sold {
				return int(p["quantity"].(float64))+len(allOrderIDs(t, base2, admin)) == stock
			}
		}
		return false
	})
}

func createProductWith(t *testing.T, base, token, category, name string, quantity int) string {
	t.Helper()
	p := sendForm(t, "POST", base+"/api/v1/product/create-product", token, 201, map[string]string{"name": name,
		"description": "A light scarf for the backup test.", "price": "499", "quantity": strconv.Itoa(quantity),
		"category": category, "shipping": "1"})
	return p["product"].(map[string]any)["_id"].(string)
}

func allOrderIDs(t *testing.T, base, token string) map[string]bool {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/v1/auth/all-orders", nil)
	req.Header.Set("Authorization", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []map[string]any
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil || res.StatusCode != 200 {
		t.Fatalf("all-orders: %d %v", res.StatusCode, err)
	}
	ids := map[string]bool{}
	for _, o := range list {
		ids[o["_id"].(string)] = true
	}
	return ids
}

// sendForm posts a multipart form, as the admin's product form does, and answers the 201's body.
func sendForm(t *testing.T, method, url, token string, want int, fields map[string]string) map[string]any {
	t.Helper()
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	return send(t, method, url, token, w.FormDataContentType(), &form, want)
}
