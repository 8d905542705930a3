package mongostore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
	"shop/orderindex"
)

// unlisted are the payment states of orders no list shows.
var unlisted = bson.A{shop.PaymentPending, shop.PaymentAbandoned}

// An answer's orders are fetched by _id one at a time on the embedded store (about a
// millisecond each) when they are at most fetchOneByOne, or a small share of all orders: a
// pass over the whole collection decodes every order (about a quarter of a millisecond each
// at 100,000), so a shopper's 1,000 orders read one by one take a second where a pass over
// the shop's 100,000 takes half a minute. Otherwise they are read in one pass.
const (
	fetchOneByOne     = 200
	passCostsPerFetch = 4 // orders a pass decodes in the time of one fetch by _id
)

// orderIndexHolder loads the embedded store's order index once, on first use, and shares it
// between every OrderStore of one DB. The process owns the embedded store, so its own writes
// are all the changes there are.
type orderIndexHolder struct {
	mu       sync.Mutex
	index    *orderindex.Index
	snapshot string // the file the index is kept in between runs; "" for none
}

// The order index snapshot's seal, {_id: "orderindex", seal} in the collection "meta": the
// token of the snapshot written when the shop last stopped cleanly. Loading the index breaks
// the seal before any order is written, so after a crash (or any start that did not save a
// snapshot at its end) the store has no seal and the snapshot is not trusted.
const orderIndexMetaID = "orderindex"

// LoadOrderIndex loads the embedded store's order index now, from the snapshot at path when
// its seal is the store's, from the orders otherwise, and answers whether the snapshot was
// used. Call it before the shop takes requests, so that the seal is broken before any order
// is written. On MongoDB it does nothing (its indexes answer the same queries).
func (d *DB) LoadOrderIndex(ctx context.Context, path string) (fromSnapshot bool, err error) {
	h := d.orderIndex
	if !d.locks.enabled {
		return false, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.snapshot = path
	if h.index != nil {
		return false, nil
	}
	return d.loadOrderIndexLocked(ctx)
}

// SaveOrderIndex writes the order index to its snapshot and seals it in the store. Call it
// when the shop stops, after the last order was written: a later write would go unseen by
// the next start.
func (d *DB) SaveOrderIndex(ctx context.Context) error {
	h := d.orderIndex
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.index == nil || h.snapshot == "" {
		return nil
	}
	seal := bson.NewObjectID().Hex() + fmt.Sprint(time.Now().UnixNano())
	if err := h.index.Save(h.snapshot, seal); err != nil {
		return fmt.Errorf("save the order index: %w", err)
	}
	meta := d.db.Collection(metaColl)
	if _, err := meta.DeleteOne(ctx, bson.M{"_id": orderIndexMetaID}); err != nil {
		return fmt.Errorf("seal the order index: %w", err)
	}
	if _, err := meta.InsertOne(ctx, bson.M{"_id": orderIndexMetaID, "seal": seal}); err != nil {
		return fmt.Errorf("seal the order index: %w", err)
	}
	return nil
}

// loadOrderIndexLocked fills h.index (h.mu held) and breaks the seal.
func (d *DB) loadOrderIndexLocked(ctx context.Context) (fromSnapshot bool, err error) {
	h := d.orderIndex
	meta := d.db.Collection(metaColl)
	var sealed struct {
		Seal string `bson:"seal"`
	}
	err = meta.FindOne(ctx, bson.M{"_id": orderIndexMetaID}).Decode(&sealed)
	if err != nil && !isNoDocument(err) {
		return false, fmt.Errorf("read the order index seal: %w", err)
	}
	var x *orderindex.Index
	if h.snapshot != "" {
		snap, seal, err := orderindex.Load(h.snapshot, shop.Listed)
		switch {
		case err == nil && sealed.Seal != "" && seal == sealed.Seal:
			x, fromSnapshot = snap, true
		case err == nil:
			d.log.Info("order index snapshot is older than the store: reading the orders", "path", h.snapshot)
		case !errors.Is(err, os.ErrNotExist):
			d.log.Warn("order index snapshot ignored: reading the orders", "path", h.snapshot, "err", err)
		}
	}
	if sealed.Seal != "" {
		if _, err := meta.DeleteOne(ctx, bson.M{"_id": orderIndexMetaID}); err != nil {
			return false, fmt.Errorf("break the order index seal: %w", err)
		}
	}
	if x == nil {
		if x, err = d.readOrderIndex(ctx); err != nil {
			return false, err
		}
	}
	h.index = x
	return fromSnapshot, nil
}

// readOrderIndex reads the index from every order.
func (d *DB) readOrderIndex(ctx context.Context) (*orderindex.Index, error) {
	cur, err := d.db.Collection(ordersColl).Find(ctx, bson.M{}, options.Find().
		SetProjection(bson.M{"buyer": 1, "createdAt": 1, "paymentState": 1}))
	if err != nil {
		return nil, fmt.Errorf("load the order index: %w", err)
	}
	defer cur.Close(ctx)
	var entries []orderindex.Entry
	for cur.Next(ctx) {
		var o orderDoc
		if err := cur.Decode(&o); err != nil {
			return nil, fmt.Errorf("load the order index: %w", err)
		}
		entries = append(entries, entryOf(&o))
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("load the order index: %w", err)
	}
	return orderindex.FromEntries(shop.Listed, entries), nil
}

// orderIndex answers the loaded index on the embedded store, nil on MongoDB (its indexes
// answer the same queries).
func (s *OrderStore) orderIndex(ctx context.Context) (*orderindex.Index, error) {
	h := s.db.orderIndex
	if h == nil || !s.db.locks.enabled {
		return nil, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.index == nil {
		if _, err := s.db.loadOrderIndexLocked(ctx); err != nil {
			return nil, err
		}
	}
	return h.index, nil
}

// orderSold reports whether the order index, on the embedded store, has order id paid for
// (or cancelled after payment): its units are sold. It answers false when there is no index
// yet, or the order is not in it (one another process placed).
func (d *DB) orderSold(id string) bool {
	h := d.orderIndex
	if h == nil || !d.locks.enabled {
		return false
	}
	h.mu.Lock()
	x := h.index
	h.mu.Unlock()
	if x == nil {
		return false
	}
	state, ok := x.State(id)
	return ok && shop.Listed(state)
}

func entryOf(d *orderDoc) orderindex.Entry {
	return orderindex.Entry{ID: d.ID.Hex(), Buyer: d.Buyer.Hex(), CreatedAt: d.CreatedAt, State: d.state()}
}

// indexed records a written order in the index, when there is one.
func (s *OrderStore) indexed(ctx context.Context, d *orderDoc) error {
	x, err := s.orderIndex(ctx)
	if x != nil {
		x.Put(entryOf(d))
	}
	return err
}

// Order answers one order with its buyer's name.
func (s *OrderStore) Order(ctx context.Context, id string) (*shop.Order, error) {
	oid, err := objectID("Order id", id)
	if err != nil {
		return nil, err
	}
	var doc orderDoc
	if err := s.orders().FindOne(ctx, bson.M{"_id": oid}).Decode(&doc); err != nil {
		return nil, notFound(err, "Order not found.")
	}
	out, err := s.withBuyers(ctx, []orderDoc{doc})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// Orders lists a page of listed orders newest first, of one buyer or of all.
func (s *OrderStore) Orders(ctx context.Context, buyerID string, p shop.Page) ([]*shop.Order, int, error) {
	filter := bson.M{"paymentState": bson.M{"$nin": unlisted}}
	if buyerID != "" {
		oid, err := objectID("Buyer id", buyerID)
		if err != nil {
			return nil, 0, err
		}
		filter["buyer"] = oid
	}
	x, err := s.orderIndex(ctx)
	if err != nil {
		return nil, 0, err
	}
	var docs []orderDoc
	var total int
	if x != nil {
		ids, n := x.Page(buyerID, p.Number, p.Limit)
		total = n
		docs, err = s.orderDocs(ctx, ids, filter, x.Len())
	} else {
		docs, total, err = s.queryOrders(ctx, filter, p)
	}
	if err != nil {
		return nil, 0, err
	}
	out, err := s.withBuyers(ctx, docs)
	return out, total, err
}

// queryOrders pages with MongoDB's indexes on {buyer, createdAt, _id} and {createdAt, _id}.
func (s *OrderStore) queryOrders(ctx context.Context, filter bson.M, p shop.Page) ([]orderDoc, int, error) {
	total, err := s.orders().CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, fmt.Errorf("count orders: %w", err)
	}
	opts := options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}})
	if p.Limit > 0 {
		opts.SetSkip(int64(p.Number-1) * int64(p.Limit)).SetLimit(int64(p.Limit))
	}
	cur, err := s.orders().Find(ctx, filter, opts)
	if err != nil {
		return nil, 0, fmt.Errorf("list orders: %w", err)
	}
	var docs []orderDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, fmt.Errorf("read orders: %w", err)
	}
	return docs, int(total), nil
}

// readByID reports whether n orders, of all stored, are read faster by _id one at a time
// than in one pass over the collection.
func readByID(n, all int) bool {
	return n <= fetchOneByOne || n*passCostsPerFetch <= all
}

// orderDocs reads the orders ids names, in that order: by _id one at a time when they are
// few beside the all orders stored, otherwise in one pass over the orders matching filter.
func (s *OrderStore) orderDocs(ctx context.Context, ids []string, filter bson.M, all int) ([]orderDoc, error) {
	docs := make([]orderDoc, 0, len(ids))
	if readByID(len(ids), all) {
		cache := s.db.orders
		for _, id := range ids {
			oid := mustOID(id)
			if cache != nil {
				if d, ok := cache.get(oid); ok {
					docs = append(docs, d)
					continue
				}
			}
			var gen uint64
			if cache != nil {
				gen = cache.begin()
			}
			var d orderDoc
			err := s.orders().FindOne(ctx, bson.M{"_id": oid}).Decode(&d)
			if errors.Is(err, mongo.ErrNoDocuments) {
				continue // deleted under the index: nothing to show
			}
			if err != nil {
				return nil, fmt.Errorf("read order %s: %w", id, err)
			}
			if cache != nil {
				cache.put(oid, d, gen)
			}
			docs = append(docs, d)
		}
		return docs, nil
	}
	cur, err := s.orders().Find(ctx, filter)
	if err != nil {
		return nil, fmt.Errorf("list orders: %w", err)
	}
	defer cur.Close(ctx)
	byID := make(map[string]orderDoc, len(ids))
	for cur.Next(ctx) {
		var d orderDoc
		if err := cur.Decode(&d); err != nil {
			return nil, fmt.Errorf("read orders: %w", err)
		}
		byID[d.ID.Hex()] = d
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	for _, id := range ids {
		if d, ok := byID[id]; ok {
			docs = append(docs, d)
		}
	}
	return docs, nil
}

// OrdersInState answers the ids of the orders in payment state created before the time given.
func (s *OrderStore) OrdersInState(ctx context.Context, state string, before time.Time) ([]string, error) {
	x, err := s.orderIndex(ctx)
	if err != nil {
		return nil, err
	}
	if x != nil {
		return x.InState(state, before), nil
	}
	cur, err := s.orders().Find(ctx, bson.M{"paymentState": state, "createdAt": bson.M{"$lt": before}},
		options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return nil, fmt.Errorf("find %s orders: %w", state, err)
	}
	var docs []struct {
		ID bson.ObjectID `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("read %s orders: %w", state, err)
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID.Hex()
	}
	return ids, nil
}

// withBuyers converts docs, joining the buyers' names (no $lookup: the embedded store lacks
// it). MongoDB answers one batched $in; the embedded store scans for anything but an _id
// equality, so there each buyer is looked up by _id. A deleted buyer shows an empty name.
func (s *OrderStore) withBuyers(ctx context.Context, docs []orderDoc) ([]*shop.Order, error) {
	out := make([]*shop.Order, len(docs))
	if len(docs) == 0 {
		return out, nil
	}
	seen := map[bson.ObjectID]bool{}
	var ids []bson.ObjectID
	for _, d := range docs {
		if !seen[d.Buyer] {
			seen[d.Buyer] = true
			ids = append(ids, d.Buyer)
		}
	}
	names, err := s.buyerNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range docs {
		out[i] = docs[i].order(names[docs[i].Buyer])
	}
	return out, nil
}

func (s *OrderStore) buyerNames(ctx context.Context, ids []bson.ObjectID) (map[bson.ObjectID]string, error) {
	type nameDoc struct {
		ID   bson.ObjectID `bson:"_id"`
		Name string        `bson:"name"`
	}
	users := s.db.db.Collection(usersColl)
	onlyName := bson.M{"name": 1}
	names := make(map[bson.ObjectID]string, len(ids))
	if s.db.users != nil { // the embedded store: by _id, mostly from the read cache
		for _, id := range ids {
			u, err := s.db.cachedUser(ctx, id)
			if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
				return nil, fmt.Errorf("load buyer %s: %w", id.Hex(), err)
			}
			names[id] = u.Name
		}
		return names, nil
	}
	cur, err := users.Find(ctx, bson.M{"_id": bson.M{"$in": ids}}, options.Find().SetProjection(onlyName))
	if err != nil {
		return nil, fmt.Errorf("load buyers: %w", err)
	}
	var found []nameDoc
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read buyers: %w", err)
	}
	for _, u := range found {
		names[u.ID] = u.Name
	}
	return names, nil
}

// OrderByTransaction answers the order whose payment is the transaction. Only a provider's
// notice asks this, rarely: on the embedded store it reads the orders once (MongoDB uses the
// index on payment.transactionId).
func (s *OrderStore) OrderByTransaction(ctx context.Context, transactionID string) (*shop.Order, error) {
	var doc orderDoc
	err := s.orders().FindOne(ctx, bson.M{"payment.transactionId": transactionID}).Decode(&doc)
	if err != nil {
		return nil, notFound(err, "Order not found.")
	}
	out, err := s.withBuyers(ctx, []orderDoc{doc})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}
