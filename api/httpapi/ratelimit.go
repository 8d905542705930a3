package httpapi

import (
	"context"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/internal/holds"
)

// memoryCounter counts attempts per key in fixed windows, in this process's memory.
type memoryCounter struct {
	now func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	count int
	ends  time.Time
}

var _ shop.AttemptCounter = (*memoryCounter)(nil)

func newMemoryCounter(now func() time.Time) *memoryCounter {
	return &memoryCounter{now: now, buckets: map[string]*bucket{}}
}

// sweepEvery is how often expired buckets are dropped, so memory stays bounded by the keys
// of the open windows.
const sweepEvery = time.Minute

// Reserve counts one attempt for key unless its window is used up.
func (m *memoryCounter) Reserve(_ context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if now.Sub(m.sweep) > sweepEvery {
		for k, b := range m.buckets {
			if !now.Before(b.ends) {
				delete(m.buckets, k)
			}
		}
		m.sweep = now
	}
	b := m.buckets[key]
	if b == nil || !now.Before(b.ends) {
		b = &bucket{ends: now.Add(window)}
		m.buckets[key] = b
	}
	if b.count >= max {
		return false, b.ends.Sub(now), nil
	}
	b.count++
	return true, 0, nil
}

// Release takes back one attempt of key's open window; a window given back to nought goes, or
// one would stay for each account a client names (most attempts are given back: every
// sign-in that did not fail).
func (m *memoryCounter) Release(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b := m.buckets[key]; b != nil && b.count > 0 {
		if b.count--; b.count == 0 {
			delete(m.buckets, key)
		}
	}
	return nil
}

// Clear forgets key's open window.
func (m *memoryCounter) Clear(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.buckets, key)
	return nil
}

// failureLimits bound failed credential checks per account (with the address) and per
// address, so neither one account nor one address can be guessed at without end.
type failureLimits struct {
	counter       shop.AttemptCounter
	name          string // keeps these keys apart from other limits' in a shared counter
	perKey, perIP int    // 0: no limit per account (with the address), or per address
	window        time.Duration
	message       string           // the 429 answer
	failed        func(error) bool // which outcomes of the check count as failures
	// byID: accounts are named by the signed-in user's id; otherwise by the email the client
	// typed, and a text that is no email names no account and gets no count of its own.
	byID bool
	// running counts this process's attempts whose checks have not ended, per key.
	running *holds.Holds[string]
}

// attemptWait bounds how long an attempt refused while others of its account or address are
// still being checked waits for them to end, before its 429.
const attemptWait = 10 * time.Second

// unauthorized is the usual failure: wrong credentials.
func unauthorized(err error) bool { return shop.ErrorCode(err) == shop.EUNAUTHORIZED }

// attempt runs check unless a limit is used up (ETOOMANY, with Retry-After set). The attempt
// is counted before check runs, so parallel attempts cannot all pass a limit that each one
// alone sees unused; a check that did not fail gives its count back. A success does not wipe
// the failures before it: they stay counted for their window, whatever raced with them.
// A limit used up only while other attempts of this process are still being checked is not
// yet a refusal: the attempt waits for them to end (a success gives its count back), so
// twenty shoppers signing in to one account at once are all let in, while no more than the
// limit of wrong passwords are ever checked.
//
// The address's count comes first: an address past its limit leaves no count behind for the
// accounts it names. Those counts live in memory (or a store) for their window, and were
// made, before, for any text sent as an email: a client sending a megabyte of random
// "email" in each sign-in grew the server by 1.6 MB a request, past every limit.
func (f *failureLimits) attempt(c *gin.Context, account string, check func() error) error {
	ctx := c.Request.Context()
	keys := []struct {
		key string
		max int
	}{{f.name + "|ip|" + c.ClientIP(), f.perIP}}
	if key, ok := f.accountKey(c, account); ok {
		keys = append(keys, struct {
			key string
			max int
		}{key, f.perKey})
	}
	// Giving back must not fail because the client went away.
	keep := context.WithoutCancel(ctx)
	var reserved []string
	giveBack := func() {
		for _, k := range reserved {
			if err := f.counter.Release(keep, k); err != nil {
				logger(c).WarnContext(c.Request.Context(), "give back a reserved attempt", "err", err)
			}
		}
	}
	// Each reserved count is held (running) until its check ended and it was given back or kept.
	defer func() {
		for _, k := range reserved {
			f.running.Settle(k, 1)
		}
	}()
	deadline := time.Now().Add(attemptWait)
	for _, k := range keys {
		if k.max == 0 {
			continue
		}
		for {
			mark := f.running.Mark()
			f.running.Hold(k.key, 1)
			ok, wait, err := f.counter.Reserve(ctx, k.key, k.max, f.window)
			if err == nil && ok {
				break
			}
			f.running.Drop(k.key, 1)
			if err != nil {
				giveBack()
				return err
			}
			if !f.running.AwaitSettled(ctx, k.key, mark, deadline) {
				giveBack()
				return tooMany(f.message, wait, c)
			}
		}
		reserved = append(reserved, k.key)
	}
	err := check()
	if !f.failed(err) {
		giveBack()
	}
	return err
}

// accountKey is the counter's key of the account's failures from the client's address, and
// whether the account is one the check can match at all.
func (f *failureLimits) accountKey(c *gin.Context, account string) (string, bool) {
	name, ok := account, f.byID
	if !f.byID {
		name, ok = limitedEmail(account)
	}
	return f.name + "|" + name + "|" + c.ClientIP(), ok
}

// forgive forgets the account's failures from the client's address: whoever proved they own
// the account (a password reset) must not stay locked out of it by their own guesses. The
// address's own limit keeps counting.
func (f *failureLimits) forgive(c *gin.Context, account string) {
	key, ok := f.accountKey(c, account)
	if !ok {
		return
	}
	if err := f.counter.Clear(context.WithoutCancel(c.Request.Context()), key); err != nil {
		logger(c).WarnContext(c.Request.Context(), "forget the failed attempts of an account", "limit", f.name, "err", err)
	}
}

// limitedEmail is the form of an email its limit is kept under: the one the store looks it up
// by, so that "ＡＳＨＡ@example.com" spends the same attempts as "asha@example.com" rather than
// buying ten more guesses at that one account. A text that is no email is refused before
// any account is looked at: it has none.
func limitedEmail(account string) (string, bool) {
	email, err := shop.NormalizeEmail(account)
	return email, err == nil
}

// tooMany sets Retry-After and returns the ETOOMANY error to answer.
func tooMany(message string, wait time.Duration, c *gin.Context) error {
	c.Header("Retry-After", strconv.Itoa(max(int(math.Ceil(wait.Seconds())), 1)))
	return shop.Errorf(shop.ETOOMANY, "%s", message)
}
