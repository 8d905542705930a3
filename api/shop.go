// Package shop is the domain of the clothing shop: its types, the services that act on them,
// and the error kinds they return. It imports neither the HTTP framework nor the store driver:
// httpapi (transport), mongostore (storage) and payment (card gateways) depend on it, not the
// other way round.
package shop

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Roles of a user. Any role other than RoleAdmin is a shopper.
const (
	RoleUser  = 0
	RoleAdmin = 1
)

// requireText trims s and checks it is one line of UTF-8 text that shows something and is at
// most max characters long. Text that shows nothing (only zero-width or other invisible
// characters) counts as missing: it would pass for a name no one can see or tell apart.
func requireText(field, s string, max int) (string, error) { return checkText(field, s, max, false) }

// requireLines is requireText for text that may run over several lines and hold tabs: an
// address, a description.
func requireLines(field, s string, max int) (string, error) { return checkText(field, s, max, true) }

func checkText(field, s string, max int, lines bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", Errorf(EINVALID, "%s must be UTF-8 text.", field)
	}
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, visible) < 0 {
		return "", Errorf(EINVALID, "%s is required.", field)
	}
	if utf8.RuneCountInString(s) > max {
		return "", Errorf(EINVALID, "%s must be at most %d characters.", field, max)
	}
	control := func(r rune) bool { return unicode.IsControl(r) && !(lines && (r == '\n' || r == '\r' || r == '\t')) }
	if strings.IndexFunc(s, control) >= 0 {
		if lines {
			return "", Errorf(EINVALID, "%s must not contain control characters.", field)
		}
		return "", Errorf(EINVALID, "%s must be one line, without control characters.", field)
	}
	return s, nil
}

// visible reports runes that show on the page.
func visible(r rune) bool { return !invisible(r) && !unicode.IsSpace(r) }
