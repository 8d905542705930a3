package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// readMix is one endpoint that asks, per request, one of the catalogue reads (every read of
// the catalogue bench but the photos) at random.
func readMix(fx *fixtures) endpoint {
	var reads []endpoint
	for _, ep := range endpoints(fx) {
		if ep.kind == "read" && ep.name != "product-photo-cold" || ep.kind == "browse" {
			reads = append(reads, ep)
		}
	}
	return endpoint{name: "read-mix", kind: "read", status: 200, next: func(r *rand.Rand, seq uint64) *http.Request {
		return reads[r.IntN(len(reads))].next(r, seq)
	}}
}

// readsTurns is how many turns of reads without sales, then with them, readsDuringSales takes:
// a drift of the machine's speed over the run then weighs on both sides alike.
const readsTurns = 3

// readsDuringSales measures the read mix at 64 connections alone and while a second generator
// places salesRate checkouts a second across salesProducts products, in alternating turns that
// add up to the run's duration on each side.
func (sb *salesBench) readsDuringSales(ctx context.Context) []*SalesRow {
	lg := &loader{client: sb.client, base: sb.base, conns: 64, duration: sb.duration}
	mix := readMix(sb.fx)
	lg.run(ctx, mix, time.Second) // warm up, unrecorded
	items := sb.itemsOfProducts(salesProducts)
	sales := &SalesRow{Name: "checkouts-beside-reads"}
	var mu sync.Mutex
	var lat []time.Duration
	var selling time.Duration
	var aloneW, duringW window
	turn := sb.duration / readsTurns
	for range readsTurns {
		lg.runInto(ctx, &aloneW, mix, turn)
		start := time.Now()
		stop := sb.sell(ctx, salesRate, items, func(took time.Duration, outcome string, err error) {
			mu.Lock()
			sales.note(took, outcome, err, &lat)
			mu.Unlock()
		})
		lg.runInto(ctx, &duringW, mix, turn)
		stop()
		selling += time.Since(start)
	}
	sales.summarise(lat, selling)
	alone, during := aloneW.row(mix), duringW.row(mix)

	reads := &SalesRow{Name: "reads-during-sales", Requests: during.Requests, RPS: during.RPS, P50MS: during.P50MS,
		P99MS: during.P99MS, MaxMS: during.MaxMS, Errors: during.Errors, FirstError: during.FirstError}
	if alone.RPS > 0 {
		reads.Ratio = during.RPS / alone.RPS
	}
	base := &SalesRow{Name: "reads-without-sales", Requests: alone.Requests, RPS: alone.RPS, P50MS: alone.P50MS,
		P99MS: alone.P99MS, MaxMS: alone.MaxMS, Errors: alone.Errors, FirstError: alone.FirstError}
	base.judge("reported (the base of reads-during-sales)", 0, nil)
	reads.judge(fmt.Sprintf(">= %.0f%% of the reads/s without sales, p99 < %.0f ms, 0 errors",
		minReadsDuringSales*100, maxReadsDuringP99MS), maxReadsDuringP99MS, func() string {
		if reads.Ratio < minReadsDuringSales {
			return fmt.Sprintf("%.2f of the reads/s without sales < %.2f", reads.Ratio, minReadsDuringSales)
		}
		return ""
	})
	sales.judge(fmt.Sprintf("%d/s across %d products; each sold or out of stock; p50/p99 reported",
		salesRate, salesProducts), 0, nil)
	return []*SalesRow{base, reads, sales}
}

// sell places rate checkouts a second of items, from the bench's shoppers in turn, until the
// stop it answers is called; stop waits for the checkouts under way.
func (sb *salesBench) sell(ctx context.Context, rate int, items []stockItem, done func(time.Duration, string, error)) (stop func()) {
	run, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
		r := rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))
		for i := 0; ; i++ {
			select {
			case <-run.Done():
				return
			case <-tick.C:
			}
			tok, it := sb.shoppers[i%len(sb.shoppers)], items[r.IntN(len(items))]
			wg.Add(1)
			go func() {
				defer wg.Done()
				done(sb.checkout(ctx, tok, it))
			}()
		}
	}()
	return func() {
		cancel()
		wg.Wait()
	}
}

// itemsOfProducts answers the stock items of n products picked at random.
func (sb *salesBench) itemsOfProducts(n int) []stockItem {
	byProduct := map[string][]stockItem{}
	var ids []string
	for _, it := range sb.items {
		if byProduct[it.productID] == nil {
			ids = append(ids, it.productID)
		}
		byProduct[it.productID] = append(byProduct[it.productID], it)
	}
	r := rand.New(rand.NewPCG(200, 200))
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	var items []stockItem
	for _, id := range ids[:min(n, len(ids))] {
		items = append(items, byProduct[id]...)
	}
	return items
}

// peerSeesSale places a sale on this shopd and polls the second one on the same store for
// the product's new stock: the delay from the sale's answer to the stock seen there.
func (sb *salesBench) peerSeesSale(ctx context.Context) (*PeerResult, error) {
	res := &PeerResult{Budget: fmt.Sprintf("a second shopd on the store shows a sale's stock in < %.0f ms", maxPeerSeesSaleMS)}
	r := rand.New(rand.NewPCG(5, uint64(time.Now().UnixNano())))
	quantity := func(slug string) (int, error) {
		var ans struct {
			Product struct {
				Quantity int `json:"quantity"`
			} `json:"product"`
		}
		err := get(ctx, sb.client, sb.peer+"/api/v1/product/get-product/"+slug, &ans)
		return ans.Product.Quantity, err
	}
	for len(res.DelaysMS) < peerSamples {
		it := sb.items[r.IntN(len(sb.items))]
		before, err := quantity(it.slug)
		if err != nil {
			return nil, fmt.Errorf("the second shopd: %w", err)
		}
		_, outcome, err := sb.checkout(ctx, sb.shoppers[0], it)
		if err != nil {
			return nil, err
		}
		if outcome != "sold" {
			continue
		}
		sold := time.Now()
		for {
			q, err := quantity(it.slug)
			if err != nil {
				return nil, fmt.Errorf("the second shopd: %w", err)
			}
			if q != before {
				break
			}
			if time.Since(sold) > 10*time.Second {
				return nil, fmt.Errorf("the second shopd still shows %d of %s 10 s after a sale", q, it.slug)
			}
			time.Sleep(5 * time.Millisecond)
		}
		d := ms(time.Since(sold))
		res.DelaysMS = append(res.DelaysMS, d)
		res.MaxMS = max(res.MaxMS, d)
	}
	res.Pass = res.MaxMS < maxPeerSeesSaleMS
	fmt.Printf("  %-26s delays %v ms, max %.0f ms\n", "second-shopd-sees-sale", res.DelaysMS, res.MaxMS)
	return res, nil
}
