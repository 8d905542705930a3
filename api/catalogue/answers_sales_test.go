package catalogue_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

const (
	dresses = "6b0000000000000000000002"
	maxi    = "6b00000000000000000000b1"
)

// sized is a product sold in sizes S and M with these stocks.
func sized(id, name, category string, price shop.Paise, small, medium int, minute int) *shop.CatalogueProduct {
	vs := []shop.Variant{
		{ID: name + "-S", SKU: name + "-S", Options: map[string]string{"Size": "S"}, Quantity: small},
		{ID: name + "-M", SKU: name + "-M", Options: map[string]string{"Size": "M"}, Quantity: medium},
	}
	return &shop.CatalogueProduct{Product: shop.Product{ID: id, Name: name, Slug: name, Description: "Cotton.",
		Price: price, Quantity: small + medium, Category: shop.CategoryRef{ID: category},
		Options: []shop.Option{{Name: "Size", Values: []string{"S", "M"}}}, Variants: vs,
		CreatedAt: time.Date(2026, 1, 1, 0, minute, 0, 0, time.UTC)}}
}

// cachedBrowse answers browses through an answer cache, as the HTTP layer does.
type cachedBrowse struct {
	t       *testing.T
	model   *catalogue.Model
	answers *catalogue.Answers
}

// get answers the browse of q as JSON, and whether it came from the cache.
func (cb *cachedBrowse) get(q shop.BrowseQuery) (string, bool) {
	cb.t.Helper()
	key := fmt.Sprintf("%+v", q)
	if a := cb.answers.Get(key); a != nil {
		return string(a.Plain), true
	}
	ctx, reads := cb.answers.Begin(cb.t.Context())
	res, err := cb.model.Browse(ctx, q)
	if err != nil {
		cb.t.Fatal(err)
	}
	body, err := json.Marshal(res)
	if err != nil {
		cb.t.Fatal(err)
	}
	cb.answers.Put(key, reads, &catalogue.Answer{Status: 200, ContentType: "application/json", Plain: body})
	return string(body), false
}

// TestASaleMakesStaleOnlyTheBrowseAnswersItChanges: a sale that leaves every variant on the
// same side of zero makes stale only the browse answers that show the product sold; one that
// empties a variant also those that ask for stock, whose matches and counts move; a price
// change, every browse answer.
func TestASaleMakesStaleOnlyTheBrowseAnswersItChanges(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutCategory(&shop.Category{ID: dresses, Name: "Dresses", Slug: "dresses"})
	src.PutProduct(sized(oxford, "oxford", shirts, 49900, 5, 1, 1))
	src.PutProduct(sized(linen, "linen", shirts, 59900, 1, 0, 2))
	src.PutProduct(sized(maxi, "maxi", dresses, 89900, 2, 2, 3))
	m := loaded(t, src)
	cb := &cachedBrowse{t: t, model: m, answers: catalogue.NewAnswers(m, 100, 1<<20)}
	sell := func(p *shop.CatalogueProduct) {
		t.Helper()
		src.PutProduct(p)
		if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{p.ID}}); err != nil {
			t.Fatal(err)
		}
	}
	shirtsPage := shop.BrowseQuery{Categories: []string{"shirts"}, Page: 1, Limit: 12}
	dressesPage := shop.BrowseQuery{Categories: []string{"dresses"}, Page: 1, Limit: 12}
	dressesInStock := shop.BrowseQuery{Categories: []string{"dresses"}, InStock: true, Page: 1, Limit: 12}
	type want struct {
		q      shop.BrowseQuery
		cached bool
		shows  string // a part of the answer
	}
	check := func(when string, wants ...want) {
		t.Helper()
		for _, w := range wants {
			body, cached := cb.get(w.q)
			if cached != w.cached {
				t.Errorf("%s: %+v answered from the cache %v, want %v", when, w.q, cached, w.cached)
			}
			if !strings.Contains(body, w.shows) {
				t.Errorf("%s: %+v answered %s, want it to show %s", when, w.q, body, w.shows)
			}
		}
	}
	shirtsInStock := `{"slug":"shirts","name":"Shirts","count":%d}`
	check("first browse",
		want{shirtsPage, false, `"sku":"oxford-S","options":{"Size":"S"},"quantity":5`},
		want{dressesPage, false, `"total":1`},
		want{dressesInStock, false, fmt.Sprintf(shirtsInStock, 2)})
	check("again", want{shirtsPage, true, `"total":2`}, want{dressesPage, true, `"total":1`},
		want{dressesInStock, true, `"total":1`})

	sell(sized(oxford, "oxford", shirts, 49900, 4, 1, 1)) // S: 5 to 4, still in stock
	check("after a sale that empties nothing",
		want{shirtsPage, false, `"sku":"oxford-S","options":{"Size":"S"},"quantity":4`},
		want{dressesPage, true, `"total":1`},
		want{dressesInStock, true, fmt.Sprintf(shirtsInStock, 2)})

	sell(sized(linen, "linen", shirts, 59900, 0, 0, 2)) // linen sold out
	check("after a sale that empties a product",
		want{shirtsPage, false, `"sku":"linen-S","options":{"Size":"S"},"quantity":0`},
		want{dressesPage, true, `"total":1`},
		want{dressesInStock, false, fmt.Sprintf(shirtsInStock, 1)})

	sell(sized(oxford, "oxford", shirts, 39900, 4, 1, 1)) // a lower price moves every price range
	check("after a price change",
		want{shirtsPage, false, `"min":399`},
		want{dressesPage, false, `"total":1`},
		want{dressesInStock, false, fmt.Sprintf(shirtsInStock, 1)})

	sell(sized(linen, "linen", shirts, 59900, 0, 3, 2)) // linen back in stock
	check("after a return to stock",
		want{shirtsPage, false, `"sku":"linen-M","options":{"Size":"M"},"quantity":3`},
		want{dressesPage, true, `"total":1`},
		want{dressesInStock, false, fmt.Sprintf(shirtsInStock, 2)})

	plain := sized(oxford, "oxford", shirts, 39900, 4, 1, 1) // sold without sizes from now on
	plain.Options, plain.Variants = nil, nil
	sell(plain)
	check("after the sizes are cleared",
		want{shirtsPage, false, `"size":[{"value":"S","count":1},{"value":"M","count":1}]`},
		want{dressesPage, false, `"total":1`},
		want{dressesInStock, false, fmt.Sprintf(shirtsInStock, 2)})
}
