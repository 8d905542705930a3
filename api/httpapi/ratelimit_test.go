package httpapi

import (
	"testing"
	"time"
)

func TestLimiterWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(3, 15*time.Minute, func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if b, _ := l.blocked("k"); b {
			t.Fatalf("blocked after %d hits", i)
		}
		l.hit("k")
	}
	b, wait := l.blocked("k")
	if !b || wait != 15*time.Minute {
		t.Fatalf("blocked=%v wait=%v, want true 15m", b, wait)
	}
	if b, _ := l.blocked("other"); b {
		t.Fatal("another key is blocked")
	}
	now = now.Add(15 * time.Minute)
	if b, _ := l.blocked("k"); b {
		t.Fatal("still blocked after the window")
	}
	l.hit("k")
	l.reset("k")
	if b, _ := l.blocked("k"); b {
		t.Fatal("blocked after reset")
	}
}
