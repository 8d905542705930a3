package mongostore

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// createClaimsColl holds one claim per (admin, Idempotency-Key) of the admin's product
// creates: its unique _id makes a retried create find the first one rather than make a second
// product. Unique _id inserts are atomic on MongoDB and on the embedded store alike.
const createClaimsColl = "productcreates"

// createClaimDoc is the claim of one key: {_id: "<admin id>:<key>"}, the id the create writes
// its product under (chosen before the claim), when it was claimed, and whether that product
// has been written.
type createClaimDoc struct {
	ID        string        `bson:"_id"`
	Product   bson.ObjectID `bson:"product"`
	CreatedAt time.Time     `bson:"createdAt"`
	Created   bool          `bson:"created,omitempty"`
}

// createOnce creates the product of in under id, unless its admin created one with the same
// Idempotency-Key before: then it answers that product and stores nothing, not even the photo.
//
// The writes come in an order that no crash can turn into two products for one key: the
// claim naming id first, then the product under id, then the claim marked created. A retry
// that finds the claim answers the product stored under its id, whatever the mark says (a
// crash may fall between the product and the mark). With no product there, the claim is of a
// create still running, which the retry waits for, or of one that is over: marked created
// (its product was deleted since), failed without releasing it, or cut short by a stop (see
// createClaimOver). A key whose create is over creates again.
func (s *ProductService) createOnce(ctx context.Context, id bson.ObjectID, in shop.ProductInput,
	up *shop.PhotoUpload) (*shop.Product, error) {
	claimID := in.CreatedBy + ":" + in.IdempotencyKey
	earlier, err := s.claimCreate(ctx, claimID, id)
	if err != nil || earlier != nil {
		return earlier, err
	}
	p, err := s.create(ctx, id, in, up)
	ctx = context.WithoutCancel(ctx) // the claim must say how the create ended
	if err != nil {
		s.releaseCreate(ctx, claimID, id)
		return nil, err
	}
	if err := s.markCreated(ctx, claimID, id); err != nil {
		// The product answers the key all the same; only once it is deleted does the key
		// wait for the claim to age rather than create again at once.
		s.db.log.WarnContext(ctx, "product create: claim of its Idempotency-Key not marked created",
			"admin", in.CreatedBy, "product", id.Hex(), "err", err)
	}
	return p, nil
}

// claimCreate claims claimID for the create of product id, or answers the product an earlier
// create with that claim made. While that create is still running it waits for it, up to
// claimWait, then answers ECONFLICT: concurrent retries make one product, as retried
// checkouts charge once.
func (s *ProductService) claimCreate(ctx context.Context, claimID string, id bson.ObjectID) (*shop.Product, error) {
	claims := s.db.db.Collection(createClaimsColl)
	deadline := time.Now().Add(s.claimWait)
	for again := 0; again < 5; {
		_, err := claims.InsertOne(ctx, createClaimDoc{ID: claimID, Product: id, CreatedAt: time.Now().UTC()})
		if err == nil {
			return nil, nil
		}
		if !isDuplicate(err) {
			return nil, fmt.Errorf("claim product create: %w", err)
		}
		var earlier createClaimDoc
		err = claims.FindOne(ctx, bson.M{"_id": claimID}).Decode(&earlier)
		switch {
		case isNoDocument(err): // released since the insert: claim it again
			again++
		case err != nil:
			return nil, fmt.Errorf("read product create claim: %w", err)
		default:
			p, err := s.refreshed(ctx, earlier.Product)
			if shop.ErrorCode(err) != shop.ENOTFOUND {
				return p, err
			}
			if earlier.Created || s.createClaimOver(earlier) {
				// The delete names the earlier product, so it never removes a claim made since.
				if _, err := s.deleteCreateClaim(ctx, claimID, earlier.Product); err != nil {
					return nil, fmt.Errorf("drop ended product create claim: %w", err)
				}
				again++
				continue
			}
			if time.Now().After(deadline) {
				return nil, shop.Errorf(shop.ECONFLICT,
					"A product with this Idempotency-Key is still being created. Please try again in a moment.")
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(25 * time.Millisecond):
			}
		}
	}
	return nil, fmt.Errorf("claim product create %s: claimed and released repeatedly", clipID(claimID, 80))
}

// createClaimOver reports whether the create of claim c, whose product is not stored, is
// over: it is older than any live create, or older than this process on a store no other
// process writes (the embedded one). An admin retrying after a restart must not wait.
func (s *ProductService) createClaimOver(c createClaimDoc) bool {
	soleWriter := s.db.stored != nil
	return time.Since(c.CreatedAt) >= staleClaimAfter || (soleWriter && c.CreatedAt.Before(s.db.openedAt))
}

// releaseCreate takes back the claim of a create of product id that failed, so that a retry
// with its key runs again: unless the product is stored after all (a write may land and still
// answer an error), or cannot be looked up, when the claim stays to answer it.
func (s *ProductService) releaseCreate(ctx context.Context, claimID string, id bson.ObjectID) {
	err := s.coll().FindOne(ctx, bson.M{"_id": id}, options.FindOne().SetProjection(bson.M{"_id": 1})).Err()
	if err == nil {
		return
	}
	if isNoDocument(err) {
		_, err = s.deleteCreateClaim(ctx, claimID, id)
	}
	if err != nil {
		s.db.log.WarnContext(ctx, "product create: claim of its Idempotency-Key kept; retries with the key wait for it to age",
			"product", id.Hex(), "err", err)
	}
}

// markCreated notes on claim claimID that its product id is written.
func (s *ProductService) markCreated(ctx context.Context, claimID string, id bson.ObjectID) error {
	err := s.db.guardedUpdate(ctx, s.db.db.Collection(createClaimsColl), claimID, "The claim is gone.",
		func(raw bson.Raw) (bson.M, bson.M, error) {
			if held, ok := raw.Lookup("product").ObjectIDOK(); !ok || held != id {
				return nil, nil, nil // another create's since: it is not this product's to mark
			}
			return bson.M{"product": id}, bson.M{"$set": bson.M{"created": true}}, nil
		})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// deleteCreateClaim deletes claim claimID while it is still the claim of product.
func (s *ProductService) deleteCreateClaim(ctx context.Context, claimID string, product bson.ObjectID) (bool, error) {
	return s.db.deleteGuarded(ctx, s.db.db.Collection(createClaimsColl), claimID, bson.M{"product": product},
		func(doc bson.Raw) bool {
			v, ok := doc.Lookup("product").ObjectIDOK()
			return ok && v == product
		})
}
