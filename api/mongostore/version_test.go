package mongostore_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// TestConcurrentAnnouncementsAreAllListed announces 40 changes at once, as 40 sales of
// different products would, and checks each is listed in the version document under the seq
// its announcement answered, so another process polling the document reloads every product.
func TestConcurrentAnnouncementsAreAllListed(t *testing.T) {
	ctx := t.Context()
	src := mongostore.NewCatalogueSource(storetest.NewDB(t))
	before, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	seqs := make([]int64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			seq, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{fmt.Sprint("p", i)}})
			if err != nil {
				t.Error(err)
			}
			seqs[i] = seq
		})
	}
	wg.Wait()
	after, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Seq <= before.Seq || after.Seq > before.Seq+n {
		t.Fatalf("version went from seq %d to %d for %d changes", before.Seq, after.Seq, n)
	}
	changes, ok := after.ChangesSince(before.Seq)
	if !ok {
		t.Fatalf("the changes since %d are no longer listed", before.Seq)
	}
	for i, seq := range seqs {
		if seq <= before.Seq || seq > after.Seq {
			t.Fatalf("change p%d answered seq %d, outside %d-%d", i, seq, before.Seq+1, after.Seq)
		}
		if got := changes[seq-before.Seq-1].Products; !slices.Contains(got, fmt.Sprint("p", i)) {
			t.Errorf("the change under seq %d names %v, not p%d", seq, got, i)
		}
	}
}

// TestVersionListsABoundedNumberOfIDs announces changes of many ids: the document keeps the
// newest of them, under 4,097 ids in all, and a process further behind must reload everything.
func TestVersionListsABoundedNumberOfIDs(t *testing.T) {
	ctx := t.Context()
	src := mongostore.NewCatalogueSource(storetest.NewDB(t))
	start, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		ids := make([]string, 300)
		for j := range ids {
			ids[j] = fmt.Sprint(i, "-", j)
		}
		if _, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: ids}); err != nil {
			t.Fatal(err)
		}
	}
	v, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, ch := range v.Recent {
		listed += len(ch.Products)
	}
	if listed > 4096 || len(v.Recent) == 0 || v.Recent[len(v.Recent)-1].Products[0] != "19-0" {
		t.Fatalf("%d changes listed, %d ids, the last %v", len(v.Recent), listed, v.Recent[len(v.Recent)-1].Products[:1])
	}
	if _, ok := v.ChangesSince(v.Seq - 1); !ok {
		t.Fatal("the newest change is not listed")
	}
	if _, ok := v.ChangesSince(start.Seq); ok {
		t.Fatal("every change is listed although their ids exceed the bound")
	}
}

// TestVersionMovedWithoutItsListListsNothing: a shopd from before the changes were kept as
// one string moves seq (and its own list) alone; the changes listed then end before seq, so a
// process behind reloads everything rather than the wrong products.
func TestVersionMovedWithoutItsListListsNothing(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	src := mongostore.NewCatalogueSource(db)
	seq, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Database().Collection("meta").UpdateOne(ctx, bson.M{"_id": "catalogue"},
		bson.M{"$inc": bson.M{"seq": 1}, "$push": bson.M{"recent": bson.M{"products": bson.A{"b"}}}}); err != nil {
		t.Fatal(err)
	}
	v, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if changes, ok := v.ChangesSince(seq); ok {
		t.Fatalf("changes since %d listed as %v: the older shopd's change is not among them", seq, changes)
	}
	// The next announcement lists its change again.
	next, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{"c"}})
	if err != nil {
		t.Fatal(err)
	}
	if v, err = src.CatalogueVersion(ctx); err != nil {
		t.Fatal(err)
	}
	if changes, ok := v.ChangesSince(next - 1); !ok || len(changes) != 1 || changes[0].Products[0] != "c" {
		t.Fatalf("changes since %d = %v (%v), want c", next-1, changes, ok)
	}
}
