package mongostore

import (
	"hash/fnv"
	"sync"
)

// Locker serialises read-modify-writes of one document across goroutines of this process.
// MongoDB makes single-document updates atomic by itself; the embedded store does not (it
// reads, applies the update in Go and writes back), so there the shop takes a lock striped
// by document id around every conditional update. Disabled, Lock is free.
type Locker struct {
	enabled bool
	stripes [256]sync.Mutex
}

// NewLocker returns a Locker; enabled chooses whether it locks at all.
func NewLocker(enabled bool) *Locker { return &Locker{enabled: enabled} }

// Lock locks the stripe of key and returns its unlock.
func (l *Locker) Lock(key string) (unlock func()) {
	if !l.enabled {
		return func() {}
	}
	m := &l.stripes[l.stripe(key)]
	m.Lock()
	return m.Unlock
}

// stripe answers the stripe key locks.
func (l *Locker) stripe(key string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(key))
	return h.Sum32() % uint32(len(l.stripes))
}
