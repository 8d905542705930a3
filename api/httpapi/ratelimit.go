package httpapi

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

// limiter counts events per key in fixed windows, in memory, per process.
type limiter struct {
	max    int
	window time.Duration
	now    func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	count int
	start time.Time
}

func newLimiter(max int, window time.Duration, now func() time.Time) *limiter {
	return &limiter{max: max, window: window, now: now, buckets: map[string]*bucket{}}
}

// blocked reports whether key has used up its window, and how long until it frees up.
func (l *limiter) blocked(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	if b == nil || b.count < l.max {
		return false, 0
	}
	return true, b.start.Add(l.window).Sub(l.now())
}

// hit counts one event for key.
func (l *limiter) hit(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	if b == nil {
		b = &bucket{start: l.now()}
		l.buckets[key] = b
	}
	b.count++
}

// reset forgets key (a successful sign-in clears its failures).
func (l *limiter) reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.buckets, key)
}

// current returns key's bucket if its window is still open; it also drops expired buckets
// now and then so memory stays bounded by the keys of one window.
func (l *limiter) current(key string) *bucket {
	now := l.now()
	if now.Sub(l.sweep) > l.window {
		for k, b := range l.buckets {
			if now.Sub(b.start) >= l.window {
				delete(l.buckets, k)
			}
		}
		l.sweep = now
	}
	b := l.buckets[key]
	if b == nil || now.Sub(b.start) >= l.window {
		return nil
	}
	return b
}

// failureLimits bound failed credential checks (sign-in, password reset) per email+IP and
// per IP, so neither one account nor one address can be guessed at without end.
type failureLimits struct {
	byEmail, byIP *limiter
	message       string // the 429 answer
}

func newFailureLimits(perEmail, perIP int, window time.Duration, now func() time.Time, message string) *failureLimits {
	return &failureLimits{byEmail: newLimiter(perEmail, window, now), byIP: newLimiter(perIP, window, now), message: message}
}

// attempt runs check unless a limit is used up (ETOOMANY, with Retry-After set). A check
// failing with EUNAUTHORIZED counts against both limits; a success clears the email's count.
func (f *failureLimits) attempt(c *gin.Context, email string, check func() error) error {
	ip := c.ClientIP()
	emailKey := strings.ToLower(strings.TrimSpace(email)) + "|" + ip
	for _, l := range []struct {
		lim *limiter
		key string
	}{{f.byEmail, emailKey}, {f.byIP, ip}} {
		if blocked, wait := l.lim.blocked(l.key); blocked {
			return tooMany(f.message, wait, c)
		}
	}
	err := check()
	switch {
	case shop.ErrorCode(err) == shop.EUNAUTHORIZED:
		f.byEmail.hit(emailKey)
		f.byIP.hit(ip)
	case err == nil:
		f.byEmail.reset(emailKey)
	}
	return err
}

// tooMany sets Retry-After and returns the ETOOMANY error to answer.
func tooMany(message string, wait time.Duration, c *gin.Context) error {
	c.Header("Retry-After", strconv.Itoa(max(int(math.Ceil(wait.Seconds())), 1)))
	return shop.Errorf(shop.ETOOMANY, "%s", message)
}
