package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"shop/internal/freeport"
)

// config is one crash run.
type config struct {
	shopd   string
	kills   int
	every   time.Duration // traffic before each kill
	workers int
	out     io.Writer
}

const (
	adminEmail    = "crash-admin@shop.test"
	adminPassword = "crash-admin-123"
)

// run starts shopd, streams checkouts through the kills and restarts, and gathers what the
// checks need. The data directory is removed when the checks pass (report.cleanup).
func run(ctx context.Context, c config) (*report, error) {
	dir, err := os.MkdirTemp("", "shopcrash-*")
	if err != nil {
		return nil, err
	}
	r := &report{dir: dir, out: c.out}
	s, err := startShopd(c.shopd, dir, 0)
	if err != nil {
		return r, err
	}
	fmt.Fprintf(c.out, "shopcrash: shopd on %s, data in %s; %d kills, %s of checkouts before each, %d clients\n",
		s.base, dir, c.kills, c.every, c.workers)
	cl := &client{base: s.base, http: &http.Client{Timeout: 10 * time.Second}}
	if err := cl.prepare(c.workers); err != nil {
		s.kill()
		return r, fmt.Errorf("prepare: %w", err)
	}
	if r.startStock, err = cl.stock(); err != nil {
		s.kill()
		return r, err
	}
	for kill := 1; kill <= c.kills; kill++ {
		// Kill in the middle of the stream: checkouts are at every step when it lands.
		streamCtx, stopStream := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { stream(streamCtx, cl, c.workers, r); close(done) }()
		time.Sleep(c.every)
		s.kill()
		stopStream()
		<-done
		fmt.Fprintf(c.out, "shopcrash: killed shopd (SIGKILL) after %d orders answered 201\n", len(r.placed))
		if s, err = startShopd(c.shopd, dir, kill); err != nil {
			return r, err
		}
		cl.base = s.base
	}
	streamCtx, stopStream := context.WithTimeout(ctx, c.every/2)
	stream(streamCtx, cl, c.workers, r)
	stopStream()
	if r.orders, err = cl.allOrders(); err == nil {
		r.stock, err = cl.stock()
	}
	if stopErr := s.stop(); err == nil {
		err = stopErr
	}
	if err != nil {
		return r, err
	}
	return r, r.readStore(filepath.Join(dir, "data", "store"))
}

// shopd is one running shopd process.
type shopd struct {
	cmd    *exec.Cmd
	base   string
	exited chan error
}

// startShopd starts shopd on dir's data and waits until it is healthy; run numbers its log.
func startShopd(bin, dir string, run int) (*shopd, error) {
	port, err := freeport.Loopback()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dir, fmt.Sprintf("shopd-%d.log", run)))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "HOST=127.0.0.1", "PORT="+port, "DATA_DIR="+filepath.Join(dir, "data"),
		"MONGO_URI=", "SEED_DEMO=true", "ADMIN_EMAIL="+adminEmail, "ADMIN_PASSWORD="+adminPassword,
		"LOG_LEVEL=warn", "CLIENT_DIST="+filepath.Join(dir, "no-client"), "STRIPE_SECRET_KEY=",
		"TRUSTED_PROXIES=", "CORS_ORIGINS=", "SMTP_URL=")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &shopd{cmd: cmd, base: "http://127.0.0.1:" + port, exited: make(chan error, 1)}
	go func() { s.exited <- cmd.Wait(); logFile.Close() }()
	if err := s.waitHealthy(); err != nil {
		s.kill()
		return nil, fmt.Errorf("%w (see %s)", err, logFile.Name())
	}
	return s, nil
}

func (s *shopd) waitHealthy() error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-s.exited:
			return fmt.Errorf("shopd exited at start: %v", err)
		default:
		}
		if res, err := http.Get(s.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("shopd was not healthy within 2 minutes")
}

// kill stops shopd at once, as a power cut or the OOM killer would.
func (s *shopd) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
}

// stop asks shopd to shut down and waits for it.
func (s *shopd) stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		return nil
	case <-time.After(30 * time.Second):
		s.kill()
		return fmt.Errorf("shopd did not stop within 30 s of SIGTERM")
	}
}
