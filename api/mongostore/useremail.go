package mongostore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// userEmailsColl keys every account by its email, {_id: email, user, at}, so that signing in,
// a reset and a registration find an account by _id. The embedded store answers a filter on
// _id alone from an index and scans the whole collection for any other: among 20,000
// accounts a sign-in by the email field took about a second, and an unknown email always
// read them all. An account's key is written before the account, so every account this
// version registers has one; those stored otherwise get theirs from KeyUserEmails.
const userEmailsColl = "userEmails"

// staleEmailClaim is how old a key must be before a registration may take it over from an
// account that is not there: a younger one may belong to a registration still being written.
const staleEmailClaim = time.Minute

type userEmailDoc struct {
	Email string        `bson:"_id"`
	User  bson.ObjectID `bson:"user"`
	At    time.Time     `bson:"at"`
}

var errEmailTaken = shop.Errorf(shop.ECONFLICT, "An account with this email already exists. Please sign in.")

func (s *UserService) emails() *mongo.Collection { return s.db.db.Collection(userEmailsColl) }

// emailKeys are the accounts' email keys: a key is held by an account that is there, and one
// left by a registration that never became an account is taken over once stale.
func (s *UserService) emailKeys() *keyClaims {
	return &keyClaims{db: s.db, coll: userEmailsColl, owner: "user", stale: staleEmailClaim, now: s.now,
		holds: func(ctx context.Context, user bson.ObjectID, _ string) (bool, error) {
			err := s.users().FindOne(ctx, bson.M{"_id": user}, options.FindOne().SetProjection(bson.M{"_id": 1})).Err()
			if isNoDocument(err) {
				return false, nil
			}
			return err == nil, err
		}}
}

// claimEmail keys email to the account user is about to become. ECONFLICT when another
// account has it.
func (s *UserService) claimEmail(ctx context.Context, email string, user bson.ObjectID) error {
	return s.emailKeys().claim(ctx, email, user, errEmailTaken)
}

// releaseEmail takes back the key of a registration that did not become an account. An
// insert may land and still answer an error (a connection lost on the way back): the key of
// an account that is there stays.
func (s *UserService) releaseEmail(ctx context.Context, email string, user bson.ObjectID) error {
	keys := s.emailKeys()
	if there, err := keys.holds(ctx, user, email); err != nil || there {
		return err
	}
	return keys.release(ctx, email, user)
}

// findByEmail reads the account with this (normalised) email: its key, then the account by
// _id. While accounts may lack keys (see DB.KeyUserEmails) one without is also looked for by
// its email field, and given its key.
func (s *UserService) findByEmail(ctx context.Context, email string) (*userDoc, error) {
	var key userEmailDoc
	err := s.emails().FindOne(ctx, bson.M{"_id": email}).Decode(&key)
	if isNoDocument(err) && s.db.mayLackEmailKeys() {
		return s.findByEmailField(ctx, email)
	}
	if err != nil {
		return nil, notFound(err, "No account has this email.")
	}
	var doc userDoc
	if err := s.users().FindOne(ctx, bson.M{"_id": key.User}).Decode(&doc); err != nil {
		return nil, notFound(err, "No account has this email.")
	}
	if doc.Email != email {
		return nil, shop.Errorf(shop.ENOTFOUND, "No account has this email.")
	}
	return &doc, nil
}

// findByEmailField reads the account with this email by its email field, and keys it.
func (s *UserService) findByEmailField(ctx context.Context, email string) (*userDoc, error) {
	var doc userDoc
	if err := s.users().FindOne(ctx, bson.M{"email": email}).Decode(&doc); err != nil {
		return nil, notFound(err, "No account has this email.")
	}
	_, err := s.emails().InsertOne(ctx, userEmailDoc{Email: doc.Email, User: doc.ID, At: s.now()})
	if err != nil && !isDuplicate(err) {
		return nil, fmt.Errorf("key account %s by email: %w", doc.ID.Hex(), err)
	}
	return &doc, nil
}

// mayLackEmailKeys reports whether an account may be stored without its key. On MongoDB it
// may always: a process of an earlier version may still be registering accounts beside this
// one (and the email field is indexed there: the look-up costs a millisecond). On the
// embedded store, only until KeyUserEmails has keyed every account: this process is then its
// only writer, and a sign-in by an unknown email reads nothing more.
func (d *DB) mayLackEmailKeys() bool { return !d.embedded() || !d.emailKeysComplete.Load() }

// KeyUserEmails gives every account without a key its key: those stored before accounts had
// keys, or by an earlier version of the shop run on the store since. It reads the accounts
// and the keys once, and fills the embedded store's list of accounts (userIndex) from the
// same read; run it beside the traffic at every start.
func (d *DB) KeyUserEmails(ctx context.Context) (keyed int, err error) {
	have := map[string]bool{}
	cur, err := d.db.Collection(userEmailsColl).Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return 0, fmt.Errorf("find email keys: %w", err)
	}
	var keys []userEmailDoc
	if err := cur.All(ctx, &keys); err != nil {
		return 0, fmt.Errorf("read email keys: %w", err)
	}
	for _, k := range keys {
		have[k.Email] = true
	}
	if cur, err = d.db.Collection(usersColl).Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"email": 1})); err != nil {
		return 0, fmt.Errorf("find accounts: %w", err)
	}
	var docs []userDoc
	if err := cur.All(ctx, &docs); err != nil {
		return 0, fmt.Errorf("read accounts: %w", err)
	}
	var missing []any
	now := time.Now().UTC()
	ids := make([]bson.ObjectID, len(docs))
	for i, doc := range docs {
		ids[i] = doc.ID
		if !have[doc.Email] {
			missing = append(missing, userEmailDoc{Email: doc.Email, User: doc.ID, At: now})
		}
	}
	if len(missing) > 0 {
		_, err := d.db.Collection(userEmailsColl).InsertMany(ctx, missing, options.InsertMany().SetOrdered(false))
		var bulk mongo.BulkWriteException
		if err != nil && !(errors.As(err, &bulk) && allDuplicates(bulk)) {
			return 0, fmt.Errorf("key accounts by email: %w", err)
		}
	}
	d.emailKeysComplete.Store(true)
	if d.accounts != nil {
		d.accounts.fill(ids)
	}
	return len(missing), nil
}

// allDuplicates reports whether every write a bulk insert refused was refused for a key
// already there.
func allDuplicates(e mongo.BulkWriteException) bool {
	for _, we := range e.WriteErrors {
		if !isDuplicate(we) {
			return false
		}
	}
	return e.WriteConcernError == nil
}
