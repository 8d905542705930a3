package httpapi

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

// hashGate bounds the requests that run bcrypt at once (sign-in, password reset, sign-up, a
// change of password or answer). bcrypt is slow on purpose: a burst of bad sign-ins would take
// every core, and then health checks and the store's answers would time out with it. A request
// waits for a slot for at most patience, then is answered 429 with Retry-After.
//
// Waiting requests are served by turns, one per account: a shopper flooding the shop with
// correct passwords (which no failure limit counts) queues behind itself, and another
// account's sign-in is served within one check of each account waiting, not after the flood.
type hashGate struct {
	patience time.Duration

	mu      sync.Mutex
	free    int                      // slots no check holds
	waiting map[string][]*hashWaiter // each account's waiting requests, oldest first
	turns   []string                 // the accounts with a request waiting, next served first
}

type hashWaiter struct{ granted chan struct{} }

// defaultHashPatience is how long a request waits for a bcrypt slot before its 429. A sign-up
// hashes twice (password and answer, about 55 ms each at bcrypt's default cost on this
// project's 2-core machine), so two cores take about 18 sign-ups a second: at 2 s, a burst of
// 50 sign-ups as a sale opens had a third of them refused. At 10 s a burst of 100 sign-ups or
// 300 sign-ins is served, while a flood beyond that is still refused rather than queued
// without end.
const defaultHashPatience = 10 * time.Second

func newHashGate(slots int, patience time.Duration) *hashGate {
	return &hashGate{free: max(slots, 1), patience: patience, waiting: map[string][]*hashWaiter{}}
}

var errBusy = shop.Errorf(shop.ETOOMANY, "The shop is busy checking passwords. Please try again in a moment.")

// run runs check, which hashes or compares the secrets of account, once a slot is its turn;
// not at all when the caller has left meanwhile, so a storm of abandoned sign-ins spends no
// core on bcrypt. account names whose turn it is: an email, a user id, or the client's
// address for a call that names no account.
func (g *hashGate) run(c *gin.Context, account string, check func() error) error {
	caller := callerContext(c)
	if err := g.acquire(caller, account); err != nil {
		if err == errBusy {
			c.Header("Retry-After", "1")
		}
		return err
	}
	defer g.release()
	if err := caller.Err(); err != nil {
		return err
	}
	return check()
}

// acquire takes a slot for account: at once when one is free and nobody waits, else at its
// turn. It gives up with errBusy after the gate's patience, or with the caller.
func (g *hashGate) acquire(caller context.Context, account string) error {
	g.mu.Lock()
	if g.free > 0 && len(g.turns) == 0 {
		g.free--
		g.mu.Unlock()
		return nil
	}
	w := &hashWaiter{granted: make(chan struct{}, 1)}
	if len(g.waiting[account]) == 0 {
		g.turns = append(g.turns, account)
	}
	g.waiting[account] = append(g.waiting[account], w)
	g.mu.Unlock()

	timer := time.NewTimer(g.patience)
	defer timer.Stop()
	var err error
	select {
	case <-w.granted:
		return nil
	case <-timer.C:
		err = errBusy
	case <-caller.Done():
		err = caller.Err()
	}
	g.mu.Lock()
	left := g.leave(account, w)
	g.mu.Unlock()
	if !left {
		// The slot was handed over as the wait ended: pass it on.
		g.release()
	}
	return err
}

// leave takes w out of the queue, and reports whether it was still waiting there. g.mu is held.
func (g *hashGate) leave(account string, w *hashWaiter) bool {
	queue := g.waiting[account]
	i := slices.Index(queue, w)
	if i < 0 {
		return false
	}
	queue = slices.Delete(queue, i, i+1)
	if len(queue) > 0 {
		g.waiting[account] = queue
		return true
	}
	delete(g.waiting, account)
	g.turns = slices.DeleteFunc(g.turns, func(a string) bool { return a == account })
	return true
}

// release hands a slot to the oldest request of the account whose turn it is, and moves that
// account to the back of the turns while it has more waiting; with nobody waiting, the slot is free.
func (g *hashGate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.turns) == 0 {
		g.free++
		return
	}
	account := g.turns[0]
	g.turns = g.turns[1:]
	queue := g.waiting[account]
	next := queue[0]
	if rest := queue[1:]; len(rest) > 0 {
		g.waiting[account] = rest
		g.turns = append(g.turns, account)
	} else {
		delete(g.waiting, account)
	}
	next.granted <- struct{}{}
}

// emailTurn is the turn of a call that names its account by email. A text that is no email
// names no account: it waits with the other calls from its address.
func emailTurn(c *gin.Context, email string) string {
	if normalized, ok := limitedEmail(email); ok {
		return "email|" + normalized
	}
	return addressTurn(c)
}

// addressTurn is the turn of a call whose account is not known before its check (a reset link's token).
func addressTurn(c *gin.Context) string { return "address|" + c.ClientIP() }

// userTurn is the turn of a signed-in user's change of secrets.
func userTurn(id string) string { return "user|" + id }
