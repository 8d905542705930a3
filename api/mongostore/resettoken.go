package mongostore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// resetTokensColl keeps password-reset links by the hash of their token.
const resetTokensColl = "reset_tokens"

// ResetTokens implements shop.ResetTokenStore.
type ResetTokens struct{ db *DB }

var _ shop.ResetTokenStore = (*ResetTokens)(nil)

// NewResetTokens returns the store of reset links.
func NewResetTokens(db *DB) *ResetTokens { return &ResetTokens{db: db} }

type resetTokenDoc struct {
	Hash      string        `bson:"_id"`
	User      bson.ObjectID `bson:"user"`
	ExpiresAt time.Time     `bson:"expiresAt"`
}

func (s *ResetTokens) coll() *mongo.Collection { return s.db.db.Collection(resetTokensColl) }

// SaveResetToken keeps a link, and drops the user's links expired by now, so that links asked
// for and never used do not pile up (the embedded store has no TTL index to do it).
func (s *ResetTokens) SaveResetToken(ctx context.Context, hash, userID string, now, expires time.Time) error {
	uid, err := objectID("User id", userID)
	if err != nil {
		return err
	}
	if _, err := s.coll().DeleteMany(ctx, bson.M{"user": uid, "expiresAt": bson.M{"$lte": now}}); err != nil {
		return fmt.Errorf("drop expired reset links: %w", err)
	}
	if _, err := s.coll().InsertOne(ctx, resetTokenDoc{Hash: hash, User: uid, ExpiresAt: expires}); err != nil {
		return fmt.Errorf("save reset link: %w", err)
	}
	return nil
}

// TakeResetToken deletes the link and answers its user when it was there and unexpired. The
// delete decides: of two requests with one link, one deletes it and the other finds nothing
// (on the embedded store the link's lock makes find-and-delete one step).
func (s *ResetTokens) TakeResetToken(ctx context.Context, hash string, now time.Time) (string, error) {
	unlock := s.db.locks.Lock(hash)
	defer unlock()
	var d resetTokenDoc
	err := s.coll().FindOne(ctx, bson.M{"_id": hash}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return "", shop.Errorf(shop.ENOTFOUND, "No such reset link.")
	}
	if err != nil {
		return "", fmt.Errorf("read reset link: %w", err)
	}
	res, err := s.coll().DeleteOne(ctx, bson.M{"_id": hash})
	if err != nil {
		return "", fmt.Errorf("use reset link: %w", err)
	}
	if res.DeletedCount == 0 || !now.Before(d.ExpiresAt) {
		return "", shop.Errorf(shop.ENOTFOUND, "No such reset link.")
	}
	return d.User.Hex(), nil
}
