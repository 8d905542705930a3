package mongostore

import (
	"context"
	"time"
)

// SetClock makes s stamp its writes with now, for tests of the stamps one write shares.
func (s *ProductService) SetClock(now func() time.Time) { s.now = now }

// DiscardUnusedPhotoForTest is discardUnusedPhoto, for tests of a write that failed with a
// new photo: the photo of file fileID goes unless product productID has it.
func DiscardUnusedPhotoForTest(ctx context.Context, db *DB, productID, fileID string) {
	db.discardUnusedPhoto(ctx, mustOID(productID), &photoRef{FileID: mustOID(fileID)})
}

// SetClaimWait bounds how long s waits for a create holding the Idempotency-Key of another.
func (s *ProductService) SetClaimWait(d time.Duration) { s.claimWait = d }
