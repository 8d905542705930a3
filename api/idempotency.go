package shop

// MaxIdempotencyKeyLen bounds an Idempotency-Key, in bytes.
const MaxIdempotencyKeyLen = 200

// CheckIdempotencyKey answers EINVALID, naming the header, for an Idempotency-Key that is
// longer than MaxIdempotencyKeyLen or holds a character outside printable ASCII (a UUID, or
// any key a program makes, is letters, digits and punctuation); an empty key is none sent.
// Checkout and the admin's product create, which each make a retry with the same key answer
// the first result, take keys by this one rule.
func CheckIdempotencyKey(key string) error {
	if len(key) > MaxIdempotencyKeyLen {
		return Errorf(EINVALID, "The Idempotency-Key header must be at most %d characters.", MaxIdempotencyKeyLen)
	}
	for i := range len(key) {
		if key[i] < ' ' || key[i] > '~' {
			return Errorf(EINVALID, "The Idempotency-Key header may hold only printable ASCII characters "+
				"(letters, digits, punctuation, spaces).")
		}
	}
	return nil
}
