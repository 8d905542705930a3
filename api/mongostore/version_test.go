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

// TestConcurrentAnnouncementsAreAllRecorded announces 40 changes at once, as 40 sales of
// different products would, and checks each is recorded under the seq its announcement
// answered, so another process polling the version reloads every product.
func TestConcurrentAnnouncementsAreAllRecorded(t *testing.T) {
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
	changes, kept, err := src.CatalogueChangesSince(ctx, after.Epoch, before.Seq, after.Seq)
	if err != nil || !kept || int64(len(changes)) != after.Seq-before.Seq {
		t.Fatalf("changes since %d: %d of %d (kept %v, err %v)", before.Seq, len(changes), after.Seq-before.Seq, kept, err)
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

// TestVersionDocumentStaysSmall: however many changes are announced, the document every
// process polls holds its epoch and seq alone, and a document as an earlier version kept it
// (with the changes listed in it) loses the list at the next announcement.
func TestVersionDocumentStaysSmall(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	src := mongostore.NewCatalogueSource(db)
	if _, err := src.CatalogueVersion(ctx); err != nil {
		t.Fatal(err)
	}
	meta := db.Database().Collection("meta")
	if _, err := meta.UpdateOne(ctx, bson.M{"_id": "catalogue"},
		bson.M{"$set": bson.M{"changes": `[{"products":["old"]}]`, "changesSeq": 0}}); err != nil {
		t.Fatal(err)
	}
	for i := range 60 {
		if _, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{fmt.Sprint("p", i), "q"}}); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := meta.FindOne(ctx, bson.M{"_id": "catalogue"}).Raw()
	if err != nil {
		t.Fatal(err)
	}
	elems, _ := raw.Elements()
	var names []string
	for _, e := range elems {
		names = append(names, e.Key())
	}
	slices.Sort(names) // the fields' order is the insert's, and it inserts a map
	if !slices.Equal(names, []string{"_id", "epoch", "seq"}) || len(raw) > 100 {
		t.Fatalf("the version document holds %v (%d bytes), want _id, epoch and seq alone", names, len(raw))
	}
}

// TestChangesFurtherBackThanTheRingAreNotKept: a process behind by more changes than the ring
// holds must reload everything; one behind by fewer reads every change it missed.
func TestChangesFurtherBackThanTheRingAreNotKept(t *testing.T) {
	mongostore.SetChangeSlots(t, 8)
	ctx := t.Context()
	src := mongostore.NewCatalogueSource(storetest.NewDB(t))
	start, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 11 {
		if _, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{fmt.Sprint("p", i)}}); err != nil {
			t.Fatal(err)
		}
	}
	v, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, behind := range []int64{11, 9} {
		if changes, kept, err := src.CatalogueChangesSince(ctx, v.Epoch, v.Seq-behind, v.Seq); err != nil || kept {
			t.Fatalf("%d changes behind a ring of 8: %v kept (err %v), want none", behind, changes, err)
		}
	}
	changes, kept, err := src.CatalogueChangesSince(ctx, v.Epoch, v.Seq-8, v.Seq)
	if err != nil || !kept || len(changes) != 8 || changes[0].Products[0] != "p3" || changes[7].Products[0] != "p10" {
		t.Fatalf("8 changes behind: %v (kept %v, err %v), want p3 to p10", changes, kept, err)
	}
	if v.Seq != start.Seq+11 {
		t.Fatalf("seq went from %d to %d for 11 changes", start.Seq, v.Seq)
	}
}

// TestAChangeCountedButNotRecordedIsWaitedFor: a version moved on without its change recorded
// (its writer records it a moment after counting it, or stopped between the two) answers the
// changes before it and none after, so a poller waits for it rather than skipping it. A change
// naming more ids than a change keeps is recorded as one of everything.
func TestAChangeCountedButNotRecordedIsWaitedFor(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	src := mongostore.NewCatalogueSource(db)
	first, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Database().Collection("meta").UpdateOne(ctx, bson.M{"_id": "catalogue"},
		bson.M{"$inc": bson.M{"seq": 1}}); err != nil {
		t.Fatal(err)
	}
	many := make([]string, mongostore.MaxChangeIDs+1)
	for i := range many {
		many[i] = fmt.Sprint("m", i)
	}
	last, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: many})
	if err != nil {
		t.Fatal(err)
	}
	v, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if last != first+2 || v.Seq != last {
		t.Fatalf("seqs %d, then %d, version %d: want the counted change between them", first, last, v.Seq)
	}
	changes, kept, err := src.CatalogueChangesSince(ctx, v.Epoch, first-1, v.Seq)
	if err != nil || !kept || len(changes) != 1 || !slices.Equal(changes[0].Products, []string{"a"}) {
		t.Fatalf("changes since %d: %v (kept %v, err %v), want a alone", first-1, changes, kept, err)
	}
	changes, kept, err = src.CatalogueChangesSince(ctx, v.Epoch, last-1, v.Seq)
	if err != nil || !kept || len(changes) != 1 || !changes[0].All || len(changes[0].Products) != 0 {
		t.Fatalf("the change of %d ids: %v (kept %v, err %v), want one of everything", len(many), changes, kept, err)
	}
	if _, kept, _ := src.CatalogueChangesSince(ctx, "another epoch", first-1, v.Seq); !kept {
		t.Fatal("changes of another epoch taken for ones no longer kept: the slots hold none of it yet")
	}
}
