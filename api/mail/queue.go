package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/textproto"
	"sync"
	"time"

	"shop"
)

// Sender delivers one message now: SMTP or Outbox.
type Sender interface {
	Send(ctx context.Context, m shop.Mail) error
}

// Queue is the shop's Mailer: Send hands the message over and returns at once; background
// workers deliver it, and a failed attempt is tried again after a growing pause, kept aside
// so that one address the server refuses for a while holds up no other mail. A message that
// still cannot be sent, or that the server refuses for good (a 5xx answer), is logged and
// dropped: mail never fails a request.
type Queue struct {
	sender  Sender
	log     *slog.Logger
	what    string // where mail goes, for the log
	pending chan *delivery
	workers sync.WaitGroup
	// unsettled counts the messages taken and neither sent nor given up, waiting ones included.
	unsettled sync.WaitGroup
	mu        sync.Mutex                // guards closed, stopped and waiting
	closed    bool                      // no mail is taken
	stopped   bool                      // Close gave up waiting: no retry is waited for
	waiting   map[*delivery]*time.Timer // messages in their pause before the next attempt
	// Backoff is the pause before each retry; its length is the number of retries.
	Backoff []time.Duration
}

type delivery struct {
	mail shop.Mail
	// ctx carries the values of the request that sent the mail (its id, for the log), not its
	// end: the mail outlives the request.
	ctx      context.Context
	attempts int
}

var _ shop.Mailer = (*Queue)(nil)

const (
	// queueLen bounds the messages waiting to be sent; beyond it a message is logged and dropped.
	queueLen = 1000
	// queueWorkers is how many messages are sent at once: a slow server answering one
	// message does not hold up the others.
	queueWorkers = 4
)

// NewQueue starts a queue sending through sender; what says where mail goes (for the log).
func NewQueue(sender Sender, what string, log *slog.Logger) *Queue {
	q := &Queue{sender: sender, log: log, what: what, pending: make(chan *delivery, queueLen),
		waiting: map[*delivery]*time.Timer{},
		Backoff: []time.Duration{2 * time.Second, 10 * time.Second, time.Minute}}
	for range queueWorkers {
		q.workers.Go(q.work)
	}
	return q
}

// Send queues m for delivery. What is logged of it later names the request of ctx.
func (q *Queue) Send(ctx context.Context, m shop.Mail) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		q.log.ErrorContext(ctx, "mail not sent: the shop is shutting down", "to", m.To, "subject", m.Subject)
		return nil
	}
	q.unsettled.Add(1)
	q.enqueue(&delivery{mail: m, ctx: context.WithoutCancel(ctx)})
	return nil
}

// enqueue hands d to the workers; q.mu is held.
func (q *Queue) enqueue(d *delivery) {
	select {
	case q.pending <- d:
	default:
		q.log.ErrorContext(d.ctx, "mail not sent: too many waiting", "to", d.mail.To, "subject", d.mail.Subject)
		q.unsettled.Done()
	}
}

func (q *Queue) work() {
	for d := range q.pending {
		q.deliver(d)
	}
}

// deliver makes one attempt at d, and sets the next one aside when it may still go through.
func (q *Queue) deliver(d *delivery) {
	m := d.mail
	ctx, cancel := context.WithTimeout(d.ctx, time.Minute)
	err := q.sender.Send(ctx, m)
	cancel()
	d.attempts++
	switch {
	case err == nil:
		q.log.DebugContext(d.ctx, "mail sent", "to", m.To, "subject", m.Subject, "via", q.what)
	case refusedForGood(err):
		q.log.ErrorContext(d.ctx, "mail not sent: refused", "to", m.To, "subject", m.Subject, "via", q.what, "err", err)
	case d.attempts > len(q.Backoff):
		q.log.ErrorContext(d.ctx, "mail not sent", "to", m.To, "subject", m.Subject, "via", q.what,
			"err", fmt.Errorf("after %d attempts: %w", d.attempts, err))
	default:
		q.retryAfter(d, q.Backoff[d.attempts-1], err)
		return
	}
	q.unsettled.Done()
}

// retryAfter queues d again after pause, which failed with err. Once the shop is stopping,
// the retry comes at once: the shop will not be there after the pause.
func (q *Queue) retryAfter(d *delivery, pause time.Duration, err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	m := d.mail
	if q.stopped {
		q.log.ErrorContext(d.ctx, "mail not sent: the shop stopped before its retry", "to", m.To, "subject", m.Subject, "err", err)
		return
	}
	if q.closed {
		pause = 0
	}
	q.log.WarnContext(d.ctx, "mail not sent yet; retrying", "to", m.To, "subject", m.Subject, "in", pause, "err", err)
	if pause == 0 {
		q.enqueue(d)
		return
	}
	q.waiting[d] = time.AfterFunc(pause, func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		if _, ok := q.waiting[d]; !ok {
			return // given up at shutdown
		}
		delete(q.waiting, d)
		q.enqueue(d)
	})
}

// refusedForGood tells a permanent refusal (an SMTP 5xx: no such mailbox, an address the
// server cannot take) from trouble that may pass.
func refusedForGood(err error) bool {
	var smtpErr *textproto.Error
	return errors.As(err, &smtpErr) && smtpErr.Code >= 500 && smtpErr.Code < 600
}

// Close stops taking mail and waits, until ctx ends, for what was taken to be sent or given
// up, retries included. Retries no longer wait for their pause: a message whose next try was
// a minute away is tried now, rather than holding up the stop for nothing. Messages still
// waiting when ctx ends are logged as not sent.
func (q *Queue) Close(ctx context.Context) error {
	q.mu.Lock()
	q.closed = true
	for d, t := range q.waiting {
		t.Stop()
		delete(q.waiting, d)
		q.enqueue(d)
	}
	q.mu.Unlock()
	settled := make(chan struct{})
	go func() { q.unsettled.Wait(); close(settled) }()
	select {
	case <-settled:
		close(q.pending) // nothing is waiting, and nothing new is taken: the workers end
		q.workers.Wait()
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	q.stopped = true // a retry due after this is given up as well
	for d, t := range q.waiting {
		t.Stop()
		delete(q.waiting, d)
		q.log.ErrorContext(d.ctx, "mail not sent: the shop stopped before its retry", "to", d.mail.To, "subject", d.mail.Subject)
	}
	q.mu.Unlock()
	return fmt.Errorf("mail still queued at shutdown: %w", ctx.Err())
}
