package mongostore_test

import (
	"context"
	"testing"

	"shop/mongostore"
)

func TestPhotoCacheCountsHitsAndMisses(t *testing.T) {
	c := mongostore.NewPhotoCache(1 << 10)
	load := func(context.Context) ([]byte, error) { return []byte("jpeg"), nil }
	for _, id := range []string{"a", "a", "b", "a", "b"} {
		if _, err := c.Get(t.Context(), id, load); err != nil {
			t.Fatal(err)
		}
	}
	if hits, misses := c.Stats(); hits != 3 || misses != 2 {
		t.Fatalf("stats = %d hits, %d misses; want 3 and 2", hits, misses)
	}
}
