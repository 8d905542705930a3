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

const attemptsColl = "attempts"

// Attempts counts attempts for the failure limits in the store, so that every process on it
// shares them: with two processes behind a balancer, a guesser gets no second window from the
// second one. One document per key and window, {_id: key, count, expiresAt}; the store's TTL
// index removes a window once it is over.
type Attempts struct {
	db  *DB
	now func() time.Time
}

var _ shop.AttemptCounter = (*Attempts)(nil)

// codeNotImplemented is what a store without TTL indexes (the embedded one) answers.
const codeNotImplemented = 238

// NewAttempts returns the shared counter, creating its TTL index. A store without TTL indexes
// keeps an ended window until the key's next attempt reuses it.
func NewAttempts(ctx context.Context, db *DB) (*Attempts, error) {
	ttl := mongo.IndexModel{Keys: bson.D{{Key: "expiresAt", Value: 1}}, Options: options.Index().SetExpireAfterSeconds(0)}
	if _, err := db.db.Collection(attemptsColl).Indexes().CreateOne(ctx, ttl); err != nil {
		var ce mongo.CommandError
		if !errors.As(err, &ce) || ce.Code != codeNotImplemented {
			return nil, fmt.Errorf("create the attempts' TTL index: %w", err)
		}
	}
	return &Attempts{db: db, now: func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }}, nil
}

type attemptWindow struct {
	Key       string    `bson:"_id"`
	Count     int       `bson:"count"`
	ExpiresAt time.Time `bson:"expiresAt"`
}

func (a *Attempts) coll() *mongo.Collection { return a.db.db.Collection(attemptsColl) }

// Reserve counts one attempt for key unless its open window holds max already. Each step
// reads the window by _id and writes it back by _id, guarded (see guardedUpdate): atomic on
// MongoDB whatever other processes do, and on the embedded store under the window's lock,
// with no scan of the collection (a filter on anything but _id reads every window there).
func (a *Attempts) Reserve(ctx context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	for range 3 {
		now := a.now()
		var counted bool
		var wait time.Duration
		err := a.db.guardedUpdate(ctx, a.coll(), key, "no attempts window", func(doc bson.Raw) (bson.M, bson.M, error) {
			var w attemptWindow
			if err := bson.Unmarshal(doc, &w); err != nil {
				return nil, nil, fmt.Errorf("read attempts window: %w", err)
			}
			counted, wait = false, 0
			seen := bson.M{"count": w.Count, "expiresAt": w.ExpiresAt}
			switch {
			case !w.ExpiresAt.After(now):
				// The window is over but its document not yet removed: start a new one in it.
				counted = true
				return seen, bson.M{"$set": bson.M{"count": 1, "expiresAt": now.Add(window)}}, nil
			case w.Count >= max:
				wait = w.ExpiresAt.Sub(now)
				return nil, nil, nil
			}
			counted = true
			return seen, bson.M{"$inc": bson.M{"count": 1}}, nil
		})
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			if err != nil {
				return false, 0, fmt.Errorf("count attempt: %w", err)
			}
			return counted, wait, nil
		}
		_, err = a.coll().InsertOne(ctx, attemptWindow{Key: key, Count: 1, ExpiresAt: now.Add(window)})
		if err == nil {
			return true, 0, nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return false, 0, fmt.Errorf("open attempts window: %w", err)
		}
		// Another request or process opened the window in between: count in it.
	}
	return false, 0, errors.New("attempts window kept changing")
}

// Release takes back one attempt of key's window.
//
// A window given back to nought goes: most attempts are given back (every sign-in that did not
// fail), and a window kept at nought for its whole length, one for each account a client
// names, let a client fill the store by naming new accounts. A Reserve between the two writes
// keeps it (the delete is guarded on nought).
func (a *Attempts) Release(ctx context.Context, key string) error {
	emptied := false
	err := a.db.guardedUpdate(ctx, a.coll(), key, "no attempts window", func(doc bson.Raw) (bson.M, bson.M, error) {
		n, _ := doc.Lookup("count").AsInt64OK()
		if n <= 0 {
			return nil, nil, nil
		}
		emptied = n == 1
		return bson.M{"count": n}, bson.M{"$inc": bson.M{"count": -1}}, nil
	})
	if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		return fmt.Errorf("give back an attempt: %w", err)
	}
	if err == nil && emptied {
		_, err := a.db.deleteGuarded(ctx, a.coll(), key, bson.M{"count": bson.M{"$lte": 0}}, func(doc bson.Raw) bool {
			n, _ := doc.Lookup("count").AsInt64OK()
			return n <= 0
		})
		if err != nil {
			return fmt.Errorf("forget an emptied attempts window: %w", err)
		}
	}
	return nil
}

// Clear forgets key's window.
func (a *Attempts) Clear(ctx context.Context, key string) error {
	if _, err := a.db.deleteGuarded(ctx, a.coll(), key, nil, func(bson.Raw) bool { return true }); err != nil {
		return fmt.Errorf("forget attempts: %w", err)
	}
	return nil
}
