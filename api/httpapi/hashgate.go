package httpapi

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

// hashGate bounds the requests that run bcrypt at once (sign-in, password reset, sign-up, a
// change of password or answer). bcrypt is slow on purpose: a burst of bad sign-ins would take
// every core, and then health checks and the store's answers would time out with it. A request
// waits for a slot for at most patience, then is answered 429 with Retry-After.
type hashGate struct {
	slots    chan struct{}
	patience time.Duration
}

// defaultHashPatience is how long a request waits for a bcrypt slot before its 429. A sign-up
// hashes twice (password and answer, about 55 ms each at bcrypt's default cost on this
// project's 2-core machine), so two cores take about 18 sign-ups a second: at 2 s, a burst of
// 50 sign-ups as a sale opens had a third of them refused. At 10 s a burst of 100 sign-ups or
// 300 sign-ins is served, while a flood beyond that is still refused rather than queued
// without end.
const defaultHashPatience = 10 * time.Second

func newHashGate(slots int, patience time.Duration) *hashGate {
	return &hashGate{slots: make(chan struct{}, max(slots, 1)), patience: patience}
}

var errBusy = shop.Errorf(shop.ETOOMANY, "The shop is busy checking passwords. Please try again in a moment.")

// run runs check, which hashes or compares secrets, once a slot is free; not at all when
// the caller has left meanwhile, so a storm of abandoned sign-ins spends no core on bcrypt.
func (g *hashGate) run(c *gin.Context, check func() error) error {
	caller := callerContext(c)
	timer := time.NewTimer(g.patience)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
	case <-timer.C:
		c.Header("Retry-After", "1")
		return errBusy
	case <-caller.Done():
		return caller.Err()
	}
	defer func() { <-g.slots }()
	if err := caller.Err(); err != nil {
		return err
	}
	return check()
}
