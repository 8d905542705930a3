package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
)

// With MONGO_URI set, several shopd processes may serve one store behind a balancer: the
// failure limits are kept in the store, so a guesser who spreads the guesses over them gets no
// more than one process would give.
func TestFailureLimitsAreSharedByProcesses(t *testing.T) {
	start := shopdsOnOneStore(t)
	a, b := start(), start()
	login := func(base, password string) (int, string) {
		raw, _ := json.Marshal(map[string]string{"email": "admin@shop.test", "password": password})
		res, err := http.Post(base+"/api/v1/auth/login", "application/json", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		return res.StatusCode, res.Header.Get("Retry-After")
	}
	for i := range 10 {
		base := []string{a, b}[i%2]
		if st, _ := login(base, "wrong-pass"); st != http.StatusUnauthorized {
			t.Fatalf("failure %d answered %d, want 401", i+1, st)
		}
	}
	for _, base := range []string{a, b} {
		st, wait := login(base, "admin123")
		if st != http.StatusTooManyRequests || wait == "" {
			t.Errorf("%s after 10 failures spread over two processes: %d (Retry-After %q), want 429", base, st, wait)
		}
	}
}
