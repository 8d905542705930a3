package httpapi

import (
	"context"
	"net/http"
	"net/url"
	pathpkg "path"
	"strings"

	"github.com/gin-gonic/gin"

	"shop"
)

// routes declares every route of the API in one place, each with its authentication in view.
func (s *Server) routes() {
	e := s.engine
	e.UseRawPath = true // a keyword may hold an encoded "/"
	e.UnescapePathValues = true
	user, admin := s.requireUser, s.requireAdmin

	get(e, "/healthz", s.health)

	v1 := e.Group("/api/v1")
	v1.Use(limitBody, writesRunToTheirEnd)
	get(v1, "/ping", ping)
	get(v1, "/config", s.shopConfig)
	get(v1, "/openapi.yaml", openAPIDocument)
	get(e, "/api/docs", s.apiReference)

	a := v1.Group("/auth")
	// Every answer under /auth carries a token or someone's personal data: no cache keeps it.
	a.Use(noStore)
	a.POST("/register", s.register)
	a.POST("/login", s.login)
	a.POST("/forgot-password", s.forgotPassword)
	a.POST("/reset-link", s.resetLink)
	a.POST("/reset-password", s.resetPassword)
	get(a, "/user-auth", user, authOK)
	get(a, "/admin-auth", user, admin, authOK)
	a.PUT("/profile", user, s.updateProfile)
	get(a, "/all-users", user, admin, s.allUsers)
	get(a, "/orders", user, s.myOrders)
	get(a, "/orders/:id", user, s.order)
	a.POST("/orders/:id/cancel", user, s.cancelOrder)
	get(a, "/all-orders", user, admin, s.allOrders)
	a.PUT("/order-status/:orderId", user, admin, s.setOrderStatus)

	c := v1.Group("/category")
	c.POST("/create-category", user, admin, s.createCategory)
	c.PUT("/update-category/:id", user, admin, s.updateCategory)
	c.DELETE("/delete-category/:id", user, admin, s.deleteCategory)
	get(c, "/get-category", s.categories)
	get(c, "/single-category/:slug", s.singleCategory)

	p := v1.Group("/product")
	p.POST("/create-product", user, admin, s.createProduct)
	p.PUT("/update-product/:id", user, admin, s.updateProduct)
	p.DELETE("/delete-product/:id", user, admin, s.deleteProduct)
	p.PUT("/variants/:id", user, admin, s.setVariants)
	get(p, "/browse", s.browse)
	p.POST("/product-filters", s.productFilters)
	get(p, "/get-product", s.products)
	get(p, "/get-product/:slug", s.productBySlug)
	get(p, "/product-photo/:id", s.productPhoto)
	get(p, "/product-count", s.productCount)
	get(p, "/product-list/:page", s.productPage)
	get(p, "/product-category/:slug", s.productsOfCategory)
	get(p, "/related-product/:pid/:cid", s.relatedProducts)
	get(p, "/search", s.search)
	get(p, "/search/", s.search) // an empty keyword, answered without a redirect to /search
	get(p, "/search/:keyword", s.search)
	p.POST("/process-payment", noStore, user, s.processPayment)

	v1.POST("/payment/stripe/webhook", s.stripeWebhook)

	e.NoRoute(s.notFoundOrClient)
}

// get routes GET and HEAD to the same handlers: a HEAD answers the GET's status and headers
// (net/http drops the body), so a HEAD of /healthz or of a photo tells what the GET would.
func get(r gin.IRoutes, path string, handlers ...gin.HandlerFunc) {
	r.GET(path, handlers...)
	r.HEAD(path, handlers...)
}

// noStore keeps an answer out of every cache, the browser's and shared proxies' alike.
func noStore(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Next()
}

// limitBody bounds every request body: multipart forms to 6 MiB, anything else to 1 MiB.
// Handlers that decode JSON apply the 1 MiB bound themselves with a clear answer. A body sent
// compressed is refused with 415, as HTTP asks of a coding the server does not read: read as
// it is, it would only fail as bad JSON or a broken form, and unpacked, a few KiB could
// stand for gigabytes.
func limitBody(c *gin.Context) {
	if encoded(c.Request.Header) && c.Request.ContentLength != 0 {
		c.Header("Accept-Encoding", "identity")
		fail(c, errCompressedBody)
		return
	}
	limit, tooLarge := int64(maxJSONBytes), shop.Errorf(shop.ETOOLARGE, "The request body is too large (at most %d bytes).", maxJSONBytes)
	if strings.HasPrefix(c.ContentType(), "multipart/") {
		limit, tooLarge = maxMultipartBytes, errPhotoTooLarge
	}
	if c.Request.ContentLength > limit {
		fail(c, tooLarge)
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	c.Next()
}

// encoded reports whether a request names a coding of its body other than identity, on any of
// its Content-Encoding lines.
func encoded(h http.Header) bool {
	for _, line := range h.Values("Content-Encoding") {
		for _, coding := range strings.Split(line, ",") {
			if c := strings.TrimSpace(coding); c != "" && !strings.EqualFold(c, "identity") {
				return true
			}
		}
	}
	return false
}

var errCompressedBody = shop.Errorf(shop.EUNSUPPORTED, "Request bodies must be sent uncompressed (no Content-Encoding).")

// writesRunToTheirEnd keeps a write (any method but GET, HEAD and OPTIONS) going when its
// caller leaves (a closed tab, a dropped connection): once begun, a write and what follows
// from it (the catalogue taking it up, a delete mark taken off, a payment settled) all
// happen, or a half-done write would be left behind. Reads stop with their caller, and so
// does waiting before a write begins (see callerContext).
func writesRunToTheirEnd(c *gin.Context) {
	switch c.Request.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
	default:
		c.Set(callerContextKey, c.Request.Context())
		c.Request = c.Request.WithContext(context.WithoutCancel(c.Request.Context()))
	}
	c.Next()
}

const callerContextKey = "callerContext"

// callerContext is the request's context as its caller holds it: it ends when the caller
// leaves, also for a write. A wait before anything is written (for a bcrypt slot) ends with it.
func callerContext(c *gin.Context) context.Context {
	if ctx, ok := c.Value(callerContextKey).(context.Context); ok {
		return ctx
	}
	return c.Request.Context()
}

// notFoundOrClient answers unknown API paths with a JSON 404 and everything else with the client.
// An API path with a trailing slash is sent to the path without it, with a JSON answer like
// every other of the API (Gin's own redirect answers HTML).
func (s *Server) notFoundOrClient(c *gin.Context) {
	path := c.Request.URL.Path
	if strings.HasPrefix(path, "/api/") || path == "/api" {
		if trimmed := strings.TrimRight(path, "/"); trimmed != path && pathpkg.Clean(trimmed) == trimmed {
			status := http.StatusMovedPermanently
			if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
				status = http.StatusPermanentRedirect // the method and body are sent again
			}
			target := url.URL{Path: trimmed, RawQuery: c.Request.URL.RawQuery}
			c.Header("Location", target.String())
			c.JSON(status, gin.H{"success": false, "message": "Moved to " + trimmed + "."})
			return
		}
		fail(c, shop.Errorf(shop.ENOTFOUND, "No such API endpoint: %s %s", c.Request.Method, path))
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		fail(c, shop.Errorf(shop.ENOTFOUND, "Not found."))
		return
	}
	s.serveClient(c)
}
