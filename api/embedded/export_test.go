package embedded

import "time"

// SetCheckpointEvery makes the stores started from now on checkpoint every d, until restore.
func SetCheckpointEvery(d time.Duration) (restore func()) {
	was := checkpointEvery
	checkpointEvery = d
	return func() { checkpointEvery = was }
}

// BusyRetries is how often writers found SQLite's write lock taken and tried again.
func BusyRetries() int64 { return busyRetries.Load() }

// SetNap makes writers that found SQLite's write lock taken call f instead of sleeping, until
// restore. Set it while no SQLite connection may be waiting for the lock.
func SetNap(f func(time.Duration)) (restore func()) {
	was := nap
	nap = f
	return func() { nap = was }
}
