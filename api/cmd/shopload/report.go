package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Budgets of bench/README.md, on the bench machine, in one run.
const (
	minReadRatio       = 0.25  // every catalogue read: requests/s at least this share of the ceiling
	minRevalidateRatio = 0.60  // photo revalidation (304)
	maxReadP99MS       = 100.0 // every catalogue read and revalidation, at the bench's connections
	maxBrowseP99MS     = 50.0  // browsing with two filters and the facets
	maxStartupMS       = 5000.0
	maxClientJSGzip    = 150 * 1000 // storefront's initial JavaScript, gzip bytes (150 KB)
)

// Row is one endpoint's figures.
type Row struct {
	Name       string  `json:"name"`
	Kind       string  `json:"kind"` // ceiling, read, browse or revalidate
	Requests   int     `json:"requests"`
	RPS        float64 `json:"rps"`
	P50MS      float64 `json:"p50_ms"`
	P99MS      float64 `json:"p99_ms"`
	MaxMS      float64 `json:"max_ms"`
	Errors     int     `json:"errors"`
	FirstError string  `json:"first_error,omitempty"`
	Bytes      int64   `json:"bytes"`
	AvgBytes   int64   `json:"avg_bytes"` // per answer, as sent (gzip when the server compressed it)
	// ServerCPUUS is shopd's CPU time (user+system, /proc/<pid>/stat) per answer; ServerCPUShare
	// the share of the machine's CPUs shopd used meanwhile (the rest: the load generator, others).
	ServerCPUUS    float64 `json:"shopd_cpu_us_per_req,omitempty"`
	ServerCPUShare float64 `json:"shopd_cpu_share,omitempty"`
	Ratio          float64 `json:"ratio_to_ceiling,omitempty"`
	Budget         string  `json:"budget,omitempty"`
	Pass           *bool   `json:"pass,omitempty"`
	Why            string  `json:"why,omitempty"`
}

// judge checks a row against its budget.
func (r *Row) judge() {
	minRatio, maxP99MS := minReadRatio, maxReadP99MS
	switch r.Kind {
	case "revalidate":
		minRatio = minRevalidateRatio
	case "browse":
		maxP99MS = maxBrowseP99MS
	case "orders":
		minRatio, maxP99MS = 0, maxOrdersP99MS // signed-in pages: no ceiling to compare with
	}
	r.Budget = fmt.Sprintf(">= %.0f%% of ceiling, p99 < %.0f ms, 0 errors", minRatio*100, maxP99MS)
	if minRatio == 0 {
		r.Budget = fmt.Sprintf("p99 < %.0f ms, 0 errors", maxP99MS)
	}
	var why []string
	if r.Ratio < minRatio {
		why = append(why, fmt.Sprintf("ratio %.2f < %.2f", r.Ratio, minRatio))
	}
	if r.P99MS >= maxP99MS {
		why = append(why, fmt.Sprintf("p99 %.1f ms >= %.0f ms", r.P99MS, maxP99MS))
	}
	if r.Errors > 0 {
		why = append(why, fmt.Sprintf("%d errors", r.Errors))
	}
	if r.Requests == 0 {
		why = append(why, "no answers")
	}
	pass := len(why) == 0
	r.Pass, r.Why = &pass, strings.Join(why, "; ")
}

// Results is the whole run, as written to bench/results.json.
type Results struct {
	When        string  `json:"when"`
	Machine     Machine `json:"machine"`
	Connections int     `json:"connections"`
	DurationS   float64 `json:"duration_per_endpoint_s"`
	Products    int     `json:"products"`
	Categories  int     `json:"categories"`
	Photos      int     `json:"photos"`
	CeilingRPS  float64 `json:"ceiling_rps"` // mean of the first and last ceiling runs
	Endpoints   []*Row  `json:"endpoints"`
	Memory      Memory  `json:"memory"`
	Other       []Check `json:"other_budgets"`
	// Orders are the order lists' pages on a shop of many orders (shopload -orders -into).
	Orders *OrderResults `json:"orders,omitempty"`
	Pass   bool          `json:"pass"`
}

// OrderResults are the order lists' figures: their pages and the start-ups over the orders.
type OrderResults struct {
	Orders      int     `json:"orders"`
	Connections int     `json:"connections"`
	Endpoints   []*Row  `json:"endpoints"`
	Other       []Check `json:"other_budgets"`
}

type Machine struct {
	CPUs   int    `json:"cpus"`
	GOOS   string `json:"goos"`
	GOARCH string `json:"goarch"`
}

// Memory is shopd's resident memory (VmRSS from /proc/<pid>/status).
type Memory struct {
	EmptyCatalogueRSSKB int64 `json:"empty_catalogue_rss_kib,omitempty"`
	AfterStartRSSKB     int64 `json:"after_start_rss_kib"`
	AfterLoadRSSKB      int64 `json:"after_load_rss_kib"`
	// ReadModelKB estimates the read model: after start minus an empty catalogue's shopd.
	ReadModelKB int64 `json:"read_model_estimate_kib,omitempty"`
	// ReadModelHeapKB is the read model itself: the Go heap in use after a collection with the
	// model loaded, less the same without it (benchseed -model-memory).
	ReadModelHeapKB int64 `json:"read_model_heap_kib,omitempty"`
}

// Check is a budget beyond the endpoints.
type Check struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	Budget string  `json:"budget"`
	Pass   bool    `json:"pass"`
}

func (res *Results) addBudgets(startMS, coldStartMS float64, jsGz, cssGz int64) {
	if res.Memory.EmptyCatalogueRSSKB > 0 && res.Memory.AfterStartRSSKB > 0 {
		res.Memory.ReadModelKB = res.Memory.AfterStartRSSKB - res.Memory.EmptyCatalogueRSSKB
	}
	if coldStartMS > 0 {
		res.Other = append(res.Other, Check{Name: "startup, no snapshot", Value: coldStartMS, Unit: "ms",
			Budget: "reported (builds the snapshot)", Pass: true})
	}
	if startMS > 0 {
		res.Other = append(res.Other, Check{Name: "startup", Value: startMS, Unit: "ms",
			Budget: fmt.Sprintf("< %.0f ms with %d products", maxStartupMS, res.Products), Pass: startMS < maxStartupMS})
	}
	if jsGz >= 0 {
		res.Other = append(res.Other, Check{Name: "client initial JS", Value: float64(jsGz), Unit: "bytes gzip",
			Budget: fmt.Sprintf("< %d bytes gzip", maxClientJSGzip), Pass: jsGz < maxClientJSGzip})
	}
	if cssGz >= 0 {
		res.Other = append(res.Other, Check{Name: "client initial CSS", Value: float64(cssGz), Unit: "bytes gzip",
			Budget: "reported", Pass: true})
	}
	res.settle()
}

// settle sets Pass: every budget of every section passed.
func (res *Results) settle() {
	endpoints, other := res.Endpoints, res.Other
	if res.Orders != nil {
		endpoints, other = append(slices.Clone(endpoints), res.Orders.Endpoints...), append(slices.Clone(other), res.Orders.Other...)
	}
	res.Pass = true
	for _, r := range endpoints {
		if r.Pass != nil && !*r.Pass {
			res.Pass = false
		}
	}
	for _, c := range other {
		res.Pass = res.Pass && c.Pass
	}
}

func (res *Results) print(w io.Writer) {
	printRows(w, res.Endpoints)
	fmt.Fprintf(w, "ceiling (mean of first and last): %.0f req/s\n", res.CeilingRPS)
	m := res.Memory
	fmt.Fprintf(w, "shopd RSS: %.1f MiB after start, %.1f MiB after the load", float64(m.AfterStartRSSKB)/1024, float64(m.AfterLoadRSSKB)/1024)
	if m.ReadModelKB != 0 {
		fmt.Fprintf(w, "; empty catalogue %.1f MiB (RSS difference at start %.1f MiB)",
			float64(m.EmptyCatalogueRSSKB)/1024, float64(m.ReadModelKB)/1024)
	}
	fmt.Fprintln(w)
	if m.ReadModelHeapKB > 0 {
		fmt.Fprintf(w, "%-20s %9.1f %-11s %-28s %s\n", "read model memory", float64(m.ReadModelHeapKB)/1024, "MiB heap",
			fmt.Sprintf("reported (%d products)", res.Products), "PASS")
	}
	printChecks(w, res.Other)
	if res.Orders != nil {
		fmt.Fprintf(w, "\norders: %d in the store, %d connections\n", res.Orders.Orders, res.Orders.Connections)
		printRows(w, res.Orders.Endpoints)
		printChecks(w, res.Orders.Other)
	}
	if res.Pass {
		fmt.Fprintln(w, "ALL BUDGETS PASS")
	} else {
		fmt.Fprintln(w, "SOME BUDGETS FAIL")
	}
}

// printRows prints the endpoints' figures, one a line, with their verdicts.
func printRows(w io.Writer, rows []*Row) {
	fmt.Fprintf(w, "\n%-20s %9s %9s %9s %7s %9s %8s %6s  %s\n", "endpoint", "req/s", "p50 ms", "p99 ms", "errors", "bytes/ans", "cpu µs", "ratio", "budget")
	for _, r := range rows {
		verdict, ratio := "", ""
		if r.Pass != nil {
			if r.Kind != "orders" { // signed-in pages: no ceiling to compare with
				ratio = fmt.Sprintf("%.2f", r.Ratio)
			}
			verdict = "PASS"
			if !*r.Pass {
				verdict = "FAIL: " + r.Why
			}
		}
		fmt.Fprintf(w, "%-20s %9.0f %9.2f %9.2f %7d %9d %8.0f %6s  %s\n", r.Name, r.RPS, r.P50MS, r.P99MS, r.Errors, r.AvgBytes, r.ServerCPUUS, ratio, verdict)
		if r.FirstError != "" {
			fmt.Fprintf(w, "%20s first error: %s\n", "", r.FirstError)
		}
	}
}

// printChecks prints the budgets beyond the endpoints.
func printChecks(w io.Writer, checks []Check) {
	for _, c := range checks {
		verdict := "PASS"
		if !c.Pass {
			verdict = "FAIL"
		}
		fmt.Fprintf(w, "%-20s %9.0f %-11s %-28s %s\n", c.Name, c.Value, c.Unit, c.Budget, verdict)
	}
}
