// Package stripemock runs the project's stripe-mock (installed by `make stripe-mock`) for
// tests of the Stripe gateway, on free loopback ports.
package stripemock

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Fixture sets for Start. stripe-mock answers every call with a fixture that echoes a few of
// the request's fields; its bundled PaymentIntent has status requires_payment_method (never
// confirmed), Succeeded's has status succeeded (a confirmed card payment).
const (
	Bundled   = ""
	Succeeded = "succeeded.json"
)

// Start runs stripe-mock with the fixtures given until the test ends and answers its base URL.
func Start(t testing.TB, fixtures string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Dir(here)
	bin := filepath.Join(dir, "..", "..", "..", ".bin", "stripe-mock")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("stripe-mock is not installed at %s: run `make stripe-mock` in the repository root (%v)", bin, err)
	}
	// Both listeners on loopback: given only -http-addr, stripe-mock also opens HTTPS on all interfaces.
	args := []string{"-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:"}
	if fixtures != Bundled {
		args = append(args, "-fixtures", filepath.Join(dir, fixtures))
	}
	cmd := exec.Command(bin, args...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = pw.Close()
	})
	addr := make(chan string, 1)
	var out strings.Builder
	var mu sync.Mutex
	re := regexp.MustCompile(`Listening for HTTP at address: (\S+)`)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			mu.Lock()
			out.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(20 * time.Second):
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("stripe-mock did not start listening within 20 s; output:\n%s", out.String())
	}
	return ""
}
