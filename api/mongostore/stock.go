package mongostore

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// Stock implements shop.Stock on the products' quantity, or on a variant's quantity inside
// its product (a product with variants keeps their sum as its own quantity). Each change is
// one guarded update of one product (see guardedUpdate), so two shoppers racing for the last
// unit never both get it and no quantity goes below zero. A reservation is noted in the
// product (holds.<key>: units) by the same write that takes the units, so giving them back
// after a crash happens exactly once.
//
// A variant is written by its index path ("variants.2.quantity"), guarded on MongoDB by the
// variant's _id at that index: the embedded store (FerretDB v1.24.0) takes neither the
// positional operator nor $elemMatch on an _id. Every write of a product's variants holds the
// product's lock (SetVariants), so on the embedded store the index read is still the
// variant's when it is written. Each move of a variant's units also moves variantsRev, so
// that an admin's edit computed before a sale is made again over the sale rather than
// undoing it (see SetVariants).
type Stock struct {
	db      *DB
	changes shop.CatalogueChanges
}

var _ shop.Stock = (*Stock)(nil)

// NewStock returns the stock of products. Every change of a quantity is handed to changes (may
// be nil), so the catalogue read model reloads that one product before the answer returns; a
// failure there is logged, not returned: the units did move.
func NewStock(db *DB, changes shop.CatalogueChanges) *Stock {
	return &Stock{db: db, changes: changes}
}

// stockTarget is where the units of one item are kept in a product read for a change.
type stockTarget struct {
	guard    bson.M // what must still hold of the product when the change is written
	path     string // the item's quantity field
	quantity int    // the units left
}

// inc is the $inc that moves n units of the target (and of its product's sum, for a variant).
func (t stockTarget) inc(n int) bson.M {
	if t.path == "quantity" {
		return bson.M{"quantity": n}
	}
	return bson.M{t.path: n, "quantity": n, "variantsRev": 1}
}

// target finds item in the product doc. ENOTFOUND when its variant is gone, or when the item
// has none and the product is now sold by size: its own stock is then its sizes' sum, and units
// taken from it or given back to it would be counted against no size.
func target(doc bson.Raw, item shop.StockItem) (stockTarget, error) {
	if item.VariantID == "" {
		if variants, ok := doc.Lookup("variants").ArrayOK(); ok {
			if vs, _ := variants.Values(); len(vs) > 0 {
				name, _ := doc.Lookup("name").StringValueOK()
				return stockTarget{}, shop.Errorf(shop.ENOTFOUND,
					"%s is now sold by size. Please remove it from your cart and choose a size.", name)
			}
		}
		q, _ := doc.Lookup("quantity").AsInt64OK()
		return stockTarget{guard: bson.M{}, path: "quantity", quantity: int(q)}, nil
	}
	vid, err := objectID("Variant id", item.VariantID)
	if err != nil {
		return stockTarget{}, err
	}
	var d productDoc
	if err := bson.Unmarshal(doc, &d); err != nil {
		return stockTarget{}, fmt.Errorf("read product %s: %w", item.ProductID, err)
	}
	i := d.variantIndex(vid)
	if i < 0 {
		return stockTarget{}, shop.Errorf(shop.ENOTFOUND,
			"The chosen size of %s in your cart is no longer sold. Please remove it and choose again.", d.Name)
	}
	at := fmt.Sprintf("variants.%d", i)
	return stockTarget{guard: bson.M{at + "._id": vid}, path: at + ".quantity", quantity: d.Variants[i].Quantity}, nil
}

// holdKey is the field noting what the order holds of item.
func holdKey(orderID string, item shop.StockItem) string {
	if item.VariantID == "" {
		return "holds." + orderID
	}
	return "holds." + orderID + "_" + item.VariantID
}

// Reserve takes n units of the item for the order when at least n are left.
func (s *Stock) Reserve(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %d units of %v: the count must be positive", n, item)
	}
	hold := holdKey(orderID, item)
	err := s.update(ctx, item, func(doc bson.Raw) (bson.M, bson.M, error) {
		if _, held := heldUnits(doc, hold); held {
			return nil, nil, nil // reserved before
		}
		t, err := target(doc, item)
		if err != nil {
			return nil, nil, err
		}
		if t.quantity < n {
			return nil, nil, shop.Errorf(shop.ECONFLICT, "Not enough stock: %d wanted.", n)
		}
		guard := t.guard
		guard[hold] = bson.M{"$exists": false}
		guard[t.path] = bson.M{"$gte": n}
		return guard, bson.M{"$inc": t.inc(-n), "$set": bson.M{hold: n}}, nil
	})
	if err != nil {
		return fmt.Errorf("reserve %d of %v: %w", n, item, err)
	}
	return nil
}

// Release gives back the units the order holds, once. A product or variant deleted since its
// reservation has nothing to return to.
func (s *Stock) Release(ctx context.Context, orderID string, item shop.StockItem) error {
	return s.dropHold(ctx, orderID, item, true)
}

// Settle forgets the order's hold: its units are sold. On the embedded store, where the order
// index knows the order is paid, the hold goes with the product's next stock write instead
// (see soldHolds): a second write of the product in every checkout cost a third of its time
// in the store's write queue. A hold left there meanwhile returns nothing: only an
// unpaid order's units are ever given back.
func (s *Stock) Settle(ctx context.Context, orderID string, item shop.StockItem) error {
	if s.db.orderSold(orderID) {
		return nil
	}
	return s.dropHold(ctx, orderID, item, false)
}

// soldHolds answers an $unset of the holds in the product doc whose orders the order index
// has as sold, or nil.
func (s *Stock) soldHolds(doc bson.Raw) bson.M {
	return unsetHolds(doc, func(orderID, _ string) bool { return s.db.orderSold(orderID) })
}

func (s *Stock) dropHold(ctx context.Context, orderID string, item shop.StockItem, giveBack bool) error {
	hold := holdKey(orderID, item)
	err := s.update(ctx, item, func(doc bson.Raw) (bson.M, bson.M, error) {
		n, held := heldUnits(doc, hold)
		if !held {
			return nil, nil, nil
		}
		update := bson.M{"$unset": bson.M{hold: ""}}
		guard := bson.M{hold: n}
		t, err := target(doc, item)
		if giveBack && err == nil {
			update["$inc"] = t.inc(n)
			for k, v := range t.guard {
				guard[k] = v
			}
		}
		return guard, update, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return fmt.Errorf("drop the hold of order %s on %v: %w", orderID, item, err)
	}
	return nil
}

// Restock puts n sold units back for the cancelled order, noting it (restocks.<key>: units)
// by the same write, so that finishing the cancellation again after a crash puts none back
// twice. A deleted product or variant takes none.
func (s *Stock) Restock(ctx context.Context, orderID string, item shop.StockItem, n int) error {
	note := restockKey(orderID, item)
	err := s.update(ctx, item, func(doc bson.Raw) (bson.M, bson.M, error) {
		if _, noted := heldUnits(doc, note); noted {
			return nil, nil, nil // restocked before
		}
		t, err := target(doc, item)
		if err != nil {
			return nil, nil, err
		}
		guard := t.guard
		guard[note] = bson.M{"$exists": false}
		return guard, bson.M{"$inc": t.inc(n), "$set": bson.M{note: n}}, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return fmt.Errorf("restock %d of %v: %w", n, item, err)
	}
	return nil
}

// ForgetRestock drops the note Restock made for the order, once the order is refunded.
func (s *Stock) ForgetRestock(ctx context.Context, orderID string, item shop.StockItem) error {
	note := restockKey(orderID, item)
	err := s.update(ctx, item, func(doc bson.Raw) (bson.M, bson.M, error) {
		n, noted := heldUnits(doc, note)
		if !noted {
			return nil, nil, nil
		}
		return bson.M{note: n}, bson.M{"$unset": bson.M{note: ""}}, nil
	})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return fmt.Errorf("forget the restock of order %s on %v: %w", orderID, item, err)
	}
	return nil
}

// restockKey is the field noting that the cancelled order's units of item are back.
func restockKey(orderID string, item shop.StockItem) string {
	return "restocks" + holdKey(orderID, item)[len("holds"):]
}

// update makes a guarded change of one product's stock and refreshes the catalogue when a
// quantity moved. A move also moves the product's updatedAt, so an admin's form loaded before
// it is refused rather than overwriting the sale. Every change also drops the holds of orders
// sold since (see Settle). On the embedded store the read model takes the product as written,
// under the product's lock, rather than reading it again; the change is announced once the
// lock is let go (the version document's lock may share its stripe).
func (s *Stock) update(ctx context.Context, item shop.StockItem, decide func(doc bson.Raw) (bson.M, bson.M, error)) error {
	oid, err := objectID("Product id", item.ProductID)
	if err != nil {
		return err
	}
	var moved, taken bool
	var after *shop.CatalogueProduct
	err = s.db.guardedUpdateThen(ctx, s.db.db.Collection(productsColl), oid,
		"A product in your cart (id "+item.ProductID+") is no longer sold. Please remove it and try again.",
		func(doc bson.Raw) (bson.M, bson.M, error) {
			guard, update, err := decide(doc)
			if err != nil || update == nil {
				return guard, update, err
			}
			if sold := s.soldHolds(doc); sold != nil {
				unset, _ := update["$unset"].(bson.M)
				if unset == nil {
					unset = bson.M{}
				}
				maps.Copy(unset, sold)
				update["$unset"] = unset
			}
			inc, _ := update["$inc"].(bson.M)
			if moved = inc != nil; !moved {
				return guard, update, nil
			}
			set, _ := update["$set"].(bson.M)
			if set == nil {
				set = bson.M{}
			}
			set["updatedAt"] = nowMillis()
			update["$set"] = set
			if s.db.locks.enabled {
				if after, err = movedProduct(doc, inc, set["updatedAt"].(time.Time)); err != nil {
					return nil, nil, err
				}
			}
			return guard, update, nil
		}, func() {
			if taker, ok := s.changes.(productTaker); ok && after != nil {
				taker.Take([]*shop.CatalogueProduct{after})
				taken = true
			}
		})
	if err == nil && moved {
		s.changed(ctx, shop.CatalogueChange{Products: []string{item.ProductID}, Taken: taken})
	}
	return err
}

// productTaker is a read model that takes products as written (catalogue.Model does).
type productTaker interface {
	Take(products []*shop.CatalogueProduct)
}

// movedProduct answers the catalogue's product doc after the units of inc moved.
func movedProduct(doc bson.Raw, inc bson.M, at time.Time) (*shop.CatalogueProduct, error) {
	var d productDoc
	if err := bson.Unmarshal(doc, &d); err != nil {
		return nil, fmt.Errorf("read product: %w", err)
	}
	for path, v := range inc {
		n, ok := v.(int)
		if !ok {
			return nil, fmt.Errorf("move of %s by %v: not a count", path, v)
		}
		switch index, isVariant := strings.CutPrefix(strings.TrimSuffix(path, ".quantity"), "variants."); {
		case path == "quantity":
			d.Quantity += n
		case path == "variantsRev":
			d.VariantsRev += n
		case isVariant:
			i, err := strconv.Atoi(index)
			if err != nil || i < 0 || i >= len(d.Variants) {
				return nil, fmt.Errorf("move of %s: no such variant", path)
			}
			d.Variants[i].Quantity += n
		default:
			return nil, fmt.Errorf("move of %s: not a quantity", path)
		}
	}
	d.UpdatedAt = at
	return d.catalogueProduct(), nil
}

// dropHolds answers an $unset of the holds noted in the product document that of says are
// of the stock being set (given each hold's variant id, "" for the product's own stock), or
// nil. An admin who sets a stock outright sets what is there to sell: units that unfinished
// checkouts took before are no longer there to give back, or a failed checkout would add
// them on top of the new figure.
func dropHolds(doc bson.Raw, of func(variantID string) bool) bson.M {
	return unsetHolds(doc, func(_, variantID string) bool { return of(variantID) })
}

// unsetHolds answers an $unset of the holds in the product doc that drop picks, or nil.
func unsetHolds(doc bson.Raw, drop func(orderID, variantID string) bool) bson.M {
	holds, ok := doc.Lookup("holds").DocumentOK()
	if !ok {
		return nil
	}
	elems, err := holds.Elements()
	if err != nil {
		return nil
	}
	var unset bson.M
	for _, e := range elems {
		orderID, variantID, _ := strings.Cut(e.Key(), "_") // holds.<order> or holds.<order>_<variant>
		if drop(orderID, variantID) {
			if unset == nil {
				unset = bson.M{}
			}
			unset["holds."+e.Key()] = ""
		}
	}
	return unset
}

// heldUnits answers the units noted under field ("holds.<key>" or "restocks.<key>") in the
// product document.
func heldUnits(doc bson.Raw, field string) (int, bool) {
	parent, key, _ := strings.Cut(field, ".")
	v, err := doc.LookupErr(parent, key)
	if err != nil {
		return 0, false
	}
	n, ok := v.AsInt64OK()
	return int(n), ok
}

func (s *Stock) changed(ctx context.Context, ch shop.CatalogueChange) {
	if s.changes == nil {
		return
	}
	if err := s.changes.Changed(context.WithoutCancel(ctx), ch); err != nil {
		s.db.log.ErrorContext(ctx, "stock changed but the catalogue was not refreshed", "product", ch.Products, "err", err)
	}
}
