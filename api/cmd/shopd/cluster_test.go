package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"shop/embedded"
)

// shopdsOnOneStore starts an embedded store and answers a function that starts one more shopd
// process on it (as an operator scaling out would, through MONGO_URI) and answers its base
// URL once it is healthy. At the end of the test every shopd is stopped, and must stop
// without an error, before the store is.
func shopdsOnOneStore(t *testing.T) func() string {
	t.Helper()
	store, err := embedded.Start(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Stop(10 * time.Second) })

	ctx, cancel := context.WithCancel(context.Background())
	var stopped []chan error
	t.Cleanup(func() {
		cancel()
		for _, done := range stopped {
			if err := <-done; err != nil {
				t.Errorf("shopd stopped with %v", err)
			}
		}
	})
	return func() string {
		t.Helper()
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
}
