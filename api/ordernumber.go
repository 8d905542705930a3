package shop

import (
	"crypto/rand"
	"strings"
)

// crockford is Crockford's base32 alphabet: no I, L, O or U, so a number read aloud or typed
// from a receipt is not mistaken.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewOrderNumber answers a random order number: CS- and 8 Crockford base32 characters
// (40 random bits). The store keeps numbers unique and draws again on a clash.
func NewOrderNumber() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on the supported platforms
	var sb strings.Builder
	sb.WriteString("CS-")
	for _, c := range b {
		sb.WriteByte(crockford[c&31])
	}
	return sb.String()
}
