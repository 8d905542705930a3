package mongostore

// BatchedReads answers db as MongoDB is used: one $in for a cart, no serialising lock. Only
// for reads in tests: on the embedded store, writes need the lock.
func BatchedReads(db *DB) *DB {
	return &DB{client: db.client, db: db.db, locks: NewLocker(false), log: db.log}
}
