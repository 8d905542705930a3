package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/internal/reqid"
)

const (
	loggerKey  = "logger"
	failureKey = "failure"
)

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// RequestID is the name of request r: its X-Request-ID when it is sane, else a new one.
func RequestID(r *http.Request) string {
	id := r.Header.Get("X-Request-ID")
	if !validRequestID.MatchString(id) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	return id
}

// withRequestID names each request: the caller's X-Request-ID when it is sane, else a new one.
// The id travels in the request's context, so every line logged with it, here or in a service,
// names the request.
func withRequestID(log *slog.Logger) gin.HandlerFunc {
	log = reqid.Logger(log)
	return func(c *gin.Context) {
		id := RequestID(c.Request)
		c.Request = c.Request.WithContext(reqid.With(c.Request.Context(), id))
		c.Set(loggerKey, log)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// Observer is told of every answered request, with its route as declared, for metrics: the
// storefront's pages and files, answered past the API's routes, are "client-page" and
// "client-file", and anything else no route declares is "unmatched". It must be cheap and
// safe for concurrent use.
type Observer interface {
	Request(method, route string, status int, elapsed time.Duration)
}

// accessLog writes one line per request: the route as declared (so ids and slugs do not make
// every line unique), the status, how long it took, the bytes sent, once signed in, who, and
// for a failure on our side, its error (the one line that logs it); and tells observe, when set.
func accessLog(observe Observer) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		elapsed := time.Since(start)
		status := c.Writer.Status()
		route := c.FullPath()
		if route == "" {
			route = c.GetString(clientRouteKey)
		}
		if route == "" {
			route = "unmatched"
		}
		if observe != nil {
			observe.Request(c.Request.Method, route, status, elapsed)
		}
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		attrs := []any{"method", c.Request.Method, "route", route, "path", c.Request.URL.Path, "status", status,
			"duration_ms", float64(elapsed.Microseconds()) / 1000, "bytes", max(c.Writer.Size(), 0), "ip", c.ClientIP()}
		if u, ok := c.Get(userKey); ok {
			attrs = append(attrs, "user_id", u.(*shop.User).ID)
		}
		if err, ok := c.Get(failureKey); ok && status >= 500 {
			attrs = append(attrs, "err", err)
		}
		logger(c).Log(c.Request.Context(), level, "request", attrs...)
	}
}

// recoverPanic turns a panic into a 500 with a generic message; the access line logs the panic.
func recoverPanic(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if r == http.ErrAbortHandler {
				panic(r)
			}
			err := fmt.Errorf("panic: %v", r)
			if !c.Writer.Written() {
				fail(c, err)
			} else {
				c.Set(failureKey, err)
				c.Abort()
			}
		}
	}()
	c.Next()
}

// contentSecurityPolicy allows the built client (scripts from this origin only), antd's inline
// styles, product photos, and the map embedded on the contact page.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
	"frame-src https://www.openstreetmap.org https://www.google.com https://maps.google.com; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries.
func securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	c.Next()
}

// cors lets the listed origins call the API from a browser; any other origin gets no CORS headers.
//
// A write a browser sends from another site is refused outright. A form or a fetch with a
// text/plain body needs no preflight, so without this a page elsewhere could make each of its
// visitors' browsers guess a security answer on forgot-password (setting a password the page
// knows) from the visitor's own address, past the limits per address. A browser always names
// the page's origin on a cross-site write; callers that are not browsers send none.
func cors(origins []string, publicURL string) gin.HandlerFunc {
	var site string // the host of PUBLIC_URL
	if u, err := url.Parse(publicURL); err == nil {
		site = u.Host
	}
	return func(c *gin.Context) {
		if len(origins) > 0 {
			// The answer depends on the Origin, whether it is let in or not: a shared cache
			// must keep the two apart, or serve one origin the answer made for another.
			addVary(c.Writer.Header(), "Origin")
		}
		origin := c.GetHeader("Origin")
		if origin == "" || !(slices.Contains(origins, origin) || slices.Contains(origins, "*")) {
			write := c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead
			ownPage := sameHost(origin, c.Request.Host) || (site != "" && sameHost(origin, site))
			if origin != "" && (c.Request.Method == http.MethodOptions || (write && !ownPage)) {
				fail(c, shop.Errorf(shop.EFORBIDDEN, "This site may not call the shop's API from a browser."))
				return
			}
			c.Next()
			return
		}
		h := c.Writer.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		// A paged order list says in X-Total-Count how many orders there are in all.
		h.Set("Access-Control-Expose-Headers", "Retry-After, X-Request-ID, X-Total-Count")
		if c.Request.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, If-None-Match")
			h.Set("Access-Control-Max-Age", "600")
			c.AbortWithStatus(http.StatusNoContent)
			return
		}
		c.Next()
	}
}

// sameHost reports whether a browser's Origin names the host the request was sent to: the
// shop's own pages. Ports are not compared: a proxy (nginx's $host, Vite's dev server) passes
// the host without the port the browser used.
func sameHost(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Hostname() == "" {
		return false // "null" (a sandboxed frame, a file) is no site of the shop's
	}
	h := host
	if name, _, err := net.SplitHostPort(host); err == nil {
		h = name
	}
	return strings.EqualFold(u.Hostname(), strings.Trim(h, "[]"))
}

// addVary names a request header in Vary, on the one Vary line already there if there is one
// (compressAnswers names Accept-Encoding first): a client reading only the first line of a
// header still sees every name.
func addVary(h http.Header, name string) {
	if v := h.Values("Vary"); len(v) > 0 {
		v[0] += ", " + name
		return
	}
	h.Set("Vary", name)
}
