package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

// codeStatus is the only place where error codes become HTTP statuses.
var codeStatus = map[string]int{
	shop.EINVALID:      http.StatusBadRequest,
	shop.EUNAUTHORIZED: http.StatusUnauthorized,
	shop.EFORBIDDEN:    http.StatusForbidden,
	shop.ENOTFOUND:     http.StatusNotFound,
	shop.ECONFLICT:     http.StatusConflict,
	shop.EDECLINED:     http.StatusPaymentRequired,
	shop.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	shop.EUNSUPPORTED:  http.StatusUnsupportedMediaType,
	shop.ERANGE:        http.StatusRequestedRangeNotSatisfiable,
	shop.ETOOMANY:      http.StatusTooManyRequests,
	shop.EUNAVAILABLE:  http.StatusServiceUnavailable,
	shop.EINTERNAL:     http.StatusInternalServerError,
}

// statusClientClosedRequest is logged for requests whose client left before the answer (nginx's 499).
const statusClientClosedRequest = 499

// statusOf returns the HTTP status for err.
func statusOf(err error) int {
	if st, ok := codeStatus[shop.ErrorCode(err)]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// fail answers err as {success:false, message}. The client sees only the error's own sentence,
// or a generic one; the request's access line logs an internal error, once, with the request id.
func fail(c *gin.Context, err error, extra ...gin.H) {
	if errors.Is(err, context.Canceled) && callerContext(c).Err() != nil {
		// The client went away mid-request: nobody reads this answer and nothing is wrong here.
		c.AbortWithStatus(statusClientClosedRequest)
		return
	}
	c.Set(failureKey, err)
	status := statusOf(err)
	body := gin.H{"success": false, "message": shop.ErrorMessage(err)}
	for _, e := range extra {
		for k, v := range e {
			body[k] = v
		}
	}
	c.AbortWithStatusJSON(status, body)
}

// logger is the log for lines about request c: log with c.Request.Context() so they name it.
func logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(loggerKey); ok {
		return l.(*slog.Logger)
	}
	return slog.Default()
}
