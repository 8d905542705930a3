package mail

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"shop"
)

// Sender delivers one message now: SMTP or Outbox.
type Sender interface {
	Send(ctx context.Context, m shop.Mail) error
}

// Queue is the shop's Mailer: Send hands the message over and returns at once; a background
// worker delivers it, retrying a failed attempt with growing pauses, and logs the outcome.
// A message that still cannot be sent is logged and dropped: mail never fails a request.
type Queue struct {
	sender  Sender
	log     *slog.Logger
	what    string // where mail goes, for the log
	pending chan shop.Mail
	wg      sync.WaitGroup
	mu      sync.RWMutex // Send holds it for reading, Close for writing
	closed  bool
	// Backoff is the pause before each retry; its length is the number of retries.
	Backoff []time.Duration
}

var _ shop.Mailer = (*Queue)(nil)

// queueLen bounds the messages waiting; beyond it a message is logged and dropped.
const queueLen = 1000

// NewQueue starts a queue sending through sender; what says where mail goes (for the log).
func NewQueue(sender Sender, what string, log *slog.Logger) *Queue {
	q := &Queue{sender: sender, log: log, what: what, pending: make(chan shop.Mail, queueLen),
		Backoff: []time.Duration{2 * time.Second, 10 * time.Second, time.Minute}}
	q.wg.Add(1)
	go q.work()
	return q
}

// Send queues m for delivery.
func (q *Queue) Send(_ context.Context, m shop.Mail) error {
	q.mu.RLock()
	defer q.mu.RUnlock()
	if q.closed {
		q.log.Error("mail not sent: the shop is shutting down", "to", m.To, "subject", m.Subject)
		return nil
	}
	select {
	case q.pending <- m:
	default:
		q.log.Error("mail not sent: too many waiting", "to", m.To, "subject", m.Subject)
	}
	return nil
}

func (q *Queue) work() {
	defer q.wg.Done()
	for m := range q.pending {
		q.deliver(m)
	}
}

func (q *Queue) deliver(m shop.Mail) {
	var err error
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err = q.sender.Send(ctx, m)
		cancel()
		if err == nil {
			q.log.Debug("mail sent", "to", m.To, "subject", m.Subject, "via", q.what)
			return
		}
		if attempt == len(q.Backoff) {
			break
		}
		q.log.Warn("mail not sent yet; retrying", "to", m.To, "subject", m.Subject, "in", q.Backoff[attempt], "err", err)
		time.Sleep(q.Backoff[attempt])
	}
	q.log.Error("mail not sent", "to", m.To, "subject", m.Subject, "via", q.what,
		"err", fmt.Errorf("after %d attempts: %w", len(q.Backoff)+1, err))
}

// Close stops taking mail and waits, until ctx ends, for what is queued to be sent.
func (q *Queue) Close(ctx context.Context) error {
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.pending)
	}
	q.mu.Unlock()
	done := make(chan struct{})
	go func() { q.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("mail still queued at shutdown: %w", ctx.Err())
	}
}
