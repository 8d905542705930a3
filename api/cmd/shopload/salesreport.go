package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

func (res *SalesResults) print(w io.Writer) {
	fmt.Fprintf(w, "\n%-26s %9s %9s %9s %7s %6s %6s  %s\n", "sales", "req/s", "p50 ms", "p99 ms", "errors", "no-stk", "ratio", "budget")
	for _, r := range res.Rows {
		verdict, ratio := "PASS", ""
		if !r.Pass {
			verdict = "FAIL: " + r.Why
		}
		if r.Ratio > 0 {
			ratio = fmt.Sprintf("%.2f", r.Ratio)
		}
		fmt.Fprintf(w, "%-26s %9.1f %9.2f %9.2f %7d %6d %6s  %s (%s)\n", r.Name, r.RPS, r.P50MS, r.P99MS, r.Errors,
			r.OutOfStock, ratio, verdict, r.Budget)
		if r.FirstError != "" {
			fmt.Fprintf(w, "%26s first error: %s\n", "", r.FirstError)
		}
	}
	if p := res.Peer; p != nil {
		verdict := "PASS"
		if !p.Pass {
			verdict = "FAIL"
		}
		fmt.Fprintf(w, "%-26s max %.0f ms of %v  %s (%s)\n", "second-shopd-sees-sale", p.MaxMS, p.DelaysMS, verdict, p.Budget)
	}
}

// mergeSales adds res to the results file, beside the buying figures an earlier run of this
// bench wrote there (the bench measures the second shopd in a run of its own).
func mergeSales(path string, res *SalesResults) error {
	if b, err := os.ReadFile(path); err == nil {
		var all struct {
			Sales *SalesResults `json:"sales"`
		}
		if err := json.Unmarshal(b, &all); err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
		if earlier := all.Sales; earlier != nil {
			res.Rows = append(earlier.Rows, res.Rows...)
			res.Notes = append(earlier.Notes, res.Notes...)
			if res.Peer == nil {
				res.Peer = earlier.Peer
			}
			res.Pass = res.Pass && earlier.Pass
		}
	}
	return mergeResults(path, "sales", res, res.Pass)
}

// mergeResults adds figures to the results file of the catalogue run (or starts one): under
// key when v is not nil, and checks to its other budgets; a failing part fails the whole.
func mergeResults(path, key string, v any, pass bool, checks ...Check) error {
	all := map[string]any{}
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &all); err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return err
	default:
		all["pass"] = true
	}
	if v != nil {
		all[key] = v
	}
	others, _ := all["other_budgets"].([]any)
	for _, c := range checks {
		others = append(others, c)
		pass = pass && c.Pass
	}
	all["other_budgets"] = others
	earlier, _ := all["pass"].(bool)
	all["pass"] = earlier && pass
	out, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}

// startupCheck is the start-up at many products, from a snapshot (budget maxMS) or without
// one (reported: maxMS 0).
func startupCheck(name string, valueMS, maxMS float64, products int) Check {
	c := Check{Name: name, Value: valueMS, Unit: "ms", Budget: fmt.Sprintf("reported, %d products", products), Pass: true}
	if maxMS > 0 {
		c.Budget = fmt.Sprintf("< %.0f ms with %d products", maxMS, products)
		c.Pass = valueMS < maxMS
	}
	verdict := "PASS"
	if !c.Pass {
		verdict = "FAIL"
	}
	fmt.Printf("%-26s %9.0f %-6s %-32s %s\n", c.Name, c.Value, c.Unit, c.Budget, verdict)
	return c
}

// maxSnapshotStartupMS is the budget of a start at 100,000 products from the read model's snapshot.
const maxSnapshotStartupMS = 3000.0

// exitCode is 1 when a check fails.
func exitCode(checks ...Check) int {
	for _, c := range checks {
		if !c.Pass {
			return 1
		}
	}
	return 0
}
