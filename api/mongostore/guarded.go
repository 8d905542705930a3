package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// guardFunc decides the update of one document from its current content. It answers the
// update (nil: nothing to write) and guard, the conditions beyond _id that the document still
// meets when the update is right (nil: none), or an error that ends the update unwritten.
// It checks those conditions itself too: on the embedded store the guard is never sent.
type guardFunc func(doc bson.Raw) (update, guard bson.M, err error)

// maxGuardedAttempts bounds how often an update is retried on MongoDB when other writers keep
// changing the document between its read and its write.
const maxGuardedAttempts = 20

// updateGuarded reads document id of coll, lets decide work out the update, and writes it by
// _id alone, so that a check made in Go holds when the write lands:
//   - on the embedded store, whose updates are neither atomic nor able to use an index for
//     anything but _id, under the document's lock in this process (see Locker);
//   - on MongoDB, with guard added to the filter (an atomic conditional update), read again
//     and retried when the document changed in between.
//
// It answers the document as decide saw it; mongo.ErrNoDocuments when there is none.
func (d *DB) updateGuarded(ctx context.Context, coll string, id any, decide guardFunc) (bson.Raw, error) {
	c := d.db.Collection(coll)
	defer d.lockDoc(coll, id)()
	for range maxGuardedAttempts {
		doc, err := c.FindOne(ctx, bson.M{"_id": id}).Raw()
		if err != nil {
			return nil, err
		}
		update, guard, err := decide(doc)
		if err != nil || update == nil {
			return doc, err
		}
		filter := bson.M{"_id": id}
		if !d.locks.enabled {
			for k, v := range guard {
				filter[k] = v
			}
		}
		res, err := c.UpdateOne(ctx, filter, update)
		if err != nil {
			return doc, err
		}
		if res.MatchedCount == 1 {
			return doc, nil
		}
	}
	return nil, fmt.Errorf("update %s %v: %w", coll, id, errBusyDocument)
}

var errBusyDocument = errors.New("the document kept changing under other writers")

// isNoDocument reports whether err says the document is not there.
func isNoDocument(err error) bool { return errors.Is(err, mongo.ErrNoDocuments) }

// lockDoc takes the lock of document id of coll on the embedded store (see Locker) and
// answers its unlock. Every write of a document the shop updates holds it.
func (d *DB) lockDoc(coll string, id any) (unlock func()) {
	if oid, ok := id.(bson.ObjectID); ok {
		return d.locks.Lock(oid.Hex()) // ObjectIDs are unique across collections
	}
	return d.locks.Lock(fmt.Sprintf("%s/%v", coll, id))
}
