package shop

import (
	"errors"
	"fmt"
)

// Error codes. The HTTP layer maps each to one status in one table; an error without a code
// is internal: it is logged and the client sees a generic message.
const (
	EINVALID      = "invalid"      // bad input; the message names the field
	EUNAUTHORIZED = "unauthorized" // no, bad or expired credentials
	EFORBIDDEN    = "forbidden"    // signed in but not allowed
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict" // duplicate, still in use, out of stock
	EDECLINED     = "declined" // the card was declined
	ETOOLARGE     = "too_large"
	EUNSUPPORTED  = "unsupported_media"
	ERANGE        = "range_not_satisfiable" // the part of a file asked for lies past its end
	ETOOMANY      = "too_many_requests"
	EUNAVAILABLE  = "unavailable" // the store does not answer
	EINTERNAL     = "internal"
)

// Error is an error a client may see: its message is a human sentence safe to show.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("shop error: code=%s message=%s", e.Code, e.Message)
}

// Errorf builds an *Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL when there is none.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	}
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a generic sentence.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Something went wrong on our side. Please try again."
}
