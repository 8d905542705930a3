package freeport_test

import (
	"net"
	"testing"

	"shop/internal/freeport"
)

func TestLoopbackAnswersAPortThatCanBeListenedOn(t *testing.T) {
	port, err := freeport.Loopback()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatalf("port %s answered as free: %v", port, err)
	}
	ln.Close()
}
