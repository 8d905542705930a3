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
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"shop"
	"shop/demo"
	"shop/embedded"
	"shop/httpapi"
	"shop/mongostore"
	"shop/payment"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "shopd:", err)
		os.Exit(1)
	}
}

// run serves the shop configured by getenv until ctx ends, logging to logs.
func run(ctx context.Context, getenv func(string) string, logs io.Writer) error {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, logs)

	// Take the public port before anything else, so a clash is the first and only thing said.
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, cfg.Port))
	if err != nil {
		return fmt.Errorf("listen on %s: %w (another program has the port: stop it or set PORT)",
			net.JoinHostPort(cfg.Host, cfg.Port), err)
	}
	defer func() { _ = ln.Close() }()

	uri := cfg.MongoURI
	if cfg.embedded() {
		srv, err := embedded.Start(filepath.Join(cfg.DataDir, "store"))
		if err != nil {
			return err
		}
		defer func() {
			if err := srv.Stop(10 * time.Second); err != nil {
				log.Error("stop embedded store", "err", err)
			}
		}()
		uri = srv.URI()
		log.Info("embedded store started", "dir", filepath.Join(cfg.DataDir, "store"))
	}

	db, err := mongostore.Open(ctx, uri, cfg.MongoDB, mongostore.Options{SerializeUpdates: cfg.embedded(), Logger: log})
	if err != nil {
		return err
	}
	defer func() { _ = db.Close(context.Background()) }()
	if err := db.EnsureIndexes(ctx); err != nil {
		return err
	}

	users := mongostore.NewUserService(db, shop.Hasher{})
	if cfg.AdminEmail != "" {
		if _, err := users.EnsureAdmin(ctx, cfg.AdminEmail, cfg.AdminPassword, "Administrator"); err != nil {
			return err
		}
		log.Info("admin account ready", "email", cfg.AdminEmail)
	}

	catalogue := mongostore.NewCatalogue(db)
	if err := catalogue.Load(ctx); err != nil {
		return err
	}
	go catalogue.Watch(ctx, time.Second)
	categories := mongostore.NewCategoryService(db, catalogue)
	products := mongostore.NewProductService(db, catalogue, mongostore.NewPhotoCache(int64(cfg.PhotoCacheMB)<<20))
	if cfg.SeedDemo {
		seeded, err := demo.Seed(ctx, demo.Services{Users: users, Categories: categories, Products: products})
		if err != nil {
			return fmt.Errorf("load the demo catalogue: %w", err)
		}
		if seeded {
			log.Info("demo catalogue loaded", "products", demo.ProductCount,
				"admin", demo.AdminEmail+" / "+demo.AdminPassword, "shopper", demo.ShopperEmail+" / "+demo.ShopperPassword)
		}
	}

	var gateway shop.Gateway = payment.NewSandbox(mongostore.NewSandboxLedger(db))
	if cfg.StripeKey != "" {
		gateway = payment.NewStripe(payment.StripeConfig{SecretKey: cfg.StripeKey, APIBase: cfg.StripeAPIBase})
		log.Info("card payments through Stripe", "currency", cfg.Currency)
	} else {
		log.Info("card payments through the sandbox gateway: no money moves; set STRIPE_SECRET_KEY for Stripe")
	}
	// Checkout's stock changes refresh the catalogue's read model before the answer returns.
	orders := shop.NewOrders(shop.OrdersConfig{Store: mongostore.NewOrderStore(db),
		Stock: mongostore.NewStock(db, catalogue.RefreshProducts), Gateway: gateway, Currency: cfg.Currency, Logger: log,
		CheckoutTimeout: cfg.CheckoutTimeout})
	if err := recoverCheckouts(ctx, log, orders, cfg); err != nil {
		return err
	}
	go orders.RecoverEvery(ctx, time.Minute)

	if cfg.embedded() {
		// Each photo read on first view would scan the whole chunks collection: read them in bulk.
		go func() {
			n, size, err := products.WarmPhotoCache(ctx)
			if err != nil && ctx.Err() == nil {
				log.Warn("warm the photo cache", "err", err)
			}
			log.Info("photo cache warmed", "photos", n, "bytes", size)
		}()
	}

	api, err := httpapi.New(httpapi.Deps{
		Users:            users,
		Categories:       categories,
		Products:         products,
		Orders:           orders,
		Tokens:           httpapi.NewTokens(cfg.JWTSecret, cfg.JWTTTL),
		Health:           db.Ping,
		CatalogueVersion: catalogue.Version,
		Logger:           log,
		Currency:         cfg.Currency,
		ClientDist:       cfg.ClientDist,
		CORSOrigins:      cfg.CORSOrigins,
		TrustedProxies:   cfg.TrustedProxies,
	})
	if err != nil {
		return err
	}
	log.Info("shop listening", "addr", ln.Addr().String(), "url", servedURL(ln.Addr()))
	serveErr := serveOn(ctx, log, ln, api, 10*time.Second)
	// The store closes when run returns: first let checkouts that outlived the HTTP grace
	// period finish charging and writing their orders.
	drainCtx, cancel := context.WithTimeout(context.Background(), checkoutDrainTimeout)
	defer cancel()
	if err := orders.Drain(drainCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
	return serveErr
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

// newLogger writes JSON lines (LOG_FORMAT=json) or key=value text at LOG_LEVEL.
func newLogger(cfg *config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
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
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
