// Package app assembles the shop from its parts: the store's services, the catalogue read
// model that answers reads and learns of every write, and the order service over both. The
// server, the HTTP tests and the bench tools all build the shop here, so they run the same
// shop.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"shop"
	"shop/catalogue"
	"shop/embedded"
	"shop/httpapi"
	"shop/mongostore"
	"shop/payment"
)

// Config chooses the parts of a shop.
type Config struct {
	Hasher          shop.Hasher  // bcrypt cost of passwords and answers
	Gateway         shop.Gateway // nil: the sandbox gateway, no money moves
	Currency        string       // shop.DefaultCurrency when empty
	PhotoCacheBytes int64        // the photo cache's budget; 0 caches nothing
	// CheckoutTimeout is the age at which a pending order counts as cut short (default 2m).
	CheckoutTimeout time.Duration
	// Mailer sends the shop's mail (order notices, reset links); nil sends none. PublicURL is
	// where shoppers see the shop, for the links in the mail.
	Mailer    shop.Mailer
	PublicURL string
	// SnapshotPath, when set, is where the catalogue read model is kept between runs: a start
	// whose store has not changed since reads it instead of every product (see LoadFrom).
	SnapshotPath string
	// OrderIndexPath, when set, is where the embedded store's order index is kept between
	// runs: a start after a clean stop reads it instead of every order (see
	// mongostore.DB.LoadOrderIndex).
	OrderIndexPath string
	Logger         *slog.Logger
	Observer       shop.CheckoutObserver // told how checkouts end (metrics); may be nil
}

// Shop is the assembled shop over one store.
type Shop struct {
	DB         *mongostore.DB
	Catalogue  *catalogue.Model   // the read model behind every catalogue read
	Answers    *catalogue.Answers // encoded catalogue answers, kept until a change touches them
	Users      *mongostore.UserService
	Categories shop.CategoryService
	Products   shop.ProductService
	Orders     *shop.Orders
	ResetLinks *shop.ResetLinks
	Stock      *mongostore.Stock
	Photos     *mongostore.PhotoCache

	productWriter *mongostore.ProductService
	snapshotPath  string
	currency      string
	publicURL     string
	log           *slog.Logger
}

// The snapshots a shop keeps in its DATA_DIR between runs (each checked against the store
// before it is used).
const (
	CatalogueSnapshot  = "catalogue.snapshot"
	OrderIndexSnapshot = "orderindex.snapshot"
)

// Bounds of the answer cache: answers and bytes (plain plus gzip).
const (
	answerCacheEntries = 16384
	answerCacheBytes   = 64 << 20
)

// New builds the shop over db (open, with its indexes) and loads the catalogue read model.
func New(ctx context.Context, db *mongostore.DB, c Config) (*Shop, error) {
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Gateway == nil {
		c.Gateway = payment.NewSandbox(mongostore.NewSandboxLedger(db))
	}
	model := catalogue.New(mongostore.NewCatalogueSource(db), c.Logger)
	load := model.Load
	if c.SnapshotPath != "" {
		load = func(ctx context.Context) error {
			if err := os.MkdirAll(filepath.Dir(c.SnapshotPath), 0o700); err != nil {
				return err
			}
			used, err := model.LoadFrom(ctx, c.SnapshotPath)
			c.Logger.Info("catalogue loaded", "fromSnapshot", used)
			return err
		}
	}
	if err := load(ctx); err != nil {
		return nil, fmt.Errorf("load the catalogue: %w", err)
	}
	if c.OrderIndexPath != "" {
		used, err := db.LoadOrderIndex(ctx, c.OrderIndexPath)
		if err != nil {
			return nil, err
		}
		c.Logger.Info("order index loaded", "fromSnapshot", used)
	}
	photos := mongostore.NewPhotoCache(c.PhotoCacheBytes)
	writer := mongostore.NewProductService(db, model, photos)
	s := &Shop{
		DB:        db,
		Catalogue: model,
		Answers:   catalogue.NewAnswers(model, answerCacheEntries, answerCacheBytes),
		Users:     mongostore.NewUserService(db, c.Hasher),
		Categories: struct {
			shop.CategoryWriter
			shop.CategoryReader
		}{mongostore.NewCategoryService(db, model), model},
		Products: struct {
			shop.ProductWriter
			shop.ProductReader
		}{writer, model},
		Stock:         mongostore.NewStock(db, model),
		Photos:        photos,
		productWriter: writer,
		snapshotPath:  c.SnapshotPath,
		currency:      c.Currency,
		publicURL:     c.PublicURL,
		log:           c.Logger,
	}
	s.Orders = shop.NewOrders(shop.OrdersConfig{Store: mongostore.NewOrderStore(db), Stock: s.Stock,
		Gateway: c.Gateway, Currency: c.Currency, Logger: c.Logger, CheckoutTimeout: c.CheckoutTimeout,
		Mailer: c.Mailer, Users: s.Users, PublicURL: c.PublicURL, Observer: c.Observer})
	mailer := c.Mailer
	if mailer == nil {
		mailer = noMail{}
	}
	s.ResetLinks = shop.NewResetLinks(shop.ResetLinksConfig{Users: s.Users, Tokens: mongostore.NewResetTokens(db),
		Mailer: mailer, PublicURL: c.PublicURL, Logger: c.Logger})
	return s, nil
}

// Run keeps the shop in step with other processes on the same store until ctx ends: it
// polls the catalogue's version every interval.
func (s *Shop) Run(ctx context.Context, interval time.Duration) { s.Catalogue.Watch(ctx, interval) }

// SaveSnapshot writes the catalogue read model and the order index to their snapshots, when
// they have them, so the next start can read them (a failure is logged: the next start
// rebuilds them). Call it when the shop stops, after the last order was written.
func (s *Shop) SaveSnapshot(ctx context.Context) {
	// The snapshot is taken at the version that announces every change the model holds.
	if err := s.Catalogue.Announced(ctx); err != nil {
		s.log.Error("announce the catalogue's last changes", "err", err)
	}
	if s.snapshotPath != "" {
		if err := s.Catalogue.SaveSnapshot(s.snapshotPath); err != nil {
			s.log.Warn("save the catalogue snapshot", "err", err)
		}
	}
	if err := s.DB.SaveOrderIndex(ctx); err != nil {
		s.log.Warn("save the order index snapshot", "err", err)
	}
}

// WarmPhotoCache loads the photos of the newest products into the photo cache (see
// mongostore.ProductService.WarmPhotoCache).
func (s *Shop) WarmPhotoCache(ctx context.Context) (int, int64, error) {
	return s.productWriter.WarmPhotoCache(ctx, s.Catalogue.Photos())
}

// MakePhotoCopies makes the smaller copies of the photos stored before copies were made at
// upload (see mongostore.ProductService.MakePhotoCopies).
func (s *Shop) MakePhotoCopies(ctx context.Context) (int, error) {
	return s.productWriter.MakePhotoCopies(ctx, s.Catalogue.Photos())
}

// ImportProducts stores many products at once (see mongostore.ProductService.ImportProducts).
func (s *Shop) ImportProducts(ctx context.Context, items []mongostore.ImportedProduct) error {
	return s.productWriter.ImportProducts(ctx, items)
}

// Deps are the HTTP API's dependencies on this shop, with its currency and public address; the
// caller adds tokens and the HTTP settings.
func (s *Shop) Deps() httpapi.Deps {
	return httpapi.Deps{
		Users:       s.Users,
		Categories:  s.Categories,
		Products:    s.Products,
		FormerSlugs: mongostore.NewFormerSlugs(s.DB),
		Orders:      s.Orders,
		ResetLinks:  s.ResetLinks,
		Health:      s.DB.Ping,
		Answers:     s.Answers,
		Logger:      s.log,
		Currency:    s.currency,
		PublicURL:   s.publicURL,
	}
}

// noMail drops mail, for a shop built without a mailer (tools and tests that send none).
type noMail struct{}

func (noMail) Send(context.Context, shop.Mail) error { return nil }

// Store is an open store and how to close it.
type Store struct {
	DB       *mongostore.DB
	Embedded bool
	stop     func()
}

// OpenStore opens the store at uri, or starts the embedded one in dataDir/store when uri is
// empty, and makes sure its indexes exist.
func OpenStore(ctx context.Context, uri, dataDir, dbName string, log *slog.Logger) (*Store, error) {
	st := &Store{Embedded: uri == "", stop: func() {}}
	o := mongostore.Options{SerializeUpdates: st.Embedded, Logger: log}
	if st.Embedded {
		dir := filepath.Join(dataDir, "store")
		srv, err := embedded.Start(dir, log)
		if err != nil {
			return nil, err
		}
		st.stop = func() {
			if err := srv.Stop(30 * time.Second); err != nil {
				log.Error("stop embedded store", "err", err)
			}
		}
		uri, o.IndexIDs = srv.URI(), srv.IndexIDs
		log.Info("embedded store started", "dir", dir, "socket", srv.Socket())
	}
	db, err := mongostore.Open(ctx, uri, dbName, o)
	if err != nil {
		st.stop()
		return nil, err
	}
	st.DB = db
	if err := db.EnsureIndexes(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// Close disconnects from the store and stops the embedded one.
func (st *Store) Close() {
	_ = st.DB.Close(context.Background())
	st.stop()
}
