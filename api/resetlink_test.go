package shop_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"shop"
	"shop/internal/reqid"
)

// linkUsers holds one account.
type linkUsers struct{ user shop.User }

func (u *linkUsers) FindUserByEmail(_ context.Context, email string) (*shop.User, error) {
	if email != u.user.Email {
		return nil, shop.Errorf(shop.ENOTFOUND, "no account")
	}
	return &u.user, nil
}
func (u *linkUsers) FindUserByID(context.Context, string) (*shop.User, error) { return &u.user, nil }
func (u *linkUsers) SetPassword(context.Context, string, string) error        { return nil }

// heldTokens keeps each link's issue time, each save waiting until the test lets it go.
type heldTokens struct {
	mu      sync.Mutex
	release chan struct{}
	saved   []time.Time
}

func (s *heldTokens) SaveResetToken(_ context.Context, _, _ string, now, _ time.Time) error {
	<-s.release
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saved = append(s.saved, now)
	return nil
}
func (s *heldTokens) TakeResetToken(context.Context, string, time.Time) (string, error) {
	return "", shop.Errorf(shop.ENOTFOUND, "no link")
}

// A reset link is made after the answer, so an account's ask is answered as fast as an
// unknown address's (a token saved and a mail queued had told who has an account). Links are
// made in the order they were asked, each dated when it was asked, under its request's id,
// and Drain waits for them all.
func TestResetLinkIsMadeAfterTheAnswer(t *testing.T) {
	clock := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	tokens := &heldTokens{release: make(chan struct{})}
	mails := &sentMails{}
	links := shop.NewResetLinks(shop.ResetLinksConfig{Users: &linkUsers{user: shop.User{ID: "u1", Name: "Asha Rao",
		Email: "asha@shop.test"}}, Tokens: tokens, Mailer: mails, PublicURL: "https://shop.test",
		Logger: quietLog, Now: func() time.Time { clock = clock.Add(time.Minute); return clock }})
	asked := make(chan error, 1)
	go func() {
		ctx, endRequest := context.WithCancel(reqid.With(t.Context(), "reset-req-0001"))
		defer endRequest()
		if err := links.SendLink(ctx, "Asha@Shop.test"); err != nil {
			asked <- err
			return
		}
		asked <- links.SendLink(reqid.With(t.Context(), "reset-req-0002"), "asha@shop.test")
	}()
	select {
	case err := <-asked:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SendLink waited for the store to save the link")
	}
	drained := make(chan error, 1)
	go func() { drained <- links.Drain(t.Context()) }()
	select {
	case <-drained:
		t.Fatal("Drain returned before the links were made")
	case <-time.After(50 * time.Millisecond):
	}
	close(tokens.release)
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	first, second := clock.Add(-time.Minute), clock
	if len(tokens.saved) != 2 || !tokens.saved[0].Equal(first) || !tokens.saved[1].Equal(second) {
		t.Fatalf("links dated %v, want %v then %v", tokens.saved, first, second)
	}
	if len(mails.sent) != 2 || mails.requests[0] != "reset-req-0001" || mails.requests[1] != "reset-req-0002" {
		t.Fatalf("%d mails under requests %q, want two, in the order asked", len(mails.sent), mails.requests)
	}
}
