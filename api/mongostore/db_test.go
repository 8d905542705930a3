package mongostore_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"shop/mongostore"
)

// TestOpenGivesUpOnAStoreThatNeverAnswers: shopd retries an unreachable store with backoff for
// its connect timeout, then stops with a message naming the address, not a hang or a panic.
func TestOpenGivesUpOnAStoreThatNeverAnswers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now

	begin := time.Now()
	_, err = mongostore.Open(context.Background(), "mongodb://"+addr+"/?serverSelectionTimeoutMS=300", "shop",
		mongostore.Options{ConnectTimeout: 2 * time.Second})
	took := time.Since(begin)
	if err == nil {
		t.Fatal("Open answered a store that is not there")
	}
	if !strings.Contains(err.Error(), "did not answer within 2s") || !strings.Contains(err.Error(), addr) {
		t.Errorf("error %q does not say which store failed and for how long", err)
	}
	if took < time.Second || took > 10*time.Second {
		t.Errorf("gave up after %s; want about the 2 s connect timeout", took)
	}
}
