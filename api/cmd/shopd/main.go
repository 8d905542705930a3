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
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: cfg.LogLevel}))

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

	var gateway shop.Gateway = payment.Sandbox{}
	if cfg.StripeKey != "" {
		gateway = payment.NewStripe(payment.StripeConfig{SecretKey: cfg.StripeKey, APIBase: cfg.StripeAPIBase})
		log.Info("card payments through Stripe", "currency", cfg.Currency)
	} else {
		log.Info("card payments through the sandbox gateway: no money moves; set STRIPE_SECRET_KEY for Stripe")
	}
	// Checkout's stock changes refresh the catalogue's read model before the answer returns.
	orders := shop.NewOrders(shop.OrdersConfig{Store: mongostore.NewOrderStore(db),
		Stock: mongostore.NewStock(db, catalogue.RefreshProducts), Gateway: gateway, Currency: cfg.Currency, Logger: log})

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
	serveErr := serve(ctx, log, net.JoinHostPort(cfg.Host, cfg.Port), api)
	// The store closes when run returns: first let checkouts that outlived the HTTP grace
	// period finish charging and writing their orders.
	drainCtx, cancel := context.WithTimeout(context.Background(), checkoutDrainTimeout)
	defer cancel()
	if err := orders.Drain(drainCtx); err != nil {
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
