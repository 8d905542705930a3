// Package httpapi is the shop's HTTP interface: the Gin router, its handlers, authentication,
// and the mapping of domain errors to statuses. Handlers decode, call one service, encode.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

// Deps are the services and settings the API is built on.
type Deps struct {
	Users      shop.UserService
	Categories shop.CategoryService
	Products   shop.ProductService
	Orders     shop.OrderService
	Tokens     *Tokens
	// Health answers nil when the store is reachable.
	Health func(ctx context.Context) error
	// CatalogueVersion, when set, is the catalogue read model's version (it moves with every
	// change): public catalogue answers are then cached until it moves (see answerCache).
	CatalogueVersion func() uint64
	Logger           *slog.Logger
	// Currency is the ISO code (lower case) prices are in; empty means inr.
	Currency string

	ClientDist     string   // the built client to serve; empty or missing shows a how-to page
	CORSOrigins    []string // origins allowed to call the API from a browser
	TrustedProxies []string // proxies whose X-Forwarded-For names the client
	Now            func() time.Time
}

// Server is the shop's HTTP handler.
type Server struct {
	deps   Deps
	engine *gin.Engine

	loginFails    *failureLimits
	resetFails    *failureLimits
	registersByIP *limiter
}

// New builds the router.
func New(d Deps) (*Server, error) {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.HandleMethodNotAllowed = false
	e.ContextWithFallback = true
	// Only the named proxies may speak for the client's address; no header a client sends counts.
	if err := e.SetTrustedProxies(d.TrustedProxies); err != nil {
		return nil, err
	}
	s := &Server{
		deps:   d,
		engine: e,
		loginFails: newFailureLimits(10, 100, 15*time.Minute, d.Now,
			"Too many failed sign-in attempts. Please try again later."),
		resetFails: newFailureLimits(10, 100, 15*time.Minute, d.Now,
			"Too many password reset attempts. Please try again later."),
		registersByIP: newLimiter(300, time.Hour, d.Now),
	}
	e.Use(withRequestID(d.Logger), accessLog, compressAnswers, recoverPanic, securityHeaders, cors(d.CORSOrigins), newAnswerCache(d.CatalogueVersion).serve)
	s.routes()
	return s, nil
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// health answers {ok:true} while the store answers, 503 otherwise.
func (s *Server) health(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 3*time.Second)
	defer cancel()
	if s.deps.Health != nil {
		if err := s.deps.Health(ctx); err != nil {
			logger(c).Warn("health check failed", "err", err)
			c.JSON(http.StatusServiceUnavailable, gin.H{"ok": false, "success": false, "message": "The store is not answering."})
			return
		}
	}
	c.JSON(http.StatusOK, gin.H{"ok": true})
}
