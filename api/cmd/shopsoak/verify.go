package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Memory may grow this much past its size after the first 30 s (warm caches, pools) before
// the soak calls it unbounded.
const (
	rssGrowthFactor = 1.5
	rssGrowthKiB    = 100 << 10
)

// verify checks the ledger against what the shop holds now and prints the figures.
func (s *soak) verify(elapsed time.Duration, rss []int) error {
	var failures []string
	fail := func(format string, args ...any) { failures = append(failures, fmt.Sprintf(format, args...)) }

	// Stock: now + sold = start, for every product.
	sold := map[string]int{}
	created, replays := 0, 0
	for id, o := range s.orders {
		for pid, n := range o.units {
			if !o.cancelled {
				sold[pid] += n
			}
		}
		created += o.created
		replays += o.replays
		if o.created != 1 {
			fail("order %s was answered as newly created %d times, want exactly 1", id, o.created)
		}
	}
	now, err := s.listProducts()
	if err != nil {
		return err
	}
	stockNow := map[string]int{}
	for _, p := range now {
		stockNow[p.ID] = p.Quantity
	}
	unitsSold, lowSold := 0, 0
	for _, p := range s.products {
		q, ok := stockNow[p.ID]
		if !ok {
			fail("product %s (%s) is gone", p.ID, p.Name)
			continue
		}
		unitsSold += sold[p.ID]
		if slices.Contains(s.low, p.ID) {
			lowSold += sold[p.ID]
		}
		if q+sold[p.ID] != s.start[p.ID] {
			fail("STOCK MISSING: %q (%s) started with %d, sold %d, holds %d: %+d units unaccounted",
				p.Name, p.ID, s.start[p.ID], sold[p.ID], q, s.start[p.ID]-sold[p.ID]-q)
		}
		if q < 0 {
			fail("%q is oversold: %d in stock", p.Name, q)
		}
	}

	// Orders: each shopper's list and the admin's list hold exactly the successful checkouts.
	listed := map[string]int{}
	for _, sh := range s.shoppers {
		st, raw := s.call("orders", "GET", "/api/v1/auth/orders", sh.token, nil, nil, 200)
		var list []struct {
			ID       string            `json:"_id"`
			Products []json.RawMessage `json:"products"`
		}
		if st != 200 || json.Unmarshal(raw, &list) != nil {
			return fmt.Errorf("orders of %s: %d %.200s", sh.email, st, raw)
		}
		for _, o := range list {
			listed[o.ID]++
			if p := s.orders[o.ID]; p != nil && len(o.Products) != sumUnits(p.units) {
				fail("order %s holds %d products, its checkout answered %d", o.ID, len(o.Products), sumUnits(p.units))
			}
		}
	}
	for id, n := range listed {
		if n != 1 {
			fail("DUPLICATE ORDER: %s is listed %d times", id, n)
		}
		if s.orders[id] == nil {
			fail("ORDER WITHOUT A SUCCESS: %s is stored but its checkout never answered it", id)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(s.orders)) {
		if listed[id] == 0 {
			fail("ORDER MISSING: %s was answered to the shopper but is not in their orders", id)
		}
	}
	st, raw := s.call("all-orders", "GET", "/api/v1/auth/all-orders", s.admin, nil, nil, 200)
	var all []struct {
		ID string `json:"_id"`
	}
	if st != 200 || json.Unmarshal(raw, &all) != nil {
		return fmt.Errorf("all-orders: %d %.200s", st, raw)
	}
	seen := map[string]bool{}
	for _, o := range all {
		if seen[o.ID] {
			fail("DUPLICATE ORDER: %s twice in all-orders", o.ID)
		}
		seen[o.ID] = true
		if s.orders[o.ID] == nil {
			fail("ORDER WITHOUT A SUCCESS: %s in all-orders", o.ID)
		}
	}
	if len(all) != len(s.orders) {
		fail("all-orders lists %d orders, want every one of the %d placed", len(all), len(s.orders))
	}

	for _, e := range s.serverErrs {
		fail("5xx: %s", e)
	}
	for _, e := range s.odd {
		fail("unexpected answer: %s", e)
	}
	failures = append(failures, s.problems...)

	// Memory: after the first sample past warm-up, it must not keep growing.
	if len(rss) >= 3 {
		warm, last := rss[1], rss[len(rss)-1]
		if float64(last) > float64(warm)*rssGrowthFactor && last-warm > rssGrowthKiB {
			fail("MEMORY GROWING: RSS %d MiB after warm-up, %d MiB at the end", warm>>10, last>>10)
		}
	}

	fmt.Printf("\nshopsoak figures after %s:\n", elapsed.Round(time.Second))
	fmt.Printf("  requests        %d (%.0f/s), 5xx %d, unexpected %d\n", s.total, float64(s.total)/elapsed.Seconds(), len(s.serverErrs), len(s.odd))
	for _, k := range slices.Sorted(maps.Keys(s.calls)) {
		fmt.Printf("    %s  %d\n", k, s.calls[k])
	}
	fmt.Printf("  checkouts       %d orders created, %d answered again by Idempotency-Key\n", created, replays)
	fmt.Printf("  units sold      %d (%d of the %d low-stock products' %d units)\n", unitsSold, lowSold, len(s.low), len(s.low)*lowStock)
	fmt.Printf("  orders stored   %d in the shoppers' lists (%d shoppers), %d in all-orders\n", len(listed), len(s.shoppers), len(all))
	fmt.Printf("  products        %d checked: stock now + sold = starting stock\n", len(s.products))
	var mib []string
	for _, kb := range rss {
		mib = append(mib, fmt.Sprintf("%d", kb>>10))
	}
	fmt.Printf("  rss (MiB)       %s\n", strings.Join(mib, " "))
	s.lastFailures = failures
	if len(failures) > 0 {
		for _, f := range failures[:min(len(failures), 50)] {
			fmt.Println("  !!", f)
		}
		return fmt.Errorf("%d checks failed (first: %s)", len(failures), failures[0])
	}
	return nil
}

func sumUnits(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
