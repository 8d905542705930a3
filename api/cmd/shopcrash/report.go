package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/embedded"
	"shop/mongostore"
)

// report is what a crash run saw, and what its checks read.
type report struct {
	dir        string
	out        io.Writer
	mu         sync.Mutex
	placed     []string       // orders answered 201
	statuses   map[int]int    // answers by status (0: no answer)
	startStock map[string]int // by product, before the first checkout
	stock      map[string]int // by product, at the end, as the shop answers it
	storeStock map[string]int // by product, at the end, as the store holds it
	orders     []order        // listed at the end
	charged    []string       // order ids the sandbox gateway charged
	pending    int            // orders left pending at the end
}

func (r *report) record(status int, err error, orderID string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.statuses == nil {
		r.statuses = map[int]int{}
	}
	if err != nil {
		status = 0
	}
	r.statuses[status]++
	if status == 201 && orderID != "" {
		r.placed = append(r.placed, orderID)
	}
}

// readStore reads, with shopd stopped, the sandbox's charges and the pending orders.
func (r *report) readStore(dir string) error {
	srv, err := embedded.Start(dir, nil)
	if err != nil {
		return err
	}
	defer func() { _ = srv.Stop(10 * time.Second) }()
	ctx := context.Background()
	db, err := mongostore.Open(ctx, srv.URI(), "shop", mongostore.Options{ConnectTimeout: 10 * time.Second})
	if err != nil {
		return err
	}
	defer func() { _ = db.Close(ctx) }()
	cur, err := db.Database().Collection("sandbox_charges").Find(ctx, bson.M{})
	if err != nil {
		return err
	}
	var charges []struct {
		Key     string  `bson:"_id"`
		Payment *bson.M `bson:"payment"`
	}
	if err := cur.All(ctx, &charges); err != nil {
		return err
	}
	for _, c := range charges {
		if c.Payment != nil {
			r.charged = append(r.charged, strings.TrimPrefix(c.Key, "order-"))
		}
	}
	n, err := db.Database().Collection("orders").CountDocuments(ctx, bson.M{"paymentState": "pending"})
	if err != nil {
		return err
	}
	r.pending = int(n)
	cur, err = db.Database().Collection("products").Find(ctx, bson.M{})
	if err != nil {
		return err
	}
	var products []struct {
		ID       bson.ObjectID `bson:"_id"`
		Quantity int           `bson:"quantity"`
	}
	if err := cur.All(ctx, &products); err != nil {
		return err
	}
	r.storeStock = make(map[string]int, len(products))
	for _, p := range products {
		r.storeStock[p.ID.Hex()] = p.Quantity
	}
	return nil
}

// check compares what was answered and charged with what the shop holds, and prints it.
func (r *report) check() error {
	listed := map[string]bool{}
	sold := map[string]int{}
	for _, o := range r.orders {
		listed[o.ID] = true
		if o.RefundedAt == nil {
			for _, it := range o.Products {
				sold[it.ID]++
			}
		}
	}
	var errs []error
	missing := 0
	for _, id := range r.placed {
		if !listed[id] {
			missing++
		}
	}
	if missing > 0 {
		errs = append(errs, fmt.Errorf("%d of %d orders answered 201 are missing", missing, len(r.placed)))
	}
	lost := 0
	for id, start := range r.startStock {
		if got := r.stock[id] + sold[id]; got != start {
			lost += start - got
			errs = append(errs, fmt.Errorf("product %s: stock %d + sold %d = %d, started at %d",
				id, r.stock[id], sold[id], got, start))
		}
	}
	behind := 0
	for id, held := range r.storeStock {
		if shown := r.stock[id]; shown != held {
			behind++
			errs = append(errs, fmt.Errorf("product %s: the shop shows stock %d, the store holds %d", id, shown, held))
		}
	}
	unpaid := 0
	for _, id := range r.charged {
		if !listed[id] {
			unpaid++
		}
	}
	if unpaid > 0 {
		errs = append(errs, fmt.Errorf("%d charges have no order", unpaid))
	}
	if r.pending > 0 {
		errs = append(errs, fmt.Errorf("%d orders are still pending after the restart", r.pending))
	}
	fmt.Fprintf(r.out, "shopcrash: answers by status %v (0: no answer, the kills)\n", r.statuses)
	fmt.Fprintf(r.out, "shopcrash: %d orders answered 201, %d listed, %d missing; %d charges, %d without an order; "+
		"units lost or made up: %d; pending left: %d; products shown with other stock than the store's: %d\n",
		len(r.placed), len(r.orders), missing, len(r.charged), unpaid, lost, r.pending, behind)
	if len(r.placed) == 0 {
		errs = append(errs, fmt.Errorf("no checkout succeeded: the run proves nothing"))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%w\n(shopd's logs and data are kept in %s)", err, r.dir)
	}
	return os.RemoveAll(r.dir)
}
