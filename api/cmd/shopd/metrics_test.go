package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMetricsOnTheirOwnAddress: Prometheus metrics are served on METRICS_ADDR and never on the
// public port, and a request moves its counters.
func TestMetricsOnTheirOwnAddress(t *testing.T) {
	port, metricsAddr := freePort(t), "127.0.0.1:"+freePort(t)
	dir, dist := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{"index.html": "<!doctype html><title>Shop</title>", "logo.svg": "<svg/>"} {
		if err := os.WriteFile(filepath.Join(dist, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, envOf(map[string]string{"DATA_DIR": dir, "CLIENT_DIST": dist, "PORT": port,
			"METRICS_ADDR": metricsAddr, "SEED_DEMO": "false", "LOG_LEVEL": "error",
			"ADMIN_EMAIL": "admin@shop.test", "ADMIN_PASSWORD": "admin123"}), io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("shopd stopped with %v", err)
		}
	}()
	base := "http://127.0.0.1:" + port
	waitFor(t, 30*time.Second, func() bool {
		res, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	})

	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	public, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(public), "# HELP") || strings.Contains(string(public), "shop_http_requests_total") {
		t.Fatalf("the public port serves the metrics: %.300s", public)
	}

	// Profiles are for the operator too: on the metrics address, never on the public port.
	for url, want := range map[string]bool{"http://" + metricsAddr + "/debug/pprof/": true, base + "/debug/pprof/": false} {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if served := res.StatusCode == 200 && strings.Contains(string(page), "goroutine"); served != want {
			t.Errorf("GET %s: %d %.200s; profiles served: %v, want %v", url, res.StatusCode, page, served, want)
		}
	}

	// An execution trace, for where requests wait (go tool trace -pprof=sync, syscall, sched).
	res, err = http.Get("http://" + metricsAddr + "/debug/pprof/trace?seconds=0.05")
	if err != nil {
		t.Fatal(err)
	}
	trace, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(trace), "go 1.") {
		t.Errorf("GET /debug/pprof/trace: %d %.40q, want a Go execution trace", res.StatusCode, trace)
	}

	count := `shop_http_requests_total{method="GET",route="/api/v1/product/product-count",status="200"}`
	before := metricValue(t, metricsAddr, count)
	for range 3 {
		if status, _ := get(t, base+"/api/v1/product/product-count"); status != 200 {
			t.Fatalf("product-count = %d", status)
		}
	}
	if after := metricValue(t, metricsAddr, count); after != before+3 {
		t.Fatalf("%s went from %v to %v after 3 requests, want +3", count, before, after)
	}
	// The storefront's many paths count as its pages and its files, not as unmatched.
	for path, series := range map[string]string{
		"/cart":           `shop_http_requests_total{method="GET",route="client-page",status="200"}`,
		"/no-such-page":   `shop_http_requests_total{method="GET",route="client-page",status="404"}`,
		"/logo.svg":       `shop_http_requests_total{method="GET",route="client-file",status="200"}`,
		"/api/v1/no-such": `shop_http_requests_total{method="GET",route="unmatched",status="404"}`,
	} {
		before := metricValue(t, metricsAddr, series)
		get(t, base+path)
		if after := metricValue(t, metricsAddr, series); after != before+1 {
			t.Errorf("GET %s: %s went from %v to %v, want +1", path, series, before, after)
		}
	}
	latency := `shop_http_request_duration_seconds_count{method="GET",route="/api/v1/product/product-count"}`
	if n := metricValue(t, metricsAddr, latency); n < 3 {
		t.Fatalf("%s = %v, want at least 3", latency, n)
	}
	// The start-up work (an empty catalogue: no photos to warm or copy) ends soon after start.
	waitFor(t, 30*time.Second, func() bool {
		res, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			return false
		}
		defer res.Body.Close()
		text, _ := io.ReadAll(res.Body)
		return strings.Contains(string(text), "\nshop_startup_work_running 0\n")
	})
	// Repeated catalogue reads are answered from the answer cache.
	if hits := metricValue(t, metricsAddr, `shop_answer_cache_lookups_total{result="hit"}`); hits < 2 {
		t.Errorf("answer cache hits = %v after 3 equal reads, want at least 2", hits)
	}

	// A checkout that is placed and one short of stock.
	admin := call(t, "POST", base+"/api/v1/auth/login", "", map[string]string{"email": "admin@shop.test", "password": "admin123"}, 200)["token"].(string)
	category := call(t, "POST", base+"/api/v1/category/create-category", admin, map[string]string{"name": "Caps"}, 201)["category"].(map[string]any)["_id"].(string)
	cap := createProductWith(t, base, admin, category, "Canvas Cap", 1)
	one := map[string]any{"nonce": "tok_visa", "cart": []map[string]any{{"_id": cap}}}
	call(t, "POST", base+"/api/v1/product/process-payment", admin, one, 201)
	call(t, "POST", base+"/api/v1/product/process-payment", admin, one, 409)
	for series, want := range map[string]float64{
		`shop_checkouts_total{outcome="placed"}`:       1,
		`shop_checkouts_total{outcome="out_of_stock"}`: 1,
		`shop_stock_conflicts_total`:                   1,
		`shop_pending_orders`:                          0,
	} {
		if got := metricValue(t, metricsAddr, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	for _, name := range []string{"go_goroutines", "process_resident_memory_bytes"} {
		if metricValue(t, metricsAddr, name) <= 0 {
			t.Errorf("%s is not reported", name)
		}
	}
}

// metricValue scrapes addr and answers the value of the sample named exactly series (0 when
// it is not there yet).
func metricValue(t *testing.T, addr, series string) float64 {
	t.Helper()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("metrics answered %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if ok && name == series {
			v, err := strconv.ParseFloat(value, 64)
			if err != nil {
				t.Fatalf("%s: %v", sc.Text(), err)
			}
			return v
		}
	}
	return 0
}
