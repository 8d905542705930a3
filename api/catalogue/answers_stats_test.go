package catalogue_test

import (
	"testing"

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
