package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The embedded store has no authentication: shopd serves it on a Unix socket in DATA_DIR's
// private store directory, and no TCP port of the machine answers the Mongo protocol for it.
func TestEmbeddedStoreIsOnAPrivateSocket(t *testing.T) {
	dataDir, err := os.MkdirTemp("", "sd-") // short: a socket path is limited to about 100 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dataDir)
	port := freePort(t)
	env := map[string]string{"HOST": "127.0.0.1", "PORT": port, "DATA_DIR": dataDir, "CLIENT_DIST": t.TempDir(),
		"SEED_DEMO": "false", "LOG_LEVEL": "error"}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, envOf(env), io.Discard) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("shopd stopped with %v", err)
		}
	}()
	waitFor(t, 30*time.Second, func() bool {
		res, err := http.Get("http://127.0.0.1:" + port + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	})
	store := filepath.Join(dataDir, "store")
	if st, err := os.Stat(store); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("store dir mode %v (%v), want 0700", st.Mode().Perm(), err)
	}
	socket := filepath.Join(store, "store.sock")
	st, err := os.Stat(socket)
	if err != nil || st.Mode()&os.ModeSocket == 0 {
		t.Fatalf("no socket at %s: %v", socket, err)
	}
	conn, err := net.Dial("unix", socket)
	if err != nil {
		t.Fatalf("the store does not answer on its socket: %v", err)
	}
	conn.Close()
}
