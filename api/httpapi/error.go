package httpapi

import (
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
	shop.ETOOMANY:      http.StatusTooManyRequests,
	shop.EUNAVAILABLE:  http.StatusServiceUnavailable,
	shop.EINTERNAL:     http.StatusInternalServerError,
}

// statusOf returns the HTTP status for err.
func statusOf(err error) int {
	if st, ok := codeStatus[shop.ErrorCode(err)]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// fail answers err as {success:false, message}. Internal errors are logged here, once, with
// the request id, and the client sees only a generic sentence.
func fail(c *gin.Context, err error, extra ...gin.H) {
	status := statusOf(err)
	body := gin.H{"success": false, "message": shop.ErrorMessage(err)}
	if status >= http.StatusInternalServerError {
		logger(c).Error("request failed", "err", err, "request_id", requestID(c))
	}
	for _, e := range extra {
		for k, v := range e {
			body[k] = v
		}
	}
	c.AbortWithStatusJSON(status, body)
}

func logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(loggerKey); ok {
		return l.(*slog.Logger)
	}
	return slog.Default()
}
