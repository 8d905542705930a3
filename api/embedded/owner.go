package embedded

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// ErrInUse is a store directory another running process owns.
var ErrInUse = errors.New("the embedded store is in use by another process")

// ownerLock is the file whose lock says which process owns a store directory.
const ownerLock = "owner.lock"

// own takes the store directory dir for this process, or answers ErrInUse. One process owns
// an embedded store: a second would settle the first one's checkouts in flight as cut short,
// and take over (then, stopping, remove) its socket. The lock is the kernel's, so a process
// that is killed lets go of it at once; no stale lock file needs clearing.
func own(dir string) (release func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, ownerLock), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the store's lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s (stop the other shopd, or give this one its own DATA_DIR)", ErrInUse, dir)
		}
		return nil, fmt.Errorf("lock the store: %w", err)
	}
	return func() { _ = f.Close() }, nil
}
