package mongostore

import "testing"

// SetChangeSlots makes the ring of catalogue changes n slots long for the test.
func SetChangeSlots(t *testing.T, n int64) {
	was := changeSlots
	changeSlots = n
	t.Cleanup(func() { changeSlots = was })
}

// MaxChangeIDs is how many ids one recorded change names at most.
const MaxChangeIDs = maxChangeIDs
