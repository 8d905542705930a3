// Command shopload drives load at a running shopd and checks the catalogue's budgets
// (bench/README.md). It runs as its own process, uses only net/http, and keeps a
// fixed number of keep-alive connections busy for a fixed time per endpoint. Each request
// asks for gzip like a browser does; bodies are read whole but not decompressed.
//
//	shopload -base http://127.0.0.1:8080 -duration 8s -conns 64 -out bench/results.json
//
// It prints one row per endpoint (requests/s, p50, p99, errors, ratio to the ceiling, budget)
// and writes them, with the start-up and client figures it is given, to -out. It exits 1 when
// a budget fails, after writing the results.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	"shop/internal/freeport"
)

func main() {
	code, err := run()
	if err != nil {
		fmt.Fprintln(os.Stderr, "shopload:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

func run() (int, error) {
	var (
		base     = flag.String("base", "http://127.0.0.1:8080", "shopd's address")
		duration = flag.Duration("duration", 8*time.Second, "load time per endpoint")
		conns    = flag.Int("conns", 64, "concurrent connections")
		only     = flag.String("only", "", "comma-separated endpoint names to run (the ceiling always runs)")
		out      = flag.String("out", "", "write the results as JSON to this file")
		pid      = flag.Int("pid", 0, "shopd's process id, to report its resident memory and CPU time")
		startMS  = flag.Float64("startup-ms", 0, "measured start-up time of shopd (process start to /healthz OK)")
		coldMS   = flag.Float64("startup-cold-ms", 0, "measured start-up time of shopd without its snapshots in DATA_DIR")
		heapKB   = flag.Int64("model-heap-kb", 0, "the read model's heap, KiB (benchseed -model-memory)")
		into     = flag.String("into", "", "with -orders: add the figures to this results file (written by a run without -orders)")
		emptyRSS = flag.Int64("empty-rss-kb", 0, "shopd's resident memory with an empty catalogue, KiB")
		jsGz     = flag.Int64("client-js-gzip", -1, "storefront's initial JavaScript, gzip bytes")
		cssGz    = flag.Int64("client-css-gzip", -1, "storefront's initial CSS, gzip bytes")
		products = flag.Int("products", 10000, "products seeded (for the report)")
		freePort = flag.Bool("free-port", false, "print a free loopback port and exit")
		orders   = flag.Bool("orders", false, "measure the order lists' pages of a shop seeded by benchseed -orders")
		sales    = flag.Bool("sales", false, "measure buying on a shop seeded with the bench catalogue (adds to -out)")
		peer     = flag.String("peer", "", "with -sales: a second shopd on the same store, to time when it sees a sale")
		adminE   = flag.String("admin-email", "", "with -sales: the admin's email (shopd's ADMIN_EMAIL)")
		adminP   = flag.String("admin-password", "", "with -sales: the admin's password")
		big      = flag.Bool("big-startup", false, "check -startup-ms (from the snapshots) and report -startup-cold-ms "+
			"as the start-up at -products (adds to -out)")
	)
	flag.Parse()
	if *freePort {
		port, err := freeport.Loopback()
		if err != nil {
			return 0, err
		}
		fmt.Println(port)
		return 0, nil
	}

	client := newClient(*conns)
	ctx := context.Background()
	selected := map[string]bool{}
	for _, n := range strings.Split(*only, ",") {
		if n = strings.TrimSpace(n); n != "" {
			selected[n] = true
		}
	}
	if *big {
		checks := []Check{startupCheck("startup without snapshot", *coldMS, 0, *products),
			startupCheck("startup from snapshot", *startMS, maxSnapshotStartupMS, *products)}
		return exitCode(checks...), mergeResults(*out, "", nil, true, checks...)
	}
	if *sales {
		res, err := runSales(ctx, strings.TrimRight(*base, "/"), strings.TrimRight(*peer, "/"), *adminE, *adminP, *duration, *pid, selected)
		if err != nil {
			return 0, err
		}
		res.print(os.Stdout)
		if *out != "" {
			if err := mergeSales(*out, res); err != nil {
				return 0, err
			}
		}
		return exitCode(Check{Pass: res.Pass}), nil
	}
	if *orders {
		lg := &loader{pid: *pid, client: client, base: strings.TrimRight(*base, "/"), conns: *conns, duration: *duration}
		rows, total, err := runOrders(ctx, lg)
		if err != nil {
			return 0, err
		}
		return ordersResults(&OrderResults{Orders: total, Connections: *conns, Endpoints: rows,
			Other: orderStartups(*startMS, *coldMS, total)}, *into)
	}
	fx, err := discover(ctx, client, strings.TrimRight(*base, "/"))
	if err != nil {
		return 0, err
	}
	fmt.Printf("catalogue: %d products, %d categories, %d photos; %d connections, %s per endpoint, %d CPUs\n",
		len(fx.slugs), len(fx.categories), len(fx.photos), *conns, *duration, runtime.NumCPU())

	res := Results{
		Machine:     Machine{CPUs: runtime.NumCPU(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH},
		Connections: *conns, DurationS: duration.Seconds(), Products: *products,
		Categories: len(fx.categories), Photos: len(fx.photos), When: time.Now().UTC().Format(time.RFC3339),
	}
	if *pid > 0 {
		res.Memory.AfterStartRSSKB = rssKB(*pid)
		res.Memory.EmptyCatalogueRSSKB = *emptyRSS
	}
	res.Memory.ReadModelHeapKB = *heapKB

	lg := &loader{pid: *pid, client: client, base: strings.TrimRight(*base, "/"), conns: *conns, duration: *duration}
	// Warm the connections and the server's code paths, unrecorded.
	lg.run(ctx, ceiling(), time.Second)

	first := lg.measure(ctx, ceiling())
	first.Name = "ceiling (first)"
	var rows []*Row
	for _, ep := range endpoints(fx) {
		if len(selected) > 0 && !selected[ep.name] {
			continue
		}
		rows = append(rows, lg.measure(ctx, ep))
	}
	last := lg.measure(ctx, ceiling())
	last.Name = "ceiling (last)"

	// The ceiling is the mean of a run before and after the others: the machine drifts.
	ceil := (first.RPS + last.RPS) / 2
	res.CeilingRPS = ceil
	res.Endpoints = append(res.Endpoints, first)
	for _, r := range rows {
		r.Ratio = r.RPS / ceil
		r.judge()
		res.Endpoints = append(res.Endpoints, r)
	}
	res.Endpoints = append(res.Endpoints, last)
	if *pid > 0 {
		res.Memory.AfterLoadRSSKB = rssKB(*pid)
	}
	res.addBudgets(*startMS, *coldMS, *jsGz, *cssGz)
	res.print(os.Stdout)
	if *out != "" {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return 0, err
		}
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			return 0, err
		}
		fmt.Println("results written to", *out)
	}
	if !res.Pass {
		return 1, nil
	}
	return 0, nil
}

// ordersResults adds the order lists' figures to the results in file (when named), judges
// every budget again, prints the order figures and answers the exit code.
func ordersResults(o *OrderResults, file string) (int, error) {
	res := &Results{When: time.Now().UTC().Format(time.RFC3339)}
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, err
		}
		if err == nil {
			if err := json.Unmarshal(b, res); err != nil {
				return 0, fmt.Errorf("read %s: %w", file, err)
			}
		}
	}
	res.Orders = o
	res.settle()
	fmt.Printf("\norders: %d in the store, %d connections\n", o.Orders, o.Connections)
	printRows(os.Stdout, o.Endpoints)
	printChecks(os.Stdout, o.Other)
	if file != "" {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return 0, err
		}
		if err := os.WriteFile(file, append(b, '\n'), 0o644); err != nil {
			return 0, err
		}
		fmt.Println("order figures added to", file)
	}
	if res.Pass {
		fmt.Println("ALL BUDGETS PASS (every section so far)")
	} else {
		fmt.Println("SOME BUDGETS FAIL")
	}
	for _, r := range o.Endpoints {
		if r.Pass == nil || !*r.Pass {
			return 1, nil
		}
	}
	for _, c := range o.Other {
		if !c.Pass {
			return 1, nil
		}
	}
	return 0, nil
}

// newClient keeps conns keep-alive connections and leaves bodies compressed, as sent.
func newClient(conns int) *http.Client {
	t := &http.Transport{
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		MaxConnsPerHost:     conns,
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{Transport: t, Timeout: 30 * time.Second}
}

// rssKB reads a process's resident set size from /proc, 0 when it cannot.
func rssKB(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb
		}
	}
	return 0
}

// get fetches path and decodes its JSON answer into v.
func get(ctx context.Context, c *http.Client, url string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("GET %s: %s %s", url, resp.Status, b)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
