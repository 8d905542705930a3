package mongostore_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/internal/storetest"
	"shop/mongostore"
)

func TestAttemptsWindows(t *testing.T) {
	db := storetest.NewDB(t)
	a, err := mongostore.NewAttempts(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mongostore.SetAttemptsClock(a, func() time.Time { return now })
	reserve := func(key string) (bool, time.Duration) {
		t.Helper()
		ok, wait, err := a.Reserve(t.Context(), key, 3, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return ok, wait
	}
	for i := range 3 {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused after %d attempts", i)
		}
	}
	now = now.Add(time.Minute)
	if ok, wait := reserve("k"); ok || wait != 14*time.Minute {
		t.Fatalf("4th attempt: ok=%v wait=%v, want refused for 14m", ok, wait)
	}
	if ok, _ := reserve("other"); !ok {
		t.Fatal("another key is refused")
	}
	if err := a.Release(t.Context(), "k"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := reserve("k"); !ok {
		t.Fatal("a given-back attempt is still counted")
	}
	if ok, _ := reserve("k"); ok {
		t.Fatal("the window is used up again, yet an attempt passes")
	}
	for _, key := range []string{"k", "never-seen"} {
		if err := a.Clear(t.Context(), key); err != nil {
			t.Fatalf("clear %s: %v", key, err)
		}
	}
	for i := range 3 {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused after %d attempts of a cleared window", i)
		}
	}
	now = now.Add(15 * time.Minute) // the window opened after the clear is over
	for i := range 3 {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused in the next window after %d attempts", i)
		}
	}
}

// A window given back to nought is not kept: a client naming a new account each time (most
// attempts are given back) leaves nothing behind, while a window with attempts stays.
func TestAttemptsGivenBackLeaveNoWindow(t *testing.T) {
	db := storetest.NewDB(t)
	a, err := mongostore.NewAttempts(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		key := fmt.Sprintf("login|shopper%d@example.com|192.0.2.1", i)
		if ok, _, err := a.Reserve(t.Context(), key, 10, 15*time.Minute); !ok || err != nil {
			t.Fatalf("reserve %s: %v %v", key, ok, err)
		}
		if err := a.Release(t.Context(), key); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if ok, _, err := a.Reserve(t.Context(), "kept", 10, 15*time.Minute); !ok || err != nil {
			t.Fatalf("reserve kept: %v %v", ok, err)
		}
	}
	if err := a.Release(t.Context(), "kept"); err != nil {
		t.Fatal(err)
	}
	n, err := db.Database().Collection("attempts").CountDocuments(t.Context(), bson.M{})
	if err != nil || n != 1 {
		t.Fatalf("%d windows stored (%v), want 1: the one with an attempt left", n, err)
	}
	for range 9 {
		if ok, _, _ := a.Reserve(t.Context(), "kept", 10, 15*time.Minute); !ok {
			t.Fatal("the kept window refused an attempt within its limit")
		}
	}
	if ok, _, _ := a.Reserve(t.Context(), "kept", 10, 15*time.Minute); ok {
		t.Fatal("the kept window lost its count: an 11th attempt passed")
	}
}

// Counters on one store share their windows, and parallel attempts never pass the limit.
func TestAttemptsSharedAndParallel(t *testing.T) {
	db := storetest.NewDB(t)
	one, err := mongostore.NewAttempts(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	two, err := mongostore.NewAttempts(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	var passed atomic.Int32
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := one
			if i%2 == 1 {
				c = two
			}
			ok, _, err := c.Reserve(t.Context(), "k", 10, time.Minute)
			if err != nil {
				t.Error(err)
			}
			if ok {
				passed.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := passed.Load(); n != 10 {
		t.Fatalf("%d of 30 parallel attempts counted, want 10", n)
	}
}
