// Package freeport finds a loopback port for the shop's tools and tests to start a shopd on.
package freeport

import (
	"net"
	"strconv"
)

// Loopback answers a port on 127.0.0.1 that the kernel says is free now. Another process may
// take it before it is used; the tools that start shopd on it say so when shopd cannot listen.
func Loopback() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), nil
}
