// Command shopd serves the clothing shop: the API under /api/v1 and the built storefront.
// With MONGO_URI empty it runs its own embedded store in DATA_DIR.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sync/atomic"
	"syscall"
	"time"
	_ "time/tzdata" // TZ names a zone also where the system has no zone files

	"shop"
	"shop/app"
	"shop/demo"
	"shop/httpapi"
	"shop/internal/reqid"
	"shop/mail"
	"shop/metrics"
	"shop/mongostore"
	"shop/payment"
)

// usage is what shopd says when its arguments are not understood.
const usage = `usage:
  shopd                 serve the shop (configured from the environment; see .env.example)
  shopd backup DIR      copy the embedded store in DATA_DIR and its JWT secret into the new
                        directory DIR, consistently, while shopd runs or not
  shopd restore DIR     bring a backup in DIR back into an empty DATA_DIR`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch args := os.Args[1:]; {
	case len(args) == 0:
		err = run(ctx, os.Getenv, os.Stdout)
	case len(args) == 2 && args[0] == "backup":
		err = backupStore(ctx, os.Getenv, args[1], os.Stdout)
	case len(args) == 2 && args[0] == "restore":
		err = restoreStore(os.Getenv, args[1], os.Stdout)
	default:
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shopd:", err)
		os.Exit(1)
	}
}

// run serves the shop configured by getenv until ctx ends, logging to logs. A stop asked while
// the shop is still starting (reading a large catalogue, or waiting for MongoDB) is a stop like
// any other, not a failed start: a service manager should not count it as a crash.
func run(ctx context.Context, getenv func(string) string, logs io.Writer) (err error) {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, logs)
	defer func() {
		if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
			log.Info("stopped while starting", "step", err.Error())
			err = nil
		}
	}()
	if !cfg.embedded() && getenv("PUBLIC_URL") == "" {
		log.Warn("PUBLIC_URL is not set: the links in the shop's mails (password reset, orders) point at "+cfg.PublicURL,
			"hint", "set PUBLIC_URL to the address shoppers use")
	}

	// Take the public port before anything else, so a clash is the first and only thing said.
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, cfg.Port))
	if err != nil {
		return fmt.Errorf("listen on %s: %w (another program may have the port: stop it or set PORT or HOST)",
			net.JoinHostPort(cfg.Host, cfg.Port), err)
	}
	defer func() { _ = ln.Close() }()
	warnWithoutClient(log, cfg.ClientDist)
	// Serve at once: until the shop is ready every request (a health probe among them) is
	// told it is starting, rather than waiting unanswered for the store and the catalogue.
	gate := &startGate{log: log}
	serveCtx, stopServing := context.WithCancel(ctx)
	defer stopServing()
	served := make(chan error, 1)
	go func() { served <- serveOn(serveCtx, log, ln, gate, 10*time.Second) }()
	ready := false
	defer func() {
		if !ready { // a start that failed: stop answering "starting"
			stopServing()
			<-served
			return
		}
		log.Info("shop stopped") // after the store, the mail queue and the snapshots
	}()
	observed := metrics.New()
	defer serveMetrics(log, cfg.MetricsAddr, observed.Handler())()

	store, err := app.OpenStore(ctx, cfg.MongoURI, cfg.DataDir, cfg.MongoDB, log)
	if err != nil {
		return err
	}
	defer store.Close()

	var gateway shop.Gateway // nil: app.New's sandbox
	if cfg.StripeKey != "" {
		gateway = payment.NewStripe(payment.StripeConfig{SecretKey: cfg.StripeKey, APIBase: cfg.StripeAPIBase})
		log.Info("card payments through Stripe", "currency", cfg.Currency)
	} else {
		log.Info("card payments through the sandbox gateway: no money moves; set STRIPE_SECRET_KEY for Stripe")
	}
	mailer, err := newMailer(cfg, log)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := mailer.Close(closeCtx); err != nil {
			log.Error("shutdown", "err", err)
		}
	}()
	s, err := app.New(ctx, store.DB, app.Config{Gateway: gateway, Currency: cfg.Currency,
		CheckoutTimeout: cfg.CheckoutTimeout, PhotoCacheBytes: int64(cfg.PhotoCacheMB) << 20, Logger: log,
		Mailer: mailer, PublicURL: cfg.PublicURL, Observer: observed,
		SnapshotPath:   filepath.Join(cfg.DataDir, app.CatalogueSnapshot),
		OrderIndexPath: filepath.Join(cfg.DataDir, app.OrderIndexSnapshot)})
	if err != nil {
		return err
	}
	go s.Run(ctx, cataloguePoll)
	observed.Cache("shop_photo_cache_lookups_total", "Product photos served from memory (hit) or loaded (miss).", s.Photos.Stats)
	observed.Cache("shop_answer_cache_lookups_total", "Catalogue answers served from the answer cache (hit) or made (miss).",
		s.Answers.Stats)
	observed.Gauge("shop_pending_orders", "Orders this process is placing: written pending, not yet paid or abandoned.",
		func() float64 { return float64(s.Orders.Placing()) })
	var startupWork atomic.Bool // see the photo work below
	startupWork.Store(true)
	observed.Gauge("shop_startup_work_running", "1 while the work begun at start (warming the photo cache, "+
		"making photo copies) runs beside the traffic, 0 once it is done.", func() float64 {
		if startupWork.Load() {
			return 1
		}
		return 0
	})
	if cfg.AdminEmail != "" {
		if _, err := s.Users.EnsureAdmin(ctx, cfg.AdminEmail, cfg.AdminPassword, "Administrator"); err != nil {
			return err
		}
		log.Info("admin account ready", "email", cfg.AdminEmail)
	}
	if cfg.SeedDemo {
		seeded, err := demo.Seed(ctx, demo.Services{Users: s.Users, Categories: s.Categories, Products: s.Products})
		if err != nil {
			return fmt.Errorf("load the demo catalogue: %w", err)
		}
		if seeded {
			logDemoLoaded(log, store.Embedded)
		}
	}
	if err := recoverCheckouts(ctx, log, s.Orders, cfg); err != nil {
		return err
	}
	go s.Orders.RecoverEvery(ctx, time.Minute)
	go func() {
		forgetOldClaims(ctx, log, s.DB)
		shop.Every(ctx, time.Hour, func(ctx context.Context) { forgetOldClaims(ctx, log, s.DB) })
	}()

	go func() {
		defer startupWork.Store(false)
		// Accounts stored without their email key (by an earlier version) get it; until then
		// a sign-in looks for them by their email field too.
		n, err := s.DB.KeyUserEmails(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("key accounts by email", "err", err)
		}
		if n > 0 {
			log.Info("accounts keyed by email", "accounts", n)
		}
		if store.Embedded {
			// Each photo read on first view would scan the whole chunks collection: read them in bulk.
			n, size, err := s.WarmPhotoCache(ctx)
			if err != nil && ctx.Err() == nil {
				log.Warn("warm the photo cache", "err", err)
			}
			log.Info("photo cache warmed", "photos", n, "bytes", size)
		}
		// Photos stored before copies were made at upload get theirs now, beside the traffic.
		n, err = s.MakePhotoCopies(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("make photo copies", "err", err)
		}
		if n > 0 {
			log.Info("photo copies made", "photos", n)
		}
	}()

	deps := s.Deps()
	deps.Tokens, deps.Observer = httpapi.NewTokens(cfg.JWTSecret, cfg.JWTTTL), observed
	deps.ClientDist, deps.CORSOrigins, deps.TrustedProxies = cfg.ClientDist, cfg.CORSOrigins, cfg.TrustedProxies
	if slices.Contains(cfg.CORSOrigins, "*") {
		log.Warn("CORS_ORIGINS has *: the pages of every site may call the API from their visitors' browsers, writes included")
	}
	if cfg.StripeWebhookSecret != "" {
		deps.StripeNotices = payment.StripeNotices{Secret: cfg.StripeWebhookSecret}.Parse
	}
	// On MongoDB several processes may serve the shop: they share the failure limits through
	// the store. The embedded store has one process, which keeps them in memory.
	if !cfg.embedded() {
		attempts, err := mongostore.NewAttempts(ctx, s.DB)
		if err != nil {
			return err
		}
		deps.Attempts = attempts
	}
	api, err := httpapi.New(deps)
	if err != nil {
		return err
	}
	gate.open(api)
	ready = true
	log.Info("shop listening", "addr", ln.Addr().String(), "url", servedURL(ln.Addr()))
	serveErr := <-served
	// The store closes when run returns: first let checkouts that outlived the HTTP grace
	// period finish charging and writing their orders.
	drainCtx, cancel := context.WithTimeout(context.Background(), checkoutDrainTimeout)
	defer cancel()
	if err := s.Orders.Drain(drainCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
	if err := s.ResetLinks.Drain(drainCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
	// No order is written any more: keep the read model and the order index for the next start.
	s.SaveSnapshot(drainCtx)
	return serveErr
}

// logDemoLoaded says the demo catalogue and its accounts are in the store. Their passwords are
// in the README, not in the log: a log is kept and shipped where passwords must never go.
func logDemoLoaded(log *slog.Logger, embedded bool) {
	log.Info("demo catalogue loaded (the demo accounts' passwords are in the README)", "products", demo.ProductCount,
		"admin", demo.AdminEmail, "shopper", demo.ShopperEmail)
	if !embedded {
		log.Warn("the demo accounts' passwords are public: change or delete them before shoppers can reach this shop",
			"admin", demo.AdminEmail, "shopper", demo.ShopperEmail)
	}
}

// startGate answers 503 "starting" until open gives it the shop to serve. Each such answer
// carries its request id and is logged, as the shop's own answers are: a start that takes
// long is what an operator looks for.
type startGate struct {
	shop atomic.Pointer[http.Handler]
	log  *slog.Logger
}

func (g *startGate) open(h http.Handler) { g.shop.Store(&h) }

func (g *startGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h := g.shop.Load(); h != nil {
		(*h).ServeHTTP(w, r)
		return
	}
	id := httpapi.RequestID(r)
	g.log.Info("request", "method", r.Method, "route", "starting", "path", r.URL.Path, "status", http.StatusServiceUnavailable,
		"request_id", id)
	w.Header().Set("X-Request-ID", id)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Retry-After", "1")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = io.WriteString(w, `{"ok":false,"success":false,"message":"The shop is starting. Please try again in a moment."}`)
}

// cataloguePoll is how often shopd reads the catalogue's version document (one _id look-up)
// to take in what other processes on the store changed: a sale there shows here within a
// poll and a reload of the sold product. At one second the bench measured 645-970 ms, too
// close to the second the shop promises.
const cataloguePoll = 250 * time.Millisecond

// newMailer sends the shop's mail through SMTP_URL, or into .eml files in DATA_DIR/mail.
func newMailer(cfg *config, log *slog.Logger) (*mail.Queue, error) {
	if cfg.SMTPURL == "" {
		dir := filepath.Join(cfg.DataDir, "mail")
		log.Info("mail is written to files, not sent: set SMTP_URL to send it", "dir", dir)
		return mail.NewQueue(&mail.Outbox{Dir: dir, From: cfg.MailFrom, Log: log}, dir, log), nil
	}
	smtp, err := mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom)
	if err != nil {
		return nil, err
	}
	log.Info("mail is sent through SMTP", "server", smtp.Addr())
	return mail.NewQueue(smtp, smtp.Addr(), log), nil
}

// recoverCheckouts settles the checkouts a crash cut short before the shop takes requests.
// The embedded store belongs to this process alone, so every pending order there is one;
// on MongoDB another live process may be placing an order, so only the older ones are.
func recoverCheckouts(ctx context.Context, log *slog.Logger, orders *shop.Orders, cfg *config) error {
	before := time.Now().Add(-cfg.CheckoutTimeout)
	if cfg.embedded() {
		before = time.Now().Add(time.Hour) // every pending order, even one with a clock ahead
	}
	n, err := orders.Recover(ctx, before)
	if err != nil {
		return err
	}
	if n > 0 {
		log.Info("settled checkouts cut short by the last stop", "orders", n)
	}
	return nil
}

// forgetOldClaims drops the claims of Idempotency-Keys (checkouts', product creates') older
// than a day, where the store does not expire them itself (see mongostore.DB.ForgetOldClaims).
func forgetOldClaims(ctx context.Context, log *slog.Logger, db *mongostore.DB) {
	n, err := db.ForgetOldClaims(ctx, time.Now())
	if err != nil && ctx.Err() == nil {
		log.Warn("forget old Idempotency-Key claims", "err", err)
	}
	if n > 0 {
		log.Info("old Idempotency-Key claims forgotten", "claims", n)
	}
}

// checkoutDrainTimeout bounds how long shutdown waits for running checkouts (a charge and an
// order write are bounded by shop's own timeout of two minutes).
const checkoutDrainTimeout = 2 * time.Minute

// servedURL is the address to open in a browser: loopback for a wildcard listener.
func servedURL(addr net.Addr) string {
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// serveMetrics serves Prometheus metrics at /metrics, and Go's profiles at /debug/pprof/, on
// addr ("off": not at all) until the returned stop is called. Both are for the operator's
// network only, so they never share the public port. A taken address is logged, not fatal:
// the shop serves on without metrics.
func serveMetrics(log *slog.Logger, addr string, h http.Handler) (stop func()) {
	if addr == "off" {
		return func() {}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error("metrics not served: set METRICS_ADDR to a free address", "err", err)
		return func() {}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	// A CPU profile or a trace answers after the seconds it records (30 and 1 by default).
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 2 * time.Minute}
	go func() { _ = srv.Serve(ln) }()
	log.Info("metrics served", "url", "http://"+ln.Addr().String()+"/metrics")
	return func() { _ = srv.Close() }
}

// warnWithoutClient says at start when the built storefront is not where shopd looks: every
// page would then say the storefront is not built while /healthz answers 200, and a mistyped
// CLIENT_DIST would go unnoticed.
func warnWithoutClient(log *slog.Logger, dist string) {
	if _, err := os.Stat(filepath.Join(dist, "index.html")); err == nil {
		return
	}
	log.Warn("no built storefront here: every page says the storefront is not built", "CLIENT_DIST", dist,
		"hint", "run make build, or set CLIENT_DIST to the folder of the built client (the one with index.html)")
}

// newLogger writes JSON lines (LOG_FORMAT=json) or key=value text at LOG_LEVEL. A duration
// is written as Go spells it ("1m0s") in both: JSON would have it in nanoseconds.
func newLogger(cfg *config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var h slog.Handler = slog.NewJSONHandler(w, &slog.HandlerOptions{Level: cfg.LogLevel, ReplaceAttr: spellDurations})
	if cfg.LogFormat == "text" {
		h = slog.NewTextHandler(w, opts)
	}
	return slog.New(reqid.Handler(h)) // a line logged with a request's context names the request
}

// spellDurations writes a duration attribute as text ("10s") rather than a count of nanoseconds.
func spellDurations(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		return slog.String(a.Key, a.Value.Duration().String())
	}
	return a
}

// serveOn runs the HTTP server on ln until ctx ends, then stops accepting connections and
// lets in-flight requests finish, for at most grace.
func serveOn(ctx context.Context, log *slog.Logger, ln net.Listener, h http.Handler, grace time.Duration) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		// A stop like any other: a checkout still charging is awaited after this (Drain), and
		// a supervisor must not count a slow payment as a failed stop.
		log.Warn("requests still running after the grace period; running checkouts are still awaited", "grace", grace)
		return nil
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
