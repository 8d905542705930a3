package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"runtime"

	"shop/app"
	"shop/catalogue"
	"shop/mongostore"
)

// printModelMemory prints, in KiB, the Go heap the catalogue read model of the store holds:
// the heap in use after a collection with the model loaded, less the same before it. The
// model is read from the DATA_DIR snapshot shopd keeps (built from the store when stale).
func printModelMemory(ctx context.Context, db *mongostore.DB, dataDir string, log *slog.Logger) error {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := catalogue.New(mongostore.NewCatalogueSource(db), log)
	path := filepath.Join(dataDir, app.CatalogueSnapshot)
	if _, err := m.LoadFrom(ctx, path); err != nil {
		return err
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(m)
	fmt.Println((int64(after.HeapAlloc) - int64(before.HeapAlloc)) / 1024)
	// Reading consumed the snapshot (see LoadFrom); nothing was written, so it is kept for
	// shopd's next start.
	return m.SaveSnapshot(path)
}
