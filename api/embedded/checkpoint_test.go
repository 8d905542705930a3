package embedded_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop/embedded"
)

func connect(t *testing.T, srv *embedded.Server) *mongo.Client {
	t.Helper()
	client, err := mongo.Connect(options.Client().ApplyURI(srv.URI()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Disconnect(context.Background()) })
	return client
}

// writeMegabytes inserts about mb megabytes into a collection of the store, one document (and
// so one commit) at a time, as checkouts write.
func writeMegabytes(t *testing.T, srv *embedded.Server, mb int) {
	t.Helper()
	coll := connect(t, srv).Database("shop").Collection("orders")
	filler := strings.Repeat("x", 4000)
	for i := range mb * 250 {
		if _, err := coll.InsertOne(t.Context(), bson.M{"n": i, "filler": filler}); err != nil {
			t.Fatal(err)
		}
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// A commit never copies the write-ahead log into the database file (that would hold the write,
// and the checkout behind it, for the copy and two disk syncs): the checkpointer does, beside.
func TestCheckpointsRunBesideTheWrites(t *testing.T) {
	const written = 6 << 20
	t.Run("no commit checkpoints", func(t *testing.T) {
		defer embedded.SetCheckpointEvery(time.Hour)()
		dir := t.TempDir()
		srv := start(t, dir)
		writeMegabytes(t, srv, 6)
		// By default SQLite copies the log into the file at the commit that takes it past
		// 1,000 pages (4 MB).
		if db := fileSize(t, filepath.Join(dir, "shop.sqlite")); db > 1<<20 {
			t.Errorf("the database file holds %d bytes while the checkpointer slept: a commit checkpointed", db)
		}
		if wal := fileSize(t, filepath.Join(dir, "shop.sqlite-wal")); wal < written {
			t.Errorf("the log holds %d bytes after %d were written, without a checkpoint", wal, written)
		}
	})
	t.Run("the checkpointer copies the log", func(t *testing.T) {
		defer embedded.SetCheckpointEvery(50 * time.Millisecond)()
		dir := t.TempDir()
		srv := start(t, dir)
		writeMegabytes(t, srv, 6)
		deadline := time.Now().Add(10 * time.Second)
		for fileSize(t, filepath.Join(dir, "shop.sqlite")) < written {
			if time.Now().After(deadline) {
				t.Fatalf("the database file holds %d bytes 10 s after %d were written",
					fileSize(t, filepath.Join(dir, "shop.sqlite")), written)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("a dropped database stays dropped", func(t *testing.T) {
		defer embedded.SetCheckpointEvery(10 * time.Millisecond)()
		dir := t.TempDir()
		srv := start(t, dir)
		writeMegabytes(t, srv, 1)
		if err := connect(t, srv).Database("shop").Drop(t.Context()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		if _, err := os.Stat(filepath.Join(dir, "shop.sqlite")); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("the dropped database's file is there (%v): the checkpointer made it again", err)
		}
	})
}
