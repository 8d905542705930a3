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

// ReleaseEmailForTest is releaseEmail, for tests of a registration whose insert answered an
// error: the key of account userID, registered as email, goes unless the account is there.
func ReleaseEmailForTest(ctx context.Context, s *UserService, email, userID string) error {
	return s.releaseEmail(ctx, email, mustOID(userID))
}
