package mongostore_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// TestColdPhotosLoadTogether loads many cold photos at once, some larger than a GridFS chunk,
// and checks each answer holds exactly its own bytes; a deleted photo is a 404.
func TestColdPhotosLoadTogether(t *testing.T) {
	ctx := t.Context()
	db := storetest.NewDB(t)
	_, cats, products := catalogueOn(t, db)
	c, err := cats.CreateCategory(ctx, "Shirts")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[string][]byte{} // product id -> photo bytes
	var ids []string
	for i := range 12 {
		size := 1000 + rng.IntN(4000)
		if i%4 == 0 {
			size = 600 << 10 // three chunks of 255 KiB
		}
		b := make([]byte, size)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		p, err := products.CreateProduct(ctx, input(c.ID, fmt.Sprintf("Shirt %d", i), 1),
			&shop.PhotoUpload{ContentType: "image/jpeg", Size: int64(len(b)), Body: bytes.NewReader(b)})
		if err != nil {
			t.Fatal(err)
		}
		want[p.ID] = b
		ids = append(ids, p.ID)
	}

	// A fresh process: its photo cache is empty, so every photo is read from the store.
	_, _, cold := catalogueOn(t, db)
	var wg sync.WaitGroup
	errs := make(chan error, len(ids)*2)
	for round := range 2 {
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ph, err := cold.ProductPhoto(ctx, id)
				if err == nil {
					err = cold.LoadPhoto(ctx, ph)
				}
				if err != nil {
					errs <- fmt.Errorf("round %d, photo of %s: %w", round, id, err)
					return
				}
				if !bytes.Equal(ph.Bytes, want[id]) {
					errs <- fmt.Errorf("round %d, photo of %s: %d bytes differ from the %d uploaded", round, id, len(ph.Bytes), len(want[id]))
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	// Warming a fresh process's cache reads every photo that fits its budget, in one batch.
	cat, _, _ := catalogueOn(t, db)
	warm := mongostore.NewProductService(db, cat, mongostore.NewPhotoCache(8<<20))
	var all int64
	for _, b := range want {
		all += int64(len(b))
	}
	n, size, err := warm.WarmPhotoCache(ctx, cat.Photos())
	if err != nil || n != len(want) || size != all {
		t.Fatalf("warmed %d photos, %d bytes (%v); want %d, %d", n, size, err, len(want), all)
	}
	small := mongostore.NewProductService(db, cat, mongostore.NewPhotoCache(700<<10))
	if n, size, err := small.WarmPhotoCache(ctx, cat.Photos()); err != nil || n == 0 || size > 700<<10 {
		t.Fatalf("warmed %d photos, %d bytes (%v) into 700 KiB", n, size, err)
	}

	// A photo whose file is gone answers ENOTFOUND, not someone else's bytes.
	ph, err := cold.ProductPhoto(ctx, ids[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := products.DeleteProduct(ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	_, _, fresh := catalogueOn(t, db)
	if err := fresh.LoadPhoto(ctx, ph); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("deleted photo: %v, want ENOTFOUND", err)
	}
}
