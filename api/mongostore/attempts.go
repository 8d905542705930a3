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

// Reserve counts one attempt for key unless its open window holds max already. Each step is
// one conditional single-document write, atomic on MongoDB whatever other processes do (the
// embedded store's writes are serialised by the lock, as everywhere).
func (a *Attempts) Reserve(ctx context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	defer a.db.locks.Lock(attemptsColl + "|" + key)()
	for range 3 {
		now := a.now()
		open := bson.M{"_id": key, "expiresAt": bson.M{"$gt": now}, "count": bson.M{"$lt": max}}
		if counted, err := a.updated(ctx, open, bson.M{"$inc": bson.M{"count": 1}}); err != nil || counted {
			return counted, 0, err
		}
		// The window is over but its document not yet removed: start a new one in it.
		over := bson.M{"_id": key, "expiresAt": bson.M{"$lte": now}}
		if counted, err := a.updated(ctx, over, bson.M{"$set": bson.M{"count": 1, "expiresAt": now.Add(window)}}); err != nil || counted {
			return counted, 0, err
		}
		_, err := a.coll().InsertOne(ctx, attemptWindow{Key: key, Count: 1, ExpiresAt: now.Add(window)})
		if err == nil {
			return true, 0, nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return false, 0, fmt.Errorf("open attempts window: %w", err)
		}
		// The window exists: full, or another process changed it in between.
		var w attemptWindow
		switch err := a.coll().FindOne(ctx, bson.M{"_id": key}).Decode(&w); {
		case errors.Is(err, mongo.ErrNoDocuments):
			continue
		case err != nil:
			return false, 0, fmt.Errorf("read attempts window: %w", err)
		case w.Count >= max && w.ExpiresAt.After(now):
			return false, w.ExpiresAt.Sub(now), nil
		}
	}
	return false, 0, errors.New("attempts window kept changing")
}

// Release takes back one attempt of key's window.
func (a *Attempts) Release(ctx context.Context, key string) error {
	defer a.db.locks.Lock(attemptsColl + "|" + key)()
	if _, err := a.updated(ctx, bson.M{"_id": key, "count": bson.M{"$gt": 0}}, bson.M{"$inc": bson.M{"count": -1}}); err != nil {
		return fmt.Errorf("give back an attempt: %w", err)
	}
	return nil
}

func (a *Attempts) updated(ctx context.Context, filter, update bson.M) (bool, error) {
	res, err := a.coll().UpdateOne(ctx, filter, update)
	if err != nil {
		return false, fmt.Errorf("count attempt: %w", err)
	}
	return res.MatchedCount == 1, nil
}
