package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// fakeShop answers the calls verify makes with the given stock and stored orders.
func fakeShop(t *testing.T, stock map[string]int, orders []string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		list := []map[string]any{}
		for _, id := range orders {
			list = append(list, map[string]any{"_id": id, "products": []map[string]any{{"_id": "p1"}}})
		}
		switch r.URL.Path {
		case "/api/v1/product/get-product":
			var ps []map[string]any
			for id, q := range stock {
				ps = append(ps, map[string]any{"_id": id, "name": id, "quantity": q})
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"success": true, "countTotal": len(ps), "products": ps})
		case "/api/v1/auth/orders", "/api/v1/auth/all-orders":
			_ = json.NewEncoder(w).Encode(list)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// ledger is a soak that started with 10 units of p1 and sold one in order o1.
func ledger(base string) *soak {
	s := newSoak(base, 1)
	s.products = []product{{ID: "p1", Name: "Tee"}}
	s.start["p1"] = 10
	s.shoppers = []*shopper{{email: "a@shop.test", token: "t"}}
	s.orders["o1"] = &placed{units: map[string]int{"p1": 1}, created: 1}
	return s
}

// TestSoakFailsLoudlyWhenStockOrAnOrderGoesMissing shows the soak's verdict is not a rubber
// stamp: a unit of stock or an order that disappears fails it, by name.
func TestSoakFailsLoudlyWhenStockOrAnOrderGoesMissing(t *testing.T) {
	for _, tc := range []struct {
		name      string
		stock     map[string]int
		orders    []string
		cancelled bool   // o1 was cancelled: its unit went back to stock
		want      string // "" = passes
	}{
		{"balanced", map[string]int{"p1": 9}, []string{"o1"}, false, ""},
		{"a cancelled order's unit back", map[string]int{"p1": 10}, []string{"o1"}, true, ""},
		{"a unit lost", map[string]int{"p1": 8}, []string{"o1"}, false, "STOCK MISSING"},
		{"a cancelled order's unit not back", map[string]int{"p1": 9}, []string{"o1"}, true, "STOCK MISSING"},
		{"an order lost", map[string]int{"p1": 9}, nil, false, "ORDER MISSING"},
		{"an order nobody was told of", map[string]int{"p1": 9}, []string{"o1", "o2"}, false, "ORDER WITHOUT A SUCCESS"},
		{"an order stored twice", map[string]int{"p1": 9}, []string{"o1", "o1"}, false, "DUPLICATE ORDER"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ledger(fakeShop(t, tc.stock, tc.orders).URL)
			s.orders["o1"].cancelled = tc.cancelled
			err := s.verify(time.Second, []int{1000, 1000, 1000})
			if tc.want == "" && err != nil {
				t.Fatalf("verify failed a balanced soak: %v", err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), "checks failed")) {
				t.Fatalf("verify passed with %s", tc.name)
			}
			if tc.want != "" && !strings.Contains(strings.Join(s.lastFailures, "\n"), tc.want) {
				t.Fatalf("failures %q do not say %s", s.lastFailures, tc.want)
			}
		})
	}
	s := ledger(fakeShop(t, map[string]int{"p1": 9}, []string{"o1"}).URL)
	if err := s.verify(time.Second, []int{50 << 10, 100 << 10, 400 << 10}); err == nil || !strings.Contains(s.lastFailures[0], "MEMORY GROWING") {
		t.Fatalf("memory from 100 to 400 MiB passed: %v", err)
	}
}
