package embedded_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"shop/embedded"
)

// A writer that finds another holding SQLite's write lock naps for 50 µs and tries again,
// rather than SQLite's 1, 2, 5, 10 ms ...: it writes soon after the lock is let go.
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
	before := embedded.BusyRetries()
	wrote := make(chan error)
	go func() {
		_, err := writer.ExecContext(ctx, "INSERT INTO t VALUES (2)")
		wrote <- err
	}()
	// Held long enough that a loaded machine, where each nap oversleeps by milliseconds, still
	// tells the two handlers apart.
	const held = 100 * time.Millisecond
	time.Sleep(held)
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-wrote; err != nil {
		t.Fatalf("the waiting write: %v", err)
	}
	// SQLite's own handler would have tried 7 times in 100 ms (after 1, 3, 8, 18, 33, 53 and
	// 78 ms); the naps try every 50 µs, and still 10 times when each oversleeps by 9 ms.
	if tries := embedded.BusyRetries() - before; tries < 10 {
		t.Fatalf("the waiting writer tried %d times in %s, want many short naps", tries, held)
	}
}
