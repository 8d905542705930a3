// Package mongostore implements the shop's services on MongoDB (or the embedded
// Mongo-compatible store) through the official driver.
package mongostore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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
	users  *readCache[userDoc] // without secrets (publicUser)
	// stored keeps products and orders as stored, from this process's reads and inserts, for
	// the read that begins a guarded update: a checkout reads its products to price them and
	// then reserves their stock, and inserts its order and then marks it paid (nil on MongoDB).
	stored *readCache[bson.Raw]
	index  func(ctx context.Context, database string) error // see Options.IndexIDs
	// announcer writes the catalogue changes of this process to the version document.
	announcer *announcer
	// claimsExpire is set when the store drops Idempotency-Key claims itself (MongoDB's TTL index);
	// elsewhere ForgetOldClaims does.
	claimsExpire bool
	// openedAt is when this process opened the store. On the embedded store (stored != nil)
	// this process is its only writer: a checkout claimed before it, and not placed, died.
	openedAt time.Time
	// emailKeysComplete is set once every account has its email key (KeyUserEmails).
	emailKeysComplete atomic.Bool
	// accounts lists every account for the admin's list on the embedded store (nil on MongoDB).
	accounts *userIndex
	// unscalable holds the photo file ids whose copies cannot be made (photosize.ErrNotScalable):
	// they are served whole, never decoded again. A photo's bytes never change.
	unscalable sync.Map
}

// Bounds of the read caches: the orders of many pages, the buyers of many orders.
const (
	cachedOrders = 4096
	cachedUsers  = 16384
	cachedStored = 4096 // a product of 8 sizes is about 3 KB
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
		opts.SetMonitor(newWriteGate().monitor())
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
		orderIndex: &orderIndexHolder{}, index: o.IndexIDs, openedAt: time.Now()}
	d.announcer = &announcer{write: d.appendCatalogueChange}
	if o.SerializeUpdates {
		d.orders, d.users = newReadCache[orderDoc](cachedOrders), newReadCache[userDoc](cachedUsers)
		d.stored = newReadCache[bson.Raw](cachedStored)
		d.accounts = &userIndex{}
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

// EnsureIndexes creates the indexes every query relies on; it is safe to run at every start.
// The embedded store (FerretDB on SQLite) answers only a filter on _id alone from an index
// and sorts in Go, so there only the unique indexes are made, for the uniqueness they keep;
// each other one would be upkeep at every write (a JSON expression over the whole document)
// that no query uses, and is dropped when an earlier start made it. So too for a shopd that
// reaches another's embedded store through MONGO_URI: it once made them all, and every
// write of the process that owns the store paid for them.
func (d *DB) EnsureIndexes(ctx context.Context) error {
	type index struct {
		keys   bson.D
		unique bool
	}
	asc := func(key string) bson.D { return bson.D{{Key: key, Value: 1}} }
	want := map[string][]index{
		usersColl:      {{asc("email"), true}},
		categoriesColl: {{asc("slug"), true}, {asc("nameKey"), true}},
		productsColl: {
			{asc("slug"), true},
			{bson.D{{Key: "category", Value: 1}, {Key: "createdAt", Value: -1}}, false},
			{bson.D{{Key: "createdAt", Value: -1}}, false},
		},
		// The order lists sort by {createdAt: -1, _id: -1}: only an index with those keys, in
		// that order, after the equality on buyer, walks them without sorting every order.
		ordersColl: {
			{asc("number"), true},
			{bson.D{{Key: "buyer", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, false},
			{bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, false},
			{bson.D{{Key: "paymentState", Value: 1}, {Key: "createdAt", Value: 1}}, false},
			{asc("payment.transactionId"), false},
		},
		resetTokensColl: {{asc("user"), false}}, // a password change voids the user's links
	}
	// Indexes of earlier versions that the ones above replace.
	superseded := map[string][]bson.D{
		ordersColl: {
			{{Key: "buyer", Value: 1}, {Key: "createdAt", Value: -1}},
			{{Key: "createdAt", Value: -1}},
		},
	}
	if err := d.numberOrders(ctx); err != nil {
		return err
	}
	if err := d.rekeyCategories(ctx); err != nil {
		return err
	}
	if err := d.renormalizeEmails(ctx); err != nil {
		return err
	}
	for coll, keys := range superseded {
		for _, k := range keys {
			if err := d.dropIndex(ctx, coll, k); err != nil {
				return err
			}
		}
	}
	ferret, err := d.onFerretDB(ctx)
	if err != nil {
		return err
	}
	for coll, indexes := range want {
		for _, ix := range indexes {
			if !ix.unique && ferret {
				if err := d.dropIndex(ctx, coll, ix.keys); err != nil {
					return err
				}
				continue
			}
			m := mongo.IndexModel{Keys: ix.keys}
			if ix.unique {
				m.Options = options.Index().SetUnique(true)
			}
			if _, err := d.db.Collection(coll).Indexes().CreateOne(ctx, m); err != nil {
				return fmt.Errorf("create index on %s %v: %w", coll, ix.keys, err)
			}
		}
	}
	if !d.embedded() {
		if err := d.expireClaims(ctx); err != nil {
			return err
		}
	}
	return d.indexIDs(ctx)
}

// claimsColls are the collections of Idempotency-Key claims: checkouts' and product creates'.
var claimsColls = []string{checkoutsColl, createClaimsColl}

// expireClaims gives each collection of claims a TTL index: an Idempotency-Key answers its
// first order or product for a day, as card providers keep theirs; then MongoDB drops its
// claim, so the claims do not grow with every order or product for good.
func (d *DB) expireClaims(ctx context.Context) error {
	claims := mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: 1}},
		Options: options.Index().SetExpireAfterSeconds(int32(claimKeptFor / time.Second))}
	for _, coll := range claimsColls {
		_, err := d.db.Collection(coll).Indexes().CreateOne(ctx, claims)
		var cmdErr mongo.CommandError
		switch {
		case errors.As(err, &cmdErr) && cmdErr.Name == "NotImplemented":
			// FerretDB (another process's embedded store, reached through MONGO_URI) keeps
			// no expiring indexes: ForgetOldClaims drops its claims, as on the embedded store.
			return nil
		case err != nil:
			return fmt.Errorf("create the expiry index of %s: %w", coll, err)
		}
	}
	d.claimsExpire = true
	return nil
}

// onFerretDB reports whether the store is FerretDB: the embedded store, or another process's
// embedded store reached through MONGO_URI (a second shopd on it). FerretDB names its own
// version in buildInfo.
func (d *DB) onFerretDB(ctx context.Context) (bool, error) {
	if d.embedded() {
		return true, nil
	}
	info, err := d.db.RunCommand(ctx, bson.D{{Key: "buildInfo", Value: 1}}).Raw()
	if err != nil {
		return false, fmt.Errorf("ask the store what it is (buildInfo): %w", err)
	}
	_, err = info.LookupErr("ferretdbVersion")
	return err == nil, nil
}

// embedded reports whether the store is the embedded one (see Options.IndexIDs).
func (d *DB) embedded() bool { return d.index != nil }

// dropIndex drops the index of coll on keys, when there is one, by the name MongoDB gives it.
func (d *DB) dropIndex(ctx context.Context, coll string, keys bson.D) error {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s_%v", k.Key, k.Value)
	}
	name := strings.Join(parts, "_")
	specs, err := d.db.Collection(coll).Indexes().ListSpecifications(ctx)
	if err != nil {
		return fmt.Errorf("list indexes of %s: %w", coll, err)
	}
	if !slices.ContainsFunc(specs, func(s mongo.IndexSpecification) bool { return s.Name == name }) {
		return nil
	}
	if err := d.db.Collection(coll).Indexes().DropOne(ctx, name); err != nil {
		return fmt.Errorf("drop index %s of %s: %w", name, coll, err)
	}
	return nil
}

// UpdatedCollections are the collections the shop updates or deletes from by _id. On the
// embedded store each gets the _id index those writes need at start, so each must be made at
// start too, before its first document: a collection the shop writes must be listed here.
var UpdatedCollections = []string{usersColl, userEmailsColl, categoriesColl, productsColl, ordersColl, metaColl, changesColl, checkoutsColl,
	createClaimsColl, skusColl, sandboxChargesColl, migrationsColl, attemptsColl, resetTokensColl, formerSlugsColl,
	photoBucket + ".files", photoBucket + ".chunks"}

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
