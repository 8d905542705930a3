package embedded_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"shop/embedded"
)

// A writer that finds another holding SQLite's write lock naps for 50 µs and tries again,
// rather than SQLite's 1, 2, 5, 10 ms ...: it writes soon after the lock is let go. The naps
// are seen through a hook, not timed: how long a nap lasts on a loaded machine does not matter.
func TestBusyWritersNap(t *testing.T) {
	file := filepath.Join(t.TempDir(), "busy.sqlite")
	open := func() *sql.DB {
		db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)")
		if err != nil {
			t.Fatal(err)
		}
		db.SetMaxOpenConns(1)
		t.Cleanup(func() { _ = db.Close() })
		return db
	}
	holder, writer := open(), open()
	ctx := context.Background()
	if _, err := holder.ExecContext(ctx, "CREATE TABLE t (n INTEGER)"); err != nil {
		t.Fatal(err)
	}
	tx, err := holder.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO t VALUES (1)"); err != nil { // takes the write lock
		t.Fatal(err)
	}
	// The writer is held in its third nap until the holder has committed: it must then have
	// found the lock taken and kept trying (SQLite's own handler would sleep 1 ms, then 2, 5
	// ... and never call the nap; failing is giving up).
	const heldNap = 3
	var (
		mu   sync.Mutex
		naps []time.Duration
	)
	napping, committed := make(chan struct{}), make(chan struct{})
	t.Cleanup(embedded.SetNap(func(d time.Duration) {
		mu.Lock()
		naps = append(naps, d)
		n := len(naps)
		mu.Unlock()
		if n == heldNap {
			close(napping)
			<-committed
		}
		time.Sleep(d)
	}))
	before := embedded.BusyRetries()
	wrote := make(chan error, 1)
	go func() {
		_, err := writer.ExecContext(ctx, "INSERT INTO t VALUES (2)")
		wrote <- err
	}()
	select {
	case <-napping:
	case err := <-wrote:
		t.Fatalf("the writer ended (%v) without napping %d times for the lock", err, heldNap)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	close(committed)
	if err := <-wrote; err != nil {
		t.Fatalf("the waiting write: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, d := range naps {
		if d >= time.Millisecond {
			t.Errorf("nap %d of the waiting writer was %s, want a short one (SQLite's own start at 1 ms)", i+1, d)
		}
	}
	if tries := embedded.BusyRetries() - before; tries != int64(len(naps)) {
		t.Errorf("%d tries counted for %d naps", tries, len(naps))
	}
}
