package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// keyClaims is a collection of keys held by one owner each, {_id: key, <owner>: ObjectId, at}:
// an email by its account (userEmails), a SKU by its product (skus). Its unique _id keeps a
// key to one owner on MongoDB and on the embedded store alike, where a unique index over
// another field or an array would not be. A claim is written before what it is for, so one
// left by a write cut short (a registration, an edit) is taken over once it is older than
// stale and its owner does not hold the key.
type keyClaims struct {
	db    *DB
	coll  string
	owner string // the field that names the owner
	stale time.Duration
	now   func() time.Time
	// holds reports whether owner has come to hold key: an account that is there, a product
	// that sells the SKU.
	holds func(ctx context.Context, owner bson.ObjectID, key string) (bool, error)
}

// claim makes key owner's, or answers taken when another owner holds it.
func (k *keyClaims) claim(ctx context.Context, key string, owner bson.ObjectID, taken error) error {
	coll := k.db.db.Collection(k.coll)
	_, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: key}, {Key: k.owner, Value: owner}, {Key: "at", Value: k.now()}})
	if err == nil || !isDuplicate(err) {
		return err
	}
	err = k.db.guardedUpdate(ctx, coll, key, "The claim was released meanwhile.", func(raw bson.Raw) (bson.M, bson.M, error) {
		holder, okOwner := raw.Lookup(k.owner).ObjectIDOK()
		at, okAt := raw.Lookup("at").TimeOK()
		if !okOwner || !okAt {
			return nil, nil, fmt.Errorf("read the claim of %s in %s: no %s or at", key, k.coll, k.owner)
		}
		if holder == owner {
			return nil, nil, nil
		}
		if k.now().Sub(at) < k.stale {
			return nil, nil, taken
		}
		holds, err := k.holds(ctx, holder, key)
		if err != nil || holds {
			return nil, nil, cmpErr(err, taken)
		}
		return bson.M{k.owner: holder, "at": at}, bson.M{"$set": bson.M{k.owner: owner, "at": k.now()}}, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND { // released since the insert: claim it again
		return k.claim(ctx, key, owner, taken)
	}
	return err
}

// release takes back owner's claim of key; a claim another owner has taken since stays.
func (k *keyClaims) release(ctx context.Context, key string, owner bson.ObjectID) error {
	_, err := k.db.deleteGuarded(ctx, k.db.db.Collection(k.coll), key, bson.M{k.owner: owner}, func(raw bson.Raw) bool {
		held, ok := raw.Lookup(k.owner).ObjectIDOK()
		return ok && held == owner
	})
	return err
}
