// Package embedded runs a Mongo-compatible server in-process (FerretDB over SQLite), so the
// shop runs and is tested with no database installed, over the real wire protocol and driver.
package embedded

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// Server is a running embedded store.
type Server struct {
	dir    string // the SQLite files, one a database
	uri    string
	socket string
	tmpDir string // a short directory made for the socket when dir's path is too long; removed at Stop
	cancel context.CancelFunc
	done   chan struct{}
}

// socketName ends in "sock": that is how the Mongo driver tells a socket from a host name.
const socketName = "store.sock"

// maxSocketPath is the longest socket path every Unix takes (Linux 108 bytes with the final
// NUL, macOS 104).
const maxSocketPath = 103

// Start starts the embedded store with its SQLite files in dir (made mode 0700). It listens on
// a Unix socket in dir, never on a TCP port: the store has no authentication, so only this
// user may reach it. When dir's path is too long for a socket, the socket goes in a private
// temporary directory instead. The store's errors are logged to log (nil: slog's default).
func Start(dir string, log *slog.Logger) (*Server, error) {
	if log == nil {
		log = slog.Default()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("embedded store dir %q: %w", dir, err)
	}
	if err := privateDir(abs); err != nil {
		return nil, err
	}
	disown, err := own(abs)
	if err != nil {
		return nil, err
	}
	s := &Server{dir: abs, socket: filepath.Join(abs, socketName)}
	if len(s.socket) > maxSocketPath {
		if s.tmpDir, err = os.MkdirTemp("", "shop-"); err != nil {
			disown()
			return nil, fmt.Errorf("embedded store socket dir: %w", err)
		}
		s.socket = filepath.Join(s.tmpDir, socketName)
	}
	// A socket left by a process that was killed would make the listen fail.
	if err := os.Remove(s.socket); err != nil && !errors.Is(err, os.ErrNotExist) {
		s.removeTmp()
		disown()
		return nil, fmt.Errorf("remove stale store socket: %w", err)
	}
	// At its default level FerretDB logs every error answer (a duplicate key, say) as a
	// multi-line warning; the shop reports those itself.
	logger := newStoreLogger(log.Handler())
	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: s.socket},
		Handler:  "sqlite",
		// In WAL mode, synchronous=normal writes a commit to the log without waiting for the
		// disk (it syncs at checkpoints): a commit survives the process being killed at any
		// moment (kill -9), only a power cut may lose the last ones. Waiting for the disk at
		// every commit held SQLite's single writer ~1.5 ms longer per write here, and a
		// checkout makes about five writes. Checkpoints run beside the writes (checkpointer).
		SQLiteURL: "file:" + abs + "/?_pragma=synchronous(normal)" + noCommitCheckpoints,
		Logger:    logger,
	})
	if err != nil {
		s.removeTmp()
		disown()
		return nil, fmt.Errorf("start embedded store: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan struct{})
	ckpt := newCheckpointer(abs, log)
	go func() {
		defer close(s.done)
		defer disown()
		var wg sync.WaitGroup
		wg.Go(func() { ckpt.run(ctx) })
		_ = f.Run(ctx)
		wg.Wait()
	}()
	// The driver takes a socket as the URI's host, percent-encoded.
	s.uri = "mongodb://" + url.QueryEscape(s.socket) + "/"
	return s, nil
}

// privateDir makes dir, or narrows an existing one, to mode 0700.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create embedded store dir: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("make embedded store dir private: %w", err)
	}
	return nil
}

// URI is the address to dial with the Mongo driver.
func (s *Server) URI() string { return s.uri }

// Socket is the path of the Unix socket the store listens on.
func (s *Server) Socket() string { return s.socket }

// Stop stops the server and waits (up to timeout) for it to close its files.
func (s *Server) Stop(timeout time.Duration) error {
	s.cancel()
	defer s.removeTmp()
	select {
	case <-s.done:
		return nil
	case <-time.After(timeout):
		return errors.New("embedded store did not stop in time")
	}
}

func (s *Server) removeTmp() {
	if s.tmpDir != "" {
		_ = os.RemoveAll(s.tmpDir)
	}
}
