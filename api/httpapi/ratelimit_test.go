package httpapi

import (
	"testing"
	"time"
)

func TestMemoryCounterWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := newMemoryCounter(func() time.Time { return now })
	ctx := t.Context()
	reserve := func(key string) (bool, time.Duration) {
		ok, wait, err := m.Reserve(ctx, key, 3, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return ok, wait
	}
	for i := 0; i < 3; i++ {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused after %d attempts", i)
		}
	}
	if ok, wait := reserve("k"); ok || wait != 15*time.Minute {
		t.Fatalf("4th attempt: ok=%v wait=%v, want refused with 15m", ok, wait)
	}
	if ok, _ := reserve("other"); !ok {
		t.Fatal("another key is refused")
	}
	_ = m.Release(ctx, "k")
	if ok, _ := reserve("k"); !ok {
		t.Fatal("a given-back attempt is still counted")
	}
	if ok, _ := reserve("k"); ok {
		t.Fatal("the window is used up again, yet an attempt passes")
	}
	_ = m.Clear(ctx, "k")
	for i := 0; i < 3; i++ {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused after %d attempts of a cleared window", i)
		}
	}
	now = now.Add(15 * time.Minute)
	for i := 0; i < 3; i++ {
		if ok, _ := reserve("k"); !ok {
			t.Fatalf("refused in the next window after %d attempts", i)
		}
	}
}
