package catalogue_test

import (
	"fmt"
	"strings"
	"testing"

	"shop"

	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

func TestAnswersCountHitsAndMisses(t *testing.T) {
	src := cataloguetest.New()
	src.PutProduct(product(oxford, "oxford", 3, 1))
	answers := catalogue.NewAnswers(loaded(t, src), 10, 1<<20)
	if answers.Get("count") != nil {
		t.Fatal("an empty cache answered")
	}
	_, reads := answers.Begin(t.Context())
	answers.Put("count", reads, &catalogue.Answer{Status: 200, ContentType: "application/json", Plain: []byte(`{"total":1}`)})
	for range 3 {
		if answers.Get("count") == nil {
			t.Fatal("a fresh answer was not served")
		}
	}
	if hits, misses := answers.Stats(); hits != 3 || misses != 1 {
		t.Fatalf("stats = %d hits, %d misses; want 3 and 1", hits, misses)
	}
}

// An answer that a change made stale soon after it was made is churning; a fresh one, or one
// never kept, is not.
func TestAnswersTellChurningOnes(t *testing.T) {
	src := cataloguetest.New()
	src.PutProduct(product(oxford, "oxford", 3, 1))
	src.PutProduct(product(linen, "linen", 3, 2))
	m := loaded(t, src)
	answers := catalogue.NewAnswers(m, 10, 1<<20)
	for _, slug := range []string{"oxford", "linen"} {
		ctx, reads := answers.Begin(t.Context())
		if _, err := m.ProductBySlug(ctx, slug); err != nil {
			t.Fatal(err)
		}
		answers.Put(slug, reads, &catalogue.Answer{Status: 200, ContentType: "application/json", Plain: []byte(slug)})
	}
	src.PutProduct(product(oxford, "oxford", 2, 1)) // a sale
	if err := m.Changed(t.Context(), shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	if answers.Get("oxford") != nil || answers.Get("linen") == nil {
		t.Fatal("the sale made stale another answer than the sold product's")
	}
	if !answers.Churning("oxford") || answers.Churning("linen") || answers.Churning("missing") {
		t.Fatalf("churning: sold %v, unsold %v, never kept %v; want true, false, false",
			answers.Churning("oxford"), answers.Churning("linen"), answers.Churning("missing"))
	}
}

// The bound on the bytes kept counts the keys too: a caller can make a key as long as its
// request (parameters no handler reads), and small answers under long keys must not grow the
// cache past its bound.
func TestAnswersBoundCountsTheKeys(t *testing.T) {
	src := cataloguetest.New()
	src.PutProduct(product(oxford, "oxford", 3, 1))
	answers := catalogue.NewAnswers(loaded(t, src), 1000, 64<<10)
	long := strings.Repeat("x", 8<<10)
	for i := range 100 {
		_, reads := answers.Begin(t.Context())
		answers.Put(fmt.Sprint(i, long), reads, &catalogue.Answer{Status: 200, ContentType: "application/json", Plain: []byte(`{}`)})
	}
	if n := answers.Len(); n > 8 {
		t.Fatalf("%d answers of 8 KiB keys kept under a 64 KiB bound", n)
	}
}
