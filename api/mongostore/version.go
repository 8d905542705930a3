package mongostore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// The catalogue's version document, {_id: "catalogue", epoch, seq, changes} in the collection
// "meta": seq counts the catalogue changes announced since epoch began, and changes lists the
// last recentChanges of them (the ids each changed), so a process that polls it reloads just
// those documents. Every read model polls it with an _id look-up.
//
// changes is one string, the JSON of the list, rather than an array of documents: the
// embedded store decodes and encodes an array of documents one field at a time, and with a
// few hundred entries each read or write of the document took 15-35 ms while shoppers
// bought, every sale's answer waiting for one.
const (
	metaColl        = "meta"
	catalogueMetaID = "catalogue"
	recentChanges   = 256
	// recentIDs bounds the ids the listed changes name together (the oldest go first).
	recentIDs = 4096
)

type versionDoc struct {
	Epoch   string `bson:"epoch"`
	Seq     int64  `bson:"seq"`
	Changes string `bson:"changes,omitempty"`
	// ChangesSeq is the seq of the last change listed: a shopd from before the changes were
	// kept as one string moves seq without them (during a rolling upgrade).
	ChangesSeq int64 `bson:"changesSeq,omitempty"`
}

// recent answers the listed changes. A document whose list does not end at its seq lists
// none: a process behind it reloads everything once.
func (v *versionDoc) recent() ([]shop.CatalogueChange, error) {
	var out []shop.CatalogueChange
	if v.Changes == "" || v.ChangesSeq != v.Seq {
		return out, nil
	}
	if err := json.Unmarshal([]byte(v.Changes), &out); err != nil {
		return nil, fmt.Errorf("read the catalogue's recent changes: %w", err)
	}
	return out, nil
}

// withChange answers the listed changes with ch appended, the oldest dropped beyond
// recentChanges changes or recentIDs ids.
func withChange(recent []shop.CatalogueChange, ch shop.CatalogueChange) (string, error) {
	recent = append(recent, ch)
	recent = recent[max(0, len(recent)-recentChanges):]
	ids := 0
	for _, c := range recent {
		ids += len(c.Products) + len(c.Categories)
	}
	for len(recent) > 1 && ids > recentIDs {
		ids -= len(recent[0].Products) + len(recent[0].Categories)
		recent = recent[1:]
	}
	b, err := json.Marshal(recent)
	return string(b), err
}

// catalogueVersion reads the version document, creating it when the store has none yet.
func (d *DB) catalogueVersion(ctx context.Context) (*shop.CatalogueVersion, error) {
	coll := d.db.Collection(metaColl)
	for range 2 {
		var v versionDoc
		err := coll.FindOne(ctx, bson.M{"_id": catalogueMetaID}).Decode(&v)
		if err == nil && v.Epoch != "" {
			recent, err := v.recent()
			if err != nil {
				return nil, err
			}
			return &shop.CatalogueVersion{Epoch: v.Epoch, Seq: v.Seq, Recent: recent}, nil
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

// announceCatalogueChange appends ch to the version document and answers its new seq. The
// changes of concurrent writes share one write of the document (see announcer).
func (d *DB) announceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	return d.announcer.announce(ctx, ch)
}

// announcer gathers the changes announced while a write of the version document is under way
// and writes them as one change in the next write: every one of them gets that change's seq.
// Every sale announces a change, and the document is one: a write per sale made every
// checkout wait in line for it (10 of 16 concurrent checkouts were found queued there), and
// a change per sale would push the changes a polling process has not seen out of the
// document's list at a few hundred sales a second.
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

// appendCatalogueChange appends ch to the version document and answers its seq.
func (d *DB) appendCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	var seq int64
	bump := func(raw bson.Raw) (bson.M, bson.M, error) {
		var v versionDoc
		if err := bson.Unmarshal(raw, &v); err != nil {
			return nil, nil, err
		}
		if v.Epoch == "" {
			return nil, nil, errNoEpoch
		}
		recent, err := v.recent()
		if err != nil {
			return nil, nil, err
		}
		changes, err := withChange(recent, ch)
		if err != nil {
			return nil, nil, err
		}
		seq = v.Seq + 1
		update := bson.M{"$set": bson.M{"seq": seq, "changes": changes, "changesSeq": seq}}
		if _, err := raw.LookupErr("recent"); err == nil {
			update["$unset"] = bson.M{"recent": ""} // the list as it was kept before
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
	return seq, nil
}

var errNoEpoch = errors.New("the catalogue version has no epoch yet")
