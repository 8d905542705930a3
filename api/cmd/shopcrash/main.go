// Command shopcrash is the shop's crash test (make crash). It starts the shopd binary it is
// given on a free loopback port with a fresh data directory (embedded store, demo catalogue),
// sends a stream of checkouts from a few clients, kills shopd with SIGKILL in the middle of
// it (twice by default), restarts it on the same data each time, then stops it cleanly, sells
// once and kills it straight after that sale (the snapshots then lag the store), and then
// checks that no payment or unit of stock went missing:
//   - every checkout answered 201 has its order;
//   - for every product, stock now + units sold = stock at the start, and the stock the shop
//     shows is the stock the store holds;
//   - no card was charged without an order (the sandbox gateway's charges, read from the
//     store once shopd has stopped) and no order is left pending.
//
// It prints the figures and exits 1, naming what went missing, when a check fails.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	shopd := flag.String("shopd", "bin/shopd", "the shopd binary to crash")
	kills := flag.Int("kills", 2, "how many times to kill shopd during the stream")
	every := flag.Duration("every", 5*time.Second, "checkouts between two kills")
	workers := flag.Int("workers", 8, "concurrent clients")
	flag.Parse()
	r, err := run(context.Background(), config{shopd: *shopd, kills: *kills, every: *every, workers: *workers,
		out: os.Stdout})
	if err == nil {
		err = r.check()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "\nshopcrash: FAILED:", err)
		os.Exit(1)
	}
	fmt.Println("\nshopcrash: PASSED")
}
