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
