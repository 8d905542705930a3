package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Budgets of buying (bench/README.md), on the bench machine, with the bench catalogue.
const (
	checkoutShoppers      = 16    // concurrent shoppers of the checkout-alone run
	maxCheckoutP99MS      = 50.0  // checkout alone
	minCheckoutRPS        = 100.0 // checkout alone
	pacedCheckoutRate     = 100   // checkouts a second of the paced run (reported)
	salesRate             = 20    // checkouts a second beside the reads
	salesProducts         = 200   // products those checkouts buy
	minReadsDuringSales   = 0.80  // reads' requests/s during sales, share of those without
	maxReadsDuringP99MS   = 100.0 // reads during sales
	maxPeerSeesSaleMS     = 1000.0
	peerSamples           = 5
	maxAdminWriteP99MS    = 50.0
	adminWritesPerKind    = 60
	salesShopperPassword  = "sales-shopper-123"
	salesCheckoutNonce    = "fake-valid-nonce" // the sandbox's test card, as the client sends it
	stockConflictFragment = "in stock"         // the 409 of a short stock names it; other 409s do not
)

// SalesResults are the buying figures, added to results.json under "sales".
type SalesResults struct {
	Rows  []*SalesRow `json:"rows"`
	Peer  *PeerResult `json:"second_shopd,omitempty"`
	Pass  bool        `json:"pass"`
	Notes []string    `json:"notes,omitempty"`
}

// SalesRow is one measured run: requests/s, latencies, errors, and its verdict.
type SalesRow struct {
	Name       string  `json:"name"`
	Requests   int     `json:"requests"`
	RPS        float64 `json:"rps"`
	P50MS      float64 `json:"p50_ms"`
	P99MS      float64 `json:"p99_ms"`
	MaxMS      float64 `json:"max_ms"`
	Errors     int     `json:"errors"`
	OutOfStock int     `json:"out_of_stock,omitempty"`
	FirstError string  `json:"first_error,omitempty"`
	Ratio      float64 `json:"ratio,omitempty"` // reads during sales: of the reads without
	// ServerCPUUS is the first shopd's CPU time (user and system) per answer, in microseconds:
	// steadier than requests/s on a machine whose speed drifts. 0 when unknown.
	ServerCPUUS float64 `json:"shopd_cpu_us_per_req,omitempty"`
	Budget      string  `json:"budget"`
	Pass        bool    `json:"pass"`
	Why         string  `json:"why,omitempty"`
}

// PeerResult is how long a second shopd on the same store took to show a sale's stock.
type PeerResult struct {
	DelaysMS []float64 `json:"delays_ms"`
	MaxMS    float64   `json:"max_ms"`
	Budget   string    `json:"budget"`
	Pass     bool      `json:"pass"`
}

// stockItem is one variant on sale (or a product sold as one thing: variant "").
type stockItem struct {
	productID, variantID, slug string
	quantity                   int
}

// salesBench holds what the buying runs share.
type salesBench struct {
	client   *http.Client
	base     string
	peer     string // a second shopd on the same store, "" when none
	admin    string // admin's token
	shoppers []string
	items    []stockItem // every variant with stock at the start
	fx       *fixtures
	duration time.Duration
	pid      int // the first shopd's, to read its CPU time; 0 when unknown
	keys     atomic.Uint64
	orders   sync.Map // order ids placed, for the admin's status changes
}

// runSales measures buying on a shop seeded with the bench catalogue (see bench/README.md).
// only, when not empty, names the parts to run: checkout, reads, peer, admin.
func runSales(ctx context.Context, base, peer, adminEmail, adminPassword string, d time.Duration, pid int,
	only map[string]bool) (*SalesResults, error) {
	part := func(name string) bool { return len(only) == 0 || only[name] }
	client := newClient(64 + salesRate*4)
	sb := &salesBench{client: client, base: base, peer: peer, duration: d, pid: pid}
	var err error
	if sb.admin, err = signIn(ctx, client, base, adminEmail, adminPassword); err != nil {
		return nil, err
	}
	for i := range checkoutShoppers {
		tok, err := shopper(ctx, client, base, i)
		if err != nil {
			return nil, err
		}
		sb.shoppers = append(sb.shoppers, tok)
	}
	if sb.items, err = saleItems(ctx, client, base); err != nil {
		return nil, err
	}
	if sb.fx, err = discover(ctx, client, base); err != nil {
		return nil, err
	}
	fmt.Printf("sales: %d variants with stock, %d shoppers, %s per run\n", len(sb.items), len(sb.shoppers), d)

	res := &SalesResults{}
	if part("checkout") {
		res.Rows = append(res.Rows, sb.checkoutAlone(ctx), sb.checkoutPaced(ctx))
	}
	if part("reads") {
		res.Rows = append(res.Rows, sb.readsDuringSales(ctx)...)
	}
	if peer != "" && part("peer") {
		p, err := sb.peerSeesSale(ctx)
		if err != nil {
			return nil, err
		}
		res.Peer = p
	}
	if part("admin") {
		admin, err := sb.adminWrites(ctx)
		if err != nil {
			return nil, err
		}
		res.Rows = append(res.Rows, admin...)
	}
	res.Pass = true
	for _, r := range res.Rows {
		res.Pass = res.Pass && r.Pass
	}
	if res.Peer != nil {
		res.Pass = res.Pass && res.Peer.Pass
	}
	return res, nil
}

// shopper signs in the i-th bench shopper, registering it on the first run.
func shopper(ctx context.Context, c *http.Client, base string, i int) (string, error) {
	email := fmt.Sprintf("sales-shopper-%d@shop.test", i)
	if tok, err := signIn(ctx, c, base, email, salesShopperPassword); err == nil {
		return tok, nil
	}
	reg := map[string]string{"name": fmt.Sprintf("Sales Shopper %d", i), "email": email, "password": salesShopperPassword,
		"phone": "9876543210", "address": "1 Bench Road, Pune", "answer": "blue"}
	if status, body, err := send(ctx, c, http.MethodPost, base+"/api/v1/auth/register", "", reg); err != nil || status != 201 {
		return "", fmt.Errorf("register %s: status %d %s %v", email, status, body, err)
	}
	return signIn(ctx, c, base, email, salesShopperPassword)
}

// saleItems lists every variant (or product without variants) that has stock.
func saleItems(ctx context.Context, c *http.Client, base string) ([]stockItem, error) {
	type listed struct {
		ID       string `json:"_id"`
		Slug     string `json:"slug"`
		Quantity int    `json:"quantity"`
		Variants []struct {
			ID       string `json:"_id"`
			Quantity int    `json:"quantity"`
		} `json:"variants"`
	}
	var items []stockItem
	err := eachProductPage(ctx, c, base, func(products []listed) {
		for _, p := range products {
			if len(p.Variants) == 0 && p.Quantity > 0 {
				items = append(items, stockItem{productID: p.ID, slug: p.Slug, quantity: p.Quantity})
			}
			for _, v := range p.Variants {
				if v.Quantity > 0 {
					items = append(items, stockItem{productID: p.ID, variantID: v.ID, slug: p.Slug, quantity: v.Quantity})
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("no product at %s has stock", base)
	}
	return items, nil
}

// checkout buys one unit of it as shopper tok, with a key never used before. It answers the
// latency and whether the answer was a sale (201), a short stock (409 naming the stock) or
// an error (anything else, described).
func (sb *salesBench) checkout(ctx context.Context, tok string, it stockItem) (time.Duration, string, error) {
	line := map[string]string{"_id": it.productID}
	if it.variantID != "" {
		line["variantId"] = it.variantID
	}
	body, _ := json.Marshal(map[string]any{"nonce": salesCheckoutNonce, "cart": []any{line}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, sb.base+"/api/v1/product/process-payment", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", tok)
	req.Header.Set("Idempotency-Key", fmt.Sprintf("sales-%d-%d", time.Now().UnixNano(), sb.keys.Add(1)))
	t := time.Now()
	resp, err := sb.client.Do(req)
	if err != nil {
		return time.Since(t), "", err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(t)
	switch {
	case err != nil:
		return took, "", err
	case resp.StatusCode == http.StatusCreated:
		var ans struct {
			Order struct {
				ID string `json:"_id"`
			} `json:"order"`
		}
		if json.Unmarshal(b, &ans) == nil && ans.Order.ID != "" {
			sb.orders.Store(ans.Order.ID, true)
		}
		return took, "sold", nil
	case resp.StatusCode == http.StatusConflict && strings.Contains(string(b), stockConflictFragment):
		return took, "out of stock", nil
	}
	return took, "", fmt.Errorf("checkout: status %d %.200s", resp.StatusCode, b)
}

// checkoutAlone keeps 16 shoppers buying one unit of a random variant at a time.
func (sb *salesBench) checkoutAlone(ctx context.Context) *SalesRow {
	var mu sync.Mutex
	var lat []time.Duration
	row := &SalesRow{Name: "checkout-alone"}
	run, cancel := context.WithTimeout(ctx, sb.duration)
	defer cancel()
	var wg sync.WaitGroup
	start, cpu0 := time.Now(), cpuTicks(sb.pid)
	for w := range checkoutShoppers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for run.Err() == nil {
				took, outcome, err := sb.checkout(ctx, sb.shoppers[w], sb.items[r.IntN(len(sb.items))])
				mu.Lock()
				row.note(took, outcome, err, &lat)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	row.summarise(lat, time.Since(start))
	row.cpuPerAnswer(cpu0, cpuTicks(sb.pid))
	row.judge(fmt.Sprintf("p99 < %.0f ms, >= %.0f checkouts/s at %d shoppers, 0 errors but out-of-stock",
		maxCheckoutP99MS, minCheckoutRPS, checkoutShoppers), maxCheckoutP99MS, func() string {
		if row.RPS < minCheckoutRPS {
			return fmt.Sprintf("%.0f checkouts/s < %.0f", row.RPS, minCheckoutRPS)
		}
		return ""
	})
	return row
}

// checkoutPaced has the shoppers place pacedCheckoutRate checkouts a second between them, of
// random variants: how long a checkout takes at that rate rather than at the most the shop
// can take (checkoutAlone). Reported.
func (sb *salesBench) checkoutPaced(ctx context.Context) *SalesRow {
	var mu sync.Mutex
	var lat []time.Duration
	row := &SalesRow{Name: fmt.Sprintf("checkout-at-%d/s", pacedCheckoutRate)}
	start, cpu0 := time.Now(), cpuTicks(sb.pid)
	stop := sb.sell(ctx, pacedCheckoutRate, sb.items, func(took time.Duration, outcome string, err error) {
		mu.Lock()
		row.note(took, outcome, err, &lat)
		mu.Unlock()
	})
	select {
	case <-ctx.Done():
	case <-time.After(sb.duration):
	}
	stop()
	row.summarise(lat, time.Since(start))
	row.cpuPerAnswer(cpu0, cpuTicks(sb.pid))
	row.judge(fmt.Sprintf("reported: %d checkouts/s from %d shoppers, p50/p99; 0 errors but out-of-stock",
		pacedCheckoutRate, checkoutShoppers), 0, nil)
	return row
}

// note counts one checkout's outcome; errors are what is neither a sale nor a short stock.
func (row *SalesRow) note(took time.Duration, outcome string, err error, lat *[]time.Duration) {
	*lat = append(*lat, took)
	switch {
	case err != nil:
		row.Errors++
		if row.FirstError == "" {
			row.FirstError = err.Error()
		}
	case outcome == "out of stock":
		row.OutOfStock++
	}
}

func (row *SalesRow) summarise(lat []time.Duration, took time.Duration) {
	slices.Sort(lat)
	row.Requests = len(lat)
	row.RPS = float64(len(lat)) / took.Seconds()
	row.P50MS, row.P99MS, row.MaxMS = ms(quantile(lat, 0.5)), ms(quantile(lat, 0.99)), ms(quantile(lat, 1))
}

// cpuPerAnswer sets ServerCPUUS from shopd's CPU ticks before and after the row's run.
func (row *SalesRow) cpuPerAnswer(before, after int64) {
	if before >= 0 && after >= 0 && row.Requests > 0 {
		row.ServerCPUUS = cpuPerAnswerUS(after-before, row.Requests)
	}
}

// judge checks the row's p99 (when maxP99MS > 0), errors and what extra finds wrong.
func (row *SalesRow) judge(budget string, maxP99MS float64, extra func() string) {
	row.Budget = budget
	var why []string
	if maxP99MS > 0 && row.P99MS >= maxP99MS {
		why = append(why, fmt.Sprintf("p99 %.1f ms >= %.0f ms", row.P99MS, maxP99MS))
	}
	if row.Errors > 0 {
		why = append(why, fmt.Sprintf("%d errors", row.Errors))
	}
	if row.Requests == 0 {
		why = append(why, "no answers")
	}
	if extra != nil {
		if w := extra(); w != "" {
			why = append(why, w)
		}
	}
	row.Pass, row.Why = len(why) == 0, strings.Join(why, "; ")
	cpu := ""
	if row.ServerCPUUS > 0 {
		cpu = fmt.Sprintf("  shopd CPU %.0f µs each", row.ServerCPUUS)
	}
	fmt.Printf("  %-26s %7.0f/s  p50 %7.2f ms  p99 %7.2f ms  errors %d  out of stock %d%s\n",
		row.Name, row.RPS, row.P50MS, row.P99MS, row.Errors, row.OutOfStock, cpu)
}

// send makes a JSON request and answers the status and the body.
func send(ctx context.Context, c *http.Client, method, url, token string, body any) (int, []byte, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	ans, err := io.ReadAll(resp.Body)
	return resp.StatusCode, ans, err
}
