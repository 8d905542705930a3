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

// migrationsColl records the one-off changes of stored data that have been made, by name.
const migrationsColl = "migrations"

// migrated reports whether the migration called name has been made.
func (d *DB) migrated(ctx context.Context, name string) (bool, error) {
	err := d.db.Collection(migrationsColl).FindOne(ctx, bson.M{"_id": name}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read migration marks: %w", err)
	}
	return true, nil
}

// markMigrated records that the migration called name has been made.
func (d *DB) markMigrated(ctx context.Context, name string) error {
	if _, err := d.db.Collection(migrationsColl).InsertOne(ctx, bson.M{"_id": name}); err != nil && !mongo.IsDuplicateKeyError(err) {
		return fmt.Errorf("mark migration %s made: %w", name, err)
	}
	return nil
}

// rekeyCategories computes again the name key of every category, for the keys written before
// shop.CategoryKey folded look-alike spellings (full-width letters, runs of spaces) together.
// Two categories whose names now have one key keep their old keys, and an admin is asked in
// the log to rename one: the unique index refuses the second.
func (d *DB) rekeyCategories(ctx context.Context) error {
	const name = "category-keys-2"
	if done, err := d.migrated(ctx, name); done || err != nil {
		return err
	}
	coll := d.db.Collection(categoriesColl)
	cur, err := coll.Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"name": 1, "nameKey": 1}))
	if err != nil {
		return fmt.Errorf("find categories: %w", err)
	}
	var docs []categoryDoc
	if err := cur.All(ctx, &docs); err != nil {
		return fmt.Errorf("read categories: %w", err)
	}
	for _, doc := range docs {
		key := shop.CategoryKey(doc.Name)
		if key == doc.NameKey {
			continue
		}
		err := d.updateByID(ctx, coll, doc.ID, "Category not found.", bson.M{"$set": bson.M{"nameKey": key}})
		switch {
		case isDuplicate(err):
			d.log.Warn("two categories have names that look the same: rename one of them",
				"category", doc.ID.Hex(), "name", doc.Name)
		case err != nil && shop.ErrorCode(err) != shop.ENOTFOUND:
			return fmt.Errorf("rekey category %s: %w", doc.ID.Hex(), err)
		}
	}
	return d.markMigrated(ctx, name)
}

// numberOrders gives every order written before orders had numbers one, so that the unique
// index on numbers can be built. It reads the orders once; afterwards a marker (an _id
// look-up) tells it there is nothing to do.
func (d *DB) numberOrders(ctx context.Context) error {
	const name = "order-numbers"
	if done, err := d.migrated(ctx, name); done || err != nil {
		return err
	}
	orders := d.db.Collection(ordersColl)
	cur, err := orders.Find(ctx, bson.M{"number": bson.M{"$exists": false}},
		options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return fmt.Errorf("find orders without a number: %w", err)
	}
	var docs []struct {
		ID bson.ObjectID `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return fmt.Errorf("read orders without a number: %w", err)
	}
	for _, doc := range docs {
		if err := d.updateByID(ctx, orders, doc.ID, "Order not found.",
			bson.M{"$set": bson.M{"number": shop.NewOrderNumber()}}); err != nil {
			return fmt.Errorf("number order %s: %w", doc.ID.Hex(), err)
		}
	}
	return d.markMigrated(ctx, name)
}

// renormalizeEmails stores every account's email in the form shop.NormalizeEmail gives, as
// sign-in, registration and reset look it up: the first versions stored it lower-cased only,
// so an address typed with an internationalised domain (which a browser sends in punycode,
// "xn--bcher-kva.de") or in full-width letters no longer found its account, and registering
// it again made a second, empty one. An account whose email now names another account is
// left as it is, and an administrator is asked in the log to sort the two out; one that is
// no longer a valid email is left too (it cannot sign in; its owner can register anew).
func (d *DB) renormalizeEmails(ctx context.Context) error {
	const name = "user-emails-normalized"
	if done, err := d.migrated(ctx, name); done || err != nil {
		return err
	}
	users := d.db.Collection(usersColl)
	cur, err := users.Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"email": 1}))
	if err != nil {
		return fmt.Errorf("find accounts: %w", err)
	}
	var docs []userDoc
	if err := cur.All(ctx, &docs); err != nil {
		return fmt.Errorf("read accounts: %w", err)
	}
	for _, doc := range docs {
		email, err := shop.NormalizeEmail(doc.Email)
		if err != nil || email == doc.Email {
			continue
		}
		if err := d.moveEmail(ctx, doc.ID, doc.Email, email); err != nil {
			return fmt.Errorf("store the email of account %s as typed today: %w", doc.ID.Hex(), err)
		}
	}
	return d.markMigrated(ctx, name)
}

// moveEmail stores account id's email as email rather than old: its key first (claimed as a
// registration claims one, so a key left by a registration that never became an account is
// taken over), then the account, then the old key goes. Another account's key or email
// already there leaves it be.
func (d *DB) moveEmail(ctx context.Context, id bson.ObjectID, old, email string) error {
	users := &UserService{db: d, now: func() time.Time { return time.Now().UTC() }}
	clash := func() {
		d.log.Warn("two accounts have emails that are one address today, and one of them cannot sign in: merge or remove it",
			"account", id.Hex())
	}
	switch err := users.claimEmail(ctx, email, id); {
	case errors.Is(err, errEmailTaken):
		clash()
		return nil
	case err != nil:
		return fmt.Errorf("key the account by %s: %w", email, err)
	}
	err := d.updateByID(ctx, d.db.Collection(usersColl), id, "Account not found.", bson.M{"$set": bson.M{"email": email}})
	switch {
	case isDuplicate(err):
		clash()
		return users.emailKeys().release(ctx, email, id)
	case err != nil && shop.ErrorCode(err) != shop.ENOTFOUND:
		return err
	}
	return users.emailKeys().release(ctx, old, id)
}
