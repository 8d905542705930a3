package mongostore

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/event"
)

// The gate lets writersAtOnce write commands through together; the next one waits for one of
// them to answer, and reads never wait.
func TestWriteGateLetsTwoWritesThroughAtOnce(t *testing.T) {
	m := newWriteGate().monitor()
	ctx := context.Background()
	start := func(id int64, name string) {
		m.Started(ctx, &event.CommandStartedEvent{CommandName: name, RequestID: id})
	}
	start(1, "insert")
	start(2, "update")
	start(3, "find") // a read: through at once

	var third atomic.Bool
	done := make(chan struct{})
	go func() {
		start(4, "delete")
		third.Store(true)
		close(done)
	}()
	time.Sleep(50 * time.Millisecond)
	if third.Load() {
		t.Fatal("a third write went through while two were under way")
	}
	m.Succeeded(ctx, &event.CommandSucceededEvent{CommandFinishedEvent: event.CommandFinishedEvent{RequestID: 3}})
	time.Sleep(20 * time.Millisecond)
	if third.Load() {
		t.Fatal("a read's answer let a third write through")
	}
	m.Failed(ctx, &event.CommandFailedEvent{CommandFinishedEvent: event.CommandFinishedEvent{RequestID: 1}})
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the third write still waits after a write before it failed")
	}
}
