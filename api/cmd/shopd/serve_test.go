package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shop/internal/freeport"
	"shop/internal/logbuf"
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

// TestRequestOutlivingTheGraceIsAPlainStop: a request still running when the grace period
// ends (a slow card charge, awaited afterwards by the checkouts' drain) does not make the stop
// an error: a supervisor would count every deploy during a slow payment as a failure.
func TestRequestOutlivingTheGraceIsAPlainStop(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, finish := make(chan struct{}), make(chan struct{})
	defer close(finish)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-finish
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() {
		served <- serveOn(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), ln, h, 100*time.Millisecond)
	}()
	go func() {
		if res, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
			_ = res.Body.Close()
		}
	}()
	<-started
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("serve = %v; want a plain stop", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return after its grace period")
	}
}

// TestTakenPortFailsFirst: with the port taken, shopd says so and stops before it starts the
// store or warms a cache, so the clash is the only thing a newcomer reads.
func TestTakenPortFailsFirst(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	_, port, _ := net.SplitHostPort(taken.Addr().String())
	dir := t.TempDir()
	var logs strings.Builder
	err = run(context.Background(), envOf(map[string]string{"DATA_DIR": dir, "PORT": port, "CLIENT_DIST": dir}), &logs)
	if err == nil || !strings.Contains(err.Error(), "listen on 127.0.0.1:"+port) ||
		!strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("run = %v, want the address in use named", err)
	}
	if logs.Len() != 0 {
		t.Fatalf("shopd logged before failing on the port: %s", logs.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "store")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the embedded store was started before the port was taken: %v", err)
	}
}

func TestServedURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080", "0.0.0.0:8080": "http://localhost:8080",
		"[::]:9000": "http://localhost:9000", "[::1]:80": "http://[::1]:80",
	} {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := servedURL(tcp); got != want {
			t.Errorf("servedURL(%s) = %s, want %s", addr, got, want)
		}
	}
}

// While the shop starts (here: its store does not answer yet), every request is answered at
// once with 503 "starting", so a health probe or a shopper is told rather than left waiting;
// a start that fails stops answering.
func TestStartingShopAnswers503(t *testing.T) {
	logs := &logbuf.Buffer{}
	port, err := freeport.Loopback()
	if err != nil {
		t.Fatal(err)
	}
	unreachable, err := freeport.Loopback()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, envOf(map[string]string{"DATA_DIR": t.TempDir(), "PORT": port, "METRICS_ADDR": "off",
			"MONGO_URI":  "mongodb://127.0.0.1:" + unreachable + "/?connectTimeoutMS=200",
			"JWT_SECRET": strings.Repeat("s", 32)}), logs)
	}()
	var res *http.Response
	deadline := time.Now().Add(10 * time.Second)
	probe, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:"+port+"/healthz", nil)
	probe.Header.Set("X-Request-ID", "probe-0001")
	for {
		var err error
		if res, err = http.DefaultClient.Do(probe); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no answer while starting: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" ||
		!strings.Contains(string(body), `"message":"The shop is starting. Please try again in a moment."`) {
		t.Fatalf("while starting: %d %s %q", res.StatusCode, res.Header, body)
	}
	// It is named and logged as every answer is.
	if id := res.Header.Get("X-Request-ID"); id != "probe-0001" {
		t.Errorf("X-Request-ID = %q, want the caller's probe-0001", id)
	}
	if line := logs.String(); !strings.Contains(line, `"route":"starting"`) || !strings.Contains(line, `"request_id":"probe-0001"`) ||
		!strings.Contains(line, `"status":503`) {
		t.Errorf("the answer while starting is not logged with its id:\n%s", line)
	}
	cancel()
	select {
	case err := <-done:
		// A stop asked while starting is a stop (exit 0), not a failed start.
		if err != nil {
			t.Errorf("stopped while starting, run answered %v; want nil", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not return after its start was cancelled")
	}
	if _, err := http.Get("http://127.0.0.1:" + port + "/healthz"); err == nil {
		t.Fatal("still answering after the start failed")
	}
}
