package mongostore

import "context"

// ReleaseEmailForTest is releaseEmail, for tests of a registration whose insert answered an
// error: the key of account userID, registered as email, goes unless the account is there.
func ReleaseEmailForTest(ctx context.Context, s *UserService, email, userID string) error {
	return s.releaseEmail(ctx, email, mustOID(userID))
}
