package mongostore

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// userIndex holds the ids of every account, oldest first, for the admin's list of accounts on
// the embedded store: there a page sorted by _id reads and sorts every account (about 2 s a
// page among 20,000), where from the index it is ten reads by _id. It is filled by the pass
// at start (DB.KeyUserEmails), which reads every account anyway, and follows this process's
// registrations, the only ones there are on the embedded store. Until it is filled (and on
// MongoDB, whose _id index answers the page) the list is queried.
type userIndex struct {
	mu    sync.RWMutex
	ids   []bson.ObjectID // ascending: ObjectIds grow with time
	ready bool
}

// fill makes the index the ids given, taking in any added meanwhile.
func (x *userIndex) fill(ids []bson.ObjectID) {
	x.mu.Lock()
	defer x.mu.Unlock()
	all := append(ids, x.ids...)
	slices.SortFunc(all, compareIDs)
	x.ids, x.ready = slices.Compact(all), true
}

// add takes in a new account.
func (x *userIndex) add(id bson.ObjectID) {
	x.mu.Lock()
	defer x.mu.Unlock()
	at, found := slices.BinarySearchFunc(x.ids, id, compareIDs)
	if !found {
		x.ids = slices.Insert(x.ids, at, id)
	}
}

// page answers the ids of a page of accounts newest first (limit 0: all), and how many there
// are; ok is false until the index is filled.
func (x *userIndex) page(number, limit int) (ids []bson.ObjectID, total int, ok bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if !x.ready {
		return nil, 0, false
	}
	total = len(x.ids)
	end, start := total, 0
	if limit > 0 {
		end = max(0, total-(number-1)*limit)
		start = max(0, end-limit)
	}
	for i := end - 1; i >= start; i-- {
		ids = append(ids, x.ids[i])
	}
	return ids, total, true
}

func compareIDs(a, b bson.ObjectID) int { return bytes.Compare(a[:], b[:]) }

// usersByID reads the accounts ids names, without secrets, in that order; one gone since is
// left out.
func (s *UserService) usersByID(ctx context.Context, ids []bson.ObjectID) ([]userDoc, error) {
	docs := make([]userDoc, 0, len(ids))
	for _, id := range ids {
		var doc userDoc
		err := s.users().FindOne(ctx, bson.M{"_id": id}, options.FindOne().SetProjection(publicUser)).Decode(&doc)
		if isNoDocument(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read account %s: %w", id.Hex(), err)
		}
		docs = append(docs, doc)
	}
	return docs, nil
}
