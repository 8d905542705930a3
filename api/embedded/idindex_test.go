package embedded_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/mongostore"
)

// The index checked below matches the UPDATE statement of FerretDB v1.24.0's SQLite backend
// (internal/backends/sqlite/collection.go). Another version may write a different statement:
// check it there, then update embedded.updateStatement and this version.
const checkedFerretDB = "v1.24.0"

func TestFerretDBIsTheCheckedVersion(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "github.com/FerretDB/FerretDB" {
			if f[1] != checkedFerretDB {
				t.Fatalf("FerretDB is %s; its update statement was checked against %s", f[1], checkedFerretDB)
			}
			return
		}
	}
	t.Fatal("go.mod does not require FerretDB")
}

// Without the index an update by _id scans the collection; IndexIDs makes it a search.
func TestIndexIDsMakesUpdatesSearch(t *testing.T) {
	dir, err := os.MkdirTemp("", "st-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	srv := start(t, dir)
	ctx := context.Background()
	db, err := mongostore.Open(ctx, srv.URI(), "shop", mongostore.Options{ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close(context.Background()) }()
	if _, err := db.Database().Collection("things").InsertOne(ctx, bson.M{"_id": bson.NewObjectID(), "n": 1}); err != nil {
		t.Fatal(err)
	}
	plan := func() string {
		t.Helper()
		plans, err := srv.UpdatePlans(ctx, "shop")
		if err != nil {
			t.Fatal(err)
		}
		return plans["things"]
	}
	if p := plan(); !strings.Contains(p, "SCAN") {
		t.Fatalf("before the index: %q, want a scan (FerretDB's own _id index now serves updates: drop IndexIDs)", p)
	}
	if err := srv.IndexIDs(ctx, "shop"); err != nil {
		t.Fatal(err)
	}
	if p := plan(); !strings.Contains(p, "SEARCH") || !strings.Contains(p, "USING INDEX") {
		t.Fatalf("after the index: %q, want a search using it", p)
	}
	if err := srv.IndexIDs(ctx, "shop"); err != nil {
		t.Fatalf("a second run: %v", err)
	}
}

// Every collection the shop updates exists from the start, with the index that makes
// FerretDB's update of one document by _id a look-up instead of a scan of the collection: the
// store opened as the shop opens the embedded one (app.OpenStore).
func TestEveryUpdatedCollectionUpdatesByIndex(t *testing.T) {
	srv := start(t, t.TempDir())
	ctx := t.Context()
	db, err := mongostore.Open(ctx, srv.URI(), "shop", mongostore.Options{SerializeUpdates: true,
		IndexIDs: srv.IndexIDs, ConnectTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close(context.Background()) }()
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	plans, err := srv.UpdatePlans(ctx, "shop")
	if err != nil {
		t.Fatal(err)
	}
	for _, coll := range mongostore.UpdatedCollections {
		plan, ok := plans[coll]
		if !ok {
			t.Errorf("collection %s was not made at start", coll)
			continue
		}
		if !strings.Contains(plan, "USING INDEX") || strings.Contains(plan, "SCAN") {
			t.Errorf("an update of %s by _id runs %q, want a search using the _id index", coll, plan)
		}
	}
}
