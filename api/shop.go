// Package shop is the domain of the clothing shop: its types, the services that act on them,
// and the error kinds they return. It imports neither the HTTP framework nor the store driver:
// httpapi (transport), mongostore (storage) and payment (card gateways) depend on it, not the
// other way round.
package shop

import (
	"strings"
	"unicode/utf8"
)

// Roles of a user. Any role other than RoleAdmin is a shopper.
const (
	RoleUser  = 0
	RoleAdmin = 1
)

// requireText trims s and checks it is present and at most max characters long.
func requireText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", Errorf(EINVALID, "%s is required.", field)
	}
	if utf8.RuneCountInString(s) > max {
		return "", Errorf(EINVALID, "%s must be at most %d characters.", field, max)
	}
	return s, nil
}
