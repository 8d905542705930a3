package mongostore

import (
	"context"
	"errors"
	"fmt"

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
