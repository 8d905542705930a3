package mongostore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// guardedUpdate runs a read-check-write of one document. decide sees the stored document and
// answers the update to make (nil: nothing to do) and the guard: the fields whose stored
// values the decision rests on. The embedded store holds the document's lock from the read to
// the write and writes by _id alone (any other filter would scan the collection); MongoDB
// writes with the guard in the filter and decides again when another write came first.
// It answers ENOTFOUND (with notFoundMsg) for a missing document, or decide's error.
func (d *DB) guardedUpdate(ctx context.Context, coll *mongo.Collection, oid bson.ObjectID, notFoundMsg string,
	decide func(doc bson.Raw) (guard, update bson.M, err error)) error {
	for range 50 {
		done, err := d.tryGuardedUpdate(ctx, coll, oid, notFoundMsg, decide)
		if err != nil || done {
			return err
		}
	}
	return fmt.Errorf("update %s %s: it kept changing under the write", coll.Name(), oid.Hex())
}

func (d *DB) tryGuardedUpdate(ctx context.Context, coll *mongo.Collection, oid bson.ObjectID, notFoundMsg string,
	decide func(doc bson.Raw) (guard, update bson.M, err error)) (bool, error) {
	unlock := d.locks.Lock(oid.Hex())
	defer unlock()
	doc, err := coll.FindOne(ctx, bson.M{"_id": oid}).Raw()
	if err != nil {
		return false, notFound(err, notFoundMsg)
	}
	guard, update, err := decide(doc)
	if err != nil || update == nil {
		return true, err
	}
	filter := bson.M{"_id": oid}
	if !d.locks.enabled {
		for k, v := range guard {
			filter[k] = v
		}
	}
	res, err := coll.UpdateOne(ctx, filter, update)
	if err != nil {
		return false, fmt.Errorf("update %s %s: %w", coll.Name(), oid.Hex(), err)
	}
	return res.MatchedCount == 1, nil
}
