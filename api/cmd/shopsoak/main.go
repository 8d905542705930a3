// Command shopsoak is the shop's soak test (make soak). It starts the shopd binary it is given
// on a free loopback port with a fresh data directory (embedded store, demo catalogue), sends
// mixed traffic for SOAK_DURATION (default 5m) from a bounded set of goroutines, then checks
// that nothing went missing: for every product, stock now + units sold = starting stock (the
// units of an order the admin cancelled are back in stock, not sold);
// every successful checkout has exactly one order and there is no order without one; no
// answer was a 5xx; shopd's memory did not keep growing. It prints the figures and exits 1,
// naming what went missing, when any check fails.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"shop/internal/shopdproc"
)

func main() {
	shopd := flag.String("shopd", "bin/shopd", "the shopd binary to soak")
	workers := flag.Int("workers", 8, "concurrent clients")
	flag.Parse()
	duration := 5 * time.Minute
	if v := os.Getenv("SOAK_DURATION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			fmt.Fprintln(os.Stderr, "shopsoak: SOAK_DURATION must be a duration such as 5m")
			os.Exit(2)
		}
		duration = d
	}
	if err := run(*shopd, duration, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "\nshopsoak: FAILED:", err)
		os.Exit(1)
	}
	fmt.Println("\nshopsoak: PASSED")
}

const (
	adminEmail    = "soak-admin@shop.test"
	adminPassword = "soak-admin-123"
)

func run(shopdPath string, duration time.Duration, workers int) (err error) {
	dir, err := os.MkdirTemp("", "shopsoak-*")
	if err != nil {
		return err
	}
	defer func() {
		if err == nil {
			_ = os.RemoveAll(dir) // kept, with shopd's log, when the soak fails
		}
	}()
	sd, err := shopdproc.Start(shopdPath, shopdproc.Options{DataDir: filepath.Join(dir, "data"),
		LogPath: filepath.Join(dir, "shopd.log"), AdminEmail: adminEmail, AdminPassword: adminPassword})
	if err != nil {
		return err
	}
	defer func() {
		if stopErr := sd.Stop(20 * time.Second); stopErr != nil || err != nil {
			fmt.Printf("shopd's log: %s\n", sd.LogPath)
		}
	}()
	base := sd.Base
	fmt.Printf("shopsoak: shopd (pid %d) on %s, data in %s; %s of traffic from %d clients\n", sd.Pid(), base, dir, duration, workers)
	s := newSoak(base, workers)
	if err := s.prepare(); err != nil {
		return fmt.Errorf("prepare: %w", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	rss := sampleRSS(ctx, sd.Pid(), 30*time.Second)
	start := time.Now()
	s.traffic(ctx)
	elapsed := time.Since(start)
	samples := <-rss
	select {
	case <-sd.Done():
		return fmt.Errorf("shopd exited during the soak: %v (see %s)", sd.Err(), sd.LogPath)
	default:
	}
	return s.verify(elapsed, samples)
}

// sampleRSS reads the resident memory of pid now and every interval until ctx ends, then
// once more, and delivers the samples (KiB).
func sampleRSS(ctx context.Context, pid int, interval time.Duration) <-chan []int {
	out := make(chan []int, 1)
	go func() {
		var samples []int
		take := func() {
			if kb, err := rssKiB(pid); err == nil {
				samples = append(samples, kb)
				fmt.Printf("  rss %4.0f MiB\n", float64(kb)/1024)
			}
		}
		take()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				take()
				out <- samples
				return
			case <-t.C:
				take()
			}
		}
	}()
	return out
}

func rssKiB(pid int) (int, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}
