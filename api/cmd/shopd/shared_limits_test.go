package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"shop/embedded"
)

// With MONGO_URI set, several shopd processes may serve one store behind a balancer: the
// failure limits are kept in the store, so a guesser who spreads the guesses over them gets no
// more than one process would give.
func TestFailureLimitsAreSharedByProcesses(t *testing.T) {
	store, err := embedded.Start(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = store.Stop(10 * time.Second) }()

	ctx, cancel := context.WithCancel(context.Background())
	var stopped []chan error
	defer func() {
		cancel()
		for _, done := range stopped {
			if err := <-done; err != nil {
				t.Errorf("shopd stopped with %v", err)
			}
		}
	}()
	start := func() string {
		port := freePort(t)
		env := map[string]string{
			"MONGO_URI": store.URI(), "JWT_SECRET": strings.Repeat("s", 32), "HOST": "127.0.0.1", "PORT": port,
			"DATA_DIR": t.TempDir(), "CLIENT_DIST": t.TempDir(), "LOG_LEVEL": "error",
			"ADMIN_EMAIL": "admin@shop.test", "ADMIN_PASSWORD": "admin123",
		}
		done := make(chan error, 1)
		go func() { done <- run(ctx, envOf(env), io.Discard) }()
		stopped = append(stopped, done)
		base := "http://127.0.0.1:" + port
		waitFor(t, 30*time.Second, func() bool {
			res, err := http.Get(base + "/healthz")
			if err == nil {
				res.Body.Close()
			}
			return err == nil && res.StatusCode == http.StatusOK
		})
		return base
	}
	a, b := start(), start()
	login := func(base, password string) (int, string) {
		raw, _ := json.Marshal(map[string]string{"email": "admin@shop.test", "password": password})
		res, err := http.Post(base+"/api/v1/auth/login", "application/json", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		return res.StatusCode, res.Header.Get("Retry-After")
	}
	for i := range 10 {
		base := []string{a, b}[i%2]
		if st, _ := login(base, "wrong-pass"); st != http.StatusUnauthorized {
			t.Fatalf("failure %d answered %d, want 401", i+1, st)
		}
	}
	for _, base := range []string{a, b} {
		st, wait := login(base, "admin123")
		if st != http.StatusTooManyRequests || wait == "" {
			t.Errorf("%s after 10 failures spread over two processes: %d (Retry-After %q), want 429", base, st, wait)
		}
	}
}
