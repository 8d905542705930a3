package mongostore

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// maxGuardedAttempts bounds how often an update is decided again on MongoDB when other writers
// keep changing the document between its read and its write.
const maxGuardedAttempts = 50

// guardedUpdate runs a read-check-write of document id of coll; every write of a document the
// shop updates goes through it. decide sees the stored document and answers the guard (the
// conditions on the stored values the decision rests on; nil: none) and the update to make
// (nil: nothing to do), or an error that ends the update unwritten. It checks the guard's
// conditions itself: on the embedded store the guard is never sent.
//   - The embedded store's updates are neither atomic nor able to use an index for anything
//     but _id (docs/architecture.md): there the document's lock is held from the read to the write
//     (see Locker) and the write filters on _id alone.
//   - MongoDB writes with the guard in the filter (an atomic conditional update) and decides
//     again when another write came first.
//
// It answers ENOTFOUND (with notFoundMsg) for a missing document, or decide's error.
func (d *DB) guardedUpdate(ctx context.Context, coll *mongo.Collection, id any, notFoundMsg string,
	decide func(doc bson.Raw) (guard, update bson.M, err error)) error {
	return d.guardedUpdateThen(ctx, coll, id, notFoundMsg, decide, nil)
}

// guardedUpdateThen is guardedUpdate, calling written (when not nil) once the update has
// landed, while the document's lock is still held on the embedded store: what it does follows
// the writes of the document in their order.
func (d *DB) guardedUpdateThen(ctx context.Context, coll *mongo.Collection, id any, notFoundMsg string,
	decide func(doc bson.Raw) (guard, update bson.M, err error), written func()) error {
	for attempt := range maxGuardedAttempts {
		done, err := d.tryGuardedUpdate(ctx, coll, id, notFoundMsg, decide, written)
		if err != nil || done {
			return err
		}
		// Writers that keep meeting each other step apart by a growing, random pause.
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(attempt+1) * int64(time.Millisecond)))):
		}
	}
	d.log.WarnContext(ctx, "guarded update gave up: the document kept changing under the write", "collection", coll.Name(), "id", id)
	return shop.Errorf(shop.ECONFLICT, "This was changed by someone else while it was being saved. Please try again.")
}

func (d *DB) tryGuardedUpdate(ctx context.Context, coll *mongo.Collection, id any, notFoundMsg string,
	decide func(doc bson.Raw) (guard, update bson.M, err error), written func()) (bool, error) {
	defer d.lockDoc(coll.Name(), id)()
	doc, err := d.readStored(ctx, coll, id)
	if err != nil {
		return false, notFound(err, notFoundMsg)
	}
	guard, update, err := decide(doc)
	if err != nil || update == nil {
		return true, err
	}
	filter := bson.M{"_id": id}
	if !d.locks.enabled {
		for k, v := range guard {
			filter[k] = v
		}
	}
	res, err := coll.UpdateOne(ctx, filter, update)
	d.forgetCached(coll.Name(), id)
	if err != nil {
		return false, fmt.Errorf("update %s %v: %w", coll.Name(), id, err)
	}
	if res.MatchedCount != 1 {
		return false, nil
	}
	if written != nil {
		written()
	}
	return true, nil
}

// readStored answers document id of coll as stored: as this process last read or inserted it
// when the cache still holds it (the caller holds the document's lock, so no write of it is
// under way), else from the store.
func (d *DB) readStored(ctx context.Context, coll *mongo.Collection, id any) (bson.Raw, error) {
	if oid, ok := id.(bson.ObjectID); ok && d.stored != nil {
		if doc, ok := d.stored.get(oid); ok {
			return doc, nil
		}
	}
	return coll.FindOne(ctx, bson.M{"_id": id}).Raw()
}

// keepStored keeps doc, document id as read from the store after begin answered start (or as
// inserted), for the guarded update that may follow (embedded store only).
func (d *DB) keepStored(id bson.ObjectID, doc bson.Raw, start uint64) {
	if d.stored != nil {
		d.stored.put(id, doc, start)
	}
}

// storedClock is what keepStored takes: called before the read or insert of what it keeps.
func (d *DB) storedClock() uint64 {
	if d.stored == nil {
		return 0
	}
	return d.stored.begin()
}

// forgetCached drops document id of coll from the read caches that keep that collection's
// documents, once a write of it has landed (or may have). Only those: a cache notes every
// write it is told of, and notes of other collections' writes would only fill it.
func (d *DB) forgetCached(coll string, id any) {
	oid, ok := id.(bson.ObjectID)
	if !ok || d.orders == nil {
		return
	}
	switch coll {
	case usersColl:
		d.users.forget(oid)
	case ordersColl:
		d.orders.forget(oid)
		d.stored.forget(oid)
	case productsColl:
		d.stored.forget(oid)
	}
}

// lockDoc takes the lock of document id of coll on the embedded store (see Locker) and
// answers its unlock.
func (d *DB) lockDoc(coll string, id any) (unlock func()) {
	if oid, ok := id.(bson.ObjectID); ok {
		return d.locks.Lock(oid.Hex()) // ObjectIDs are unique across collections
	}
	return d.locks.Lock(fmt.Sprintf("%s/%v", coll, id))
}

// updateByID writes update to document id, a write that depends on nothing stored. It still
// goes through guardedUpdate: on the embedded store two writes of one document that overlap
// would each write back the whole document they read, losing the other's fields.
func (d *DB) updateByID(ctx context.Context, coll *mongo.Collection, id any, notFoundMsg string, update bson.M) error {
	return d.guardedUpdate(ctx, coll, id, notFoundMsg, func(bson.Raw) (bson.M, bson.M, error) { return nil, update, nil })
}

// deleteGuarded deletes document id while it still meets guard, checked in Go by keep on
// the embedded store, under the document's lock (see guardedUpdate), and in the filter on
// MongoDB. It answers whether a document was deleted.
func (d *DB) deleteGuarded(ctx context.Context, coll *mongo.Collection, id any, guard bson.M,
	keep func(doc bson.Raw) bool) (bool, error) {
	defer d.lockDoc(coll.Name(), id)()
	filter := bson.M{"_id": id}
	if d.locks.enabled {
		doc, err := coll.FindOne(ctx, filter).Raw()
		if isNoDocument(err) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("read %s %v: %w", coll.Name(), id, err)
		}
		if !keep(doc) {
			return false, nil
		}
	} else {
		for k, v := range guard {
			filter[k] = v
		}
	}
	res, err := coll.DeleteOne(ctx, filter)
	d.forgetCached(coll.Name(), id)
	if err != nil {
		return false, fmt.Errorf("delete %s %v: %w", coll.Name(), id, err)
	}
	return res.DeletedCount == 1, nil
}
