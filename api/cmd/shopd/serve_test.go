package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestShutdownFinishesInFlightCheckout stops a deploy or Ctrl-C from cutting a checkout in
// half: once shutdown begins, new connections are refused, but a request already running
// (a slow card charge) finishes and its answer reaches the shopper before serve returns.
func TestShutdownFinishesInFlightCheckout(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	started, finish := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-finish // the charge takes its time
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"success":true,"order":{"_id":"o1"}}`)
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- serveOn(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), ln, h, 5*time.Second) }()

	type answer struct {
		status int
		body   string
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		res, err := http.Post("http://"+addr+"/api/v1/product/process-payment", "application/json", nil)
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		answered <- answer{res.StatusCode, string(b), err}
	}()
	<-started
	cancel() // SIGTERM

	deadline := time.Now().Add(2 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err != nil {
			break // the listener is closed: new shoppers are turned away
		}
		_ = c.Close()
		if time.Now().After(deadline) {
			t.Fatal("shopd still accepts connections two seconds into its shutdown")
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case err := <-served:
		t.Fatalf("serve returned (%v) while a checkout was in flight", err)
	default:
	}

	close(finish)
	a := <-answered
	if a.err != nil || a.status != http.StatusCreated || a.body != `{"success":true,"order":{"_id":"o1"}}` {
		t.Fatalf("in-flight checkout answered %d %q %v; want 201 with its order", a.status, a.body, a.err)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return after the last request finished")
	}
}
