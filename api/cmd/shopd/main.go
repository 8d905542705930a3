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
	"syscall"
	"time"

	"shop"
	"shop/app"
	"shop/demo"
	"shop/httpapi"
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
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: cfg.LogLevel}))

	store, err := app.OpenStore(ctx, cfg.MongoURI, cfg.DataDir, cfg.MongoDB, log)
	if err != nil {
		return err
	}
	defer store.Close()

	var gateway shop.Gateway = payment.Sandbox{}
	if cfg.StripeKey != "" {
		gateway = payment.NewStripe(payment.StripeConfig{SecretKey: cfg.StripeKey, APIBase: cfg.StripeAPIBase})
		log.Info("card payments through Stripe", "currency", cfg.Currency)
	} else {
		log.Info("card payments through the sandbox gateway: no money moves; set STRIPE_SECRET_KEY for Stripe")
	}
	s, err := app.New(ctx, store.DB, app.Config{Gateway: gateway, Currency: cfg.Currency,
		PhotoCacheBytes: int64(cfg.PhotoCacheMB) << 20, Logger: log})
	if err != nil {
		return err
	}
	go s.Run(ctx, time.Second)
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
			log.Info("demo catalogue loaded", "products", demo.ProductCount,
				"admin", demo.AdminEmail+" / "+demo.AdminPassword, "shopper", demo.ShopperEmail+" / "+demo.ShopperPassword)
		}
	}
	if store.Embedded {
		// Each photo read on first view would scan the whole chunks collection: read them in bulk.
		go func() {
			n, size, err := s.WarmPhotoCache(ctx)
			if err != nil && ctx.Err() == nil {
				log.Warn("warm the photo cache", "err", err)
			}
			log.Info("photo cache warmed", "photos", n, "bytes", size)
		}()
	}

	deps := s.Deps()
	deps.Tokens = httpapi.NewTokens(cfg.JWTSecret, cfg.JWTTTL)
	deps.ClientDist, deps.CORSOrigins, deps.TrustedProxies = cfg.ClientDist, cfg.CORSOrigins, cfg.TrustedProxies
	api, err := httpapi.New(deps)
	if err != nil {
		return err
	}
	serveErr := serve(ctx, log, net.JoinHostPort(cfg.Host, cfg.Port), api)
	// The store closes when run returns: first let checkouts that outlived the HTTP grace
	// period finish charging and writing their orders.
	drainCtx, cancel := context.WithTimeout(context.Background(), checkoutDrainTimeout)
	defer cancel()
	if err := s.Orders.Drain(drainCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
	return serveErr
}

// checkoutDrainTimeout bounds how long shutdown waits for running checkouts (a charge and an
// order write are bounded by shop's own timeout of two minutes).
const checkoutDrainTimeout = 2 * time.Minute

// serve listens on addr and runs the HTTP server there until ctx ends (see serveOn).
func serve(ctx context.Context, log *slog.Logger, addr string, h http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	log.Info("shop listening", "addr", ln.Addr().String(), "url", "http://localhost:"+port)
	return serveOn(ctx, log, ln, h, 10*time.Second)
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
