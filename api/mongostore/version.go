package mongostore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// The catalogue's version document, {_id: "catalogue", epoch, seq} in the collection "meta":
// seq counts the catalogue changes announced since epoch began. Every read model polls it with
// an _id look-up, so it stays small. What each change named (the ids to reload) is kept apart,
// in a ring of changeSlots documents of the collection "catalogueChanges": change seq in the
// slot seq % changeSlots, {_id: slot, epoch, seq, products, categories, all}. A process behind
// reads the changes it missed by _id and reloads just those documents; one behind by more than
// the ring holds reloads everything. A slot's _id is its number as a string: the embedded store
// looks a document up by a string or ObjectId _id, and scans the whole collection for any other.
//
// The version document once listed the changes itself. With a few hundred of them it grew to
// 50-110 KB, written again at every announcement and read at every poll: on the embedded
// store a steady sale then cost a sixth more CPU per checkout after half a minute than at first.
const (
	metaColl        = "meta"
	catalogueMetaID = "catalogue"
	changesColl     = "catalogueChanges"
	// maxChangeIDs bounds the ids one change names: a change of more is kept as "reload
	// everything", which costs a polling process less than that many reads by id.
	maxChangeIDs = 4096
)

// changeSlots is how many changes the ring keeps: at the most a process announces (a change
// every announceGather of sales, catalogue.Model), a few minutes of them. A variable for tests.
var changeSlots int64 = 4096

type versionDoc struct {
	Epoch string `bson:"epoch"`
	Seq   int64  `bson:"seq"`
}

// changeDoc is change seq as its slot of the ring keeps it.
type changeDoc struct {
	Slot       string   `bson:"_id"` // see slotID
	Epoch      string   `bson:"epoch"`
	Seq        int64    `bson:"seq"`
	Products   []string `bson:"products,omitempty"`
	Categories []string `bson:"categories,omitempty"`
	All        bool     `bson:"all,omitempty"`
}

// slotID is the _id of the slot of change seq.
func slotID(seq int64) string { return strconv.FormatInt(seq%changeSlots, 10) }

// oldVersionFields are what the version document held when it listed the changes itself: the
// next announcement removes them.
var oldVersionFields = []string{"changes", "changesSeq", "recent"}

// catalogueVersion reads the version document, creating it when the store has none yet.
func (d *DB) catalogueVersion(ctx context.Context) (*shop.CatalogueVersion, error) {
	coll := d.db.Collection(metaColl)
	for range 2 {
		var v versionDoc
		err := coll.FindOne(ctx, bson.M{"_id": catalogueMetaID}).Decode(&v)
		if err == nil && v.Epoch != "" {
			return &shop.CatalogueVersion{Epoch: v.Epoch, Seq: v.Seq}, nil
		}
		if err != nil && !isNoDocument(err) {
			return nil, fmt.Errorf("read catalogue version: %w", err)
		}
		// None yet, or one from before changes were named: begin a new epoch. Two processes
		// racing here both insert; the unique _id keeps the first, and both read it again.
		if err == nil {
			_, err = coll.DeleteOne(ctx, bson.M{"_id": catalogueMetaID, "epoch": bson.M{"$exists": false}})
		} else {
			err = nil
		}
		if err == nil {
			_, err = coll.InsertOne(ctx, bson.M{"_id": catalogueMetaID, "epoch": bson.NewObjectID().Hex(),
				"seq": int64(0)})
		}
		if err != nil && !isDuplicate(err) {
			return nil, fmt.Errorf("create catalogue version: %w", err)
		}
	}
	return nil, fmt.Errorf("read catalogue version: it keeps changing")
}

// announceCatalogueChange records ch (see appendCatalogueChange) and answers its seq. The
// changes of concurrent writes share one write of the version (see announcer).
func (d *DB) announceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	return d.announcer.announce(ctx, ch)
}

// announcer gathers the changes announced while a write of the version document is under way
// and writes them as one change in the next write: every one of them gets that change's seq.
// Every sale announces a change, and the document is one: a write per sale made every
// checkout wait in line for it (10 of 16 concurrent checkouts were found queued there), and
// a change per sale would push the changes a polling process has not seen out of the ring
// sooner.
type announcer struct {
	write func(ctx context.Context, ch shop.CatalogueChange) (seq int64, err error)

	mu       sync.Mutex
	queue    []*announcement
	flushing bool
}

type announcement struct {
	ch   shop.CatalogueChange
	seq  int64
	err  error
	done chan struct{}
}

// announceTimeout bounds one write of the version document.
const announceTimeout = 30 * time.Second

// announce queues ch for the next write and waits for it.
func (a *announcer) announce(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	n := &announcement{ch: ch, done: make(chan struct{})}
	a.mu.Lock()
	a.queue = append(a.queue, n)
	if !a.flushing {
		a.flushing = true
		go a.flush()
	}
	a.mu.Unlock()
	select {
	case <-n.done:
		return n.seq, n.err
	case <-ctx.Done():
		return 0, fmt.Errorf("announce catalogue change: %w", ctx.Err())
	}
}

// flush writes the queued changes, a batch at a time, until none is left.
func (a *announcer) flush() {
	for {
		a.mu.Lock()
		batch := a.queue
		a.queue = nil
		if len(batch) == 0 {
			a.flushing = false
			a.mu.Unlock()
			return
		}
		a.mu.Unlock()
		var ch shop.CatalogueChange
		for _, n := range batch {
			ch.Products = append(ch.Products, n.ch.Products...)
			ch.Categories = append(ch.Categories, n.ch.Categories...)
			ch.All = ch.All || n.ch.All
		}
		ctx, cancel := context.WithTimeout(context.Background(), announceTimeout)
		seq, err := a.write(ctx, ch)
		cancel()
		for _, n := range batch {
			n.seq, n.err = seq, err
			close(n.done)
		}
	}
}

// appendCatalogueChange moves the version document's seq on, then keeps ch in its slot of
// the ring, and answers the seq. The seq is taken first: the guarded update makes it this
// write's alone, so two processes announcing at once never write one slot. A poller that
// reads the new seq before its slot is written finds the slot still holding an older change
// and waits for it (see CatalogueChangesSince).
func (d *DB) appendCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	var seq int64
	var epoch string
	bump := func(raw bson.Raw) (bson.M, bson.M, error) {
		var v versionDoc
		if err := bson.Unmarshal(raw, &v); err != nil {
			return nil, nil, err
		}
		if v.Epoch == "" {
			return nil, nil, errNoEpoch
		}
		seq, epoch = v.Seq+1, v.Epoch
		update := bson.M{"$set": bson.M{"seq": seq}}
		unset := bson.M{}
		for _, old := range oldVersionFields {
			if _, err := raw.LookupErr(old); err == nil {
				unset[old] = ""
			}
		}
		if len(unset) > 0 {
			update["$unset"] = unset
		}
		return bson.M{"seq": v.Seq}, update, nil
	}
	meta := d.db.Collection(metaColl)
	err := d.guardedUpdate(ctx, meta, catalogueMetaID, "no catalogue version", bump)
	if shop.ErrorCode(err) == shop.ENOTFOUND || errors.Is(err, errNoEpoch) {
		if _, err = d.catalogueVersion(ctx); err == nil {
			err = d.guardedUpdate(ctx, meta, catalogueMetaID, "no catalogue version", bump)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("announce catalogue change: %w", err)
	}
	doc := changeDoc{Slot: slotID(seq), Epoch: epoch, Seq: seq, Products: ch.Products, Categories: ch.Categories, All: ch.All}
	if len(ch.Products)+len(ch.Categories) > maxChangeIDs {
		doc.Products, doc.Categories, doc.All = nil, nil, true
	}
	if err := d.keepChange(ctx, doc); err != nil {
		return 0, fmt.Errorf("announce catalogue change %d: %w", seq, err)
	}
	return seq, nil
}

// keepChange writes doc over whatever its slot held. It takes no document lock: the seq is
// this write's alone, and a process records its changes one at a time (announcer), so no
// two writes of a slot overlap.
func (d *DB) keepChange(ctx context.Context, doc changeDoc) error {
	_, err := d.db.Collection(changesColl).ReplaceOne(ctx, bson.M{"_id": doc.Slot}, doc, options.Replace().SetUpsert(true))
	return err
}

// catalogueChangesSince answers the changes of epoch after seq up to upTo, oldest first: all of
// them, or the ones before the first whose slot is not written yet (its writer took the seq a
// moment ago, or stopped between the two writes). It answers false when one of them is no
// longer kept: its slot holds a newer change.
func (d *DB) catalogueChangesSince(ctx context.Context, epoch string, seq, upTo int64) ([]shop.CatalogueChange, bool, error) {
	if upTo-seq > changeSlots {
		return nil, false, nil
	}
	coll := d.db.Collection(changesColl)
	var out []shop.CatalogueChange
	for want := seq + 1; want <= upTo; want++ {
		var c changeDoc
		err := coll.FindOne(ctx, bson.M{"_id": slotID(want)}).Decode(&c)
		switch {
		case isNoDocument(err) || (err == nil && (c.Epoch != epoch || c.Seq < want)):
			return out, true, nil // not written yet: the slot holds nothing of this epoch, or an older change
		case err != nil:
			return nil, false, fmt.Errorf("read catalogue change %d: %w", want, err)
		case c.Seq > want:
			return nil, false, nil
		}
		out = append(out, shop.CatalogueChange{Products: c.Products, Categories: c.Categories, All: c.All})
	}
	return out, true, nil
}

var errNoEpoch = errors.New("the catalogue version has no epoch yet")
