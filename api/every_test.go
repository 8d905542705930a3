package shop_test

import (
	"context"
	"testing"
	"time"

	"shop"
)

// TestEveryRunsUntilItsContextEnds: the passes come one interval apart, the first after one
// interval, and Every returns once its context ends.
func TestEveryRunsUntilItsContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	start := time.Now()
	var at []time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		shop.Every(ctx, 20*time.Millisecond, func(context.Context) {
			if at = append(at, time.Since(start)); len(at) == 3 {
				cancel()
			}
		})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Every did not return after its context ended")
	}
	if len(at) != 3 {
		t.Fatalf("%d passes, want 3", len(at))
	}
	for i, d := range at {
		if earliest := time.Duration(i+1) * 20 * time.Millisecond; d < earliest {
			t.Errorf("pass %d after %s, before %s", i+1, d, earliest)
		}
	}
}
