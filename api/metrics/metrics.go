// Package metrics counts what the shop does in Prometheus' terms and serves it on its own
// address (METRICS_ADDR), never on the public port. The domain and the other adapters know
// nothing of Prometheus: the HTTP layer reports each request through a small observer
// interface, and caches and the checkout are read through plain functions at scrape time.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"shop"
)

// Metrics is the shop's registry: the Go runtime's and the process's own metrics, and the
// shop's, all named shop_*.
type Metrics struct {
	registry *prometheus.Registry

	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	refusals *prometheus.CounterVec

	checkouts *prometheus.CounterVec
	conflicts prometheus.Counter
}

// New registers the runtime, process and request metrics.
func New() *Metrics {
	r := prometheus.NewRegistry()
	m := &Metrics{
		registry: r,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shop_http_requests_total",
			Help: "HTTP requests answered, by method, route template and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "shop_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by method and route template.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "route"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shop_rate_limit_refusals_total",
			Help: "Requests refused by a rate limit (429), by route template.",
		}, []string{"route"}),
		checkouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shop_checkouts_total",
			Help: "Checkouts by how they ended: placed, replayed, declined, out_of_stock, rejected, failed.",
		}, []string{"outcome"}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "shop_stock_conflicts_total",
			Help: "Stock reservations refused because too few units were left.",
		}),
	}
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.latency, m.refusals, m.checkouts, m.conflicts)
	// Every outcome is there from the start, at 0: a rate or an alert on one that has not
	// happened yet (no declined card since the start) reads 0, not "no data".
	for _, outcome := range shop.CheckoutOutcomes {
		m.checkouts.WithLabelValues(outcome)
	}
	return m
}

// Request counts one answered request; route is the route template ("unmatched" for none).
func (m *Metrics) Request(method, route string, status int, elapsed time.Duration) {
	method = knownMethod(method)
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(method, route).Observe(elapsed.Seconds())
	if status == http.StatusTooManyRequests {
		m.refusals.WithLabelValues(route).Inc()
	}
}

// CheckoutEnded counts a checkout by its outcome (shop.CheckoutObserver).
func (m *Metrics) CheckoutEnded(outcome string) { m.checkouts.WithLabelValues(outcome).Inc() }

// StockConflict counts a reservation refused for short stock (shop.CheckoutObserver).
func (m *Metrics) StockConflict() { m.conflicts.Inc() }

// Gauge exports value, read at each scrape, as name.
func (m *Metrics) Gauge(name, help string, value func() float64) {
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, value))
}

// HitCounts reports how often a cache answered from memory and how often it had to load.
type HitCounts func() (hits, misses uint64)

// Cache exports a cache's lookups as name{result="hit"|"miss"}, read at each scrape.
func (m *Metrics) Cache(name, help string, counts HitCounts) {
	for _, result := range []string{"hit", "miss"} {
		hit := result == "hit"
		m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: name, Help: help, ConstLabels: prometheus.Labels{"result": result},
		}, func() float64 {
			h, miss := counts()
			if hit {
				return float64(h)
			}
			return float64(miss)
		}))
	}
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// knownMethod answers the method as a label: any method HTTP does not define counts as
// OTHER, so a client cannot make a new series with each made-up one.
func knownMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "OTHER"
}
