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

// numberOrders gives every order written before orders had numbers one, so that the unique
// index on numbers can be built. It reads the orders once; afterwards a marker (an _id
// look-up) tells it there is nothing to do.
func (d *DB) numberOrders(ctx context.Context) error {
	const name = "order-numbers"
	marks := d.db.Collection(migrationsColl)
	err := marks.FindOne(ctx, bson.M{"_id": name}).Err()
	if err == nil {
		return nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return fmt.Errorf("read migration marks: %w", err)
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
	if _, err := marks.InsertOne(ctx, bson.M{"_id": name}); err != nil && !mongo.IsDuplicateKeyError(err) {
		return fmt.Errorf("mark orders numbered: %w", err)
	}
	return nil
}
