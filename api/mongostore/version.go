package mongostore

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// The catalogue's version document: {_id: "catalogue", version: n} in the collection "meta".
// Every catalogue write bumps it; each process polls it (an _id look-up) and reloads its
// read model when another process changed it.
const (
	metaColl        = "meta"
	catalogueMetaID = "catalogue"
)

// versionState is the version of the store that the model reflects.
type versionState struct {
	mu sync.Mutex
	v  int64
}

func (s *versionState) get() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.v
}

func (s *versionState) set(v int64) {
	s.mu.Lock()
	s.v = v
	s.mu.Unlock()
}

// adopt records v as seen when it directly follows the version the model reflects: the model
// then holds every change up to v (this process's change, applied before it was announced).
func (s *versionState) adopt(v int64) {
	s.mu.Lock()
	if v == s.v+1 {
		s.v = v
	}
	s.mu.Unlock()
}

type metaDoc struct {
	Version int64 `bson:"version"`
}

// readVersion reads the catalogue's version; 0 before the first write.
func (c *Catalogue) readVersion(ctx context.Context) (int64, error) {
	var m metaDoc
	err := c.db.db.Collection(metaColl).FindOne(ctx, bson.M{"_id": catalogueMetaID}).Decode(&m)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read catalogue version: %w", err)
	}
	return m.Version, nil
}

// announce bumps the version after this process changed the catalogue (its model already
// holds the change). A failure is logged, not answered: the write itself succeeded, and the
// next announced change makes other processes reload everything anyway.
func (c *Catalogue) announce(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	// A mutex of its own, not a Locker stripe: callers may hold a document's stripe, and the
	// embedded store needs the bump serialised within the process (DESIGN.md §9).
	c.bumpMu.Lock()
	defer c.bumpMu.Unlock()
	var m metaDoc
	err := c.db.db.Collection(metaColl).FindOneAndUpdate(ctx, bson.M{"_id": catalogueMetaID},
		bson.M{"$inc": bson.M{"version": int64(1)}},
		options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&m)
	if err != nil {
		c.log.Error("bump catalogue version", "err", err)
		return
	}
	c.version.adopt(m.Version)
}

// Watch polls the version document every interval until ctx ends, and reloads the model
// when another process changed the catalogue.
func (c *Catalogue) Watch(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := c.Sync(ctx); err != nil && ctx.Err() == nil {
			c.log.Warn("catalogue sync failed", "err", err)
		}
	}
}

// Sync reloads the model when the store's version differs from the one it reflects.
func (c *Catalogue) Sync(ctx context.Context) error {
	v, err := c.readVersion(ctx)
	if err != nil {
		return err
	}
	if v == c.version.get() {
		return nil
	}
	return c.Load(ctx)
}
