package mongostore

import "time"

// BatchedReads answers db as MongoDB is used: one $in for a cart, no serialising lock. Only
// for reads in tests: on the embedded store, writes need the lock.
func BatchedReads(db *DB) *DB {
	return &DB{client: db.client, db: db.db, locks: NewLocker(false), log: db.log}
}

// SetAttemptsClock makes a's windows follow now, for tests of their expiry.
func SetAttemptsClock(a *Attempts, now func() time.Time) { a.now = now }
