package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// A sign-in whose caller leaves while it waits for a bcrypt slot is never checked: a storm of
// abandoned sign-ins spends no core on them. It leaves as a sign-in (a POST), whose context
// otherwise runs on to the end of its write.
func TestAHashWaitEndsWhenTheCallerLeaves(t *testing.T) {
	gin.SetMode(gin.TestMode)
	g := newHashGate(1, time.Minute)
	if err := g.acquire(context.Background(), "holder"); err != nil { // every slot taken
		t.Fatal(err)
	}
	checked := false
	var err error
	e := gin.New()
	e.POST("/login", writesRunToTheirEnd, func(c *gin.Context) {
		err = g.run(c, "asha", func() error { checked = true; return nil })
	})
	caller, leave := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, leave)
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(caller, http.MethodPost, "/login", nil))
	if err == nil || checked {
		t.Fatalf("run = %v, checked %v; want the wait to end with the caller, unchecked", err, checked)
	}
	assertGateIdle(t, g, 0)

	g.release() // a slot frees: a caller that has left by then is still not checked
	gone, leaveNow := context.WithCancel(context.Background())
	leaveNow()
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(gone, http.MethodPost, "/login", nil))
	if err == nil || checked {
		t.Fatalf("run = %v, checked %v; want a caller who left unchecked", err, checked)
	}
	assertGateIdle(t, g, 1)
}

// One account sending request after request with its right password (which no failure limit
// counts) queued every other sign-in behind its flood, until they timed out with a 429. Waiting
// requests are served an account at a time: another account's waits for one of the flood's.
func TestAnAccountsFloodOfHashChecksDoesNotStarveAnother(t *testing.T) {
	g := newHashGate(1, time.Minute)
	if err := g.acquire(context.Background(), "holder"); err != nil {
		t.Fatal(err)
	}
	served := make(chan string)
	done := make(chan struct{})
	var running sync.WaitGroup
	wait := func(account string, queued int) {
		running.Go(func() {
			if err := g.acquire(context.Background(), account); err != nil {
				served <- "error: " + err.Error()
				return
			}
			served <- account
			<-done
			g.release()
		})
		waitForWaiting(t, g, queued)
	}
	for i := 1; i <= 5; i++ {
		wait("flood", i)
	}
	wait("shopper", 6)
	wait("flood", 7)

	g.release()
	var order []string
	for range 7 {
		order = append(order, <-served)
		done <- struct{}{}
	}
	running.Wait()
	want := []string{"flood", "shopper", "flood", "flood", "flood", "flood", "flood"}
	if !equalStrings(order, want) {
		t.Fatalf("served %v; want %v", order, want)
	}
	assertGateIdle(t, g, 1)
}

// A request that waits past the gate's patience is answered busy and leaves no trace in the queue.
func TestAHashWaitPastItsPatienceIsBusy(t *testing.T) {
	g := newHashGate(1, 10*time.Millisecond)
	if err := g.acquire(context.Background(), "holder"); err != nil {
		t.Fatal(err)
	}
	if err := g.acquire(context.Background(), "asha"); !errors.Is(err, errBusy) {
		t.Fatalf("acquire = %v; want errBusy", err)
	}
	assertGateIdle(t, g, 0)
	g.release()
	assertGateIdle(t, g, 1)
}

func waitForWaiting(t *testing.T, g *hashGate, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		g.mu.Lock()
		queued := 0
		for _, q := range g.waiting {
			queued += len(q)
		}
		g.mu.Unlock()
		if queued == n {
			return
		}
	}
	t.Fatalf("never %d requests waiting", n)
}

func assertGateIdle(t *testing.T, g *hashGate, free int) {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.waiting) != 0 || len(g.turns) != 0 || g.free != free {
		t.Fatalf("gate: waiting %v, turns %v, free %d; want nobody waiting and %d free", g.waiting, g.turns, g.free, free)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
