package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("metrics answered %d", rec.Code)
	}
	return rec.Body.String()
}

func TestRequestsAndRefusals(t *testing.T) {
	m := New()
	m.Request("POST", "/api/v1/auth/login", 401, 3*time.Millisecond)
	m.Request("POST", "/api/v1/auth/login", 429, time.Millisecond)
	m.Request("POST", "/api/v1/auth/login", 429, time.Millisecond)
	out := scrape(t, m)
	for _, want := range []string{
		`shop_http_requests_total{method="POST",route="/api/v1/auth/login",status="401"} 1`,
		`shop_http_requests_total{method="POST",route="/api/v1/auth/login",status="429"} 2`,
		`shop_rate_limit_refusals_total{route="/api/v1/auth/login"} 2`,
		`shop_http_request_duration_seconds_count{method="POST",route="/api/v1/auth/login"} 3`,
		`shop_http_request_duration_seconds_bucket{method="POST",route="/api/v1/auth/login",le="0.005"} 3`,
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestCacheCountsReadAtScrape(t *testing.T) {
	m := New()
	hits, misses := uint64(0), uint64(0)
	m.Cache("shop_photo_cache_lookups_total", "Photo lookups.", func() (uint64, uint64) { return hits, misses })
	hits, misses = 7, 2
	out := scrape(t, m)
	for _, want := range []string{`shop_photo_cache_lookups_total{result="hit"} 7`, `shop_photo_cache_lookups_total{result="miss"} 2`} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("metrics lack %s:\n%s", want, out)
		}
	}
}

func TestCheckoutsAndGauges(t *testing.T) {
	m := New()
	m.CheckoutEnded("placed")
	m.CheckoutEnded("placed")
	m.CheckoutEnded("declined")
	m.StockConflict()
	pending := 3
	m.Gauge("shop_pending_orders", "Orders being placed.", func() float64 { return float64(pending) })
	out := scrape(t, m)
	for _, want := range []string{`shop_checkouts_total{outcome="placed"} 2`, `shop_checkouts_total{outcome="declined"} 1`,
		`shop_stock_conflicts_total 1`, `shop_pending_orders 3`} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// A made-up method is counted as OTHER: a client must not add a series per request.
func TestMadeUpMethodsShareOneLabel(t *testing.T) {
	m := New()
	for i := range 50 {
		m.Request("M"+strings.Repeat("X", i), "unmatched", 404, time.Millisecond)
	}
	m.Request("DELETE", "unmatched", 404, time.Millisecond)
	out := scrape(t, m)
	if !strings.Contains(out, `shop_http_requests_total{method="OTHER",route="unmatched",status="404"} 50`+"\n") ||
		!strings.Contains(out, `shop_http_requests_total{method="DELETE",route="unmatched",status="404"} 1`+"\n") ||
		strings.Contains(out, `method="MX`) {
		t.Fatalf("series:\n%s", out)
	}
}

// Every checkout outcome is exported from the start, at 0, so a rate of declines reads 0 before
// the first one rather than nothing.
func TestCheckoutOutcomesStartAtZero(t *testing.T) {
	out := scrape(t, New())
	for _, outcome := range shop.CheckoutOutcomes {
		if want := `shop_checkouts_total{outcome="` + outcome + `"} 0`; !strings.Contains(out, want+"\n") {
			t.Errorf("metrics lack %s", want)
		}
	}
}
