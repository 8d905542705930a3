// Package shop is the domain of the clothing shop: its types, the services that act on them,
// and the error kinds they return. It imports neither the HTTP framework nor the store driver:
// httpapi (transport), mongostore (storage) and payment (card gateways) depend on it, not the
// other way round.
package shop

import (
	"net/mail"
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

// NormalizeEmail trims and lower-cases an email and checks its form.
func NormalizeEmail(email string) (string, error) {
	e, err := requireText("Email", email, 254)
	if err != nil {
		return "", err
	}
	e = strings.ToLower(e)
	addr, perr := mail.ParseAddress(e)
	if perr != nil || addr.Address != e || !strings.Contains(e[strings.LastIndex(e, "@"):], ".") {
		return "", Errorf(EINVALID, "Email must be a valid email address.")
	}
	return e, nil
}
