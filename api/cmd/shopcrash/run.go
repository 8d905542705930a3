package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"shop/internal/shopdproc"
)

// config is one crash run.
type config struct {
	shopd   string
	kills   int
	every   time.Duration // traffic before each kill
	workers int
	out     io.Writer
}

const (
	adminEmail    = "crash-admin@shop.test"
	adminPassword = "crash-admin-123"
)

// run starts shopd, streams checkouts through the kills and restarts, and gathers what the
// checks need. The data directory is removed when the checks pass (report.cleanup).
func run(ctx context.Context, c config) (*report, error) {
	dir, err := os.MkdirTemp("", "shopcrash-*")
	if err != nil {
		return nil, err
	}
	r := &report{dir: dir, out: c.out}
	s, err := startShopd(c.shopd, dir, 0)
	if err != nil {
		return r, err
	}
	fmt.Fprintf(c.out, "shopcrash: shopd on %s, data in %s; %d kills, %s of checkouts before each, %d clients\n",
		s.Base, dir, c.kills, c.every, c.workers)
	cl := &client{base: s.Base, http: &http.Client{Timeout: 10 * time.Second}}
	if err := cl.prepare(c.workers); err != nil {
		s.Kill()
		return r, fmt.Errorf("prepare: %w", err)
	}
	if r.startStock, err = cl.stock(); err != nil {
		s.Kill()
		return r, err
	}
	for kill := 1; kill <= c.kills; kill++ {
		// Kill in the middle of the stream: checkouts are at every step when it lands.
		streamCtx, stopStream := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { stream(streamCtx, cl, c.workers, r); close(done) }()
		time.Sleep(c.every)
		s.Kill()
		stopStream()
		<-done
		fmt.Fprintf(c.out, "shopcrash: killed shopd (SIGKILL) after %d orders answered 201\n", len(r.placed))
		if s, err = startShopd(c.shopd, dir, kill); err != nil {
			return r, err
		}
		cl.base = s.Base
	}
	streamCtx, stopStream := context.WithTimeout(ctx, c.every/2)
	stream(streamCtx, cl, c.workers, r)
	stopStream()
	// A clean stop writes the snapshots; a sale answered and a kill straight after it leave the
	// sale in the store ahead of the version the snapshot holds (the sale is announced after
	// its answer). The next start must show the sale, not the snapshot.
	if err := s.Stop(30 * time.Second); err != nil {
		return r, err
	}
	if s, err = startShopd(c.shopd, dir, c.kills+1); err != nil {
		return r, err
	}
	cl.base = s.Base
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	for range 20 { // a random unit may be sold out
		if cl.checkout(0, rnd, r) == http.StatusCreated {
			break
		}
	}
	s.Kill()
	fmt.Fprintf(c.out, "shopcrash: killed shopd (SIGKILL) straight after a sale, %d orders answered 201\n", len(r.placed))
	if s, err = startShopd(c.shopd, dir, c.kills+2); err != nil {
		return r, err
	}
	cl.base = s.Base
	if r.orders, err = cl.allOrders(); err == nil {
		r.stock, err = cl.stock()
	}
	if stopErr := s.Stop(30 * time.Second); err == nil {
		err = stopErr
	}
	if err != nil {
		return r, err
	}
	return r, r.readStore(filepath.Join(dir, "data", "store"))
}

// startShopd starts shopd on dir's data and waits until it is healthy; run numbers its log.
func startShopd(bin, dir string, run int) (*shopdproc.Shopd, error) {
	return shopdproc.Start(bin, shopdproc.Options{DataDir: filepath.Join(dir, "data"),
		LogPath:    filepath.Join(dir, fmt.Sprintf("shopd-%d.log", run)),
		AdminEmail: adminEmail, AdminPassword: adminPassword})
}
