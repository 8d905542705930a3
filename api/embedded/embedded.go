// Package embedded runs a Mongo-compatible server in-process (FerretDB over SQLite), so the
// shop runs and is tested with no database installed, over the real wire protocol and driver.
package embedded

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// Server is a running embedded store.
type Server struct {
	uri    string
	cancel context.CancelFunc
	done   chan struct{}
}

// Start starts the embedded store with its SQLite files in dir, listening on a free loopback port.
func Start(dir string) (*Server, error) { return StartAt(dir, "127.0.0.1:0") }

// StartAt starts the embedded store listening on addr (host:port; port 0 picks a free one).
func StartAt(dir, addr string) (*Server, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("embedded store dir %q: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("create embedded store dir: %w", err)
	}
	// At its default level FerretDB logs every error answer (a duplicate key, say) as a
	// multi-line warning; the shop reports those itself.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: addr},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
		Logger:    logger,
	})
	if err != nil {
		return nil, fmt.Errorf("start embedded store: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		_ = f.Run(ctx)
	}()
	s.uri = f.MongoDBURI()
	return s, nil
}

// URI is the address to dial with the Mongo driver.
func (s *Server) URI() string { return s.uri }

// Stop stops the server and waits (up to timeout) for it to close its files.
func (s *Server) Stop(timeout time.Duration) error {
	s.cancel()
	select {
	case <-s.done:
		return nil
	case <-time.After(timeout):
		return errors.New("embedded store did not stop in time")
	}
}
