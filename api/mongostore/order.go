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
	ID       bson.ObjectID  `bson:"_id"`
	Number   string         `bson:"number"`
	Products []orderItemDoc `bson:"products"`
	Buyer    bson.ObjectID  `bson:"buyer"`
	Payment  paymentDoc     `bson:"payment"`
	Total    float64        `bson:"total"`
	Status   string         `bson:"status"`
	// PaymentState is absent on orders written before orders had one: those were all paid.
	PaymentState string           `bson:"paymentState,omitempty"`
	History      []historyDoc     `bson:"history"`
	RefundedAt   *time.Time       `bson:"refundedAt,omitempty"`
	Reserved     []reservationDoc `bson:"reserved,omitempty"`
	// RefundClaim names who finishes the cancellation of an order in the refunding state;
	// RefundTaken says the provider refunded it already (see shop.StatusUpdate).
	RefundClaim   string     `bson:"refundClaim,omitempty"`
	RefundClaimed *time.Time `bson:"refundClaimedAt,omitempty"`
	RefundTaken   bool       `bson:"refundTaken,omitempty"`
	// Rev counts the order's changes: on MongoDB a change is written only over the revision
	// it was decided on (the embedded store takes the order's lock instead).
	Rev       int64     `bson:"rev"`
	CreatedAt time.Time `bson:"createdAt"`
	UpdatedAt time.Time `bson:"updatedAt"`
}

type historyDoc struct {
	Status string    `bson:"status"`
	At     time.Time `bson:"at"`
	By     string    `bson:"by"`
}

// reservationDoc is the stock an order took of one product, or of one of its variants.
type reservationDoc struct {
	Product string `bson:"product"`
	Variant string `bson:"variant,omitempty"`
	Units   int    `bson:"units"`
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
		Price: shop.RoundPaise(d.Price)}
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
	Brand         string  `bson:"brand,omitempty"`
	Last4         string  `bson:"last4,omitempty"`
}

// checkoutDoc claims (buyer, key) for the order it places.
type checkoutDoc struct {
	ID        string        `bson:"_id"` // buyer hex + ":" + key
	OrderID   bson.ObjectID `bson:"orderId"`
	CreatedAt time.Time     `bson:"createdAt"`
}

func (d *orderDoc) order(buyerName string) *shop.Order {
	items := make([]shop.OrderItem, len(d.Products))
	for i := range d.Products {
		items[i] = d.Products[i].item()
	}
	o := &shop.Order{
		ID: d.ID.Hex(), Number: d.Number, Products: items, Buyer: shop.Buyer{ID: d.Buyer.Hex(), Name: buyerName},
		Payment: shop.Payment{Success: d.Payment.Success, Provider: d.Payment.Provider,
			TransactionID: d.Payment.TransactionID, Amount: shop.RoundPaise(d.Payment.Amount),
			Currency: d.Payment.Currency, Brand: d.Payment.Brand, Last4: d.Payment.Last4},
		Total: shop.RoundPaise(d.Total), Status: d.Status, PaymentState: d.state(), RefundedAt: d.RefundedAt,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, RefundTaken: d.RefundTaken,
	}
	for _, h := range d.History {
		o.History = append(o.History, shop.StatusChange{Status: h.Status, At: h.At, By: h.By})
	}
	if len(o.History) == 0 { // an order from before histories: what is known of it
		o.History = []shop.StatusChange{{Status: shop.OrderStatuses[0], At: d.CreatedAt, By: shop.ByBuyer}}
		if d.Status != shop.OrderStatuses[0] {
			o.History = append(o.History, shop.StatusChange{Status: d.Status, At: d.UpdatedAt, By: shop.ByAdmin})
		}
	}
	for _, r := range d.Reserved {
		o.Reserved = append(o.Reserved, shop.Reservation{
			Item: shop.StockItem{ProductID: r.Product, VariantID: r.Variant}, Units: r.Units})
	}
	return o
}

// state is the order's payment state.
func (d *orderDoc) state() string {
	if d.PaymentState == "" {
		return shop.PaymentPaid
	}
	return d.PaymentState
}

func newPaymentDoc(p shop.Payment) paymentDoc {
	return paymentDoc{Success: p.Success, Provider: p.Provider, TransactionID: p.TransactionID,
		Amount: p.Amount.Rupees(), Currency: p.Currency, Brand: p.Brand, Last4: p.Last4}
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
// without scanning every product (docs/architecture.md: a $in of 3 ids among 5,000 products took
// about 170 ms, three look-ups about 20 ms), so there the ids are looked up one by one.
func (s *OrderStore) productDocs(ctx context.Context, oids []bson.ObjectID) ([]productDoc, error) {
	coll := s.db.db.Collection(productsColl)
	// Neither the photo's reference nor the notes of units held for checkouts under way (a map
	// that grows with them) price a cart.
	noPhoto := bson.M{"photo": 0, "holds": 0, "restocks": 0}
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
	// Whole documents here (a photo is only its reference): the reservation that follows
	// starts from them (keepStored) instead of reading each product again.
	docs := make([]productDoc, 0, len(oids))
	for _, oid := range oids {
		start := s.db.storedClock()
		raw, err := coll.FindOne(ctx, bson.M{"_id": oid}).Raw()
		if errors.Is(err, mongo.ErrNoDocuments) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("load cart product %s: %w", oid.Hex(), err)
		}
		var d productDoc
		if err := bson.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("read cart product %s: %w", oid.Hex(), err)
		}
		s.db.keepStored(oid, raw, start)
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
			if _, err := s.deleteClaim(ctx, id, earlier.OrderID); err != nil {
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

// claimKeptFor is how long a claim of an Idempotency-Key (a checkout's, a product create's) is
// kept: a day, as card providers keep theirs.
const claimKeptFor = 24 * time.Hour

// ForgetOldClaims deletes the claims of Idempotency-Keys (checkouts' and product creates')
// older than claimKeptFor, on a store that does not expire them itself (the embedded one has no
// TTL index), so that they do not grow with every order and product for good. It answers how
// many went. A retry of a forgotten key places a new order or creates a new product, as on
// MongoDB once its TTL index has dropped the claim.
func (d *DB) ForgetOldClaims(ctx context.Context, now time.Time) (int64, error) {
	if d.claimsExpire {
		return 0, nil
	}
	var n int64
	for _, coll := range claimsColls {
		res, err := d.db.Collection(coll).DeleteMany(ctx, bson.M{"createdAt": bson.M{"$lt": now.Add(-claimKeptFor)}})
		if err != nil {
			return n, fmt.Errorf("forget the claims of %s older than %s: %w", coll, claimKeptFor, err)
		}
		n += res.DeletedCount
	}
	return n, nil
}

// staleClaimAfter is when a claim whose order (or product) was never written counts as
// abandoned (its process stopped mid-checkout, or mid-create). A live checkout finishes well
// within it (finishTimeout), and a live product create too.
const staleClaimAfter = 10 * time.Minute

// abandoned reports whether a claim's checkout is over without an order: its order was
// abandoned (a failed checkout, or one that a crash cut short and recovery settled), or it
// was never written and the claim is old, or older than this process on a store no other
// process writes. A key whose checkout ended so must work again at once: after a restart,
// the shopper's retry must not wait for the claim to age.
func (s *OrderStore) abandoned(ctx context.Context, c checkoutDoc) (bool, error) {
	var d orderDoc
	err := s.orders().FindOne(ctx, bson.M{"_id": c.OrderID}, options.FindOne().
		SetProjection(bson.M{"paymentState": 1})).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		soleWriter := s.db.stored != nil
		return time.Since(c.CreatedAt) >= staleClaimAfter || (soleWriter && c.CreatedAt.Before(s.db.openedAt)), nil
	}
	if err != nil {
		return false, fmt.Errorf("look up the order of checkout claim %s: %w", c.ID, err)
	}
	return d.state() == shop.PaymentAbandoned, nil
}

// ReleaseCheckoutClaim deletes the claim when it is still the one for orderID.
func (s *OrderStore) ReleaseCheckoutClaim(ctx context.Context, buyerID, key, orderID string) error {
	oid, err := objectID("Order id", orderID)
	if err != nil {
		return err
	}
	if _, err := s.deleteClaim(ctx, buyerID+":"+key, oid); err != nil {
		return fmt.Errorf("release checkout claim: %w", err)
	}
	return nil
}

// deleteClaim deletes checkout claim id while it is still the claim of order orderID.
func (s *OrderStore) deleteClaim(ctx context.Context, id string, orderID bson.ObjectID) (bool, error) {
	return s.db.deleteGuarded(ctx, s.db.db.Collection(checkoutsColl), id, bson.M{"orderId": orderID},
		func(doc bson.Raw) bool {
			v, ok := doc.Lookup("orderId").ObjectIDOK()
			return ok && v == orderID
		})
}

// clipID shortens s for a message.
func clipID(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
