package embedded

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// noCommitCheckpoints is the pragma, on FerretDB's own connections, that keeps checkpoints out
// of commits. By default the commit that takes SQLite's write-ahead log past 1,000 pages also
// copies the log into the database file and syncs both to disk, a few milliseconds during which
// that write (and the checkout waiting on it) stands still. The checkpointer does it instead.
const noCommitCheckpoints = "&_pragma=wal_autocheckpoint(0)"

// checkpointEvery is how often the checkpointer copies the write-ahead log of each database
// into its file: the log holds about that long of writes.
var checkpointEvery = 200 * time.Millisecond

// checkpointer copies the write-ahead log of every database of the store into its file, in
// the background, beside FerretDB's connections. A PASSIVE checkpoint waits for no one: it
// copies what no reader still needs, and the next writer starts the log again from its
// beginning once all of it is copied, so the log stays small.
type checkpointer struct {
	dir   string
	every time.Duration
	log   *slog.Logger
}

func newCheckpointer(dir string, log *slog.Logger) *checkpointer {
	return &checkpointer{dir: dir, every: checkpointEvery, log: log}
}

// failureLogEvery bounds how often a checkpoint that keeps failing is logged.
const failureLogEvery = time.Minute

// run checkpoints every c.every until ctx ends.
func (c *checkpointer) run(ctx context.Context) {
	tick := time.NewTicker(c.every)
	defer tick.Stop()
	var lastLogged time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			err := c.checkpoint(ctx)
			if err != nil && ctx.Err() == nil && time.Since(lastLogged) >= failureLogEvery {
				c.log.Error("embedded store: checkpoint of the write-ahead log failed; it is tried again every "+
					c.every.String()+", and the log grows until one succeeds", "err", err)
				lastLogged = time.Now()
			}
		}
	}
}

// checkpoint checkpoints every database file there is now (FerretDB makes one when the shop
// first writes to a database, and removes it when the database is dropped).
func (c *checkpointer) checkpoint(ctx context.Context) error {
	files, err := filepath.Glob(filepath.Join(c.dir, dbFiles))
	if err != nil {
		return err
	}
	for _, file := range files {
		err := checkpointFile(ctx, file)
		if _, statErr := os.Stat(file); errors.Is(statErr, os.ErrNotExist) {
			continue // dropped meanwhile
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkpointFile checkpoints one database on a connection of its own, opened for this pass
// only: a database dropped and made again is then never checkpointed through the old file.
// It never makes the file (mode=rw).
func checkpointFile(ctx context.Context, file string) error {
	db, err := openFile(file, "&mode=rw")
	if err != nil {
		return fmt.Errorf("open %s: %w", filepath.Base(file), err)
	}
	defer func() { _ = db.Close() }()
	if _, err := db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		return fmt.Errorf("checkpoint %s: %w", filepath.Base(file), err)
	}
	return nil
}
