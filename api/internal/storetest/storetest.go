// Package storetest gives tests a store: the embedded one in a temp dir, started once per
// test binary, or a real MongoDB when TEST_MONGO_URI is set. Each test gets its own database.
package storetest

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"shop/embedded"
	"shop/mongostore"
)

var (
	uri      string
	embedSrv *embedded.Server
	counter  atomic.Int64
)

// Main starts the store, runs the tests and stops it. Call it from TestMain.
func Main(m *testing.M) int {
	uri = os.Getenv("TEST_MONGO_URI")
	if uri == "" {
		dir, err := os.MkdirTemp("", "shop-store-*")
		if err != nil {
			fmt.Fprintln(os.Stderr, "temp dir:", err)
			return 1
		}
		defer os.RemoveAll(dir)
		if embedSrv, err = embedded.Start(dir, nil); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer func() { _ = embedSrv.Stop(10 * time.Second) }()
		uri = embedSrv.URI()
	}
	return m.Run()
}

// Embedded reports whether the tests run on the embedded store.
func Embedded() bool { return embedSrv != nil }

// URI is the address of the test store.
func URI() string { return uri }

// NewDB opens a fresh, empty database with its indexes, dropped when the test ends.
func NewDB(t testing.TB) *mongostore.DB {
	t.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), counter.Add(1))
	o := mongostore.Options{SerializeUpdates: Embedded(), ConnectTimeout: 10 * time.Second}
	if embedSrv != nil {
		o.IndexIDs = embedSrv.IndexIDs
	}
	db, err := mongostore.Open(ctx, uri, name, o)
	if err != nil {
		t.Fatalf("open test store: %v", err)
	}
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatalf("indexes: %v", err)
	}
	t.Cleanup(func() {
		_ = db.Database().Drop(context.Background())
		_ = db.Close(context.Background())
	})
	return db
}
