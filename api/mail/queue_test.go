package mail_test

import (
	"context"
	"log/slog"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"shop"
	"shop/internal/logbuf"
	"shop/internal/reqid"
	shopmail "shop/mail"
)

// picky refuses some recipients: for a while (451) or for good (550).
type picky struct {
	mu       sync.Mutex
	tries    map[string]int
	sent     []string
	sentNext chan string
	refused  chan string // each refusal's address, as it is answered
}

func newPicky() *picky {
	return &picky{tries: map[string]int{}, sentNext: make(chan string, 10), refused: make(chan string, 10)}
}

func (p *picky) Send(_ context.Context, m shop.Mail) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tries[m.To]++
	switch {
	case strings.HasPrefix(m.To, "busy"):
		p.noteRefusal(m.To)
		return &textproto.Error{Code: 451, Msg: "mailbox busy, try later"}
	case strings.HasPrefix(m.To, "gone"):
		p.noteRefusal(m.To)
		return &textproto.Error{Code: 550, Msg: "no such mailbox"}
	}
	p.sent = append(p.sent, m.To)
	p.sentNext <- m.To
	return nil
}

func (p *picky) noteRefusal(to string) {
	select {
	case p.refused <- to:
	default: // nobody waits for it
	}
}

func (p *picky) triesOf(to string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tries[to]
}

// A message the server keeps refusing waits for its retry aside: mail sent after it goes out
// at once instead of queueing behind its pauses.
func TestARefusedMessageHoldsUpNoOther(t *testing.T) {
	p := newPicky()
	var logs logbuf.Buffer
	q := shopmail.NewQueue(p, "test", slog.New(slog.NewTextHandler(&logs, nil)))
	q.Backoff = []time.Duration{time.Hour}
	_ = q.Send(t.Context(), shop.Mail{To: "busy@shop.test", Subject: "reset"})
	_ = q.Send(t.Context(), shop.Mail{To: "asha@shop.test", Subject: "order"})
	// Four workers send: the second message may go before the first is even tried. Both
	// happen, and the second does not wait for the first's retry, an hour away.
	for sent, refused := false, false; !sent || !refused; {
		select {
		case to := <-p.sentNext:
			if to != "asha@shop.test" {
				t.Fatalf("sent to %s, want asha@shop.test", to)
			}
			sent = true
		case <-p.refused:
			refused = true
		case <-time.After(10 * time.Second):
			t.Fatalf("the second message waited behind the first's retry (sent %v, first refused %v); log:\n%s",
				sent, refused, logs.String())
		}
	}
	if n := p.triesOf("busy@shop.test"); n != 1 {
		t.Errorf("the refused message was tried %d times before its pause ended, want 1", n)
	}
	// The shop stops once the refused message is set aside for its retry, an hour away: the
	// stop tries it at once rather than wait for the pause, and gives it up when refused again.
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "retrying"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the refused message was not set aside for a retry:\n%s", logs.String())
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := q.Close(ctx); err != nil {
		t.Errorf("Close = %v; want every message settled without waiting for the retry's pause", err)
	}
	if n := p.triesOf("busy@shop.test"); n != 2 {
		t.Errorf("the refused message was tried %d times in all, want 2 (its retry at the stop)", n)
	}
	if !strings.Contains(logs.String(), "after 2 attempts") || !strings.Contains(logs.String(), "busy@shop.test") {
		t.Errorf("the message given up at the stop is not logged:\n%s", logs.String())
	}
}

// slowRefuser refuses for a while (451), answering only once the test lets it.
type slowRefuser struct {
	sending chan struct{}
	answer  chan struct{}
}

func (s *slowRefuser) Send(context.Context, shop.Mail) error {
	s.sending <- struct{}{}
	<-s.answer
	return &textproto.Error{Code: 451, Msg: "mailbox busy, try later"}
}

// A message whose try outlasts the stop's wait is given up when its refusal comes, and said
// so, rather than set aside for a retry nobody will make.
func TestAMessageRefusedAfterTheStopGaveUpIsLogged(t *testing.T) {
	s := &slowRefuser{sending: make(chan struct{}, 1), answer: make(chan struct{})}
	var logs logbuf.Buffer
	q := shopmail.NewQueue(s, "test", slog.New(slog.NewTextHandler(&logs, nil)))
	_ = q.Send(t.Context(), shop.Mail{To: "asha@shop.test", Subject: "order"})
	<-s.sending
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if err := q.Close(ctx); err == nil {
		t.Error("Close = nil while a message was still being sent, want the shutdown reported")
	}
	close(s.answer)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "the shop stopped before its retry"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the message refused after the stop is not logged as given up:\n%s", logs.String())
		}
	}
	if strings.Contains(logs.String(), "retrying") {
		t.Errorf("a retry was promised after the stop:\n%s", logs.String())
	}
}

// A permanent refusal (5xx) is not tried again: retrying cannot help, and each try would
// hold a worker.
func TestAPermanentRefusalIsNotRetried(t *testing.T) {
	p := newPicky()
	var logs logbuf.Buffer
	q := shopmail.NewQueue(p, "test", slog.New(slog.NewTextHandler(&logs, nil)))
	q.Backoff = []time.Duration{time.Millisecond, time.Millisecond}
	_ = q.Send(t.Context(), shop.Mail{To: "gone@shop.test", Subject: "order"})
	if err := q.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := p.triesOf("gone@shop.test"); n != 1 {
		t.Errorf("tried %d times, want 1", n)
	}
	if !strings.Contains(logs.String(), "mail not sent: refused") || strings.Contains(logs.String(), "retrying") {
		t.Errorf("log does not say the message was refused for good:\n%s", logs.String())
	}
}

// A message refused for a while is tried again after its pause and sent before Close returns.
func TestAMessageRefusedForAWhileIsRetried(t *testing.T) {
	p := newPicky()
	var logs logbuf.Buffer
	q := shopmail.NewQueue(p, "test", slog.New(slog.NewTextHandler(&logs, nil)))
	q.Backoff = []time.Duration{time.Millisecond, time.Millisecond}
	_ = q.Send(t.Context(), shop.Mail{To: "busy@shop.test", Subject: "order"})
	if err := q.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := p.triesOf("busy@shop.test"); n != 3 {
		t.Errorf("tried %d times, want 3 (the first and two retries)", n)
	}
	if !strings.Contains(logs.String(), "after 3 attempts") {
		t.Errorf("the lost message is not logged with its attempts:\n%s", logs.String())
	}
}

// What is logged of a message names the request that sent it, though the request has ended by
// then: a shopper's missing reset mail is traced by the id of their request.
func TestAMessageIsLoggedWithItsRequestID(t *testing.T) {
	p := newPicky()
	var logs logbuf.Buffer
	q := shopmail.NewQueue(p, "test", slog.New(reqid.Handler(slog.NewTextHandler(&logs, nil))))
	q.Backoff = []time.Duration{time.Millisecond}
	ctx, endRequest := context.WithCancel(reqid.With(t.Context(), "reset-req-0001"))
	_ = q.Send(ctx, shop.Mail{To: "busy@shop.test", Subject: "reset"})
	_ = q.Send(ctx, shop.Mail{To: "asha@shop.test", Subject: "reset"})
	endRequest()
	if err := q.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"mail not sent yet; retrying", "mail not sent"} {
		if !strings.Contains(logs.String(), "msg=\""+line+"\"") {
			t.Fatalf("no line %q in the log:\n%s", line, logs.String())
		}
	}
	for line := range strings.Lines(logs.String()) {
		if !strings.Contains(line, "request_id=reset-req-0001") {
			t.Errorf("a line without the request's id: %s", line)
		}
	}
	if got := p.triesOf("asha@shop.test"); got != 1 {
		t.Errorf("the mail of an ended request was tried %d times, want 1", got)
	}
}
