// Package shopdproc runs a shopd binary for the tools that load, soak or crash it: on a free
// loopback port, an embedded store in a folder of the tool's, the demo catalogue and an
// administrator of the tool's, and nothing of the developer's environment that would reach
// outside (an SMTP server, Stripe, a metrics port, proxies).
package shopdproc

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"shop/internal/freeport"
)

// Shopd is a running shopd.
type Shopd struct {
	Base    string // http://127.0.0.1:port
	LogPath string
	cmd     *exec.Cmd
	done    chan struct{} // closed when shopd has exited, with err set
	err     error
}

// Options say where shopd keeps its data and log, and its administrator.
type Options struct {
	DataDir, LogPath          string
	AdminEmail, AdminPassword string
	LogLevel                  string // warn when empty
	Healthy                   time.Duration
}

// Start starts bin and waits until it answers healthy (for at most o.Healthy, 2 minutes when
// zero); a shopd that never does is killed.
func Start(bin string, o Options) (*Shopd, error) {
	port, err := freeport.Loopback()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(o.LogPath)
	if err != nil {
		return nil, err
	}
	if o.LogLevel == "" {
		o.LogLevel = "warn"
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "HOST=127.0.0.1", "PORT="+port, "DATA_DIR="+o.DataDir,
		"MONGO_URI=", "SEED_DEMO=true", "ADMIN_EMAIL="+o.AdminEmail, "ADMIN_PASSWORD="+o.AdminPassword,
		"LOG_LEVEL="+o.LogLevel, "CLIENT_DIST="+filepath.Join(o.DataDir, "no-client"), "STRIPE_SECRET_KEY=",
		"TRUSTED_PROXIES=", "CORS_ORIGINS=", "SMTP_URL=", "METRICS_ADDR=off", "PUBLIC_URL=")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Shopd{Base: "http://127.0.0.1:" + port, LogPath: o.LogPath, cmd: cmd, done: make(chan struct{})}
	go func() { s.err = cmd.Wait(); logFile.Close(); close(s.done) }()
	healthy := o.Healthy
	if healthy == 0 {
		healthy = 2 * time.Minute
	}
	if err := s.waitHealthy(healthy); err != nil {
		s.Kill()
		return nil, fmt.Errorf("%w (see %s)", err, o.LogPath)
	}
	return s, nil
}

// Pid is shopd's process id.
func (s *Shopd) Pid() int { return s.cmd.Process.Pid }

// Done is closed once shopd has exited; Err then says how.
func (s *Shopd) Done() <-chan struct{} { return s.done }

// Err is how shopd exited, once Done is closed.
func (s *Shopd) Err() error { return s.err }

func (s *Shopd) waitHealthy(within time.Duration) error {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			return fmt.Errorf("shopd exited at start: %v", s.err)
		default:
		}
		if res, err := http.Get(s.Base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("shopd was not healthy within %s", within)
}

// Kill stops shopd at once, as a power cut or the OOM killer would, and waits for it.
func (s *Shopd) Kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// Stop asks shopd to shut down and waits for it, killing it after grace.
func (s *Shopd) Stop(grace time.Duration) error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
		return nil
	case <-time.After(grace):
		s.Kill()
		return fmt.Errorf("shopd did not stop within %s of SIGTERM", grace)
	}
}
