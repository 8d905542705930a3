package embedded_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shop/embedded"
	"shop/mongostore"
)

// start starts a store in dir and checks that the driver reaches it over its socket.
func start(t *testing.T, dir string) *embedded.Server {
	t.Helper()
	srv, err := embedded.Start(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop(10 * time.Second) })
	db, err := mongostore.Open(context.Background(), srv.URI(), "ping", mongostore.Options{ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("dial %s: %v", srv.URI(), err)
	}
	defer func() { _ = db.Close(context.Background()) }()
	if err := db.Ping(t.Context()); err != nil {
		t.Fatal(err)
	}
	return srv
}

// The store has no authentication: it listens on a Unix socket in its private directory,
// never on a TCP port another local user could reach.
func TestStoreListensOnAPrivateSocket(t *testing.T) {
	dir, err := os.MkdirTemp("", "st-") // short: a socket path is limited to about 100 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A socket left behind by a killed process does not stop the start.
	if err := os.WriteFile(filepath.Join(dir, "store.sock"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	srv := start(t, dir)
	if !strings.HasPrefix(srv.URI(), "mongodb://%2F") || strings.Contains(srv.URI(), "127.0.0.1") {
		t.Errorf("URI %q is not a socket's", srv.URI())
	}
	if want := filepath.Join(dir, "store.sock"); srv.Socket() != want {
		t.Errorf("socket at %s, want %s", srv.Socket(), want)
	}
	st, err := os.Stat(srv.Socket())
	if err != nil || st.Mode()&os.ModeSocket == 0 {
		t.Fatalf("no socket at %s: %v", srv.Socket(), err)
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("store dir mode %v (%v), want 0700", st.Mode().Perm(), err)
	}
}

// A directory whose path is too long for a socket gets its socket in a private temporary
// directory, removed when the store stops.
func TestLongDirGetsAShortSocket(t *testing.T) {
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 60), strings.Repeat("e", 60))
	srv := start(t, dir)
	if len(srv.Socket()) > 103 || strings.HasPrefix(srv.Socket(), dir) {
		t.Fatalf("socket %s", srv.Socket())
	}
	if st, err := os.Stat(filepath.Dir(srv.Socket())); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("socket dir mode %v (%v), want 0700", st.Mode().Perm(), err)
	}
	if err := srv.Stop(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(srv.Socket())); !os.IsNotExist(err) {
		t.Errorf("socket dir left behind: %v", err)
	}
}

// One process owns a store: a second start on its directory is refused, and leaves the
// first one's socket alone; once the first stops, the store can be started again.
func TestOneOwnerAStore(t *testing.T) {
	dir := t.TempDir()
	first, err := embedded.Start(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if second, err := embedded.Start(dir, nil); !errors.Is(err, embedded.ErrInUse) {
		if second != nil {
			_ = second.Stop(5 * time.Second)
		}
		t.Fatalf("a second start on the same directory: %v, want ErrInUse", err)
	}
	if _, err := os.Stat(first.Socket()); err != nil {
		t.Fatalf("the refused start touched the first one's socket: %v", err)
	}
	if err := first.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	again, err := embedded.Start(dir, nil)
	if err != nil {
		t.Fatalf("start after the owner stopped: %v", err)
	}
	_ = again.Stop(5 * time.Second)
}
