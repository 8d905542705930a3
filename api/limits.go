package shop

import (
	"context"
	"time"
)

// AttemptCounter counts attempts per key in fixed windows: the failure limits of sign-in and
// password reset, and the sign-up limit. One in memory serves one process; one kept in the
// store is shared by every process on that store, so a second process is no second chance.
type AttemptCounter interface {
	// Reserve counts one attempt for key unless max are counted in its open window already:
	// then it answers false and how long until that window closes. A window opens with its
	// first attempt and lasts window.
	Reserve(ctx context.Context, key string, max int, window time.Duration) (ok bool, wait time.Duration, err error)
	// Release takes back one reserved attempt that turned out not to count.
	Release(ctx context.Context, key string) error
	// Clear forgets key's open window: none of its attempts count any more.
	Clear(ctx context.Context, key string) error
}
