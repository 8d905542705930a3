package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestKillDuringCheckouts is the short crash run of `make test`: shopd built from this tree,
// killed twice with SIGKILL during a stream of checkouts, restarted on the same data, and
// nothing lost. It takes seconds; `make crash` runs the longer one, with the same checks, from
// the shopcrash command.
func TestKillDuringCheckouts(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "shopd")
	build := exec.Command("go", "build", "-o", bin, "shop/cmd/shopd")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build shopd: %v\n%s", err, out)
	}
	var log strings.Builder
	r, err := run(t.Context(), config{shopd: bin, kills: 2, every: time.Second, workers: 6, out: &log})
	if err == nil {
		err = r.check()
	}
	t.Log(log.String())
	if err != nil {
		t.Fatal(err)
	}
}
