package shop_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"shop"
)

func TestWaitForAnswersWhenEveryGroupIsDoneOrTheContextEnds(t *testing.T) {
	var a, b sync.WaitGroup
	a.Add(1)
	b.Add(1)
	short, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	a.Done()
	if err := shop.WaitFor(short, &a, &b); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with one group still busy: %v, want the deadline", err)
	}
	b.Done()
	if err := shop.WaitFor(t.Context(), &a, &b); err != nil {
		t.Fatalf("with both groups done: %v", err)
	}
}
