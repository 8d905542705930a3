package shop_test

import (
	"testing"

	"shop"
)

// The security answer is stored and compared in one form: a shopper who typed spaces around
// it at registration or at a profile change types it the same way at a reset, or not.
func TestSecurityAnswerIsTrimmedEverywhere(t *testing.T) {
	for _, tc := range []struct {
		name     string
		validate func(answer string) (string, error)
	}{
		{"registration", func(a string) (string, error) {
			r := shop.Registration{Name: "Asha", Email: "asha@example.com", Password: "secret1", Phone: "1", Address: "x", Answer: a}
			err := r.Validate()
			return r.Answer, err
		}},
		{"reset", func(a string) (string, error) {
			r := shop.PasswordReset{Email: "asha@example.com", NewPassword: "secret2", Answer: a}
			err := r.Validate()
			return r.Answer, err
		}},
		{"profile", func(a string) (string, error) {
			p := shop.ProfileUpdate{Answer: a, CurrentPassword: "secret1"}
			err := p.Validate()
			return p.Answer, err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, typed := range []string{"blue", "blue ", " blue", "\tblue  "} {
				if got, err := tc.validate(typed); err != nil || got != "blue" {
					t.Errorf("answer %q = %q, %v; want %q", typed, got, err, "blue")
				}
			}
			if _, err := tc.validate("   "); shop.ErrorCode(err) != shop.EINVALID || shop.ErrorMessage(err) != "Answer is required." {
				t.Errorf("a blank answer: %v, want EINVALID \"Answer is required.\"", err)
			}
		})
	}
}
