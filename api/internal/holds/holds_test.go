package holds

import (
	"context"
	"testing"
	"time"
)

// A shortage is looked at again only when a checkout holding units of that item settled since
// the look: settlements of other items come every few milliseconds in a busy shop, and a
// shopper facing a sold-out size must not read the stock again at each of them.
func TestHoldsAreWaitedOnPerKey(t *testing.T) {
	tee, hat := "tee", "hat"
	h := New[string]()
	soon := func() time.Time { return time.Now().Add(50 * time.Millisecond) }

	if h.AwaitSettled(context.Background(), tee, h.Mark(), soon()) {
		t.Fatal("nobody holds the tee: its shortage is real")
	}
	h.Hold(tee, 1)
	h.Hold(hat, 1)
	mark := h.Mark()
	h.Settle(hat, 1)
	if h.AwaitSettled(context.Background(), tee, mark, soon()) {
		t.Fatal("a hat's settlement sent the tee's shopper to read the stock again")
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		h.Settle(tee, 1)
	}()
	if !h.AwaitSettled(context.Background(), tee, mark, time.Now().Add(time.Minute)) {
		t.Fatal("the tee's holder settled while its shopper waited: want its stock read again")
	}
	if h.AwaitSettled(context.Background(), tee, h.Mark(), soon()) {
		t.Fatal("nobody holds the tee any more: its shortage is real")
	}

	// A hold dropped because its reservation failed settled nothing: its waiter is told at
	// once that nobody holds the item, not left until its deadline.
	h.Hold(tee, 1)
	mark = h.Mark()
	answer := make(chan bool, 1)
	go func() { answer <- h.AwaitSettled(context.Background(), tee, mark, time.Now().Add(time.Hour)) }()
	time.Sleep(10 * time.Millisecond)
	h.Drop(tee, 1)
	select {
	case again := <-answer:
		if again {
			t.Error("a dropped hold sent its waiter to read the stock again; nothing was given back")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiter on a dropped hold is still waiting")
	}
}
