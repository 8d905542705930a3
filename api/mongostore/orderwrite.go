package mongostore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"shop"
)

// CreateOrder writes a new order under a fresh unique number (drawn again on a clash).
func (s *OrderStore) CreateOrder(ctx context.Context, o *shop.Order) error {
	doc, err := newOrderDoc(o)
	if err != nil {
		return err
	}
	start := s.db.storedClock()
	for range 5 {
		doc.Number = shop.NewOrderNumber()
		_, err = s.orders().InsertOne(ctx, doc)
		if err == nil || !mongo.IsDuplicateKeyError(err) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	if raw, err := bson.Marshal(doc); err == nil { // kept for marking it paid: no read of it then
		s.db.keepStored(doc.ID, raw, start)
	}
	o.Number = doc.Number
	return s.indexed(ctx, doc)
}

func newOrderDoc(o *shop.Order) (*orderDoc, error) {
	oid, err := objectID("Order id", o.ID)
	if err != nil {
		return nil, err
	}
	buyer, err := objectID("Buyer id", o.Buyer.ID)
	if err != nil {
		return nil, err
	}
	items := make([]orderItemDoc, len(o.Products))
	for i, it := range o.Products {
		if items[i], err = orderItemDocOf(it); err != nil {
			return nil, err
		}
	}
	doc := &orderDoc{ID: oid, Products: items, Buyer: buyer, Payment: newPaymentDoc(o.Payment),
		Total: o.Total.Rupees(), Status: o.Status, PaymentState: o.PaymentState, RefundedAt: o.RefundedAt,
		Rev: 1, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
	for _, h := range o.History {
		doc.History = append(doc.History, historyDoc{Status: h.Status, At: h.At, By: h.By})
	}
	for _, r := range o.Reserved {
		doc.Reserved = append(doc.Reserved, reservationDoc{Product: r.Item.ProductID, Variant: r.Item.VariantID,
			Units: r.Units})
	}
	return doc, nil
}

// SettlePayment moves a pending order to paid (with its payment) or abandoned.
func (s *OrderStore) SettlePayment(ctx context.Context, id, state string, p *shop.Payment) (*shop.Order, error) {
	return s.change(ctx, id, func(d *orderDoc) (bson.M, error) {
		if d.state() != shop.PaymentPending {
			return nil, shop.Errorf(shop.ECONFLICT, "Order %s is %s, no longer pending.", id, d.state())
		}
		set := bson.M{"paymentState": state}
		if p != nil {
			set["payment"] = newPaymentDoc(*p)
		}
		return set, nil
	})
}

// UpdateStatus changes the status when u.Check accepts the stored order, appending to its
// history; the first cancellation of a paid order also marks it refunding, under u's claim.
func (s *OrderStore) UpdateStatus(ctx context.Context, id string, u shop.StatusUpdate) (*shop.Order, error) {
	var change bson.M
	o, err := s.change(ctx, id, func(d *orderDoc) (bson.M, error) {
		if err := u.Check(d.order("")); err != nil {
			return nil, err
		}
		set := bson.M{"status": u.Status}
		if len(d.History) == 0 { // keep what the answer showed of an order from before histories
			set["history"] = historyDocs(d.order("").History, u.Change)
		} else {
			change = bson.M{"history": historyDoc{Status: u.Change.Status, At: u.Change.At, By: u.Change.By}}
		}
		if u.Refunded && d.RefundedAt == nil && d.state() != shop.PaymentRefunding {
			set["paymentState"] = shop.PaymentRefunding
			set["refundClaim"], set["refundClaimedAt"] = u.RefundClaim, u.Change.At
			if u.RefundTaken {
				set["refundTaken"] = true
			}
		}
		return set, nil
	}, func() bson.M { return change })
	return o, err
}

// ClaimRefund makes claim the finisher of a refunding order's cancellation when the claim
// before it is stale.
func (s *OrderStore) ClaimRefund(ctx context.Context, id, claim string, at, staleBefore time.Time) (*shop.Order, error) {
	return s.change(ctx, id, func(d *orderDoc) (bson.M, error) {
		switch {
		case d.state() != shop.PaymentRefunding:
			return nil, shop.Errorf(shop.ECONFLICT, "Order %s is %s, not refunding.", id, d.state())
		case d.RefundClaimed != nil && !d.RefundClaimed.Before(staleBefore):
			return nil, shop.Errorf(shop.ECONFLICT, "Order %s is being refunded since %s.", id, d.RefundClaimed)
		}
		return bson.M{"refundClaim": claim, "refundClaimedAt": at}, nil
	})
}

// FinishRefund marks a refunding order refunded, if claim is still its finisher.
func (s *OrderStore) FinishRefund(ctx context.Context, id, claim string, at time.Time) (*shop.Order, error) {
	return s.change(ctx, id, func(d *orderDoc) (bson.M, error) {
		if d.state() != shop.PaymentRefunding || d.RefundClaim != claim {
			return nil, shop.Errorf(shop.ECONFLICT, "Order %s is %s, no longer refunding under this claim.", id, d.state())
		}
		return bson.M{"paymentState": shop.PaymentRefunded, "refundedAt": at, "refundClaim": ""}, nil
	})
}

func historyDocs(h []shop.StatusChange, next shop.StatusChange) []historyDoc {
	out := make([]historyDoc, 0, len(h)+1)
	for _, c := range append(h, next) {
		out = append(out, historyDoc{Status: c.Status, At: c.At, By: c.By})
	}
	return out
}

// change applies a guarded change to one order: decide reads the stored order and answers
// the fields to set (or refuses), push (optional) what to append to arrays. The write is
// guarded by the order's revision, so it lands only on the order it was decided on.
func (s *OrderStore) change(ctx context.Context, id string, decide func(*orderDoc) (bson.M, error),
	push ...func() bson.M) (*shop.Order, error) {
	oid, err := objectID("Order id", id)
	if err != nil {
		return nil, err
	}
	var d orderDoc
	var set, pushed bson.M
	err = s.db.guardedUpdate(ctx, s.orders(), oid, "Order not found.", func(raw bson.Raw) (bson.M, bson.M, error) {
		d, pushed = orderDoc{}, nil
		if err := bson.Unmarshal(raw, &d); err != nil {
			return nil, nil, fmt.Errorf("read order %s: %w", id, err)
		}
		var err error
		if set, err = decide(&d); err != nil {
			return nil, nil, err
		}
		set["updatedAt"] = time.Now().UTC().Truncate(time.Millisecond)
		update := bson.M{"$set": set, "$inc": bson.M{"rev": 1}}
		for _, p := range push {
			if fields := p(); fields != nil {
				update["$push"], pushed = fields, fields
			}
		}
		guard := bson.M{"rev": d.Rev}
		if d.Rev == 0 {
			guard["rev"] = bson.M{"$in": bson.A{0, nil}}
		}
		return guard, update, nil
	})
	if err != nil {
		return nil, err
	}
	if d, err = written(d, set, pushed); err != nil {
		return nil, fmt.Errorf("order %s as written: %w", id, err)
	}
	if _, ok := set["paymentState"]; ok {
		if err := s.indexed(ctx, &d); err != nil {
			return nil, err
		}
	}
	out, err := s.withBuyers(ctx, []orderDoc{d})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// written answers order d as a change leaves it: the top-level fields of set replaced, the
// array entries of pushed appended and the revision moved on. The order a change answers is
// made here rather than read again: the read cost as much as the write in every checkout.
func written(d orderDoc, set, pushed bson.M) (orderDoc, error) {
	raw, err := bson.Marshal(d)
	if err != nil {
		return d, err
	}
	var fields bson.D
	if err := bson.Unmarshal(raw, &fields); err != nil {
		return d, err
	}
	for k, v := range set {
		if i := slices.IndexFunc(fields, func(e bson.E) bool { return e.Key == k }); i >= 0 {
			fields[i].Value = v
		} else {
			fields = append(fields, bson.E{Key: k, Value: v})
		}
	}
	if raw, err = bson.Marshal(fields); err != nil {
		return d, err
	}
	var out orderDoc
	if err := bson.Unmarshal(raw, &out); err != nil {
		return d, err
	}
	for k, v := range pushed {
		h, ok := v.(historyDoc)
		if k != "history" || !ok {
			return d, fmt.Errorf("a push of %s is not known here", k)
		}
		out.History = append(out.History, h)
	}
	out.Rev++
	return out, nil
}

// ImportOrders stores many placed orders at once, each under a fresh number, a thousand to a
// write: for tools that fill a store (the bench), never for checkout.
func (s *OrderStore) ImportOrders(ctx context.Context, orders []*shop.Order) error {
	const batch = 1000
	for from := 0; from < len(orders); from += batch {
		docs := make([]any, 0, batch)
		for _, o := range orders[from:min(from+batch, len(orders))] {
			d, err := newOrderDoc(o)
			if err != nil {
				return err
			}
			d.Number = shop.NewOrderNumber()
			o.Number = d.Number
			docs = append(docs, d)
		}
		if _, err := s.orders().InsertMany(ctx, docs); err != nil {
			return fmt.Errorf("import orders: %w", err)
		}
		for _, d := range docs {
			if err := s.indexed(ctx, d.(*orderDoc)); err != nil {
				return err
			}
		}
	}
	return nil
}
