package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxOrdersP99MS is the budget of the order lists' pages at 100,000 orders.
const maxOrdersP99MS = 50.0

// The accounts benchseed -orders makes.
const (
	benchAdminEmail      = "bench-admin@shop.test"
	benchAdminPassword   = "bench-admin-123"
	benchShopperPassword = "bench-shopper-123"
	benchShoppers        = 100
)

// runOrders measures the order lists' pages on a shop seeded by benchseed -orders: the admin's
// first page and a page in the middle (3 a page, as the admin's orders screen) and a shopper's
// first page of their orders.
func runOrders(ctx context.Context, lg *loader) ([]*Row, int, error) {
	client, base, conns, d := lg.client, lg.base, lg.conns, lg.duration
	admin, err := signIn(ctx, client, base, benchAdminEmail, benchAdminPassword)
	if err != nil {
		return nil, 0, err
	}
	shoppers := make([]string, 0, 16)
	for i := range min(16, benchShoppers) {
		tok, err := signIn(ctx, client, base, fmt.Sprintf("bench-shopper-%d@shop.test", i), benchShopperPassword)
		if err != nil {
			return nil, 0, err
		}
		shoppers = append(shoppers, tok)
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/auth/all-orders?page=1&limit=3", nil)
	req.Header.Set("Authorization", admin)
	resp, err := client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	resp.Body.Close()
	total, err := strconv.Atoi(resp.Header.Get("X-Total-Count"))
	if err != nil || total == 0 {
		return nil, 0, fmt.Errorf("all-orders reports %q orders: seed them with benchseed -orders", resp.Header.Get("X-Total-Count"))
	}
	middle := (total/3)/2 + 1
	fmt.Printf("orders: %d listed; admin pages 1 and %d of 3, shoppers' first pages; %d connections, %s each\n",
		total, middle, conns, d)
	authed := func(path, token string) *http.Request {
		r := request(path)
		r.Header.Set("Authorization", token)
		return r
	}
	eps := []endpoint{
		{name: "admin-orders-page-1", kind: "orders", status: 200, next: func(*rand.Rand, uint64) *http.Request {
			return authed("/api/v1/auth/all-orders?page=1&limit=3", admin)
		}},
		{name: "admin-orders-middle", kind: "orders", status: 200, next: func(*rand.Rand, uint64) *http.Request {
			return authed(fmt.Sprintf("/api/v1/auth/all-orders?page=%d&limit=3", middle), admin)
		}},
		{name: "shopper-orders", kind: "orders", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return authed("/api/v1/auth/orders?page=1&limit=3", shoppers[r.IntN(len(shoppers))])
		}},
	}
	lg.run(ctx, eps[0], time.Second) // warm up, unrecorded
	var rows []*Row
	for _, ep := range eps {
		r := lg.measure(ctx, ep)
		r.judge()
		rows = append(rows, r)
	}
	return rows, total, nil
}

// orderStartups are the start-ups of shopd over the orders: without the order index snapshot
// (reading every order) and from it, a restart after a clean stop.
func orderStartups(startMS, coldMS float64, orders int) []Check {
	var out []Check
	if coldMS > 0 {
		out = append(out, Check{Name: "startup, no snapshot", Value: coldMS, Unit: "ms",
			Budget: fmt.Sprintf("reported (reads %d orders)", orders), Pass: true})
	}
	if startMS > 0 {
		out = append(out, Check{Name: "startup", Value: startMS, Unit: "ms",
			Budget: fmt.Sprintf("< %.0f ms with %d orders", maxStartupMS, orders), Pass: startMS < maxStartupMS})
	}
	return out
}

func signIn(ctx context.Context, c *http.Client, base, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/v1/auth/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var ans struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil || ans.Token == "" {
		return "", fmt.Errorf("sign in as %s: status %d", email, resp.StatusCode)
	}
	return strings.TrimSpace(ans.Token), nil
}
