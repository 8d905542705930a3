// Package httpapi is the shop's HTTP interface: the Gin router, its handlers, authentication,
// and the mapping of domain errors to statuses. Handlers decode, call one service, encode.
package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/catalogue"
	"shop/internal/holds"
)

// Deps are the services and settings the API is built on.
type Deps struct {
	Users      shop.UserService
	Categories shop.CategoryService
	Products   shop.ProductService
	// FormerSlugs sends a renamed product's old address on to its page; nil: it is a 404.
	FormerSlugs shop.FormerSlugs
	Orders      shop.OrderService
	ResetLinks  shop.ResetLinkService
	// StripeNotices reads a signed Stripe webhook event (payload, Stripe-Signature); nil when
	// no webhook secret is configured, and the webhook then answers 404.
	StripeNotices func(payload []byte, signature string) (*shop.PaymentNotice, error)
	Tokens        *Tokens
	// Attempts counts attempts for the failure limits; nil keeps them in this process's memory.
	// Several processes on one store share a counter kept in the store.
	Attempts shop.AttemptCounter
	// HashSlots bounds the bcrypt checks running at once; 0 means one per core.
	HashSlots int
	// HashPatience is how long a request waits for a bcrypt slot before its 429; 0 means
	// defaultHashPatience.
	HashPatience time.Duration
	// Health answers nil when the store is reachable.
	Health func(ctx context.Context) error
	// Answers, when set, keeps public catalogue answers until a change touches them.
	Answers  *catalogue.Answers
	Logger   *slog.Logger
	Observer Observer // told of every answered request (metrics); may be nil
	// Currency is the ISO code (lower case) prices are in; empty means inr.
	Currency string

	ClientDist  string   // the built client to serve; empty or missing shows a how-to page
	CORSOrigins []string // origins allowed to call the API from a browser
	// PublicURL is where shoppers reach the shop: a write from a page there is the shop's own,
	// even through a proxy that sends another Host.
	PublicURL      string
	TrustedProxies []string // proxies whose X-Forwarded-For names the client
	Now            func() time.Time
}

// Server is the shop's HTTP handler.
type Server struct {
	deps   Deps
	engine *gin.Engine

	attempts     shop.AttemptCounter
	loginFails   *failureLimits
	resetFails   *failureLimits
	profileFails *failureLimits
	linkAsks     *failureLimits // reset links asked for: each ask counts
	linkUses     *failureLimits // reset links used with a bad token
	hashing      *hashGate
}

// Limits on attempts (see failureLimits).
const (
	failureWindow       = 15 * time.Minute
	failuresPerAccount  = 10
	failuresPerAddress  = 100
	registersPerAddress = 300
	registerWindow      = time.Hour
)

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
	e.RedirectTrailingSlash = false // notFoundOrClient redirects, answering JSON
	e.ContextWithFallback = true
	// Only the named proxies may speak for the client's address, and only by X-Forwarded-For
	// (the header the compose stack's nginx sets): Gin would also take X-Real-IP, which a
	// proxy that sets only X-Forwarded-For passes on from the client as it came.
	if err := e.SetTrustedProxies(d.TrustedProxies); err != nil {
		return nil, err
	}
	e.RemoteIPHeaders = []string{"X-Forwarded-For"}
	if d.Attempts == nil {
		d.Attempts = newMemoryCounter(d.Now)
	}
	if d.HashSlots <= 0 {
		d.HashSlots = runtime.GOMAXPROCS(0)
	}
	if d.HashPatience <= 0 {
		d.HashPatience = defaultHashPatience
	}
	limits := func(name string, perIP int, message string, failed func(error) bool) *failureLimits {
		return &failureLimits{counter: d.Attempts, name: name, perKey: failuresPerAccount, perIP: perIP,
			window: failureWindow, message: message, failed: failed, running: holds.New[string]()}
	}
	s := &Server{
		deps:     d,
		engine:   e,
		attempts: d.Attempts,
		loginFails: limits("login", failuresPerAddress,
			"Too many failed sign-in attempts. Please try again later.", unauthorized),
		resetFails: limits("reset", failuresPerAddress,
			"Too many password reset attempts. Please try again later.", unauthorized),
		profileFails: &failureLimits{counter: d.Attempts, name: "profile", perKey: failuresPerAccount, byID: true,
			window: failureWindow, message: "Too many wrong current passwords. Please try again later.",
			failed: func(err error) bool { return errors.Is(err, shop.ErrWrongCurrentPassword) }, running: holds.New[string]()},
		linkAsks: limits("reset-link", failuresPerAddress,
			"Too many password reset attempts. Please try again later.", func(error) bool { return true }),
		// A reset link names no account, so its tries are limited per address alone.
		linkUses: &failureLimits{counter: d.Attempts, name: "reset-token", perIP: failuresPerAddress,
			window: failureWindow, message: "Too many password reset attempts. Please try again later.",
			failed: func(err error) bool { return errors.Is(err, shop.ErrBadResetLink) }, running: holds.New[string]()},
		hashing: newHashGate(d.HashSlots, d.HashPatience),
	}
	e.Use(withRequestID(d.Logger), accessLog(d.Observer), compressAnswers, recoverPanic, securityHeaders, cors(d.CORSOrigins, d.PublicURL), cacheAnswers(d.Answers))
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
			fail(c, fmt.Errorf("%w: %w", shop.Errorf(shop.EUNAVAILABLE, "The store is not answering."), err), gin.H{"ok": false})
			return
		}
	}
	c.JSON(http.StatusOK, gin.H{"ok": true})
}
