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

// checkoutsColl holds one claim per (buyer, Idempotency-Key): its unique _id makes a retried
// checkout find the first one instead of charging again. Unique _id inserts are atomic on
// MongoDB and on the embedded store alike.
const checkoutsColl = "checkouts"

// orderDoc is an order as stored. Money is stored as a number of rupees, like product prices.
type orderDoc struct {
	ID        bson.ObjectID  `bson:"_id"`
	Products  []orderItemDoc `bson:"products"`
	Buyer     bson.ObjectID  `bson:"buyer"`
	Payment   paymentDoc     `bson:"payment"`
	Total     float64        `bson:"total"`
	Status    string         `bson:"status"`
	CreatedAt time.Time      `bson:"createdAt"`
	UpdatedAt time.Time      `bson:"updatedAt"`
}

// orderItemDoc is the snapshot of a product as bought, with the price charged.
type orderItemDoc struct {
	ID          bson.ObjectID    `bson:"_id"`
	Name        string           `bson:"name"`
	Slug        string           `bson:"slug"`
	Description string           `bson:"description"`
	Price       float64          `bson:"price"`
	Variant     *orderVariantDoc `bson:"variant,omitempty"`
}

// orderVariantDoc is the size and colour an item was bought in.
type orderVariantDoc struct {
	ID      bson.ObjectID     `bson:"_id"`
	SKU     string            `bson:"sku"`
	Options map[string]string `bson:"options"`
}

func (d *orderItemDoc) item() shop.OrderItem {
	it := shop.OrderItem{ID: d.ID.Hex(), Name: d.Name, Slug: d.Slug, Description: d.Description,
		Price: rupeesToPaise(d.Price)}
	if v := d.Variant; v != nil {
		it.Variant = &shop.OrderVariant{ID: v.ID.Hex(), SKU: v.SKU, Options: v.Options}
	}
	return it
}

func orderItemDocOf(it shop.OrderItem) (orderItemDoc, error) {
	pid, err := objectID("Product id", it.ID)
	if err != nil {
		return orderItemDoc{}, err
	}
	d := orderItemDoc{ID: pid, Name: it.Name, Slug: it.Slug, Description: it.Description, Price: it.Price.Rupees()}
	if v := it.Variant; v != nil {
		vid, err := objectID("Variant id", v.ID)
		if err != nil {
			return d, err
		}
		d.Variant = &orderVariantDoc{ID: vid, SKU: v.SKU, Options: v.Options}
	}
	return d, nil
}

type paymentDoc struct {
	Success       bool    `bson:"success"`
	Provider      string  `bson:"provider"`
	TransactionID string  `bson:"transactionId"`
	Amount        float64 `bson:"amount"`
	Currency      string  `bson:"currency"`
}

// checkoutDoc claims (buyer, key) for the order it places.
type checkoutDoc struct {
	ID        string        `bson:"_id"` // buyer hex + ":" + key
	OrderID   bson.ObjectID `bson:"orderId"`
	CreatedAt time.Time     `bson:"createdAt"`
}

// rupeesToPaise converts a stored amount; stored amounts were validated on the way in.
func rupeesToPaise(r float64) shop.Paise {
	p, err := shop.ParsePaise(r)
	if err != nil {
		return shop.Paise(r*100 + 0.5)
	}
	return p
}

func (d *orderDoc) order(buyerName string) *shop.Order {
	items := make([]shop.OrderItem, len(d.Products))
	for i := range d.Products {
		items[i] = d.Products[i].item()
	}
	return &shop.Order{
		ID: d.ID.Hex(), Products: items, Buyer: shop.Buyer{ID: d.Buyer.Hex(), Name: buyerName},
		Payment: shop.Payment{Success: d.Payment.Success, Provider: d.Payment.Provider,
			TransactionID: d.Payment.TransactionID, Amount: rupeesToPaise(d.Payment.Amount), Currency: d.Payment.Currency},
		Total: rupeesToPaise(d.Total), Status: d.Status, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt,
	}
}

// OrderStore implements shop.OrderStore.
type OrderStore struct {
	db *DB
}

var _ shop.OrderStore = (*OrderStore)(nil)

// NewOrderStore returns the store of orders.
func NewOrderStore(db *DB) *OrderStore { return &OrderStore{db: db} }

func (s *OrderStore) orders() *mongo.Collection { return s.db.db.Collection(ordersColl) }

// ProductsByID loads the products of a cart, leaving out the unknown ones.
func (s *OrderStore) ProductsByID(ctx context.Context, ids []string) (map[string]*shop.Product, error) {
	oids := make([]bson.ObjectID, len(ids))
	for i, id := range ids {
		oid, err := bson.ObjectIDFromHex(id)
		if err != nil {
			return nil, shop.Errorf(shop.EINVALID, "Field cart holds %q, which is not a valid product _id.", clipID(id, 40))
		}
		oids[i] = oid
	}
	docs, err := s.productDocs(ctx, oids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*shop.Product, len(docs))
	for i := range docs {
		p := docs[i].product(shop.CategoryRef{})
		out[p.ID] = p
	}
	return out, nil
}

// productDocs reads products by id. MongoDB answers one batched $in from its _id index. The
// embedded store (the one whose updates the shop serialises) answers only an _id equality
// without scanning every product (DESIGN.md §1: a $in of 3 ids among 5,000 products took
// about 170 ms, three look-ups about 20 ms), so there the ids are looked up one by one.
func (s *OrderStore) productDocs(ctx context.Context, oids []bson.ObjectID) ([]productDoc, error) {
	coll := s.db.db.Collection(productsColl)
	noPhoto := bson.M{"photo": 0}
	if !s.db.locks.enabled {
		cur, err := coll.Find(ctx, bson.M{"_id": bson.M{"$in": oids}}, options.Find().SetProjection(noPhoto))
		if err != nil {
			return nil, fmt.Errorf("load cart products: %w", err)
		}
		var docs []productDoc
		if err := cur.All(ctx, &docs); err != nil {
			return nil, fmt.Errorf("read cart products: %w", err)
		}
		return docs, nil
	}
	docs := make([]productDoc, 0, len(oids))
	for _, oid := range oids {
		var d productDoc
		err := coll.FindOne(ctx, bson.M{"_id": oid}, options.FindOne().SetProjection(noPhoto)).Decode(&d)
		if errors.Is(err, mongo.ErrNoDocuments) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("load cart product %s: %w", oid.Hex(), err)
		}
		docs = append(docs, d)
	}
	return docs, nil
}

// NewOrderID answers a fresh ObjectId.
func (s *OrderStore) NewOrderID() string { return bson.NewObjectID().Hex() }

// ClaimCheckout inserts the claim of (buyer, key), or answers the order id of the one before.
func (s *OrderStore) ClaimCheckout(ctx context.Context, buyerID, key, orderID string) (string, error) {
	oid, err := objectID("Order id", orderID)
	if err != nil {
		return "", err
	}
	claims := s.db.db.Collection(checkoutsColl)
	id := buyerID + ":" + key
	for range 5 {
		_, err := claims.InsertOne(ctx, checkoutDoc{ID: id, OrderID: oid, CreatedAt: time.Now().UTC()})
		if err == nil {
			return "", nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return "", fmt.Errorf("claim checkout: %w", err)
		}
		var earlier checkoutDoc
		err = claims.FindOne(ctx, bson.M{"_id": id}).Decode(&earlier)
		if err == nil {
			stale, err := s.abandoned(ctx, earlier)
			if err != nil {
				return "", err
			}
			if !stale {
				return earlier.OrderID.Hex(), nil
			}
			// Its checkout died before writing the order: take the key over. The delete names
			// the stale order id, so it never removes a claim made since.
			if _, err := claims.DeleteOne(ctx, bson.M{"_id": id, "orderId": earlier.OrderID}); err != nil {
				return "", fmt.Errorf("drop abandoned checkout claim: %w", err)
			}
			continue
		}
		if !errors.Is(err, mongo.ErrNoDocuments) {
			return "", fmt.Errorf("read checkout claim: %w", err)
		}
		// Released between our insert and our read: try to claim it again.
	}
	return "", fmt.Errorf("claim checkout %s: claimed and released repeatedly", id)
}

// staleClaimAfter is when a claim whose order was never written counts as abandoned (its
// process stopped mid-checkout). A live checkout finishes well within it (finishTimeout).
const staleClaimAfter = 10 * time.Minute

// abandoned reports whether a claim is old and its order was never written.
func (s *OrderStore) abandoned(ctx context.Context, c checkoutDoc) (bool, error) {
	if time.Since(c.CreatedAt) < staleClaimAfter {
		return false, nil
	}
	n, err := s.orders().CountDocuments(ctx, bson.M{"_id": c.OrderID})
	if err != nil {
		return false, fmt.Errorf("look up the order of checkout claim %s: %w", c.ID, err)
	}
	return n == 0, nil
}

// ReleaseCheckoutClaim deletes the claim when it is still the one for orderID.
func (s *OrderStore) ReleaseCheckoutClaim(ctx context.Context, buyerID, key, orderID string) error {
	oid, err := objectID("Order id", orderID)
	if err != nil {
		return err
	}
	_, err = s.db.db.Collection(checkoutsColl).DeleteOne(ctx, bson.M{"_id": buyerID + ":" + key, "orderId": oid})
	if err != nil {
		return fmt.Errorf("release checkout claim: %w", err)
	}
	return nil
}

// CreateOrder writes a new order.
func (s *OrderStore) CreateOrder(ctx context.Context, o *shop.Order) error {
	oid, err := objectID("Order id", o.ID)
	if err != nil {
		return err
	}
	buyer, err := objectID("Buyer id", o.Buyer.ID)
	if err != nil {
		return err
	}
	items := make([]orderItemDoc, len(o.Products))
	for i, it := range o.Products {
		if items[i], err = orderItemDocOf(it); err != nil {
			return err
		}
	}
	doc := orderDoc{ID: oid, Products: items, Buyer: buyer,
		Payment: paymentDoc{Success: o.Payment.Success, Provider: o.Payment.Provider, TransactionID: o.Payment.TransactionID,
			Amount: o.Payment.Amount.Rupees(), Currency: o.Payment.Currency},
		Total: o.Total.Rupees(), Status: o.Status, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
	if _, err := s.orders().InsertOne(ctx, doc); err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	return nil
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

// Orders lists orders newest first, of one buyer or of all.
func (s *OrderStore) Orders(ctx context.Context, buyerID string, limit int) ([]*shop.Order, error) {
	filter := bson.M{}
	if buyerID != "" {
		oid, err := objectID("Buyer id", buyerID)
		if err != nil {
			return nil, err
		}
		filter["buyer"] = oid
	}
	cur, err := s.orders().Find(ctx, filter, options.Find().
		SetSort(bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("list orders: %w", err)
	}
	var docs []orderDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	return s.withBuyers(ctx, docs)
}

// SetOrderStatus sets the status under the order's lock (the embedded store's updates are
// read-modify-writes of the whole document).
func (s *OrderStore) SetOrderStatus(ctx context.Context, id, status string) (*shop.Order, error) {
	oid, err := objectID("Order id", id)
	if err != nil {
		return nil, err
	}
	unlock := s.db.Locks().Lock(oid.Hex())
	res, err := s.orders().UpdateOne(ctx, bson.M{"_id": oid},
		bson.M{"$set": bson.M{"status": status, "updatedAt": time.Now().UTC().Truncate(time.Millisecond)}})
	unlock()
	if err != nil {
		return nil, fmt.Errorf("set status of order %s: %w", id, err)
	}
	if res.MatchedCount == 0 {
		return nil, shop.Errorf(shop.ENOTFOUND, "Order not found.")
	}
	return s.Order(ctx, id)
}

// withBuyers converts docs, joining the buyers' names with one batched look-up (no $lookup:
// the embedded store lacks it). A deleted buyer shows an empty name.
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
	cur, err := s.db.db.Collection(usersColl).Find(ctx, bson.M{"_id": bson.M{"$in": ids}},
		options.Find().SetProjection(bson.M{"name": 1}))
	if err != nil {
		return nil, fmt.Errorf("load buyers: %w", err)
	}
	var users []struct {
		ID   bson.ObjectID `bson:"_id"`
		Name string        `bson:"name"`
	}
	if err := cur.All(ctx, &users); err != nil {
		return nil, fmt.Errorf("read buyers: %w", err)
	}
	names := make(map[bson.ObjectID]string, len(users))
	for _, u := range users {
		names[u.ID] = u.Name
	}
	for i := range docs {
		out[i] = docs[i].order(names[docs[i].Buyer])
	}
	return out, nil
}

// clipID shortens s for a message.
func clipID(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
