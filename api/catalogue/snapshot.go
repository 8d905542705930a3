package catalogue

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"slices"

	"shop"
	"shop/internal/snapfile"
)

// A snapshot is the model written to a file: what it held and at which version of the store,
// so that a restart at 100,000 products need not read them all again. The file is a gob
// stream, a snapshotHeader and then each product as its own snapshotProduct, followed by the
// SHA-256 of that stream; snapshotFormat changes whenever what a snapshot holds does, so an
// older one is rebuilt rather than misread. Products go one by one, and each variant names
// its option values by their place in the product's options rather than as a map: one gob
// message of 100,000 products and 800,000 small maps took seconds to decode, most of a
// restart.
const snapshotFormat = 3

type snapshotHeader struct {
	Format     int
	Epoch      string
	Seq        int64
	Products   int
	Categories []*shop.Category
}

type snapshot struct {
	snapshotHeader
	Products []*shop.CatalogueProduct
}

// snapshotProduct is a product without its variants (Product.Variants is nil) and those
// variants.
type snapshotProduct struct {
	Product  shop.CatalogueProduct
	Variants []snapshotVariant
}

// snapshotVariant is a variant whose option values are Values[i], the place of its value in
// the product's option i. A variant whose values cannot be put so (an option the product does
// not list) keeps its map in Options instead.
type snapshotVariant struct {
	ID       string
	SKU      string
	Values   []uint8
	Options  map[string]string
	Price    *shop.Paise
	Quantity int
}

func packProduct(p *shop.CatalogueProduct) snapshotProduct {
	sp := snapshotProduct{Product: *p, Variants: make([]snapshotVariant, len(p.Variants))}
	sp.Product.Variants = nil
	for i, v := range p.Variants {
		sv := snapshotVariant{ID: v.ID, SKU: v.SKU, Price: v.Price, Quantity: v.Quantity}
		if values, ok := optionPlaces(p.Options, v.Options); ok {
			sv.Values = values
		} else {
			sv.Options = v.Options
		}
		sp.Variants[i] = sv
	}
	return sp
}

// optionPlaces puts a variant's option values as their places in the product's options.
func optionPlaces(options []shop.Option, values map[string]string) ([]uint8, bool) {
	if len(values) != len(options) {
		return nil, false
	}
	places := make([]uint8, len(options))
	for i, o := range options {
		v, ok := values[o.Name]
		if !ok {
			return nil, false
		}
		at := slices.Index(o.Values, v)
		if at < 0 || at > 255 {
			return nil, false
		}
		places[i] = uint8(at)
	}
	return places, true
}

// optionSets hands out one map per distinct set of option values while a snapshot is read:
// 800,000 variants wear a few hundred sets, and a map each was a large part of a restart.
// The model never changes a variant's options in place (a change replaces the product), so
// sharing them is safe.
type optionSets struct {
	key  []byte
	sets map[string]map[string]string
}

func (o *optionSets) get(options []shop.Option, places []uint8) map[string]string {
	o.key = o.key[:0]
	for k, opt := range options {
		o.key = append(o.key, opt.Name...)
		o.key = append(o.key, 0)
		o.key = append(o.key, opt.Values[places[k]]...)
		o.key = append(o.key, 0)
	}
	if set, ok := o.sets[string(o.key)]; ok {
		return set
	}
	set := make(map[string]string, len(options))
	for k, opt := range options {
		set[opt.Name] = opt.Values[places[k]]
	}
	if o.sets == nil {
		o.sets = map[string]map[string]string{}
	}
	o.sets[string(o.key)] = set
	return set
}

func (sp *snapshotProduct) unpack(sets *optionSets) (*shop.CatalogueProduct, error) {
	p := sp.Product
	// gob keeps no empty list: a product without options answers [] as the store's read does.
	p.Variants = make([]shop.Variant, len(sp.Variants))
	if p.Options == nil {
		p.Options = []shop.Option{}
	}
	for i, sv := range sp.Variants {
		v := shop.Variant{ID: sv.ID, SKU: sv.SKU, Options: sv.Options, Price: sv.Price, Quantity: sv.Quantity}
		if sv.Options == nil {
			if len(sv.Values) != len(p.Options) {
				return nil, fmt.Errorf("variant %s names %d option values of %d", sv.ID, len(sv.Values), len(p.Options))
			}
			for k, o := range p.Options {
				if int(sv.Values[k]) >= len(o.Values) {
					return nil, fmt.Errorf("variant %s: no value %d of option %s", sv.ID, sv.Values[k], o.Name)
				}
			}
			v.Options = sets.get(p.Options, sv.Values)
		}
		p.Variants[i] = v
	}
	return &p, nil
}

// LoadFrom fills the model from the snapshot at path when the snapshot holds the store's
// current version, and from the store otherwise (a missing, stale or unreadable snapshot is
// ignored). It answers whether the snapshot was used.
//
// A start consumes the snapshot: the file is removed once read, and SaveSnapshot writes it
// again when the shop stops cleanly. A change reaches the store before the version announces
// it, so a process killed between the two leaves the store ahead of its version; a snapshot
// kept through that crash would match the version and be trusted without the change (a sold
// unit still shown, an edit lost) for every start after.
func (m *Model) LoadFrom(ctx context.Context, path string) (bool, error) {
	v, err := m.src.CatalogueVersion(ctx)
	if err != nil {
		return false, err
	}
	s, err := readSnapshot(path)
	if rerr := os.Remove(path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
		return false, fmt.Errorf("remove the catalogue snapshot once read: %w", rerr)
	}
	switch {
	case err == nil && s.Epoch == v.Epoch && s.Seq == v.Seq:
		m.loadMu.Lock()
		m.replace(newState(s.Products, s.Categories), s.Epoch, s.Seq)
		m.loadMu.Unlock()
		return true, nil
	case err == nil:
		m.log.Info("catalogue snapshot is older than the store: reading the catalogue", "path", path)
	case !errors.Is(err, os.ErrNotExist):
		m.log.Warn("catalogue snapshot ignored: reading the catalogue", "path", path, "err", err)
	}
	return false, m.Load(ctx)
}

// SaveSnapshot writes the model to path, replacing the file whole (never a half-written one).
func (m *Model) SaveSnapshot(path string) error {
	m.mu.RLock()
	h := snapshotHeader{Format: snapshotFormat, Epoch: m.epoch, Seq: m.seq, Products: len(m.newest),
		Categories: make([]*shop.Category, 0, len(m.catByName))}
	products := make([]snapshotProduct, 0, len(m.newest))
	for _, e := range m.newest {
		products = append(products, packProduct(&e.p))
	}
	for _, c := range m.catByName {
		cc := *c
		h.Categories = append(h.Categories, &cc)
	}
	m.mu.RUnlock()
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := enc.Encode(&h); err != nil {
		return fmt.Errorf("encode the catalogue snapshot: %w", err)
	}
	for i := range products {
		if err := enc.Encode(&products[i]); err != nil {
			return fmt.Errorf("encode the catalogue snapshot: %w", err)
		}
	}
	return snapfile.Write(path, buf.Bytes())
}

// readSnapshot reads and checks the snapshot at path.
func readSnapshot(path string) (*snapshot, error) {
	body, err := snapfile.Read(path)
	if err != nil {
		return nil, err
	}
	dec := gob.NewDecoder(bytes.NewReader(body))
	var s snapshot
	if err := dec.Decode(&s.snapshotHeader); err != nil {
		return nil, fmt.Errorf("decode the snapshot: %w", err)
	}
	if s.Format != snapshotFormat {
		return nil, fmt.Errorf("the snapshot is of format %d, not %d", s.Format, snapshotFormat)
	}
	if s.snapshotHeader.Products < 0 || s.snapshotHeader.Products > len(body) {
		return nil, fmt.Errorf("the snapshot claims %d products", s.snapshotHeader.Products)
	}
	s.Products = make([]*shop.CatalogueProduct, 0, s.snapshotHeader.Products)
	var sets optionSets
	for range s.snapshotHeader.Products {
		var sp snapshotProduct
		if err := dec.Decode(&sp); err != nil {
			return nil, fmt.Errorf("decode the snapshot: %w", err)
		}
		p, err := sp.unpack(&sets)
		if err != nil {
			return nil, fmt.Errorf("decode the snapshot: %w", err)
		}
		s.Products = append(s.Products, p)
	}
	return &s, nil
}
