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
// read them all. An account's key is written before the account, so every account has one.
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

// claimEmail keys email to the account user is about to become. ECONFLICT when another
// account has it; a key left by a registration that never finished (no account is there) is
// taken over.
func (s *UserService) claimEmail(ctx context.Context, email string, user bson.ObjectID) error {
	_, err := s.emails().InsertOne(ctx, userEmailDoc{Email: email, User: user, At: s.now()})
	if err == nil || !isDuplicate(err) {
		return err
	}
	err = s.db.guardedUpdate(ctx, s.emails(), email, "The email was released meanwhile.", func(raw bson.Raw) (bson.M, bson.M, error) {
		var held userEmailDoc
		if err := bson.Unmarshal(raw, &held); err != nil {
			return nil, nil, fmt.Errorf("read key of email %s: %w", email, err)
		}
		if s.now().Sub(held.At) < staleEmailClaim {
			return nil, nil, errEmailTaken
		}
		err := s.users().FindOne(ctx, bson.M{"_id": held.User}, options.FindOne().SetProjection(bson.M{"_id": 1})).Err()
		if !isNoDocument(err) {
			return nil, nil, cmpErr(err, errEmailTaken)
		}
		return bson.M{"user": held.User, "at": held.At}, bson.M{"$set": bson.M{"user": user, "at": s.now()}}, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND { // released since the insert: claim it again
		return s.claimEmail(ctx, email, user)
	}
	return err
}

// releaseEmail takes back the key of a registration that did not become an account.
func (s *UserService) releaseEmail(ctx context.Context, email string, user bson.ObjectID) error {
	_, err := s.db.deleteGuarded(ctx, s.emails(), email, bson.M{"user": user}, func(raw bson.Raw) bool {
		var held userEmailDoc
		return bson.Unmarshal(raw, &held) == nil && held.User == user
	})
	return err
}

// findByEmail reads the account with this (normalised) email: its key, then the account by _id.
func (s *UserService) findByEmail(ctx context.Context, email string) (*userDoc, error) {
	var key userEmailDoc
	if err := s.emails().FindOne(ctx, bson.M{"_id": email}).Decode(&key); err != nil {
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

// keyUserEmails gives every account stored before accounts had keys its key. It reads the
// accounts once; afterwards a marker (an _id look-up) tells it there is nothing to do.
func (d *DB) keyUserEmails(ctx context.Context) error {
	const name = "user-email-keys"
	if done, err := d.migrated(ctx, name); done || err != nil {
		return err
	}
	cur, err := d.db.Collection(usersColl).Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"email": 1}))
	if err != nil {
		return fmt.Errorf("find accounts: %w", err)
	}
	var docs []userDoc
	if err := cur.All(ctx, &docs); err != nil {
		return fmt.Errorf("read accounts: %w", err)
	}
	if len(docs) > 0 {
		keys := make([]any, len(docs))
		now := time.Now().UTC()
		for i, doc := range docs {
			keys[i] = userEmailDoc{Email: doc.Email, User: doc.ID, At: now}
		}
		_, err := d.db.Collection(userEmailsColl).InsertMany(ctx, keys, options.InsertMany().SetOrdered(false))
		var bulk mongo.BulkWriteException
		if err != nil && !(errors.As(err, &bulk) && allDuplicates(bulk)) {
			return fmt.Errorf("key accounts by email: %w", err)
		}
	}
	return d.markMigrated(ctx, name)
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
