package mongostore

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// BatchedReads answers db as MongoDB is used: one $in for a cart, no serialising lock. Only
// for reads in tests: on the embedded store, writes need the lock.
func BatchedReads(db *DB) *DB {
	return &DB{client: db.client, db: db.db, locks: NewLocker(false), log: db.log}
}

// UpdateByIDForTest is updateByID, for tests of the writes' serialisation.
func UpdateByIDForTest(ctx context.Context, db *DB, coll *mongo.Collection, id any, update bson.M) error {
	return db.updateByID(ctx, coll, id, "not found", update)
}

// SetAttemptsClock makes a's windows follow now, for tests of their expiry.
func SetAttemptsClock(a *Attempts, now func() time.Time) { a.now = now }

// SharesStripeWithVersion reports whether the lock of document id shares its stripe with the
// catalogue version document's, for tests of writes that hold one while waiting on the other.
func SharesStripeWithVersion(db *DB, id string) bool {
	return db.locks.stripe(id) == db.locks.stripe(metaColl+"/"+catalogueMetaID)
}

// StoreCopiesForTest is storeCopies, for tests of how photos that cannot be scaled are kept.
func StoreCopiesForTest(ctx context.Context, db *DB, productID, file bson.ObjectID, src []byte) error {
	_, err := db.storeCopies(ctx, productID, file, src)
	return err
}

// GuardedUpdateForTest is guardedUpdate, for tests of how it ends.
func GuardedUpdateForTest(ctx context.Context, db *DB, coll *mongo.Collection, id any,
	decide func(doc bson.Raw) (bson.M, bson.M, error)) error {
	return db.guardedUpdate(ctx, coll, id, "not found", decide)
}

// ExpiresClaims reports whether the store drops old checkout claims itself (a TTL index).
func ExpiresClaims(db *DB) bool { return db.claimsExpire }
