package embedded

import "time"

// SetCheckpointEvery makes the stores started from now on checkpoint every d, until restore.
func SetCheckpointEvery(d time.Duration) (restore func()) {
	was := checkpointEvery
	checkpointEvery = d
	return func() { checkpointEvery = was }
}
