// Package mongostore implements the shop's services on MongoDB (or the embedded
// Mongo-compatible store) through the official driver.
package mongostore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"

	"shop"
)

// Collection names.
const (
	usersColl      = "users"
	categoriesColl = "categories"
	productsColl   = "products"
	ordersColl     = "orders"
	photoBucket    = "photos"
)

// Options tune a DB.
type Options struct {
	// SerializeUpdates makes the store serialise every read-modify-write of one document
	// itself. The embedded store needs it: its updates are not atomic (docs/architecture.md).
	SerializeUpdates bool
	// ConnectTimeout bounds how long Open retries an unreachable store.
	ConnectTimeout time.Duration
	Logger         *slog.Logger
	// IndexIDs, for the embedded store, gives every collection of a database the index its
	// updates and deletes by _id need (see embedded.Server.IndexIDs). EnsureIndexes runs it
	// once every collection the shop updates exists.
	IndexIDs func(ctx context.Context, database string) error
}

// DB is a connection to the shop's database.
type DB struct {
	client *mongo.Client
	db     *mongo.Database
	locks  *Locker
	log    *slog.Logger
	// orderIndex pages orders on the embedded store (see OrderStore.orderIndex).
	orderIndex *orderIndexHolder
	// orders and users keep what the order lists and the sign-in check read by _id on the
	// embedded store (nil on MongoDB, where other processes write too): see readCache.
	orders *readCache[orderDoc]
	users  *readCache[userDoc]                              // without secrets (publicUser)
	index  func(ctx context.Context, database string) error // see Options.IndexIDs
	// announcer writes the catalogue changes of this process to the version document.
	announcer *announcer
}

// Bounds of the read caches: the orders of many pages, the buyers of many orders.
const (
	cachedOrders = 4096
	cachedUsers  = 16384
)

// Open connects to uri and database name, retrying with backoff until ConnectTimeout.
func Open(ctx context.Context, uri, name string, o Options) (*DB, error) {
	if o.ConnectTimeout == 0 {
		o.ConnectTimeout = 30 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	opts := options.Client().ApplyURI(uri).SetServerSelectionTimeout(5 * time.Second).SetConnectTimeout(5 * time.Second)
	if o.SerializeUpdates {
		opts.SetMonitor((&writeGate{}).monitor())
	}
	client, err := mongo.Connect(opts)
	if err != nil {
		return nil, fmt.Errorf("connect to store: %w", err)
	}
	deadline := time.Now().Add(o.ConnectTimeout)
	backoff := 250 * time.Millisecond
	for {
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = client.Ping(pctx, readpref.Primary())
		cancel()
		if err == nil {
			break
		}
		if time.Now().Add(backoff).After(deadline) || ctx.Err() != nil {
			_ = client.Disconnect(context.Background())
			return nil, fmt.Errorf("store at %s did not answer within %s: %w", redactURI(uri), o.ConnectTimeout, err)
		}
		o.Logger.Warn("store not answering yet, retrying", "in", backoff, "err", err)
		time.Sleep(backoff)
		backoff = min(backoff*2, 4*time.Second)
	}
	d := &DB{client: client, db: client.Database(name), locks: NewLocker(o.SerializeUpdates), log: o.Logger,
		orderIndex: &orderIndexHolder{}, index: o.IndexIDs}
	d.announcer = &announcer{write: d.appendCatalogueChange}
	if o.SerializeUpdates {
		d.orders, d.users = newReadCache[orderDoc](cachedOrders), newReadCache[userDoc](cachedUsers)
	}
	return d, nil
}

// Close disconnects from the store.
func (d *DB) Close(ctx context.Context) error { return d.client.Disconnect(ctx) }

// Ping reports whether the store answers.
func (d *DB) Ping(ctx context.Context) error {
	if err := d.client.Ping(ctx, readpref.Primary()); err != nil {
		return fmt.Errorf("ping store: %w", err)
	}
	return nil
}

// Database is the underlying database, for tests and tools.
func (d *DB) Database() *mongo.Database { return d.db }

// Locks serialises read-modify-writes of single documents where the store does not.
func (d *DB) Locks() *Locker { return d.locks }

// EnsureIndexes creates the indexes every query relies on; it is safe to run at every start.
func (d *DB) EnsureIndexes(ctx context.Context) error {
	asc := func(keys ...string) bson.D {
		doc := bson.D{}
		for _, k := range keys {
			doc = append(doc, bson.E{Key: k, Value: 1})
		}
		return doc
	}
	// A fresh options value per index: the driver records the generated name on it.
	unique := func() *options.IndexOptionsBuilder { return options.Index().SetUnique(true) }
	want := map[string][]mongo.IndexModel{
		usersColl:      {{Keys: asc("email"), Options: unique()}},
		categoriesColl: {{Keys: asc("slug"), Options: unique()}, {Keys: asc("nameKey"), Options: unique()}},
		productsColl: {
			{Keys: asc("slug"), Options: unique()},
			{Keys: bson.D{{Key: "category", Value: 1}, {Key: "createdAt", Value: -1}}},
			{Keys: bson.D{{Key: "createdAt", Value: -1}}},
		},
		ordersColl: {
			{Keys: asc("number"), Options: unique()},
			{Keys: bson.D{{Key: "buyer", Value: 1}, {Key: "createdAt", Value: -1}}},
			{Keys: bson.D{{Key: "createdAt", Value: -1}}},
			{Keys: bson.D{{Key: "paymentState", Value: 1}, {Key: "createdAt", Value: 1}}},
			{Keys: asc("payment.transactionId")},
		},
	}
	if err := d.numberOrders(ctx); err != nil {
		return err
	}
	for coll, models := range want {
		for _, m := range models {
			if _, err := d.db.Collection(coll).Indexes().CreateOne(ctx, m); err != nil {
				return fmt.Errorf("create index on %s %v: %w", coll, m.Keys, err)
			}
		}
	}
	return d.indexIDs(ctx)
}

// UpdatedCollections are the collections the shop updates or deletes from by _id. On the
// embedded store each gets the _id index those writes need at start, so each must be made at
// start too, before its first document: a collection the shop writes must be listed here.
var UpdatedCollections = []string{usersColl, categoriesColl, productsColl, ordersColl, metaColl, checkoutsColl,
	skusColl, sandboxChargesColl, migrationsColl, attemptsColl, resetTokensColl, photoBucket + ".files",
	photoBucket + ".chunks"}

// indexIDs makes every updated collection and gives it its _id index on the embedded store.
func (d *DB) indexIDs(ctx context.Context) error {
	if d.index == nil {
		return nil
	}
	have, err := d.db.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		return fmt.Errorf("list collections: %w", err)
	}
	for _, c := range UpdatedCollections {
		if slices.Contains(have, c) {
			continue
		}
		if err := d.db.CreateCollection(ctx, c); err != nil && !isNamespaceExists(err) {
			return fmt.Errorf("create collection %s: %w", c, err)
		}
	}
	return d.index(ctx, d.db.Name())
}

// isNamespaceExists reports whether a collection was made meanwhile (by another process).
func isNamespaceExists(err error) bool {
	var ce mongo.CommandError
	return errors.As(err, &ce) && ce.Code == 48
}

// objectID parses a hex id from a client. A malformed one is EINVALID naming the field.
func objectID(field, hex string) (bson.ObjectID, error) {
	id, err := bson.ObjectIDFromHex(hex)
	if err != nil {
		return bson.NilObjectID, shop.Errorf(shop.EINVALID, "%s is not a valid id.", field)
	}
	return id, nil
}

// notFound turns the driver's "no documents" into ENOTFOUND with msg; other errors pass through.
func notFound(err error, msg string) error {
	if errors.Is(err, mongo.ErrNoDocuments) {
		return shop.Errorf(shop.ENOTFOUND, "%s", msg)
	}
	return err
}

func redactURI(uri string) string {
	opts := options.Client().ApplyURI(uri)
	if len(opts.Hosts) == 0 {
		return "the configured address"
	}
	return fmt.Sprint(opts.Hosts)
}

// cmpErr answers err when there is one, else fallback.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// isNoDocument reports whether err says the document is not there.
func isNoDocument(err error) bool { return errors.Is(err, mongo.ErrNoDocuments) }
